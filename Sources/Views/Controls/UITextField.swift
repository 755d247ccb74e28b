import Foundation
import Layers

/// A single line of editable text, as UIKit's `UITextField` (the subset alerts and forms use).
///
/// A tap makes the field first responder (`isEditing`); while it is, the window types the
/// keyboard's characters into it (appended at the end: there is no caret movement or selection),
/// Backspace deletes the last character, Return ends editing. Each change sends `.editingChanged`;
/// editing sends `.editingDidBegin` and `.editingDidEnd`. The caret is a 2-point bar after the
/// text while editing (it does not blink). `isSecureTextEntry` shows one "•" per character.
/// Defaults: system font 17 pt, black text, no border, left alignment.
open class UITextField: UIControl {
    /// The field's border (UIKit's `UITextField.BorderStyle`, same raw values).
    public enum BorderStyle: Int, Sendable {
        /// No border.
        case none = 0
        /// A thin dark line round the field.
        case line = 1
        /// A line with an inner shadow (drawn here as `.line`, grey).
        case bezel = 2
        /// A light grey line with 5-point rounded corners and a white inside.
        case roundedRect = 3
    }

    private let textLabel = UILabel()
    private let caret = UIView()
    /// The text; setting it sends no event. Default: "" (UIKit returns an empty string, not nil).
    open var text: String? {
        get { storedText }
        set { storedText = newValue ?? ""; update() }
    }
    private var storedText = ""
    /// The grey text shown while the field is empty. Default: nil.
    open var placeholder: String? { didSet { update() } }
    /// The text's font. Default: system 17 pt.
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { update() } }
    /// The text's colour. Default: black.
    open var textColor: UIColor? = .black { didSet { update() } }
    /// Where the text sits across the field. Default: `.left`.
    open var textAlignment: NSTextAlignment = .left { didSet { update() } }
    /// Whether each character shows as "•". Default: false.
    open var isSecureTextEntry = false { didSet { update() } }
    /// The border drawn round the field. Default: `.none`.
    open var borderStyle: BorderStyle = .none { didSet { update() } }

    /// True while the field takes the keyboard's characters.
    public private(set) var isEditing = false
    /// Asked when Return is typed; true when it used the key (an alert's field chooses the
    /// alert's Return action), else the field ends editing. Default: nil.
    var returnKeyHandler: (() -> Bool)?

    /// An empty field with no border.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported: an empty field, so subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        textLabel.isUserInteractionEnabled = false
        caret.isUserInteractionEnabled = false
        caret.backgroundColor = .systemBlue
        caret.isHidden = true
        addSubview(textLabel)
        addSubview(caret)
        addAction(UIAction(identifier: "UITextField.edit") { [weak self] _ in _ = self?.becomeFirstResponder() }, for: .touchUpInside)
        update()
    }

    /// Starts editing: the window's typing goes here (and no longer to another field). Returns
    /// false when the field is not in a window or not enabled.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard isEnabled, let w = window else { return false }
        if isEditing { return true }
        if let other = w.editingTextField, other !== self { other.resignFirstResponder() }
        w.editingTextField = self
        isEditing = true
        update()
        sendActions(for: .editingDidBegin)
        return true
    }

    /// Ends editing. Returns true (a field always lets go).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isEditing else { return true }
        isEditing = false
        if window?.editingTextField === self { window?.editingTextField = nil }
        update()
        sendActions(for: .editingDidEnd)
        return true
    }

    /// Whether this field is the window's typing target.
    open var isFirstResponder: Bool { isEditing }

    /// A key typed while this field edits; true when the field used it.
    func type(_ key: InputEvent.Key) -> Bool {
        switch key {
        case .character(let c): storedText.append(c)
        case .space: storedText.append(" ")
        case .backspace:
            guard !storedText.isEmpty else { return true }
            storedText.removeLast()
        case .enter:
            if returnKeyHandler?() != true { resignFirstResponder() }
            return true
        default: return false
        }
        update()
        sendActions(for: .editingChanged)
        return true
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil, isEditing { isEditing = false; update() }
    }

    private func update() {
        let shown = isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
        let empty = storedText.isEmpty
        textLabel.text = empty ? placeholder : shown
        textLabel.font = font ?? .systemFont(ofSize: 17)
        textLabel.textColor = empty ? UIColor(white: 0.7, alpha: 1) : (textColor ?? .black)
        textLabel.textAlignment = textAlignment
        caret.isHidden = !isEditing
        switch borderStyle {
        case .none: layer.borderWidth = 0; layer.cornerRadius = 0
        case .line: layer.borderWidth = 1; layer.borderColor = UIColor.black.cgColor; layer.cornerRadius = 0
        case .bezel: layer.borderWidth = 1; layer.borderColor = UIColor.systemGray.cgColor; layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 1
            layer.borderColor = UIColor.systemGray4.cgColor
            layer.cornerRadius = 5
            if backgroundColor == nil { backgroundColor = .white }
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = borderStyle == .none ? 0 : 6
        let box = bounds.insetBy(dx: inset, dy: 0)
        textLabel.frame = box
        let f = font ?? .systemFont(ofSize: 17)
        let textWidth = storedText.isEmpty ? 0 : min(box.width, f.size(of: textLabel.text ?? "").width)
        let x: CGFloat = switch textAlignment {
        case .center: box.midX + textWidth / 2
        case .right: box.maxX
        default: box.minX + textWidth
        }
        let h = min(bounds.height, f.lineHeight)
        caret.frame = CGRect(x: min(x, box.maxX - 2), y: bounds.midY - h / 2, width: 2, height: h)
    }

    /// One line of the font plus 6 points above and below, 100 points wide at least.
    open override var intrinsicContentSize: CGSize {
        let f = font ?? .systemFont(ofSize: 17)
        return CGSize(width: max(100, f.size(of: textLabel.text ?? "").width + 12), height: ceil(f.lineHeight) + 12)
    }
}
