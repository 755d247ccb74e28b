import Foundation
import Layers

/// A colour in sRGB with alpha, as UIKit's `UIColor`.
///
/// Why a class: UIKit's is one, and code compares, subclasses and shares colours by reference.
/// Equality is by value (two colours with the same components are equal), as `UIColor.isEqual`.
/// Components are kept as given (extended range is allowed, as on iOS); drawing clamps them.
///
/// A dynamic colour (`init(dynamicProvider:)`, and the system colours such as `.label` and
/// `.systemBackground`) is a different colour per appearance: a view resolves it with its own
/// traits (and again when they change); `cgColor` resolves it with `UITraitCollection.current`, so
/// `layer.borderColor = UIColor.label.cgColor` keeps the colour of the moment, as on iOS. Dynamic
/// colours are equal only to themselves (the system colours are each one object).
open class UIColor: Hashable, CustomStringConvertible, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// A fixed colour's value (clear for a dynamic one).
    private let fixed: CGColor
    /// A dynamic colour's provider.
    private let provider: ((UITraitCollection) -> UIColor)?
    /// For a dynamic colour made by `withAlphaComponent`: the colour and the alpha it came from
    /// (two such colours of the same colour and alpha are equal, as UIKit's).
    private var derivation: (base: UIColor, alpha: CGFloat)?

    /// The Core Graphics colour (the value layers store); a dynamic colour resolved with
    /// `UITraitCollection.current`.
    public var cgColor: CGColor { provider == nil ? fixed : resolvedColor(with: UITraitCollection.current).fixed }

    /// The colour of `cgColor`.
    public init(cgColor: CGColor) { fixed = Self.sanitized(cgColor); provider = nil }

    /// A colour that `provider` picks for each set of traits (UIKit's dynamic colour), called each
    /// time the colour is resolved.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        fixed = CGColor.clear
        self.provider = provider
    }

    /// Whether the colour is picked per traits (`init(dynamicProvider:)`, the system colours).
    var isDynamic: Bool { provider != nil }

    /// The fixed colour this one is under `traits`: itself when fixed; a provider that answers
    /// dynamic colours is followed up to 8 steps (then one reported line, and clear).
    open func resolvedColor(with traits: UITraitCollection) -> UIColor {
        var color = self
        for _ in 0..<8 {
            guard let p = color.provider else { return color }
            color = p(traits)
        }
        if color.provider == nil { return color }
        CAEngine.current.report("UIColor(dynamicProvider:): the provider keeps answering dynamic colours (resolved as clear)")
        return .clear
    }

    /// The fixed colour for a view whose traits are `traits()` (asked only for a dynamic colour).
    func resolved(_ traits: () -> UITraitCollection) -> CGColor {
        provider == nil ? fixed : resolvedColor(with: traits()).fixed
    }

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
    public convenience init(_ color: UIColor) {
        if let p = color.provider { self.init(dynamicProvider: p) } else { self.init(cgColor: color.fixed) }
    }

    /// `#colorLiteral(red:green:blue:alpha:)` makes a UIColor, as in UIKit, so seed code keeps its literals.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// The same colour with a different alpha.
    /// A dynamic colour gives a dynamic colour, each resolution with `alpha`.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if provider != nil {
            let base = derivation?.base ?? self
            let c = UIColor { traits in base.resolvedColor(with: traits).withAlphaComponent(alpha) }
            c.derivation = (base, alpha)
            return c
        }
        return UIColor(red: fixed.red, green: fixed.green, blue: fixed.blue, alpha: alpha)
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

    /// Fixed colours: equal when the underlying `CGColor`s are equal (same colour space and
    /// components); a dynamic colour only to itself.
    /// A dynamic colour made by `withAlphaComponent` equals another made from the same colour
    /// with the same alpha.
    public static func == (a: UIColor, b: UIColor) -> Bool {
        if a.provider == nil && b.provider == nil { return a.fixed == b.fixed }
        if let x = a.derivation, let y = b.derivation { return x.base === y.base && x.alpha == y.alpha }
        return a === b
    }
    /// Hashes the underlying `CGColor` (a dynamic colour: its identity, or its origin's),
    /// consistent with `==`.
    public func hash(into h: inout Hasher) {
        if provider == nil { h.combine(fixed) }
        else if let d = derivation { h.combine(ObjectIdentifier(d.base)); h.combine(d.alpha) }
        else { h.combine(ObjectIdentifier(self)) }
    }
    /// `UIColor(…)` around the `CGColor`'s description, for logs and test failures.
    public var description: String { provider == nil ? "UIColor(\(fixed))" : "UIColor(dynamic, now \(cgColor))" }

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
