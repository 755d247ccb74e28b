import Foundation
import Layers

/// A single line of editable text, as UIKit's `UITextField` (the subset alerts and forms use).
///
/// A tap makes the field first responder (`isEditing`) with the caret at the end of the text; a
/// tap on a field already editing puts the caret at the nearest character boundary. While it
/// edits, the window types the keyboard's characters into it at the caret (replacing the
/// selection, when `selectedTextRange` selects some), Backspace deletes before the caret and Delete
/// after it, the left and right arrows move the caret by a character, Home and the up arrow to the
/// start, End and the down arrow to the end (the platform's single-line field keys), and Return
/// ends editing. Each change of the text sends `.editingChanged` (moving the caret sends nothing,
/// as in UIKit); editing sends `.editingDidBegin` and `.editingDidEnd`. The caret is a 2-point bar
/// at its place in the text while editing (it does not blink); text wider than the field scrolls
/// sideways to keep the caret in view. `isSecureTextEntry` shows one "•" per character. There is
/// no selecting by touch and no input method (Flipbook takes keys, not composed text).
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
    let caret = UIView()
    /// Clips the text to the field less its insets; the text slides in it to keep the caret in view.
    let textBox = UIView()
    let selectionBand = UIView()
    /// The text; setting it puts the caret at its end and sends no event. Default: "" (UIKit
    /// returns an empty string, not nil).
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            characterCount = storedText.count
            selection = characterCount..<characterCount
            update()
        }
    }
    private var storedText = ""
    /// `storedText.count`, kept so each key does not count the text again.
    private var characterCount = 0
    /// The selected characters, as offsets from the start; empty: the caret, at its bound.
    var selection = 0..<0 { didSet { setNeedsLayout() } }
    /// How far the text is slid left in its box to show the caret (text wider than the box).
    private var scrollX: CGFloat = 0
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
        for v in [textBox, textLabel, caret, selectionBand] { v.isUserInteractionEnabled = false }
        textBox.clipsToBounds = true
        caret.backgroundColor = .systemBlue
        caret.isHidden = true
        selectionBand.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.25)
        selectionBand.isHidden = true
        addSubview(textBox)
        textBox.addSubview(selectionBand)
        textBox.addSubview(textLabel)
        textBox.addSubview(caret)
        addAction(UIAction(identifier: "UITextField.edit") { [weak self] _ in _ = self?.becomeFirstResponder() }, for: .touchUpInside)
        update()
    }

    /// A tap (or a press of the focused field) starts editing with the caret at the end; a tap on
    /// a field already editing puts the caret where it was.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasEditing = isEditing
        super.touchesEnded(touches, with: event)
        guard wasEditing, isEditing, let t = touches.first, bounds.contains(t.location(in: self)) else { return }
        layoutIfNeeded()
        selection = collapsed(characterOffset(at: t.location(in: textBox).x))
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
        selection = collapsed(characterCount)
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
        let n = characterCount, lo = selection.lowerBound, hi = selection.upperBound
        switch key {
        case .character(let c): replace(selection, with: String(c))
        case .space: replace(selection, with: " ")
        case .backspace:
            if !selection.isEmpty { replace(selection, with: "") } else if lo > 0 { replace(lo - 1..<lo, with: "") }
        case .named("Delete"):
            if !selection.isEmpty { replace(selection, with: "") } else if hi < n { replace(hi..<hi + 1, with: "") }
        case .left: selection = collapsed(selection.isEmpty ? lo - 1 : lo)
        case .right: selection = collapsed(selection.isEmpty ? hi + 1 : hi)
        case .up, .named("Home"): selection = collapsed(0)
        case .down, .named("End"): selection = collapsed(n)
        case .enter:
            if returnKeyHandler?() != true { resignFirstResponder() }
        default: return false
        }
        return true
    }

    /// An empty selection (the caret) at `offset`, kept within the text.
    private func collapsed(_ offset: Int) -> Range<Int> {
        let o = min(max(0, offset), characterCount)
        return o..<o
    }

    /// Replaces the characters in `range` with `string`, puts the caret after what was put in,
    /// and sends `.editingChanged` (when the text changed). - Complexity: O(text length).
    func replace(_ range: Range<Int>, with string: String) {
        let r = range.clamped(to: 0..<characterCount)
        guard !(r.isEmpty && string.isEmpty) else { return }
        let start = storedText.index(storedText.startIndex, offsetBy: r.lowerBound)
        let end = storedText.index(start, offsetBy: r.count)
        let before = characterCount
        storedText.replaceSubrange(start..<end, with: string)
        characterCount = storedText.count
        // What was put in may join the character before it (a combining accent): the caret
        // moves by what the text grew, not by the string's own count.
        selection = collapsed(r.lowerBound + characterCount - (before - r.count))
        update()
        sendActions(for: .editingChanged)
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil, isEditing { isEditing = false; update() }
    }

    private var currentFont: UIFont { font ?? .systemFont(ofSize: 17) }
    /// The text as drawn: bullets for secure entry.
    private var shownText: String { isSecureTextEntry ? String(repeating: "•", count: characterCount) : storedText }

    private func update() {
        let empty = storedText.isEmpty
        textLabel.text = empty ? placeholder : shownText
        textLabel.font = currentFont
        textLabel.textColor = empty ? UIColor(white: 0.7, alpha: 1) : (textColor ?? .black)
        textLabel.textAlignment = empty ? textAlignment : .left
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

    /// The width of the first `n` characters as drawn. - Complexity: O(n).
    private func width(ofFirst n: Int) -> CGFloat {
        n <= 0 ? 0 : currentFont.size(of: String(shownText.prefix(n))).width
    }

    /// Where the drawn text starts in its box: by the alignment when it fits, else slid left as
    /// far as the caret needs.
    private func textOrigin(textWidth: CGFloat, box: CGFloat) -> CGFloat {
        guard textWidth > box else {
            scrollX = 0
            return switch textAlignment {
            case .center: (box - textWidth) / 2
            case .right: box - textWidth
            default: 0
            }
        }
        let caretX = width(ofFirst: selection.upperBound)
        if caretX - scrollX > box - 2 { scrollX = caretX - (box - 2) }
        if caretX - scrollX < 0 { scrollX = caretX }
        scrollX = min(max(0, scrollX), textWidth - box + 2)
        return -scrollX
    }

    /// The character boundary nearest `x` (the text box's coordinates).
    /// - Complexity: O(n log n) in the text's length (a binary search over prefix widths).
    func characterOffset(at x: CGFloat) -> Int {
        guard characterCount > 0 else { return 0 }
        let total = width(ofFirst: characterCount)
        let target = x - textOrigin(textWidth: total, box: textBox.bounds.width)
        // The first boundary at or right of the target, then the nearer of it and the one before.
        var lo = 0, hi = characterCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if width(ofFirst: mid) < target { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return 0 }
        return target - width(ofFirst: lo - 1) < width(ofFirst: lo) - target ? lo - 1 : lo
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = borderStyle == .none ? 0 : 6
        textBox.frame = bounds.insetBy(dx: inset, dy: 0)
        let box = textBox.bounds
        let h = min(bounds.height, currentFont.lineHeight)
        let caretTop = box.midY - h / 2
        guard !storedText.isEmpty else {
            scrollX = 0
            textLabel.frame = box
            let x: CGFloat = switch textAlignment {
            case .center: box.midX
            case .right: box.maxX - 2
            default: 0
            }
            caret.frame = CGRect(x: x, y: caretTop, width: 2, height: h)
            selectionBand.isHidden = true
            return
        }
        let textWidth = width(ofFirst: characterCount)
        let origin = textOrigin(textWidth: textWidth, box: box.width)
        textLabel.frame = CGRect(x: origin, y: 0, width: textWidth + 1, height: box.height)
        let caretX = origin + width(ofFirst: selection.upperBound)
        // The bar straddles the boundary (a point each side), kept inside the box.
        caret.frame = CGRect(x: min(max(0, caretX - 1), max(0, box.width - 2)), y: caretTop, width: 2, height: h)
        caret.isHidden = !isEditing || !selection.isEmpty
        selectionBand.isHidden = !isEditing || selection.isEmpty
        if !selection.isEmpty {
            let from = origin + width(ofFirst: selection.lowerBound)
            selectionBand.frame = CGRect(x: from, y: caretTop, width: caretX - from, height: h)
        }
    }

    /// One line of the font plus 6 points above and below, 100 points wide at least.
    open override var intrinsicContentSize: CGSize {
        let f = font ?? .systemFont(ofSize: 17)
        return CGSize(width: max(100, f.size(of: textLabel.text ?? "").width + 12), height: ceil(f.lineHeight) + 12)
    }
}
