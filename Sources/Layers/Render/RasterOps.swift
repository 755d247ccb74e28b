import Foundation
import Raster

/// The raster operations the layer renderer and the layers' content drawing use, over `Canvas`.
///
/// Every operation takes a target bitmap and a clip in that bitmap's pixels, so the renderer can
/// draw into the frame or into a scratch bitmap alike.
enum RasterOps {
    /// One canvas scratch per thread, shared by every draw on it: no allocation per layer per frame.
    private static var threadScratch: Canvas {
        let key = "org.flipbook.RasterOps.scratch"
        if let c = Thread.current.threadDictionary[key] as? ScratchHolder { return c.canvas }
        let holder = ScratchHolder(canvas: Canvas(Bitmap(width: 1, height: 1)!))
        Thread.current.threadDictionary[key] = holder
        return holder.canvas
    }
    private final class ScratchHolder {
        let canvas: Canvas
        init(canvas: Canvas) { self.canvas = canvas }
    }

    static func canvas(_ bitmap: Bitmap, _ clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) -> Canvas {
        var c = Canvas(bitmap, reusingScratchOf: threadScratch)
        c.clip = clip.intersection(bitmap.bounds)
        c.mask = mask
        c.maskOrigin = maskOrigin
        return c
    }

    static func fill(_ path: Path, transform: Transform, rule: FillRule, color: Color, opacity: Double = 1,
                     into bitmap: Bitmap, clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin).fill(path, transform: transform, rule: rule, paint: .solid(color), opacity: opacity)
    }

    static func fillGradient(_ path: Path, transform: Transform, gradient: Gradient, into bitmap: Bitmap, clip: PixelRect,
                             mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin).fill(path, transform: transform, rule: .nonZero, paint: .gradient(gradient))
    }

    static func stroke(_ path: Path, style: StrokeStyle, transform: Transform, color: Color, opacity: Double = 1,
                       into bitmap: Bitmap, clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        let outline = path.stroked(style, transform: transform)
        guard !outline.isEmpty else { return }
        canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin).fill(outline, rule: .nonZero, paint: .solid(color), opacity: opacity)
    }

    static func stroke(_ path: Path, width: Double, transform: Transform, color: Color, opacity: Double,
                       into bitmap: Bitmap, clip: PixelRect) {
        stroke(path, style: StrokeStyle(width: width), transform: transform, color: color, opacity: opacity, into: bitmap, clip: clip)
    }

    /// Draws `image` with `imageToBitmap` mapping its pixel space into the target's pixels.
    static func draw(_ image: Bitmap, imageToBitmap: Transform, opacity: Double, into bitmap: Bitmap, clip: PixelRect,
                     mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        guard opacity > 0 else { return }
        canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin).draw(image, transform: imageToBitmap, opacity: min(1, opacity))
    }

    static func draw(_ image: Bitmap, projective p: ProjectiveTransform, opacity: Double, into bitmap: Bitmap, clip: PixelRect,
                     mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        guard opacity > 0 else { return }
        canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin).draw(image, projective: p, opacity: min(1, opacity))
    }

    /// Keeps only the part of `bitmap` inside `path` (antialiased): masksToBounds.
    static func clip(_ bitmap: Bitmap, to path: Path, transform: Transform) {
        guard let coverage = Bitmap(width: bitmap.width, height: bitmap.height) else { return }
        fill(path, transform: transform, rule: .nonZero, color: .white, into: coverage, clip: coverage.bounds)
        multiplyAlpha(bitmap, by: coverage)
    }

    /// Multiplies every pixel of `bitmap` by the alpha of the same pixel of `mask` (a mask layer).
    static func multiplyAlpha(_ bitmap: Bitmap, by mask: Bitmap) {
        let w = min(bitmap.width, mask.width), h = min(bitmap.height, mask.height)
        for y in 0..<h {
            let row = bitmap.row(y), m = mask.row(y)
            for x in 0..<w {
                let a = Pixel.a(m[x])
                if a == 255 { continue }
                row[x] = a == 0 ? 0 : Blend.scale(row[x], a)
            }
        }
    }

    /// `dst += src × k` per premultiplied channel, saturating: the second half of a crossfade
    /// (`old·(1 − k)` already in `dst`). Both bitmaps have the same size.
    static func addScaled(_ src: Bitmap, by k: Double, into dst: Bitmap) {
        let f = UInt32((max(0, min(1, k)) * 255).rounded())
        let w = min(src.width, dst.width), h = min(src.height, dst.height)
        for y in 0..<h {
            let s = src.row(y), d = dst.row(y)
            for x in 0..<w {
                let a = Blend.scale(s[x], f), b = d[x]
                func ch(_ shift: UInt32) -> UInt32 { min(255, ((a >> shift) & 0xFF) + ((b >> shift) & 0xFF)) << shift }
                d[x] = ch(0) | ch(8) | ch(16) | ch(24)
            }
        }
    }

    /// Writes `color` (straight alpha) times `src`'s alpha into `out` at an offset: a shadow's shape.
    static func tint(alphaOf src: Bitmap, color: Color, into out: Bitmap, at origin: (x: Int, y: Int)) {
        let c = color.premultipliedPixel
        for y in 0..<src.height {
            let oy = y + origin.y
            guard oy >= 0, oy < out.height else { continue }
            let s = src.row(y), o = out.row(oy)
            for x in 0..<src.width {
                let ox = x + origin.x
                guard ox >= 0, ox < out.width else { continue }
                o[ox] = Blend.scale(c, Pixel.a(s[x]))
            }
        }
    }

    /// A shadow blur: Core Animation's `shadowRadius` r is a Gaussian of σ = r / 2.
    static func blur(_ bitmap: Bitmap, radius: Double) {
        guard radius > 0, radius.isFinite else { return }
        bitmap.blur(sigma: radius / 2)
    }
}
