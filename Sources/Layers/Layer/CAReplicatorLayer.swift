import Foundation

/// A layer that draws its sublayers several times, each copy transformed, tinted and delayed
/// from the one before, as Core Animation's `CAReplicatorLayer`.
///
/// Instance 0 is the sublayers themselves; instance k is instance k − 1 moved by
/// `instanceTransform` (about the replicator's bounds centre, as Apple's header says), its colour
/// `instanceColor` plus k times the four offsets, and its animations seen `k × instanceDelay`
/// seconds late: instance k shows the sublayers' presentation at the replicator's time
/// t − k·instanceDelay (the loading-spinner idiom: one dot's fading animation seen N times, each a
/// step later).
///
/// Decisions where Apple's header is vague:
/// - Instances are drawn instance by instance (all of instance 0's sublayers, then instance 1's…),
///   in sublayer order within one, by zPosition as any siblings.
/// - The instance colour multiplies each top-level sublayer of the instance as a group (its subtree
///   composited, then every pixel multiplied), so a sublayer's own sublayers are tinted together;
///   its alpha multiplies the sublayer's opacity. Components are clamped into 0…1 after the offsets.
/// - A count of 0 or less draws no sublayers (a negative count is reported when set); a count
///   above `maxInstanceCount` draws that many.
/// - An animation removed from a sublayer is gone from every instance at once (instances only
///   look at the animations the sublayer has now).
/// - Without `preservesDepth` the replicator is a plain layer (each sublayer flattened into its
///   plane as usual); with it, the replicator is a `CATransformLayer` for its instances: they keep
///   their 3D places and are painted back to front.
open class CAReplicatorLayer: CALayer {
    /// The most instances drawn; a larger `instanceCount` draws this many (and is reported).
    public static let maxInstanceCount = 10_000

    /// A replicator with Core Animation's defaults: one instance, no transform, delay or tint.
    public override init() { super.init() }
    /// A copy of `layer`'s properties (Core Animation calls this to make presentation layers).
    public required init(layer: Any) { super.init(layer: layer) }

    /// The number of copies drawn, the sublayers themselves included. Not animatable. Default: 1.
    public var instanceCount: Int {
        get { modelValues.replicator.instanceCount }
        set {
            if newValue < 0 {
                CAEngine.current.report("instanceCount \(newValue) is negative: \(debugName) draws no instances")
            } else if newValue > Self.maxInstanceCount {
                CAEngine.current.report("instanceCount \(newValue) is more than \(Self.maxInstanceCount): \(debugName) draws \(Self.maxInstanceCount)")
            }
            var r = modelValues.replicator
            guard r.instanceCount != newValue else { return }
            r.instanceCount = newValue
            modelValues.replicator = r
        }
    }
    /// When true the instances keep their 3D places and are sorted by depth (the replicator acts
    /// as a `CATransformLayer` for them); when false each is flattened into the replicator's plane.
    /// Not animatable. Default: false.
    public var preservesDepth: Bool {
        get { modelValues.replicator.preservesDepth }
        set {
            var r = modelValues.replicator
            guard r.preservesDepth != newValue else { return }
            r.preservesDepth = newValue
            modelValues.replicator = r
        }
    }
    /// Seconds between one instance's animations and the next's. Animatable. Default: 0.
    public var instanceDelay: CFTimeInterval { get { modelValues.replicator.instanceDelay } set { update(\.replicator.instanceDelay, newValue, "instanceDelay") } }
    /// The transform that takes instance k − 1 to instance k, about the replicator's bounds centre.
    /// Animatable. Default: identity.
    public var instanceTransform: CATransform3D {
        get { modelValues.replicator.instanceTransform } set { update(\.replicator.instanceTransform, newValue, "instanceTransform") }
    }
    /// The colour instance 0 is multiplied by; nil is opaque white. Animatable. Default: opaque white.
    public var instanceColor: CGColor? { get { modelValues.replicator.instanceColor } set { update(\.replicator.instanceColor, newValue, "instanceColor") } }
    /// Added to the red component of instance k − 1's colour to make instance k's. Animatable. Default: 0.
    public var instanceRedOffset: Float { get { modelValues.replicator.instanceRedOffset } set { update(\.replicator.instanceRedOffset, newValue, "instanceRedOffset") } }
    /// Added to the green component of each next instance's colour. Animatable. Default: 0.
    public var instanceGreenOffset: Float { get { modelValues.replicator.instanceGreenOffset } set { update(\.replicator.instanceGreenOffset, newValue, "instanceGreenOffset") } }
    /// Added to the blue component of each next instance's colour. Animatable. Default: 0.
    public var instanceBlueOffset: Float { get { modelValues.replicator.instanceBlueOffset } set { update(\.replicator.instanceBlueOffset, newValue, "instanceBlueOffset") } }
    /// Added to the alpha component of each next instance's colour. Animatable. Default: 0.
    public var instanceAlphaOffset: Float { get { modelValues.replicator.instanceAlphaOffset } set { update(\.replicator.instanceAlphaOffset, newValue, "instanceAlphaOffset") } }
}

