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
    /// Core Animation's `allowsGroupOpacity`. Shadows and masks are drawn as on screen
    /// (CALayer+RenderEffects.swift): the shadow of the background and content (or of
    /// `shadowPath`) under the layer, and a `mask` layer's alpha clipping everything the layer
    /// draws, its shadow included.
    /// Hidden layers and those at opacity 0 draw nothing. Trees deeper than 256 layers are cut
    /// there, with one line.
    /// - Complexity: O(layers + what they draw).
    public func render(in ctx: CGContext) {
        var reported = false
        renderLayer(in: ctx, depth: 0, reported: &reported)
    }

    func renderLayer(in ctx: CGContext, depth: Int, reported: inout Bool) {
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
        // A mask clips all the layer draws (inside its group, so the group's clip starts from it).
        if let mask, !clip(to: mask, in: ctx, depth: depth, reported: &reported) { return }
        let b = v.bounds
        // The compositor's own outline: `cornerRadius` at the `maskedCorners`, in the `cornerCurve`'s shape.
        func outline(inset: CGFloat = 0) -> CGPath { CGPath(path: v.boundsShape(inset: Double(inset))) }
        let content = contentRecording(for: ctx)
        drawShadow(in: ctx, background: outline(), content: content)
        if let bg = v.backgroundColor, bg.alpha > 0 {
            ctx.setFillColor(bg)
            ctx.beginPath()
            ctx.addPath(outline())
            ctx.fillPath()
        }
        ctx.saveGState()
        if v.masksToBounds {
            ctx.beginPath()
            ctx.addPath(outline())
            ctx.clip()
        }
        if let content { ctx.drawRecording(content) }
        let subs = (sublayers ?? []).enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
        if !subs.isEmpty {
            // The sublayer transform turns about the bounds' centre.
            let mid = CGAffineTransform(translationX: b.midX, y: b.midY)
            let sublayerSpace = CGAffineTransform(translationX: -b.midX, y: -b.midY)
                .concatenating(CATransform3DGetAffineTransform(v.sublayerTransform)).concatenating(mid)
            for sub in subs {
                let toParent = CALayer.renderTransform(of: sub.modelValues).concatenating(sublayerSpace)
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
            ctx.addPath(outline(inset: w / 2))
            ctx.strokePath()
        }
    }

    /// The layer's own content, recorded as the display step would but from the model values: a
    /// copy of the layer made to present them draws into a recording for the context to play (nil
    /// when the layer draws no content).
    private func contentRecording(for ctx: CGContext) -> DisplayList? {
        let copy = type(of: self).init(layer: self)
        copy.presented = modelValues
        copy.presentContent()
        copy.delegate = delegate
        copy.drawsCustomContent = drawsCustomContent
        guard copy.drawsContent else { return nil }
        let recording = LayerDrawingContext(scale: ctx.textScale, textRasterizer: ctx.target?.textRasterizer)
        copy.drawPresentedContent(in: recording)
        return recording.list.isEmpty ? nil : recording.list
    }
}
