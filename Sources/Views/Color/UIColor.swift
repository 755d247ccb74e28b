import Foundation
import Layers

/// A colour in sRGB with alpha, as UIKit's `UIColor`.
///
/// Why a class: UIKit's is one, and code compares, subclasses and shares colours by reference.
/// Equality is by value (two colours with the same components are equal), as `UIColor.isEqual`.
/// Components are kept as given (extended range is allowed, as on iOS); drawing clamps them.
open class UIColor: Hashable, CustomStringConvertible, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// The Core Graphics colour (the value layers store).
    public let cgColor: CGColor

    /// The colour of `cgColor`.
    public init(cgColor: CGColor) { self.cgColor = Self.sanitized(cgColor) }

    /// sRGB components, each 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// Hue, saturation and brightness (HSV), each 0…1; hue wraps around (1 is red again).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = Self.rgb(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness))
        self.init(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: alpha)
    }

    /// Display P3 components, taken as sRGB: Flipbook draws in one colour space (a documented
    /// difference), so the colour shows as its sRGB numbers, not converted.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A copy of `color`.
    public convenience init(_ color: UIColor) { self.init(cgColor: color.cgColor) }

    /// `#colorLiteral(red:green:blue:alpha:)` makes a UIColor, as in UIKit, so seed code keeps its literals.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// The same colour with a different alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    /// Reads the sRGB components; always succeeds (every Flipbook colour is RGB).
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red; green?.pointee = cgColor.green; blue?.pointee = cgColor.blue; alpha?.pointee = cgColor.alpha
        return true
    }

    /// Reads hue, saturation, brightness (HSV) and alpha; always succeeds.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = Double(cgColor.red), g = Double(cgColor.green), b = Double(cgColor.blue)
        let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
        var h = 0.0
        if delta > 0 {
            if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(maxC > 0 ? delta / maxC : 0)
        brightness?.pointee = CGFloat(maxC)
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Sets the fill colour of the current graphics context (inside `draw(_:)`); does nothing
    /// when there is no current context, as on iOS.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Sets the stroke colour of the current graphics context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Sets both the fill and the stroke colour.
    open func set() { setFill(); setStroke() }

    /// Equal when the underlying `CGColor`s are equal (same colour space and components).
    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    /// Hashes the underlying `CGColor`, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(cgColor) }
    /// `UIColor(…)` around the `CGColor`'s description, for logs and test failures.
    public var description: String { "UIColor(\(cgColor))" }

    /// NaN components become 0 so a bad input gives a defined (dark or clear) colour.
    private static func sanitized(_ c: CGColor) -> CGColor {
        func f(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : v }
        return CGColor(red: f(c.red), green: f(c.green), blue: f(c.blue), alpha: f(c.alpha))
    }

    /// HSV → RGB (the hexcone model UIKit uses).
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = max(0, min(1, saturation.isNaN ? 0 : saturation)), v = brightness.isNaN ? 0 : brightness
        let i = Int(h.rounded(.down)) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}


/// The type an untyped `#colorLiteral(…)` makes, as UIKit declares it.
public typealias _ColorLiteralType = UIColor
