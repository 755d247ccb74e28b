import FrameLoop
import Flipbook
import Raster
import RasterIO

/// Draws the tools' panels straight into a finished frame: pixel-aligned rectangles, straight
/// lines, and monospaced text from a glyph cache. Coordinates are window points; the painter
/// multiplies by the frame's scale.
///
/// Why not a layer tree or the path filler for everything: the tools draw every frame over the
/// scene and must cost a small part of a frame (BENCHMARKS.md), and they must not touch the
/// scene's engine. Rectangles are rows of `Blend.blendSolid`; text is cached glyph coverage blended
/// the same way; only lines (graph curves, outlines) go through `Canvas`. Nothing here draws a
/// Bézier: the tools' pixels do not depend on curve flattening.
struct OverlayPainter {
    let bitmap: Bitmap
    let scale: Double
    let text: GlyphCache
    /// Pixels that may change; default the whole frame.
    var clip: PixelRect
    /// What every drawing call touched so far, for the overlay's `pixelsDrawn` (damage regions:
    /// the next frame re-composites these pixels, which erases the overlay where it no longer draws).
    let touched: TouchedPixels

    init(bitmap: Bitmap, scale: Double, text: GlyphCache, touched: TouchedPixels = TouchedPixels()) {
        self.bitmap = bitmap
        self.scale = scale
        self.text = text
        self.touched = touched
        clip = bitmap.bounds
    }

    /// Notes that pixels in `r` (clipped) may have changed.
    private func touch(_ r: PixelRect) {
        let area = r.intersection(clip)
        if !area.isEmpty { touched.rect = touched.rect.union(area) }
    }

    /// The pixel box around `points` (in points), grown by `margin` device pixels.
    private func box(_ points: [CGPoint], margin: Double) -> PixelRect {
        let xs = points.map { Double($0.x) * scale }.filter(\.isFinite), ys = points.map { Double($0.y) * scale }.filter(\.isFinite)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        func clamp(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v))) }
        return PixelRect(x0: clamp((x0 - margin).rounded(.down)), y0: clamp((y0 - margin).rounded(.down)),
                         x1: clamp((x1 + margin).rounded(.up)), y1: clamp((y1 + margin).rounded(.up)))
    }

    /// The pixel rectangle a point rectangle covers (edges rounded to whole pixels).
    func pixels(_ r: CGRect) -> PixelRect {
        func px(_ v: CGFloat) -> Int { Int((Double(v) * scale).rounded()) }
        return PixelRect(x0: px(r.minX), y0: px(r.minY), x1: px(r.maxX), y1: px(r.maxY))
    }

    /// Fills a rectangle source-over.
    func fill(_ r: CGRect, _ color: Color) { fill(pixels: pixels(r), color) }

    func fill(pixels r: PixelRect, _ color: Color) {
        let area = r.intersection(clip)
        guard !area.isEmpty else { return }
        touch(area)
        let c = color.premultipliedPixel
        for y in area.y0..<area.y1 {
            Blend.blendSolid(bitmap.pixels + y * bitmap.stride + area.x0, c, count: area.width, scale: 255)
        }
    }

    /// A one-pixel (at any scale: `width` device pixels) frame inside `r`.
    func frame(_ r: CGRect, _ color: Color, width: Int = 1) {
        let p = pixels(r)
        guard p.width > 0, p.height > 0 else { return }
        fill(pixels: PixelRect(x0: p.x0, y0: p.y0, x1: p.x1, y1: min(p.y1, p.y0 + width)), color)
        fill(pixels: PixelRect(x0: p.x0, y0: max(p.y0, p.y1 - width), x1: p.x1, y1: p.y1), color)
        fill(pixels: PixelRect(x0: p.x0, y0: p.y0 + width, x1: min(p.x1, p.x0 + width), y1: p.y1 - width), color)
        fill(pixels: PixelRect(x0: max(p.x0, p.x1 - width), y0: p.y0 + width, x1: p.x1, y1: p.y1 - width), color)
    }

    /// Strokes straight segments through `points` (closed when asked), `width` points wide.
    func polyline(_ points: [CGPoint], _ color: Color, width: Double = 1, closed: Bool = false) {
        guard points.count > 1 else { return }
        var path = Path()
        for p in points where p.x.isFinite && p.y.isFinite { path.line(to: Point(Double(p.x) * scale, Double(p.y) * scale)) }
        if closed { path.close() }
        touch(box(points, margin: width * scale + 2))
        var canvas = Canvas(bitmap)
        canvas.clip = clip
        canvas.fill(path.stroked(StrokeStyle(width: width * scale)), paint: .solid(color))
    }

    /// Fills a polygon of straight edges (the curve plot's dot).
    func polygon(_ points: [CGPoint], _ color: Color) {
        guard points.count > 2 else { return }
        var path = Path()
        for p in points { path.line(to: Point(Double(p.x) * scale, Double(p.y) * scale)) }
        path.close()
        touch(box(points, margin: 2))
        var canvas = Canvas(bitmap)
        canvas.clip = clip
        canvas.fill(path, paint: .solid(color))
    }

    /// Monospaced text with its top-left corner at `p`; returns the x after the last glyph (points).
    @discardableResult
    func text(_ s: String, at p: CGPoint, _ color: Color, size: Double = OverlayStyle.textSize) -> CGFloat {
        let px = max(6, Int((size * scale).rounded()))
        let advance = text.advance(pixelSize: px)
        var x = Int((Double(p.x) * scale).rounded())
        let y = Int((Double(p.y) * scale).rounded())
        let c = color.premultipliedPixel
        for ch in s {
            if ch != " ", let g = text.glyph(ch, pixelSize: px) { blend(g, x: x, y: y, color: c) }
            x += advance
        }
        return CGFloat(Double(x) / scale)
    }

    /// Points one character of `size` advances.
    func advance(size: Double = OverlayStyle.textSize) -> CGFloat {
        CGFloat(Double(text.advance(pixelSize: max(6, Int((size * scale).rounded())))) / scale)
    }

    private func blend(_ g: GlyphCache.Glyph, x: Int, y: Int, color: UInt32) {
        let area = clip.intersection(PixelRect(x: x, y: y, width: g.width, height: g.height))
        guard !area.isEmpty else { return }
        touch(area)
        g.coverage.withUnsafeBufferPointer { cov in
            for row in area.y0..<area.y1 {
                let src = cov.baseAddress! + (row - y) * g.width + (area.x0 - x)
                Blend.blendSolid(bitmap.pixels + row * bitmap.stride + area.x0, color, coverage: src, count: area.width, scale: 255)
            }
        }
    }
}

