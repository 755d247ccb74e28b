import Foundation
import Raster

/// A clipping region for drawing into a layer's content (Core Graphics' clip path), as recorded
/// in the drawing context. Opaque so Views needs no Raster types.
public struct LayerClip {
    /// The clip's number in the context's recording; nil when nothing is inside the region.
    let id: Int?
}

/// Filling, stroking and clipping Core Graphics paths in a layer's content, for code outside
/// Layers (Views' `CGContext`) that draws with Core Graphics types and must not reach into Raster.
extension LayerDrawingContext {
    /// Fills `path` in `color`; `ctm` maps path coordinates into the layer's coordinates.
    /// Non-finite transforms draw nothing (the rasterizer drops non-finite geometry).
    /// - Parameters:
    ///   - path: the outline, in path coordinates.
    ///   - ctm: maps path coordinates into the layer's.
    ///   - color: the fill's colour; a clear one draws nothing.
    ///   - evenOdd: the even-odd rule instead of non-zero winding. Default: false.
    ///   - region: a clip from `makeClip`; nil draws unclipped. Default: nil.
    public func fill(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, evenOdd: Bool = false, clippedTo region: LayerClip? = nil) {
        guard !path.isEmpty, color.alpha > 0, region == nil || region?.id != nil else { return }
        record { $0.fill(path.path, pathTransform: Transform(ctm), rule: evenOdd ? .evenOdd : .nonZero, paint: .solid(color.rasterColor),
                         clip: region?.id) }
    }

    /// The region inside `path` (under `ctm`), intersected with `previous` when given.
    /// - Complexity: O(1) here; the coverage mask (O(writable pixels)) is made when the content is rasterized.
    public func makeClip(_ path: CGPath, ctm: CGAffineTransform, evenOdd: Bool = false, intersecting previous: LayerClip? = nil) -> LayerClip {
        if let previous, previous.id == nil { return LayerClip(id: nil) }
        var id = 0
        record { id = $0.clip(path.path, pathTransform: Transform(ctm), rule: evenOdd ? .evenOdd : .nonZero, intersecting: previous?.id) }
        return LayerClip(id: id)
    }

    /// Strokes `path` in `color` with Core Graphics' pen settings; widths are in path units, so the
    /// current transform scales them, as in Core Graphics.
    /// - Parameters: defaults are Core Graphics': width 1, butt caps, miter joins, miter limit 10, no dashes.
    public func stroke(_ path: CGPath, ctm: CGAffineTransform, color: CGColor, lineWidth: CGFloat = 1,
                       lineCap: CAShapeLayerLineCap = .butt, lineJoin: CAShapeLayerLineJoin = .miter,
                       miterLimit: CGFloat = 10, dashes: [CGFloat] = [], dashPhase: CGFloat = 0, clippedTo region: LayerClip? = nil) {
        guard !path.isEmpty, color.alpha > 0, lineWidth > 0, lineWidth.isFinite, region == nil || region?.id != nil else { return }
        var style = StrokeStyle(width: Double(lineWidth))
        style.cap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        style.join = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        style.miterLimit = Double(miterLimit)
        style.dashes = dashes.map(Double.init)
        style.dashPhase = Double(dashPhase)
        record { $0.stroke(path.path, pathTransform: Transform(ctm), style: style, color: color.rasterColor, clip: region?.id) }
    }
}
