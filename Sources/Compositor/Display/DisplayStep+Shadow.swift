import Foundation
import Layers
import Raster

extension DisplayStep {
    /// The layer's shadow: the alpha of its background and content (or of its shadowPath), blurred
    /// by shadowRadius, in the shadow colour; cached until the shape or the shadow's values change.
    func shadow(of layer: CALayer, _ n: RenderNode, color: CGColor, scale: Double) -> NodeImage? {
        let v = n.values
        let state = LayerDisplayState.of(layer)
        let shadowPath = layer.shadowPath.flatMap { $0.isEmpty ? nil : $0 }
        let hasBackground = shadowPath == nil && (v.backgroundColor?.alpha ?? 0) > 0 && !v.bounds.isEmpty
        let content = shadowPath == nil && n.drawsContent
            ? ContentKey(bounds: v.bounds, scale: scale, content: layer.presentedContentSnapshot(), version: layer.contentVersion) : nil
        guard shadowPath != nil || hasBackground || content != nil else { return nil }
        let key = ShadowKey(path: shadowPath, content: content, background: hasBackground, cornerRadius: v.cornerRadius,
                            radius: v.shadowRadius, color: color, opacity: v.shadowOpacity)
        if let s = state.shadow, s.key == key, s.bounds == v.bounds { return s.image }
        let radius = Double(max(0, v.shadowRadius))
        let pad = CGFloat(radius * 1.5 + 1)
        var extent = hasBackground ? v.bounds : .null
        if content != nil { extent = extent.union(n.contentExtent) }
        if let shadowPath { extent = shadowPath.boundingBoxOfPath }
        guard let (shape, toBitmap) = Self.layerBitmap(covering: extent.insetBy(dx: -pad, dy: -pad), scale: scale),
              let out = Bitmap(width: shape.width, height: shape.height) else { return nil }
        var canvas = Canvas(shape, reusingScratchOf: compositor.scratch)
        canvas.clip = shape.bounds
        if let shadowPath {
            canvas.fill(shadowPath.path, transform: toBitmap, rule: .nonZero, paint: .solid(.black), opacity: 1)
        }
        if hasBackground {
            var area = Path()
            area.addRoundedRect(Rect(v.bounds), cornerRadius: Double(v.cornerRadius))
            canvas.fill(area, transform: toBitmap, rule: .nonZero, paint: .solid(v.backgroundColor!.rasterColor), opacity: 1)
        }
        if content != nil {
            switch n.content {
            case .drawing(let list):
                list.play(into: .init(bitmap: shape, clip: shape.bounds), transform: toBitmap, scratch: compositor.scratch)
            case .image(let image) where layer.isPresentationCopy:
                canvas.draw(image.bitmap, transform: image.toLocal.concatenating(toBitmap), opacity: 1)
            default:
                if case let .drawing(list) = record(layer, scale: scale) {
                    list.play(into: .init(bitmap: shape, clip: shape.bounds), transform: toBitmap, scratch: compositor.scratch)
                }
            }
        }
        var c = color.rasterColor
        c.a *= Double(v.shadowOpacity)
        out.tint(alphaOf: shape, color: c, at: (0, 0))
        out.blur(shadowRadius: radius * scale)
        let image = NodeImage(bitmap: out, toLocal: toBitmap.inverted ?? .identity)
        state.shadow = (key, v.bounds, image)
        return image
    }
}
