import Foundation

/// Colours interpolate component-wise in straight (not premultiplied) sRGB, as Core Animation's
/// `backgroundColor` and `colors` animations do.
extension CGColor: Interpolatable {
    /// Component-wise in straight sRGB, alpha included.
    public func interpolated(to o: CGColor, fraction f: Double) -> CGColor {
        let t = CGFloat(f)
        return CGColor(red: red + (o.red - red) * t, green: green + (o.green - green) * t,
                       blue: blue + (o.blue - blue) * t, alpha: alpha + (o.alpha - alpha) * t)
    }
    /// Clear black (all components 0).
    public static var additiveIdentity: CGColor { CGColor(red: 0, green: 0, blue: 0, alpha: 0) }
    /// Component-wise sum (not clamped).
    public func adding(_ o: CGColor) -> CGColor {
        CGColor(red: red + o.red, green: green + o.green, blue: blue + o.blue, alpha: alpha + o.alpha)
    }
    /// Component-wise difference (not clamped).
    public func subtracting(_ o: CGColor) -> CGColor {
        CGColor(red: red - o.red, green: green - o.green, blue: blue - o.blue, alpha: alpha - o.alpha)
    }
    /// Euclidean distance of the (r, g, b, a) vectors.
    public func interpolationDistance(to o: CGColor) -> Double? {
        let d = [red - o.red, green - o.green, blue - o.blue, alpha - o.alpha].map { Double($0 * $0) }
        return d.reduce(0, +).squareRoot()
    }
}
