import Foundation
import Raster

/// A layer's own content drawn once into a bitmap in the layer's space, reused while it is valid.
final class ContentCache {
    let bitmap: Bitmap
    /// Cache pixel → layer (bounds) coordinates.
    let toLocal: Transform
    let key: ContentKey
    init(bitmap: Bitmap, toLocal: Transform, key: ContentKey) { self.bitmap = bitmap; self.toLocal = toLocal; self.key = key }
}

/// What a cached content bitmap depends on: redrawn when any part differs.
struct ContentKey: Equatable {
    var bounds: CGRect
    var scale: Double
    var content: LayerContentSnapshot
    var version: Int
}

/// What a cached shadow depends on: the shape (background and content) and the shadow's own values.
struct ShadowKey: Equatable {
    var path: CGPath?
    var content: ContentKey?
    var background: Bool
    var cornerRadius: CGFloat
    var radius: CGFloat
    var color: CGColor
    var opacity: Float
}

/// A subclass's presented content values, compared to decide whether the cache is still good.
public struct LayerContentSnapshot: Equatable {
    let value: Any?
    let equals: (Any?) -> Bool
    public init<T: Equatable>(_ v: T) {
        value = v
        equals = { ($0 as? T) == v }
    }
    public static let none = LayerContentSnapshot(0)
    public static func == (a: Self, b: Self) -> Bool { a.equals(b.value) }
}

/// Where a layer draws its own content: a bitmap, the map from the layer's space into it, and the
/// pixels that may change.
public struct LayerDrawingContext {
    public let bitmap: Bitmap
    /// Layer coordinates → bitmap pixels.
    public let transform: Transform
    public let scale: Double
    /// Pixels of `bitmap` that may be written.
    public let clip: PixelRect
    /// A coverage mask multiplied into everything drawn (a shape layer used as a mask); its byte
    /// (0, 0) covers bitmap pixel `maskOrigin`. Nil when drawing into a cache.
    public var mask: Mask? = nil
    public var maskOrigin: (x: Int, y: Int) = (0, 0)

    public init(bitmap: Bitmap, transform: Transform, scale: Double, clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
        self.bitmap = bitmap; self.transform = transform; self.scale = scale; self.clip = clip
        self.mask = mask; self.maskOrigin = maskOrigin
    }

    /// A canvas over the context's pixels, with its clip and mask.
    public var canvas: Canvas { RasterOps.canvas(bitmap, clip, mask: mask, maskOrigin: maskOrigin) }
}