/// The bounding box of what an overlay drew in one frame (empty when it drew nothing).
final class TouchedPixels {
    var rect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// `rect` as `FrameOverlay.pixelsDrawn` reports it.
    var drawn: [PixelRect] { rect.isEmpty ? [] : [rect] }
}

/// Glyph coverage of the bundled DejaVu Sans Mono, rendered once per character and pixel size.
///
/// A monospaced face makes per-glyph drawing exact (no kerning; every glyph advances the same),
/// so a changing number costs a few blends, not a FreeType render per frame.
final class GlyphCache {
    struct Glyph {
        let width: Int
        let height: Int
        let coverage: [UInt8]
    }
    private var glyphs: [Int: [Character: Glyph]] = [:]
    private var advances: [Int: Int] = [:]
    private var missing: [Int: Set<Character>] = [:]
    /// The most distinct glyphs kept per size before the cache starts over (layer names may bring
    /// any characters). Default: 512.
    static let limit = 512

    func advance(pixelSize: Int) -> Int {
        if let a = advances[pixelSize] { return a }
        let a = max(1, FontLibrary.shared.measure("0", face: .mono, pixelSize: pixelSize).width)
        advances[pixelSize] = a
        return a
    }

    func glyph(_ ch: Character, pixelSize: Int) -> Glyph? {
        if let g = glyphs[pixelSize]?[ch] { return g }
        if missing[pixelSize]?.contains(ch) == true { return nil }
        guard let bmp = FontLibrary.shared.render(String(ch), face: .mono, pixelSize: pixelSize, color: .white) else {
            missing[pixelSize, default: []].insert(ch)
            return nil
        }
        var cov = [UInt8](repeating: 0, count: bmp.width * bmp.height)
        for y in 0..<bmp.height {
            let row = bmp.row(y)
            for x in 0..<bmp.width { cov[y * bmp.width + x] = UInt8(row[x] >> 24) }
        }
        let g = Glyph(width: bmp.width, height: bmp.height, coverage: cov)
        if glyphs[pixelSize, default: [:]].count >= Self.limit { glyphs[pixelSize] = [:] }
        glyphs[pixelSize, default: [:]][ch] = g
        return g
    }
}

/// The tools' colours and sizes (points), in one place.
enum OverlayStyle {
    static let textSize = 11.0
    static let lineHeight: CGFloat = 14
    static let panel = Color(r: 0.07, g: 0.08, b: 0.11, a: 0.88)
    static let panelEdge = Color(r: 1, g: 1, b: 1, a: 0.22)
    /// The background of a tool docked beside the scene (the inspector's panel, the time-travel
    /// band): opaque, so nothing the scene draws past its bounds shows through.
    static let dock = Color(r: 0.07, g: 0.08, b: 0.11, a: 1)
    static let text = Color(r: 0.92, g: 0.93, b: 0.96)
    static let dim = Color(r: 0.62, g: 0.65, b: 0.72)
    static let accent = Color(r: 0.35, g: 0.78, b: 1)
    static let button = Color(r: 1, g: 1, b: 1, a: 0.12)
    static let buttonOn = Color(r: 0.35, g: 0.78, b: 1, a: 0.55)
    static let selection = Color(r: 0.35, g: 0.78, b: 1, a: 0.28)
    static let hoverOutline = Color(r: 1, g: 0.85, b: 0.2)
    static let pickOutline = Color(r: 0.25, g: 0.95, b: 0.55)
}
