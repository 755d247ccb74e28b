import Foundation

/// A layer's own timing, as `CALayer`'s `CAMediaTiming` conformance: a layer's beginTime, speed and
/// timeOffset govern its whole subtree (Apple's hierarchical time).
///
/// local = (parentLocal − beginTime) × speed + timeOffset, from the root's parent (media time) down.
/// Pausing a layer is `speed = 0; timeOffset = convertTime(now, from: nil)` (Apple's QA1673).
public struct LayerTiming: Equatable, Sendable {
    /// When the layer's own time starts, in its superlayer's time. Default: 0.
    public var beginTime: CFTimeInterval = 0
    /// Default: 1.
    public var speed: Float = 1
    /// An offset added to the layer's own time (after the speed). Default: 0.
    public var timeOffset: CFTimeInterval = 0

    /// Parent time → this layer's time.
    @inlinable public func local(_ parent: Double) -> Double {
        speed == 1 && beginTime == 0 && timeOffset == 0 ? parent : (parent - beginTime) * Double(speed) + timeOffset
    }
    /// This layer's time → parent time; with speed 0 every parent time maps to the same local
    /// time, so the layer's beginTime is returned.
    @inlinable public func parent(_ local: Double) -> Double {
        speed == 0 ? beginTime : (local - timeOffset) / Double(speed) + beginTime
    }
}

extension CALayer {
    /// When the layer's own time starts, in its superlayer's time. Default: 0.
    public var beginTime: CFTimeInterval { get { timing.beginTime } set { timing.beginTime = newValue.isFinite ? newValue : 0 } }
    /// How fast the layer's time runs relative to its superlayer's (0 pauses it and its animations). Default: 1.
    public var speed: Float { get { timing.speed } set { timing.speed = newValue.isFinite ? newValue : 1 } }
    /// An offset added to the layer's own time. Default: 0.
    public var timeOffset: CFTimeInterval { get { timing.timeOffset } set { timing.timeOffset = newValue.isFinite ? newValue : 0 } }

    /// The layer's local time for a media time (the root's parent time).
    public func localTime(fromMedia t: Double) -> Double {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let layer = l { chain.append(layer); l = layer.superlayer }
        return chain.reversed().reduce(t) { $1.timing.local($0) }
    }

    /// The media time for a time in this layer's local time.
    public func mediaTime(fromLocal t: Double) -> Double {
        var time = t
        var l: CALayer? = self
        while let layer = l { time = layer.timing.parent(time); l = layer.superlayer }
        return time
    }

    /// Converts a time from `layer`'s local time (nil: media time) into this layer's local time.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromMedia: layer?.mediaTime(fromLocal: t) ?? t)
    }

    /// Converts a time from this layer's local time into `layer`'s (nil: media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return layer?.localTime(fromMedia: media) ?? media
    }

    // MARK: Space

    /// Maps this layer's bounds coordinates into its superlayer's bounds coordinates: the anchor
    /// point to the origin, the transform, then `position`, then the superlayer's sublayerTransform
    /// about its anchor point.
    public var transformToSuperlayer: CATransform3D { Self.transformToSuperlayer(modelValues, superlayer?.modelValues) }

    /// The same map for any values (the compositor passes presentation values).
    public static func transformToSuperlayer(_ v: LayerValues, _ parent: LayerValues?) -> CATransform3D {
        let ax = v.bounds.minX + v.bounds.width * v.anchorPoint.x, ay = v.bounds.minY + v.bounds.height * v.anchorPoint.y
        var m = CATransform3DMakeTranslation(-ax, -ay, 0)
        if v.transform != .identity { m = CATransform3DConcat(m, v.transform) }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(v.position.x, v.position.y, v.zPosition))
        if let p = parent, p.sublayerTransform != .identity {
            let px = p.bounds.minX + p.bounds.width * p.anchorPoint.x, py = p.bounds.minY + p.bounds.height * p.anchorPoint.y
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(-px, -py, 0))
            m = CATransform3DConcat(m, p.sublayerTransform)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(px, py, 0))
        }
        return m
    }

    /// Converts a point from `layer`'s coordinates (nil: the root's) into this layer's.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let root = (layer ?? self).rootLayer
        guard root === rootLayer else { return p }
        let toRoot = (layer ?? root).transformToRoot
        guard let inRoot = toRoot.project(p) else { return p }
        return transformToRoot.inverseProject(inRoot) ?? p
    }

    /// Converts a point from the superlayer's coordinates into this layer's using the values on
    /// screen (the presentation values of this layer and its superlayer), as UIKit hit-tests views
    /// a property animator moves. Nil when the map is singular or there is no superlayer.
    public func convertFromSuperlayerAsPresented(_ p: CGPoint) -> CGPoint? {
        guard let s = superlayer else { return nil }
        return Self.transformToSuperlayer(presented, s.presented).inverseProject(p)
    }

    /// Converts a point from this layer's coordinates into `layer`'s (nil: the root's).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        (layer ?? rootLayer).convert(p, from: self)
    }

    var rootLayer: CALayer {
        var l = self
        while let s = l.superlayer { l = s }
        return l
    }

    /// Bounds coordinates → root bounds coordinates.
    var transformToRoot: CATransform3D {
        var m = CATransform3D.identity
        var l: CALayer? = self
        while let layer = l, layer.superlayer != nil { m = CATransform3DConcat(m, layer.transformToSuperlayer); l = layer.superlayer }
        return m
    }

    /// The layer's point at `p` in its superlayer's coordinates, if any: the deepest visible layer
    /// containing it (Core Animation's hitTest).
    public func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0 else { return nil }
        let local = superlayer == nil ? p : (transformToSuperlayer.inverseProject(p) ?? CGPoint(x: CGFloat.nan, y: .nan))
        if masksToBounds && !bounds.contains(local) { return nil }
        for s in (sublayers ?? []).reversed() { if let hit = s.hitTest(local) { return hit } }
        return bounds.contains(local) ? self : nil
    }

    /// Whether `p` (in the layer's coordinates) is inside the bounds.
    public func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }
}

extension CATransform3D {
    /// The point of the z = 0 plane that projects to `p`, or nil when none does.
    func inverseProject(_ p: CGPoint) -> CGPoint? {
        guard let inv = planeProjection.inverted else { return nil }
        // The inverse of a projective map may carry W < 0 for points in front of the eye; divide by W as is.
        let x = Double(p.x), y = Double(p.y)
        let w = x * inv.m13 + y * inv.m23 + inv.m33
        guard w != 0 else { return nil }
        let r = CGPoint(x: (x * inv.m11 + y * inv.m21 + inv.m31) / w, y: (x * inv.m12 + y * inv.m22 + inv.m32) / w)
        return r.x.isFinite && r.y.isFinite ? r : nil
    }
}
