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
    open var text: String? { didSet { textLayer.string = text; setNeedsLayout() } }
    /// Default: `UIFont.systemFont(ofSize: 17)`.
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { if font == nil { font = .systemFont(ofSize: 17) }; applyFont() } }
    /// Default: black.
    open var textColor: UIColor! = .black { didSet { textLayer.foregroundColor = (textColor ?? .black).cgColor } }
    /// Default: `.natural` (left).
    open var textAlignment: NSTextAlignment = .natural { didSet { applyAlignment() } }
    /// 0 means as many lines as fit. Default: 1.
    open var numberOfLines = 1 { didSet { textLayer.isWrapped = numberOfLines != 1; setNeedsLayout() } }
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
        textLayer.delegate = self
        layer.addSublayer(textLayer)
        textLayer.foregroundColor = UIColor.black.cgColor
        applyFont()
        applyAlignment()
        applyLineBreakMode()
        setNeedsLayout()
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

    /// The lines the text breaks into at `width` (all of them, before `numberOfLines` applies).
    func lineCount(width: CGFloat) -> Int {
        guard let text, !text.isEmpty else { return 0 }
        guard numberOfLines != 1 else { return 1 }
        var lines = 0, current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && font.size(of: candidate).width > width { lines += 1; current = String(word) } else { current = candidate }
        }
        return lines + (current.isEmpty ? 0 : 1)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        var lines = lineCount(width: b.width)
        if numberOfLines > 0 { lines = min(lines, numberOfLines) }
        let h = min(b.height, CGFloat(lines) * font.lineHeight)
        textLayer.frame = CGRect(x: b.minX, y: b.minY + ((b.height - h) / 2).rounded(), width: b.width, height: h)
    }

    /// One line's width (or the wrapped block for several lines) and the lines' height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let one = font.size(of: text)
        if numberOfLines == 1 || one.width <= size.width || size.width <= 0 { return CGSize(width: one.width.rounded(.up), height: font.lineHeight) }
        var lines = lineCount(width: size.width)
        if numberOfLines > 0 { lines = min(lines, numberOfLines) }
        return CGSize(width: size.width, height: CGFloat(lines) * font.lineHeight)
    }
    open override var intrinsicContentSize: CGSize { sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)) }
}
