/// A straight (not premultiplied) RGBA colour with components in 0…1, in sRGB as stored.
///
/// Blending happens on premultiplied 8-bit values, as Core Animation and every compositor of its
/// class does (no linear-light conversion).
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    @inlinable public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// From `0xRRGGBB` with an alpha.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255, b: Double(hex & 0xFF) / 255, a: alpha)
    }
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Components clamped into 0…1; NaN becomes 0.
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
        return Color(r: c(r), g: c(g), b: c(b), a: c(a))
    }
    /// The premultiplied 8-bit pixel of this colour (see `Pixel`).
    public var premultipliedPixel: UInt32 {
        let k = clamped
        func q(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return Pixel.pack(r: q(k.r * k.a), g: q(k.g * k.a), b: q(k.b * k.a), a: q(k.a))
    }
    public func lerp(_ o: Color, _ t: Double) -> Color {
        Color(r: r + (o.r - r) * t, g: g + (o.g - g) * t, b: b + (o.b - b) * t, a: a + (o.a - a) * t)
    }
}

/// Packing of a premultiplied RGBA8 pixel into a `UInt32`.
///
/// Memory byte order is R, G, B, A: on a little-endian machine that is `r | g<<8 | b<<16 | a<<24`,
/// SDL's `SDL_PIXELFORMAT_RGBA32` (= ABGR8888 on little-endian), so frames upload without a swizzle.
public enum Pixel {
    @inlinable public static func pack(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
        r | (g << 8) | (b << 16) | (a << 24)
    }
    @inlinable public static func r(_ p: UInt32) -> UInt32 { p & 0xFF }
    @inlinable public static func g(_ p: UInt32) -> UInt32 { (p >> 8) & 0xFF }
    @inlinable public static func b(_ p: UInt32) -> UInt32 { (p >> 16) & 0xFF }
    @inlinable public static func a(_ p: UInt32) -> UInt32 { p >> 24 }
}
