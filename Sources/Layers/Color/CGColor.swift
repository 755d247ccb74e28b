import Foundation
import Raster

/// A colour in device RGB with alpha, as Core Graphics' `CGColor`.
///
/// A value type here (Apple's is a reference type): colours are compared, interpolated and stored
/// in presentation snapshots by value, and code written for `CGColor` ports unchanged.
public struct CGColor: Hashable, Sendable, CustomStringConvertible {
    /// Straight (not premultiplied) components, each 0…1.
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// An sRGB colour from straight components, nominally 0…1 (stored as given).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A grey of `gray` (0 black … 1 white).
    public init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// From `0xRRGGBB`.
    public init(hex: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
                  blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// `[red, green, blue, alpha]`, as `CGColor.components` for an RGB colour.
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    /// Red, green, blue and alpha: 4.
    public var numberOfComponents: Int { 4 }
    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour for the rasterizer.
    public var rasterColor: Color { Color(r: Double(red), g: Double(green), b: Double(blue), a: Double(alpha)) }

    /// `rgba(r, g, b, a)` with three decimals, for logs and test failures.
    public var description: String {
        String(format: "rgba(%.3f, %.3f, %.3f, %.3f)", Double(red), Double(green), Double(blue), Double(alpha))
    }
}
