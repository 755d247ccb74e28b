import Foundation
import Raster

/// Filling and stroking Core Graphics paths into a layer's content bitmap, for code outside Layers
/// (Views' `CGContext`) that draws with Core Graphics types and must not reach into Raster.
extension LayerDrawingContext {
    /// Fills `path` in `color`; `ctm` maps path coordinates into the layer's coordinates.
    /// Non-finite transforms draw nothing (the rasterizer drops non-finite geometry).
    public func fill(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, evenOdd: Bool = false) {
        guard !path.isEmpty, color.alpha > 0 else { return }
        RasterOps.fill(path.path, transform: Transform(ctm).concatenating(transform), rule: evenOdd ? .evenOdd : .nonZero,
                       color: color.rasterColor, into: bitmap, clip: clip)
    }

    /// Strokes `path` in `color` with Core Graphics' pen settings; widths are in path units, so the
    /// current transform scales them, as in Core Graphics.
    /// - Parameters: defaults are Core Graphics': width 1, butt caps, miter joins, miter limit 10, no dashes.
    public func stroke(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, lineWidth: CGFloat = 1,
                       lineCap: CAShapeLayerLineCap = .butt, lineJoin: CAShapeLayerLineJoin = .miter,
                       miterLimit: CGFloat = 10, dashes: [CGFloat] = [], dashPhase: CGFloat = 0) {
        guard !path.isEmpty, color.alpha > 0, lineWidth > 0, lineWidth.isFinite else { return }
        var style = StrokeStyle(width: Double(lineWidth))
        style.cap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        style.join = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        style.miterLimit = Double(miterLimit)
        style.dashes = dashes.map(Double.init)
        style.dashPhase = Double(dashPhase)
        RasterOps.stroke(path.path, style: style, transform: Transform(ctm).concatenating(transform), color: color.rasterColor,
                         into: bitmap, clip: clip)
    }
}