extension LayerRenderer {
    /// Fills the layer's background (with its corner radius) straight into the target: a solid
    /// fill costs about what copying a cached bitmap would.
    func drawBackground(_ v: LayerValues, toBitmap: Transform, opacity: Double, into target: Target) {
        guard let bg = v.backgroundColor, bg.alpha > 0, !v.bounds.isEmpty else { return }
        var shape = Path()
        shape.addRoundedRect(Rect(v.bounds), cornerRadius: Double(v.cornerRadius))
        RasterOps.fill(shape, transform: toBitmap, rule: .nonZero, color: bg.rasterColor, opacity: opacity,
                       into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }

    /// Draws the layer's own content: from its cache, redrawn only when a content value changed; or,
    /// when the content changed on each of the last two frames (an animated gradient or strokeEnd),
    /// straight into the target, since a cache would be redrawn and thrown away every frame.
    func drawContent(_ layer: CALayer, _ v: LayerValues, toBitmap: Transform, opacity: Double, into target: Target, scale: Double) {
        guard layer.drawsContent else { layer.contentCache = nil; return }
        let key = ContentKey(bounds: v.bounds, scale: scale, content: layer.presentedContentSnapshot(), version: layer.contentVersion)
        let changed = layer.needsContentRedraw || layer.lastContentKey != key
        layer.contentChangeStreak = changed ? layer.contentChangeStreak + 1 : 0
        layer.lastContentKey = key
        layer.needsContentRedraw = false
        // Straight drawing keeps text upright only under scale and translation; opacity < 1 would
        // double-blend where fill and stroke overlap.
        let axisAligned = toBitmap.b == 0 && toBitmap.c == 0 && toBitmap.a == scale && toBitmap.d == scale
        if layer.contentChangeStreak >= 2 && opacity >= 1 && axisAligned {
            layer.contentCache = nil
            layer.drawPresentedContent(in: LayerDrawingContext(bitmap: target.bitmap, transform: toBitmap, scale: scale, clip: target.bitmapClip,
                                                               mask: target.mask, maskOrigin: target.maskOrigin))
            contentDraws += 1
            layer.displayCount += 1
            return
        }
        guard let cache = contentCache(for: layer, key: key, scale: scale) else { return }
        RasterOps.draw(cache.bitmap, imageToBitmap: cache.toLocal.concatenating(toBitmap), opacity: opacity,
                       into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }

    /// The layer's cached content for `key`, redrawn when the key changed; nil when it draws nothing.
    func contentCache(for layer: CALayer, key: ContentKey, scale: Double) -> ContentCache? {
        if let c = layer.contentCache, c.key == key { return c }
        guard let (bitmap, toBitmap) = Self.layerBitmap(covering: layer.presentedContentExtent(), scale: scale) else {
            layer.contentCache = nil
            return nil
        }
        layer.drawPresentedContent(in: LayerDrawingContext(bitmap: bitmap, transform: toBitmap, scale: scale, clip: bitmap.bounds))
        contentDraws += 1
        layer.displayCount += 1
        let cache = ContentCache(bitmap: bitmap, toLocal: toBitmap.inverted ?? .identity, key: key)
        layer.contentCache = cache
        return cache
    }

    /// A transparent bitmap over `extent` of a layer's space at `scale`, and the map into it.
    static func layerBitmap(covering extent: CGRect, scale: Double) -> (Bitmap, Transform)? {
        guard !extent.isNull, !extent.isInfinite else { return nil }
        let px = PixelRect(covering: Rect(x: Double(extent.minX) * scale, y: Double(extent.minY) * scale,
                                          width: Double(extent.width) * scale, height: Double(extent.height) * scale))
        guard !px.isEmpty, let bitmap = Bitmap(width: min(px.width, Bitmap.maxDimension), height: min(px.height, Bitmap.maxDimension)) else {
            return nil
        }
        // Layer point p → bitmap pixel p·scale − px.origin.
        return (bitmap, Transform.scale(scale, scale).concatenating(.translation(Double(-px.x0), Double(-px.y0))))
    }

    /// The layer's shadow: the alpha of its background and content, blurred by shadowRadius, in the
    /// shadow colour; cached until the shape or the shadow's values change.
    func shadowBitmap(for layer: CALayer, _ v: LayerValues, color: CGColor, scale: Double) -> (bitmap: Bitmap, toLocal: Transform)? {
        let shadowPath = layer.shadowPathStorage.flatMap { $0.isEmpty ? nil : $0 }
        let hasBackground = shadowPath == nil && (v.backgroundColor?.alpha ?? 0) > 0 && !v.bounds.isEmpty
        let content = shadowPath == nil && layer.drawsContent
            ? ContentKey(bounds: v.bounds, scale: scale, content: layer.presentedContentSnapshot(), version: layer.contentVersion) : nil
        guard shadowPath != nil || hasBackground || content != nil else { return nil }
        let key = ShadowKey(path: shadowPath, content: content, background: hasBackground, cornerRadius: v.cornerRadius,
                            radius: v.shadowRadius, color: color, opacity: v.shadowOpacity)
        if let s = layer.shadowCache, s.key == key, s.bounds == v.bounds { return (s.bitmap, s.toLocal) }
        let radius = Double(max(0, v.shadowRadius))
        let pad = CGFloat(radius * 1.5 + 1)
        var extent = hasBackground ? v.bounds : .null
        if content != nil { extent = extent.union(layer.presentedContentExtent()) }
        if let shadowPath { extent = shadowPath.boundingBoxOfPath }
        guard let (shape, toBitmap) = Self.layerBitmap(covering: extent.insetBy(dx: -pad, dy: -pad), scale: scale),
              let out = Bitmap(width: shape.width, height: shape.height) else { return nil }
        let whole = Target(bitmap: shape, origin: (0, 0), clip: shape.bounds)
        if let shadowPath {
            RasterOps.fill(shadowPath.path, transform: toBitmap, rule: .nonZero, color: .black, into: shape, clip: shape.bounds)
        }
        if hasBackground { drawBackground(v, toBitmap: toBitmap, opacity: 1, into: whole) }
        if content != nil {
            layer.drawPresentedContent(in: LayerDrawingContext(bitmap: shape, transform: toBitmap, scale: scale, clip: shape.bounds))
        }
        var c = color.rasterColor
        c.a *= Double(v.shadowOpacity)
        RasterOps.tint(alphaOf: shape, color: c, into: out, at: (0, 0))
        RasterOps.blur(out, radius: radius * scale)
        let toLocal = toBitmap.inverted ?? .identity
        layer.shadowCache = (key, v.bounds, out, toLocal)
        return (out, toLocal)
    }

    /// The device pixels a subtree may touch (bounds, content and shadow; sublayers unless clipped).
    func subtreeDeviceBounds(_ layer: CALayer, _ v: LayerValues, toDevice: Transform, scale: Double) -> PixelRect {
        var local = v.bounds
        if layer.drawsContent { local = local.union(layer.presentedContentExtent()) }
        if v.shadowOpacity > 0 {
            let r = Double(v.shadowRadius) * 1.5 + 1
            let shape = layer.shadowPathStorage.map { $0.boundingBoxOfPath } ?? local
            local = local.union(shape.offsetBy(dx: v.shadowOffset.width, dy: v.shadowOffset.height).insetBy(dx: -r, dy: -r))
        }
        var result = Self.deviceRect(local, toDevice)
        guard !v.masksToBounds else { return result }
        for s in layer.sublayers ?? [] where !s.presented.isHidden {
            let sv = s.presented
            let m = CALayer.transformToSuperlayer(sv, v).planeProjection
            guard m.isAffine else { return PixelRect(x0: -1 << 20, y0: -1 << 20, x1: 1 << 20, y1: 1 << 20) }
            result = result.union(subtreeDeviceBounds(s, sv, toDevice: Transform(affine: m).concatenating(toDevice), scale: scale))
        }
        return result
    }

    /// A subtree's extent in the layer's own coordinates (for drawing it flat).
    func subtreeLocalBounds(_ layer: CALayer, _ v: LayerValues) -> CGRect {
        var local = v.bounds
        if layer.drawsContent { local = local.union(layer.presentedContentExtent()) }
        if v.masksToBounds { return local }
        for s in layer.sublayers ?? [] {
            let sv = s.presented
            let m = CALayer.transformToSuperlayer(sv, v).planeProjection
            guard m.isAffine else { continue }
            let r = subtreeLocalBounds(s, sv)
            let d = Self.deviceRect(r, Transform(affine: m))
            local = local.union(CGRect(x: d.x0, y: d.y0, width: d.width, height: d.height))
        }
        return local
    }

    static func deviceRect(_ r: CGRect, _ t: Transform) -> PixelRect {
        guard !r.isNull, !r.isEmpty || r.width > 0 || r.height > 0 else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        let pts = [Point(Double(r.minX), Double(r.minY)), Point(Double(r.maxX), Double(r.minY)),
                   Point(Double(r.minX), Double(r.maxY)), Point(Double(r.maxX), Double(r.maxY))].map(t.apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        var px = PixelRect(covering: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
        px.x0 -= 1; px.y0 -= 1; px.x1 += 1; px.y1 += 1 // antialiased edges
        return px
    }
}

/// A scratch image the renderer reuses between frames: bitmaps for isolated groups, A8 masks.
protocol ScratchImage: AnyObject {
    var width: Int { get }
    var height: Int { get }
    init?(width: Int, height: Int)
    /// Back to all zeros (transparent, uncovered).
    func zero()
}

extension Bitmap: ScratchImage { func zero() { clear() } }
extension Mask: ScratchImage { func zero() { clear() } }

/// Scratch images kept between frames, so isolated groups and masks allocate nothing per frame.
struct ScratchPool<Image: ScratchImage> {
    private var free: [Image] = []
    /// A zeroed image of the size, reused when one is free; nil for an empty or oversized request.
    mutating func take(width: Int, height: Int) -> Image? {
        guard width >= 1, height >= 1 else { return nil }
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            let image = free.remove(at: i)
            image.zero()
            return image
        }
        return Image(width: width, height: height)
    }
    mutating func give(back image: Image) {
        free.append(image)
        if free.count > 8 { free.removeFirst() }
    }
}

extension Transform {
    /// The affine part of a projective map that has no perspective.
    init(affine p: ProjectiveTransform) {
        self.init(a: p.m11, b: p.m12, c: p.m21, d: p.m22, tx: p.m31, ty: p.m32)
    }
}
