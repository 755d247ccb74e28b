import Foundation
import Raster

/// A layer's own content drawn once into a bitmap in the layer's space, reused while it is valid.
final class ContentCache {
    let bitmap: Bitmap
    /// Cache pixel → layer (bounds) coordinates.
    let toLocal: Transform
    let key: ContentKey
    var shadow: (key: ShadowKey, bitmap: Bitmap, toLocal: Transform)?
    init(bitmap: Bitmap, toLocal: Transform, key: ContentKey) { self.bitmap = bitmap; self.toLocal = toLocal; self.key = key }
}

/// What a cached content bitmap depends on: redrawn when any part differs.
struct ContentKey: Equatable {
    var bounds: CGRect
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat
    var scale: Double
    var content: LayerContentSnapshot
    var version: Int
}

struct ShadowKey: Equatable {
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

/// Where a layer draws its own content: a bitmap over `extent` of the layer's space at `scale`.
public struct LayerDrawingContext {
    public let bitmap: Bitmap
    /// Layer coordinates → bitmap pixels.
    public let transform: Transform
    public let scale: Double
}

extension LayerRenderer {
    /// The layer's cached content, redrawn when its key changed; nil when the layer draws nothing.
    func contentCache(for layer: CALayer, _ v: LayerValues, scale: Double) -> ContentCache? {
        let key = ContentKey(bounds: v.bounds, backgroundColor: v.backgroundColor, cornerRadius: v.cornerRadius, scale: scale,
                             content: layer.presentedContentSnapshot(), version: layer.contentVersion)
        if let c = layer.contentCache, c.key == key, !layer.needsContentRedraw { return c }
        layer.needsContentRedraw = false
        let hasBackground = (v.backgroundColor?.alpha ?? 0) > 0 && !v.bounds.isEmpty
        guard hasBackground || layer.drawsContent else { layer.contentCache = nil; return nil }
        var extent = hasBackground ? v.bounds : .null
        if layer.drawsContent { extent = extent.union(layer.presentedContentExtent()) }
        let px = PixelRect(covering: Rect(x: Double(extent.minX) * scale, y: Double(extent.minY) * scale,
                                          width: Double(extent.width) * scale, height: Double(extent.height) * scale))
        guard !extent.isNull, !px.isEmpty, let bitmap = Bitmap(width: min(px.width, Bitmap.maxDimension), height: min(px.height, Bitmap.maxDimension)) else {
            layer.contentCache = nil
            return nil
        }
        // Layer point p → cache pixel p·scale − px.origin.
        let toBitmap = Transform.scale(scale, scale).concatenating(.translation(Double(-px.x0), Double(-px.y0)))
        if hasBackground, let bg = v.backgroundColor {
            var shape = Path()
            shape.addRoundedRect(Rect(v.bounds), cornerRadius: Double(v.cornerRadius))
            RasterOps.fill(shape, transform: toBitmap, rule: .nonZero, color: bg.rasterColor, into: bitmap, clip: bitmap.bounds)
        }
        if layer.drawsContent {
            layer.drawPresentedContent(in: LayerDrawingContext(bitmap: bitmap, transform: toBitmap, scale: scale))
        }
        contentDraws += 1
        layer.displayCount += 1
        let cache = ContentCache(bitmap: bitmap, toLocal: toBitmap.inverted ?? .identity, key: key)
        layer.contentCache = cache
        return cache
    }

    /// The shadow of the cached content: its alpha blurred by shadowRadius, in the shadow colour.
    func shadowBitmap(for layer: CALayer, cache: ContentCache, _ v: LayerValues, color: CGColor, scale: Double)
        -> (bitmap: Bitmap, toLocal: Transform) {
        let key = ShadowKey(radius: v.shadowRadius, color: color, opacity: v.shadowOpacity)
        if let s = cache.shadow, s.key == key { return (s.bitmap, s.toLocal) }
        let pad = Int((Double(max(0, v.shadowRadius)) * scale * 1.5).rounded(.up)) + 1
        let src = cache.bitmap
        guard let out = Bitmap(width: min(Bitmap.maxDimension, src.width + 2 * pad), height: min(Bitmap.maxDimension, src.height + 2 * pad)) else {
            return (src, cache.toLocal)
        }
        var c = color.rasterColor
        c.a *= Double(v.shadowOpacity)
        RasterOps.tint(alphaOf: src, color: c, into: out, at: (pad, pad))
        RasterOps.blur(out, radius: Double(max(0, v.shadowRadius)) * scale)
        let toLocal = Transform.translation(Double(-pad), Double(-pad)).concatenating(cache.toLocal)
        cache.shadow = (key, out, toLocal)
        return (out, toLocal)
    }

    /// The device pixels a subtree may touch (bounds, content and shadow; sublayers unless clipped).
    func subtreeDeviceBounds(_ layer: CALayer, _ v: LayerValues, toDevice: Transform, scale: Double) -> PixelRect {
        var local = v.bounds
        if layer.drawsContent { local = local.union(layer.presentedContentExtent()) }
        if v.shadowOpacity > 0 {
            let r = Double(v.shadowRadius) * 1.5 + 1
            local = local.union(local.offsetBy(dx: v.shadowOffset.width, dy: v.shadowOffset.height).insetBy(dx: -r, dy: -r))
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

/// Scratch bitmaps reused between frames, so isolated groups allocate nothing per frame.
struct BitmapPool {
    private var free: [Bitmap] = []
    mutating func take(width: Int, height: Int) -> Bitmap? {
        guard width >= 1, height >= 1 else { return nil }
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            let b = free.remove(at: i)
            b.clear()
            return b
        }
        return Bitmap(width: width, height: height)
    }
    mutating func give(back b: Bitmap) {
        free.append(b)
        if free.count > 8 { free.removeFirst() }
    }
}

extension Transform {
    /// The affine part of a projective map that has no perspective.
    init(affine p: ProjectiveTransform2D) {
        self.init(a: p.m11, b: p.m12, c: p.m21, d: p.m22, tx: p.m31, ty: p.m32)
    }
}
