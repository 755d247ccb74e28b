/// Many small textured quads drawn in one call: particles.
///
/// Each sprite shows a rectangle of one of the batch's images under an affine transform, its
/// premultiplied pixels multiplied by a colour, blended source-over (or added, `additive`).
/// Drawn by `Canvas.draw(_:transform:shift:opacity:)` in one pass per sprite over the pixels its
/// quad covers, sampling bilinearly with fixed-point weights; outside its image rectangle a
/// sprite is transparent, so its edges fade over one image pixel (no separate coverage pass).
public struct SpriteBatch: @unchecked Sendable {
    /// An image rectangle sprites show.
    public struct Image {
        /// The pixels (shared, never written).
        public let bitmap: Bitmap
        /// The part shown, in the bitmap's pixels (within its bounds, not empty).
        public let source: PixelRect
        public init(bitmap: Bitmap, source: PixelRect) {
            self.bitmap = bitmap
            let s = source.intersection(bitmap.bounds)
            self.source = s.isEmpty ? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) : s
        }
    }

    /// One quad.
    public struct Sprite {
        /// Its image's index in `images`.
        public var image: Int32
        /// The image rectangle's pixel space (its corner at (0, 0)) → the batch's space.
        public var transform: Transform
        /// The colour multiplied in, premultiplied, each channel 0…256 (256 leaves it as it is):
        /// red, green, blue, alpha.
        public var color: SIMD4<UInt16>
        public init(image: Int32, transform: Transform, color: SIMD4<UInt16>) {
            self.image = image; self.transform = transform; self.color = color
        }

        /// The multiplier of a straight colour (components clamped into 0…1).
        public static func multiplier(red: Double, green: Double, blue: Double, alpha: Double) -> SIMD4<UInt16> {
            func c(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
            let a = c(alpha)
            func q(_ v: Double) -> UInt16 { UInt16((v * 256).rounded()) }
            return SIMD4(q(c(red) * a), q(c(green) * a), q(c(blue) * a), q(a))
        }
    }

    public var images: [Image]
    /// Back to front.
    public var sprites: [Sprite]
    /// Sprites add their colour to what is beneath (saturating) instead of covering it.
    public var additive: Bool

    public init(images: [Image], sprites: [Sprite], additive: Bool) {
        self.images = images; self.sprites = sprites; self.additive = additive
    }

    /// The bounding box of every sprite's quad in the batch's space (`Rect.null`-like empty when
    /// there are none: zero size at the origin).
    public var bounds: Rect {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        for s in sprites {
            let src = images[Int(s.image)].source
            let w = Double(src.width), h = Double(src.height)
            for (px, py) in [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)] as [(Double, Double)] {
                let q = s.transform.apply(Point(px, py))
                guard q.x.isFinite, q.y.isFinite else { continue }
                lo.x = Swift.min(lo.x, q.x); lo.y = Swift.min(lo.y, q.y)
                hi.x = Swift.max(hi.x, q.x); hi.y = Swift.max(hi.y, q.y)
            }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}
