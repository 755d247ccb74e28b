import Foundation
import Raster

extension CALayer {
    /// Draws the layer and its sublayers into `ctx` in the layer's own space (its bounds' origin
    /// at the context's origin), from the model values: animations in flight are not seen, as
    /// Core Animation's `render(in:)`.
    ///
    /// Drawn per layer, back to front: the background (rounded by `cornerRadius`), the content
    /// (`contents`, a shape, gradient or text layer's drawing, a view's `draw(_:)`), the sublayers
    /// by `zPosition` then order — clipped to the rounded bounds with `masksToBounds` — then the
    /// border. Transforms and `sublayerTransform` use their affine part (no perspective); a
    /// translucent layer with sublayers is one group at its opacity (a transparency layer), as
    /// Core Animation's `allowsGroupOpacity`. Not drawn: shadows, `mask` layers, `maskedCorners`
    /// (every corner is rounded).
    /// Hidden layers and those at opacity 0 draw nothing. Trees deeper than 256 layers are cut
    /// there, with one line.
    /// - Complexity: O(layers + what they draw).
    public func render(in ctx: CGContext) {
        var reported = false
        renderLayer(in: ctx, depth: 0, reported: &reported)
    }

    private func renderLayer(in ctx: CGContext, depth: Int, reported: inout Bool) {
        let v = modelValues
        guard !v.isHidden, v.opacity > 0 else { return }
        guard depth < 256 else {
            if !reported { CAEngine.current.report("CALayer.render(in:): the tree is deeper than 256 layers; the deeper layers are not drawn") }
            reported = true
            return
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // Group opacity, as Core Animation's default: a translucent layer with sublayers is drawn
        // whole into a transparency layer, then composited at its opacity.
        let opacity = CGFloat(min(1, v.opacity.isNaN ? 1 : v.opacity))
        let group = opacity < 1 && !(sublayers ?? []).isEmpty
        ctx.state.alpha *= opacity
        if group { ctx.beginTransparencyLayer(auxiliaryInfo: nil) }
        defer { if group { ctx.endTransparencyLayer() } }
        let b = v.bounds
        let radius = min(max(0, v.cornerRadius.isFinite ? v.cornerRadius : 0), min(b.width, b.height) / 2)
        func outline(_ r: CGRect) -> CGPath {
            radius > 0 ? CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius, transform: nil) : CGPath(rect: r, transform: nil)
        }
        if let bg = v.backgroundColor, bg.alpha > 0 {
            ctx.setFillColor(bg)
            ctx.beginPath()
            ctx.addPath(outline(b))
            ctx.fillPath()
        }
        ctx.saveGState()
        if v.masksToBounds {
            ctx.beginPath()
            ctx.addPath(outline(b))
            ctx.clip()
        }
        renderContent(in: ctx)
        let subs = (sublayers ?? []).enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
        if !subs.isEmpty {
            // The sublayer transform turns about the bounds' centre.
            let mid = CGAffineTransform(translationX: b.midX, y: b.midY)
            let sublayerSpace = CGAffineTransform(translationX: -b.midX, y: -b.midY)
                .concatenating(CATransform3DGetAffineTransform(v.sublayerTransform)).concatenating(mid)
            for sub in subs {
                let s = sub.modelValues
                let anchor = CGAffineTransform(translationX: -(s.bounds.minX + s.anchorPoint.x * s.bounds.width),
                                               y: -(s.bounds.minY + s.anchorPoint.y * s.bounds.height))
                let toParent = anchor.concatenating(CATransform3DGetAffineTransform(s.transform))
                    .concatenating(CGAffineTransform(translationX: s.position.x, y: s.position.y)).concatenating(sublayerSpace)
                guard [toParent.a, toParent.b, toParent.c, toParent.d, toParent.tx, toParent.ty].allSatisfy(\.isFinite) else { continue }
                ctx.saveGState()
                ctx.concatenate(toParent)
                sub.renderLayer(in: ctx, depth: depth + 1, reported: &reported)
                ctx.restoreGState()
            }
        }
        ctx.restoreGState()
        let w = v.borderWidth
        if w > 0, w.isFinite, let color = v.borderColor, color.alpha > 0 {
            ctx.setStrokeColor(color)
            ctx.setLineWidth(w)
            ctx.beginPath()
            ctx.addPath(outline(b.insetBy(dx: w / 2, dy: w / 2)))
            ctx.strokePath()
        }
    }

    /// The layer's own content, drawn as the display step would but from the model values: a
    /// copy of the layer made to present them draws into a recording the context plays.
    private func renderContent(in ctx: CGContext) {
        let copy = type(of: self).init(layer: self)
        copy.presented = modelValues
        copy.presentContent()
        copy.delegate = delegate
        copy.drawsCustomContent = drawsCustomContent
        guard copy.drawsContent else { return }
        let m = ctx.ctm
        let scale = ctx.contentScale * Double(abs(m.a * m.d - m.b * m.c)).squareRoot()
        let recording = LayerDrawingContext(scale: scale.isFinite && scale > 0 ? min(scale, 64) : 1, textRasterizer: ctx.target?.textRasterizer)
        copy.drawPresentedContent(in: recording)
        ctx.drawRecording(recording.list)
    }
}
