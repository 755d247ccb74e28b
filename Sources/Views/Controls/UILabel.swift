import Foundation
import Layers

/// Horizontal text alignment (UIKit's `NSTextAlignment`, same raw values).
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Drawn as `.left` (no justification).
    case justified = 3
    /// The script's direction; left here (Flipbook lays out left to right).
    case natural = 4
}

/// How a label breaks and shortens lines that do not fit (UIKit's `NSLineBreakMode`, same raw values).
public enum NSLineBreakMode: Int, Sendable {
    /// Wrapped lines break between words (the last line shown is cut at the bounds).
    case byWordWrapping = 0
    /// As `.byWordWrapping` here (lines break between words).
    case byCharWrapping = 1
    /// Lines are cut at the bounds.
    case byClipping = 2
    /// "…end of the line".
    case byTruncatingHead = 3
    /// "Start of the…" (UILabel's default).
    case byTruncatingTail = 4
    /// "Start…line" (a button's title).
    case byTruncatingMiddle = 5
}

/// A view that shows text, as UIKit's `UILabel`, drawn by a `CATextLayer` sublayer.
///
/// The text is centred vertically in the bounds (UIKit's rule) and wraps at spaces when
/// `numberOfLines` is 0 or more than 1; a line too wide is shortened with "…" as `lineBreakMode`
/// says (the tail by default), and wrapped text cut at the bottom ends its last line with "…". Defaults: system font 17 pt, black text, natural
/// (left) alignment, one line, no user interaction.
open class UILabel: UIView {
    /// The layer that draws the text (its delegate is the label, so it never animates implicitly).
    public let textLayer = CATextLayer()

