import Foundation
import Layers

/// UIKit's attribute names, which swift-corelibs-foundation leaves to the UI frameworks. The
/// values Flipbook draws: `.font` (a `UIFont`; default: the system font at 12 points, as UIKit's
/// Helvetica 12), `.foregroundColor` (a `UIColor`; default black), `.paragraphStyle` (an
/// `NSParagraphStyle`: alignment and line spacing, taken from the string's first character) and
/// `.kern` (points added after each character, an `NSNumber` or any number).
extension NSAttributedString.Key {
    /// The font, a `UIFont`.
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    /// The text colour, a `UIColor`.
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
    /// The paragraph's layout, an `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
    /// Points added after each character (negative: closer).
    public static let kern = NSAttributedString.Key(rawValue: "NSKern")
}

/// How a paragraph is laid out (UIKit's `NSParagraphStyle`): alignment and the space between
/// lines. Immutable; `NSMutableParagraphStyle` sets them.
open class NSParagraphStyle: NSObject {
    /// Where lines sit in the width drawn into. Default: `.natural` (left).
    open internal(set) var alignment: NSTextAlignment = .natural
    /// Points added between one line's bottom and the next line's top (negative: 0). Default: 0.
    open internal(set) var lineSpacing: CGFloat = 0
    /// How lines break: at spaces for the wrapping modes (lines wider than the rectangle are cut).
    /// Default: `.byWordWrapping`.
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// The default style.
    public override init() { super.init() }
    /// The default style (left, no extra spacing, word wrapping).
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// A paragraph style whose values can be set (UIKit's `NSMutableParagraphStyle`).
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing } set { super.lineSpacing = newValue.isFinite ? max(0, newValue) : 0 }
    }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
}

extension NSAttributedString {
    /// The string's runs as the text layout takes them.
    var textRuns: [TextLayout.Run] {
        var runs: [TextLayout.Run] = []
        let ns = string as NSString
        enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
            runs.append(TextLayout.Run(text: ns.substring(with: range), attributes: attributes))
        }
        return runs
    }
    /// The paragraph style of the first character (default: `NSParagraphStyle.default`).
    var leadingParagraphStyle: NSParagraphStyle {
        guard length > 0 else { return .default }
        return attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle ?? .default
    }

    /// Draws the text with its top-left corner at `point` in the current context, one line per
    /// line break (UIKit's method).
    public func draw(at point: CGPoint) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        TextLayout(runs: textRuns, paragraph: leadingParagraphStyle, maxWidth: nil, scale: TextLayout.scale(of: ctx))
            .draw(in: ctx, at: point, width: nil)
    }
    /// Draws the text wrapped at spaces to `rect`'s width and aligned in it, cut at its bottom
    /// (UIKit's method).
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        let layout = TextLayout(runs: textRuns, paragraph: leadingParagraphStyle, maxWidth: rect.width, scale: TextLayout.scale(of: ctx))
        ctx.saveGState()
        ctx.clip(to: rect)
        layout.draw(in: ctx, at: rect.origin, width: rect.width)
        ctx.restoreGState()
    }
    /// The size the text takes drawn at a point: the widest line and the lines' height (UIKit's method).
    public func size() -> CGSize {
        TextLayout(runs: textRuns, paragraph: leadingParagraphStyle, maxWidth: nil, scale: 1).size
    }
}

extension String {
    /// Draws the string with its top-left corner at `point` in the current context with
    /// `attributes` (see `NSAttributedString.Key`), as UIKit's method.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }
    /// Draws the string wrapped and aligned in `rect` with `attributes`, as UIKit's method.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }
    /// The size the string takes in one line per line break with `attributes`, as UIKit's method.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attributes).size()
    }
}

extension NSString {
    /// `String.draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }
    /// `String.draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
    /// `String.size(withAttributes:)`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
}
