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
        let key = ShadowKey(path: shadowPath, content: content, background: hasBackground, cornerRadius: v.cornerRadius, corners: v.maskedCorners,
                            radius: v.shadowRadius, color: color, opacity: v.shadowOpacity)
        if let s = state.shadow, s.key == key, s.bounds == v.bounds { return s.image }
        let radius = v.shadowRadius.isFinite ? Double(max(0, v.shadowRadius)) : 0
        let pad = CGFloat(radius * 1.5 + 1)
        var extent = hasBackground ? v.bounds : .null
        if content != nil { extent = extent.union(n.contentExtent) }
        if let shadowPath { extent = shadowPath.boundingBoxOfPath }
        guard Self.shadowIsVisible(extent: extent, radius: radius, alpha: Double(color.alpha) * Double(v.shadowOpacity)) else {
            return nil
        }
        // A shadow is blurred anyway: one bigger than `maxShadowPixels` at the render's scale is
        // made at a lower resolution and stretched by the compositor, so its cost is bounded
        // whatever the layer's size (a huge layer's shadow blurred a 16384² bitmap).
        let padded = extent.insetBy(dx: -pad, dy: -pad)
        let pixels = Double(padded.width) * Double(padded.height) * scale * scale
        let shadowScale = pixels > Self.maxShadowPixels ? scale * (Self.maxShadowPixels / pixels).squareRoot() : scale
        guard shadowScale > 0, let (shape, toBitmap) = Self.layerBitmap(covering: padded, scale: shadowScale),
              let out = Bitmap(width: shape.width, height: shape.height) else { return nil }
        var canvas = Canvas(shape, reusingScratchOf: compositor.scratch)
        canvas.clip = shape.bounds
        if let shadowPath {
            canvas.fill(shadowPath.path, transform: toBitmap, rule: .nonZero, paint: .solid(.black), opacity: 1)
        }
        if hasBackground {
            canvas.fill(v.boundsShape(), transform: toBitmap, rule: .nonZero, paint: .solid(v.backgroundColor!.rasterColor), opacity: 1)
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
        out.blur(shadowRadius: radius * shadowScale)
        let image = NodeImage(bitmap: out, toLocal: toBitmap.inverted ?? .identity)
        state.shadow = (key, v.bounds, image)
        return image
    }

    /// The most pixels a shadow bitmap gets (2048²); larger shadows are made at a lower resolution.
    static let maxShadowPixels = 4_194_304.0

    /// False when no pixel of the shadow could reach half a level of 8-bit alpha, so it is not
    /// drawn at all. A Gaussian blur (σ = radius / 2) spreads a shape of area A to a peak of at most
    /// A / (2πσ²); the extent's area bounds A. This is what keeps a huge shadowRadius from costing
    /// a huge bitmap and blur: a radius of 1e6 on a 100-point layer would otherwise blur 16384²
    /// pixels for nothing visible.
    static func shadowIsVisible(extent: CGRect, radius: Double, alpha: Double) -> Bool {
        guard !extent.isNull, !extent.isInfinite, alpha > 0 else { return false }
        let sigma = radius / 2
        guard sigma > 0.5 else { return true }
        let area = Double(extent.width) * Double(extent.height)
        return alpha * area / (2 * Double.pi * sigma * sigma) >= 0.5 / 255
    }
}