    /// The text shown. Default: nil.
    ///
    /// Setting the text it shows already (plain, without attributes) changes nothing, as in
    /// UIKit: no layout, no new intrinsic size. A read-out set every frame (the animator scene's
    /// status line, from a 60-Hz timer) was measured again every frame, and again in every replay
    /// frame time travel parks.
    open var text: String? {
        didSet {
            guard text != oldValue || settingAttributedText || storedAttributedText != nil else { return }
            if !settingAttributedText, storedAttributedText != nil { storedAttributedText = nil; setNeedsDisplay() }
            textLayer.string = storedAttributedText == nil ? text : nil
            setNeedsLayout(); invalidateIntrinsicContentSize()
        }
    }
    /// The text with fonts, colours, kerning and paragraph styles (see `NSAttributedString.Key`),
    /// drawn by the label itself instead of its text layer: centred vertically, wrapped at the
    /// bounds' width unless `numberOfLines` is 1, at most `numberOfLines` lines; characters
    /// without a font or colour take the label's `font` and `textColor`, and the alignment is the
    /// first character's paragraph style's (else `textAlignment`). Setting it sets `text` to its
    /// string; setting `text` clears it. Default: nil.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? text.map { NSAttributedString(string: $0) } }
        set {
            storedAttributedText = newValue
            settingAttributedText = true
            text = newValue?.string
            settingAttributedText = false
            layer.needsDisplayOnBoundsChange = newValue != nil   // the label draws it at its size
            setNeedsDisplay()
        }
    }
    private var storedAttributedText: NSAttributedString?
    private var settingAttributedText = false
    /// Default: `UIFont.systemFont(ofSize: 17)`.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet { if font == nil { font = .systemFont(ofSize: 17) }; applyFont(); invalidateIntrinsicContentSize() }
    }
    /// Default: `.label` (black in the light appearance, white in the dark); nil resets it.
    open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            applyTraitColors()
            if storedAttributedText != nil { setNeedsDisplay() }
        }
    }
    /// Default: `.natural` (left).
    open var textAlignment: NSTextAlignment = .natural { didSet { applyAlignment() } }
    /// 0 means as many lines as fit. Default: 1.
    open var numberOfLines = 1 {
        didSet { textLayer.isWrapped = numberOfLines != 1; setNeedsLayout(); invalidateIntrinsicContentSize() }
    }
    /// The width a label of several lines wraps at for its intrinsic size; 0 (the default) wraps
    /// at the label's own width once layout gave it one (one line before), as UIKit's automatic
    /// width. NaN, infinite and negative values are taken as 0.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet {
            if !(preferredMaxLayoutWidth.isFinite && preferredMaxLayoutWidth >= 0) { preferredMaxLayoutWidth = 0 }
            if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() }
        }
    }
    /// How lines too wide for the bounds are shortened. Default: `.byTruncatingTail`.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { applyLineBreakMode() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported; makes an empty label, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = false
        layoutState.hugging = (251, 251)   // UIKit's labels hug a little harder than plain views
        textLayer.delegate = self
        layer.addSublayer(textLayer)
        applyTraitColors()
        applyFont()
        applyAlignment()
        applyLineBreakMode()
        setNeedsLayout()
    }

    /// The text layer's colour: `textColor` as this label's traits resolve it.
    override func applyTraitColors() {
        textLayer.foregroundColor = (textColor ?? .label).resolved { traitCollection }
    }

    private func applyLineBreakMode() {
        switch lineBreakMode {
        case .byTruncatingHead: textLayer.truncationMode = .start
        case .byTruncatingTail: textLayer.truncationMode = .end
        case .byTruncatingMiddle: textLayer.truncationMode = .middle
        case .byWordWrapping, .byCharWrapping, .byClipping: textLayer.truncationMode = .none
        }
    }

    private func applyFont() {
        textLayer.font = font.fontName
        textLayer.fontSize = font.pointSize
        setNeedsLayout()
    }
    private func applyAlignment() {
        switch textAlignment {
        case .center: textLayer.alignmentMode = .center
        case .right: textLayer.alignmentMode = .right
        default: textLayer.alignmentMode = .left
        }
    }

    /// The lines the text breaks into at `width` (all of them, before `numberOfLines` applies):
    /// greedy at spaces, as the text layer wraps.
    func wrappedLines(width: CGFloat) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        guard numberOfLines != 1 else { return [text] }
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && font.size(of: candidate).width > width { lines.append(current); current = String(word) } else { current = candidate }
        }
        return current.isEmpty ? lines : lines + [current]
    }

    /// How many lines the text breaks into at `width`.
    func lineCount(width: CGFloat) -> Int { wrappedLines(width: width).count }

    /// Whether the intrinsic size wraps at the label's own width (several lines, no
    /// `preferredMaxLayoutWidth`): Auto Layout measures again when the width changes.
    var wrapsAtOwnWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        var lines = lineCount(width: b.width)
        if numberOfLines > 0 { lines = min(lines, numberOfLines) }
        let h = min(b.height, CGFloat(lines) * font.lineHeight)
        textLayer.frame = CGRect(x: b.minX, y: b.minY + ((b.height - h) / 2).rounded(), width: b.width, height: h)
    }

    /// The attributed text laid out at `width` (nil: one line per line break), at most `numberOfLines` lines.
    private func attributedLayout(_ a: NSAttributedString, width: CGFloat?, scale: Double) -> TextLayout {
        let defaults: [NSAttributedString.Key: Any] = [.font: font as UIFont, .foregroundColor: textColor as UIColor]
        let styled = NSMutableAttributedString(string: a.string, attributes: defaults)
        a.enumerateAttributes(in: NSRange(location: 0, length: a.length), options: []) { attributes, range, _ in
            styled.addAttributes(attributes, range: range)
        }
        var paragraph = a.leadingParagraphStyle
        if a.length == 0 || a.attribute(.paragraphStyle, at: 0, effectiveRange: nil) == nil {
            let p = NSMutableParagraphStyle()
            p.alignment = textAlignment
            paragraph = p
        }
        var layout = TextLayout(runs: styled.textRuns, paragraph: paragraph, maxWidth: numberOfLines == 1 ? nil : width, scale: scale)
        if numberOfLines > 0 { layout.keepLines(numberOfLines) }
        return layout
    }

    /// Draws `attributedText` (the plain text is the text layer's).
    open override func draw(_ rect: CGRect) {
        guard let a = storedAttributedText, a.length > 0, let ctx = UIGraphicsGetCurrentContext() else { return super.draw(rect) }
        let b = bounds
        let layout = attributedLayout(a, width: b.width, scale: TextLayout.scale(of: ctx))
        ctx.saveGState()
        ctx.clip(to: b)
        layout.draw(in: ctx, at: CGPoint(x: b.minX, y: b.minY + ((b.height - layout.size.height) / 2).rounded()), width: b.width)
        ctx.restoreGState()
    }

    /// One line's width (or the wrapped block for several lines) and the lines' height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let a = storedAttributedText {
            let s = attributedLayout(a, width: size.width > 0 ? size.width : nil, scale: 1).size
            return CGSize(width: s.width.rounded(.up), height: s.height.rounded(.up))
        }
        guard let text, !text.isEmpty else { return .zero }
        let one = font.size(of: text)
        if numberOfLines == 1 || one.width <= size.width || size.width <= 0 { return CGSize(width: one.width.rounded(.up), height: font.lineHeight) }
        var lines = lineCount(width: size.width)
        if numberOfLines > 0 { lines = min(lines, numberOfLines) }
        return CGSize(width: size.width, height: CGFloat(lines) * font.lineHeight)
    }
    /// The text's size for Auto Layout: one line's width (rounded up) and line height; with
    /// several lines, wrapped at `preferredMaxLayoutWidth` (or the label's width when that is 0
    /// and the label has one), the widest line and the lines' height, at most `numberOfLines`.
    /// Empty text: (0, 0).
    open override var intrinsicContentSize: CGSize {
        if let a = storedAttributedText {
            let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
            let s = attributedLayout(a, width: wrap > 0 ? wrap : nil, scale: 1).size
            return CGSize(width: s.width.rounded(.up), height: s.height.rounded(.up))
        }
        guard let text, !text.isEmpty else { return .zero }
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        guard numberOfLines != 1, wrap > 0 else { return CGSize(width: font.size(of: text).width.rounded(.up), height: font.lineHeight) }
        var lines = wrappedLines(width: wrap)
        if numberOfLines > 0 { lines = Array(lines.prefix(numberOfLines)) }
        let widest = lines.map { font.size(of: $0).width }.max() ?? 0
        return CGSize(width: widest.rounded(.up), height: CGFloat(lines.count) * font.lineHeight)
    }
}
