import Foundation

/// One kind of particle an emitter layer sends out, as Core Animation's `CAEmitterCell`: how
/// many per second, how long they live, how they move, turn, grow and change colour, and the
/// image each shows.
///
/// A cell's values are read by its emitter at every frame, so a change shows in the next
/// particles born (a burst: raise `birthRate` for a moment). Each particle draws its values
/// once when it is born — value ± range, uniformly — and then follows closed forms of its age:
/// position p₀ + v·age + ½·a·age², angle spin·age, scale s + scaleSpeed·age, colour c + speed·age
/// (components clamped into 0…1). A cell's own `emitterCells` are emitted by each of its
/// particles, from where that particle is, during the part of its life `beginTime` and
/// `duration` give (in seconds of its age; a duration of 0 is the rest of its life).
///
/// Decisions where Apple's header is vague: `emissionRange` is the full angle of the cone
/// (directions lie within ± range/2 of the emission direction, in longitude and, when the cell
/// has a latitude or the range reaches out of the plane, in latitude); a top-level cell's
/// `beginTime` and `duration` are ignored (it emits while its emitter does); sub-particles do not
/// inherit their parent's velocity; `contents` other than a `CGImage` draws nothing.
open class CAEmitterCell {
    /// A name to find the cell by. Default: nil.
    public var name: String?
    /// When false the cell emits nothing (its living particles live on). Default: true.
    public var isEnabled = true
    /// Particles born per second (times the emitter layer's `birthRate`). Default: 0.
    public var birthRate: Float = 0
    /// Seconds a particle lives (times the layer's `lifetime`). Default: 0.
    public var lifetime: Float = 0
    /// How far a particle's lifetime may differ from `lifetime`, either way. Default: 0.
    public var lifetimeRange: Float = 0
    /// The emission direction's angle in the x-y plane, from the x-axis towards y (down on the
    /// screen), in radians. Default: 0.
    public var emissionLongitude: CGFloat = 0
    /// The emission direction's angle out of the x-y plane, towards +z, in radians. Default: 0.
    public var emissionLatitude: CGFloat = 0
    /// The full angle of the cone around the emission direction particles leave in. Default: 0.
    public var emissionRange: CGFloat = 0
    /// Points per second a particle starts with (times the layer's `velocity`). Default: 0.
    public var velocity: CGFloat = 0
    /// How far the start speed may differ from `velocity`, either way. Default: 0.
    public var velocityRange: CGFloat = 0
    /// Acceleration along x, in points per second squared. Default: 0.
    public var xAcceleration: CGFloat = 0
    /// Acceleration along y (down on the screen: gravity is positive). Default: 0.
    public var yAcceleration: CGFloat = 0
    /// Acceleration along z. Default: 0.
    public var zAcceleration: CGFloat = 0
    /// The particle's size as a multiple of its image's (times the layer's `scale`). Default: 1.
    public var scale: CGFloat = 1
    /// How far a particle's scale may differ from `scale`, either way. Default: 0.
    public var scaleRange: CGFloat = 0
    /// Scale gained per second of age. Default: 0.
    public var scaleSpeed: CGFloat = 0
    /// Radians per second the particle turns (times the layer's `spin`). Default: 0.
    public var spin: CGFloat = 0
    /// How far the spin may differ from `spin`, either way. Default: 0.
    public var spinRange: CGFloat = 0
    /// The colour the image is multiplied by; nil is opaque white. Default: opaque white.
    public var color: CGColor? = .white
    /// How far each component of a particle's colour may differ from `color`'s, either way. Default: 0.
    public var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    /// Each component's change per second of age. Default: 0.
    public var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    /// The particle's image: a `CGImage` (anything else draws nothing). Default: nil.
    public var contents: Any?
    /// The part of the image shown, in unit coordinates. Default: (0, 0, 1, 1).
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default: 1.
    public var contentsScale: CGFloat = 1
    /// Cells each particle of this one emits. Default: nil.
    public var emitterCells: [CAEmitterCell]?
    /// For a sub-cell: seconds into its parent particle's life at which it starts emitting. Default: 0.
    public var beginTime: CFTimeInterval = 0
    /// For a sub-cell: seconds it emits for from `beginTime`; 0 is the rest of the parent's life. Default: 0.
    public var duration: CFTimeInterval = 0

    /// Values for keys that are not the cell's properties (`setValue(_:forKey:)`).
    var customValues: [String: Any] = [:]

    /// A cell with Core Animation's defaults: it emits nothing until given a birth rate and lifetime.
    public init() {}

    /// Core Animation's factory spelling.
    public class func emitterCell() -> CAEmitterCell { CAEmitterCell() }
}
