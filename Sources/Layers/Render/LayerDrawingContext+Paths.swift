import Foundation
import Raster

/// A clipping region for drawing into a layer's content (Core Graphics' clip path): antialiased
/// coverage over the drawing context's writable pixels. Opaque so Views needs no Raster types.
public struct LayerClip {
    /// Nil when nothing is inside the region.
    let mask: Mask?
    /// Bitmap pixel of the mask's byte (0, 0).
    let origin: (x: Int, y: Int)
}

/// Filling, stroking and clipping Core Graphics paths in a layer's content bitmap, for code outside
/// Layers (Views' `CGContext`) that draws with Core Graphics types and must not reach into Raster.
extension LayerDrawingContext {
    /// Fills `path` in `color`; `ctm` maps path coordinates into the layer's coordinates.
    /// Non-finite transforms draw nothing (the rasterizer drops non-finite geometry).
    /// - Parameter region: a clip from `makeClip`; nil draws unclipped. Default nil.
    public func fill(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, evenOdd: Bool = false, clippedTo region: LayerClip? = nil) {
        guard !path.isEmpty, color.alpha > 0, let canvas = canvas(region) else { return }
        canvas.fill(path.path, transform: Transform(ctm).concatenating(transform), rule: evenOdd ? .evenOdd : .nonZero,
                    paint: .solid(color.rasterColor))
    }

    /// The region inside `path` (under `ctm`), intersected with `previous` when given.
    /// - Complexity: O(writable pixels) for the coverage mask.
    public func makeClip(_ path: CGPath, ctm: CGAffineTransform, evenOdd: Bool = false, intersecting previous: LayerClip? = nil) -> LayerClip {
        let c = clip.intersection(bitmap.bounds)
        guard !c.isEmpty, previous == nil || previous?.mask != nil, let coverage = Bitmap(width: c.width, height: c.height) else {
            return LayerClip(mask: nil, origin: (0, 0))
        }
        let t = Transform(ctm).concatenating(transform).concatenating(.translation(Double(-c.x0), Double(-c.y0)))
        RasterOps.fill(path.path, transform: t, rule: evenOdd ? .evenOdd : .nonZero, color: .white, into: coverage, clip: coverage.bounds)
        let m = Mask(alphaOf: coverage)
        if let prev = previous, let old = prev.mask {
            for y in 0..<m.height {
                let oy = y + c.y0 - prev.origin.y
                let row = m.bytes + y * m.stride
                for x in 0..<m.width {
                    let ox = x + c.x0 - prev.origin.x
                    let o: UInt32 = oy >= 0 && oy < old.height && ox >= 0 && ox < old.width ? UInt32(old.bytes[oy * old.stride + ox]) : 0
                    row[x] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(row[x]), o))
                }
            }
        }
        return LayerClip(mask: m, origin: (c.x0, c.y0))
    }

    /// A canvas over the writable pixels, masked by `region`; nil when the region is empty.
    private func canvas(_ region: LayerClip?) -> Canvas? {
        var canvas = RasterOps.canvas(bitmap, clip)
        guard let region else { return canvas }
        guard let m = region.mask else { return nil }
        canvas.mask = m
        canvas.maskOrigin = region.origin
        return canvas
    }

    /// Strokes `path` in `color` with Core Graphics' pen settings; widths are in path units, so the
    /// current transform scales them, as in Core Graphics.
    /// - Parameters: defaults are Core Graphics': width 1, butt caps, miter joins, miter limit 10, no dashes.
    public func stroke(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, lineWidth: CGFloat = 1,
                       lineCap: CAShapeLayerLineCap = .butt, lineJoin: CAShapeLayerLineJoin = .miter,
                       miterLimit: CGFloat = 10, dashes: [CGFloat] = [], dashPhase: CGFloat = 0, clippedTo region: LayerClip? = nil) {
        guard !path.isEmpty, color.alpha > 0, lineWidth > 0, lineWidth.isFinite, let canvas = canvas(region) else { return }
        var style = StrokeStyle(width: Double(lineWidth))
        style.cap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        style.join = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        style.miterLimit = Double(miterLimit)
        style.dashes = dashes.map(Double.init)
        style.dashPhase = Double(dashPhase)
        let outline = path.path.stroked(style, transform: Transform(ctm).concatenating(transform))
        guard !outline.isEmpty else { return }
        canvas.fill(outline, rule: .nonZero, paint: .solid(color.rasterColor))
    }
}