/// A replicator's values, part of `LayerValues` (`LayerValues.replicator`): model and presented
/// like any layer property, the animatable ones rows of `LayerProperty`.
public struct ReplicatorValues: Equatable, Sendable {
    /// Default: 1.
    public var instanceCount = 1
    /// Default: false.
    public var preservesDepth = false
    /// Default: 0.
    public var instanceDelay: CFTimeInterval = 0
    /// Default: identity.
    public var instanceTransform = CATransform3D.identity
    /// Default: opaque white.
    public var instanceColor: CGColor? = .white
    /// Default: 0.
    public var instanceRedOffset: Float = 0
    /// Default: 0.
    public var instanceGreenOffset: Float = 0
    /// Default: 0.
    public var instanceBlueOffset: Float = 0
    /// Default: 0.
    public var instanceAlphaOffset: Float = 0

    /// Core Animation's defaults.
    public init() {}
    static let defaults = ReplicatorValues()

    /// How many instances are drawn: `instanceCount` within 0…`CAReplicatorLayer.maxInstanceCount`.
    public var drawnCount: Int { min(max(0, instanceCount), CAReplicatorLayer.maxInstanceCount) }

    /// Instance `k`'s colour: `instanceColor` plus k times the offsets, each component clamped into
    /// 0…1 (straight, not premultiplied). NaN components are 0.
    public func color(ofInstance k: Int) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let c = instanceColor ?? .white
        func component(_ base: CGFloat, _ offset: Float) -> Double {
            let v = Double(base) + Double(k) * Double(offset)
            return v.isNaN ? 0 : min(1, max(0, v))
        }
        return (component(c.red, instanceRedOffset), component(c.green, instanceGreenOffset),
                component(c.blue, instanceBlueOffset), component(c.alpha, instanceAlphaOffset))
    }

    /// Instance `k`'s transform in the replicator's bounds space: `instanceTransform` applied k
    /// times about the centre of `bounds`.
    /// - Complexity: O(log k) matrix products.
    public func transform(ofInstance k: Int, bounds: CGRect) -> CATransform3D {
        guard k > 0, instanceTransform != .identity else { return .identity }
        var power = CATransform3D.identity, base = instanceTransform, e = k
        while e > 0 {
            if e & 1 == 1 { power = CATransform3DConcat(power, base) }
            base = CATransform3DConcat(base, base)
            e >>= 1
        }
        let c = CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0)
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-bounds.midX, -bounds.midY, 0), power), c)
    }
}

/// An immutable box, so a value most layers leave at its defaults costs `LayerValues` one pointer.
final class Boxed<T: Equatable & Sendable>: Equatable, Sendable {
    let value: T
    init(_ value: T) { self.value = value }
    static func == (a: Boxed, b: Boxed) -> Bool { a === b || a.value == b.value }
}
