import Foundation

/// The abstract animation: timing (CAMediaTiming), a timing function, a delegate and removal on
/// completion, as Core Animation's `CAAnimation`.
///
/// `CALayer.add(_:forKey:)` stores a copy, so changing an animation after adding it changes nothing
/// on screen, as on Apple's platforms. Defaults: duration 0 (the transaction's duration, 0.25 s),
/// speed 1, repeatCount 0 (once), fillMode `.removed`, isRemovedOnCompletion true.
open class CAAnimation {
    /// When the animation starts, in its parent's time; 0 means the frame it is committed in.
    /// Default: 0.
    public var beginTime: CFTimeInterval = 0
    /// The length of one iteration in seconds; 0 means the transaction's (0.25 s). Default: 0.
    public var duration: CFTimeInterval = 0
    /// How fast the animation's time runs relative to its parent's. Default: 1.
    public var speed: Float = 1
    /// Where in its own time the animation starts (as Web Animations' iteration start). Default: 0.
    public var timeOffset: CFTimeInterval = 0
    /// How many iterations to play, fractions included; `.infinity` repeats forever. Default: 0 (once).
    public var repeatCount: Float = 0
    /// How long to repeat for, in seconds, instead of a count. Default: 0.
    public var repeatDuration: CFTimeInterval = 0
    /// When true each iteration plays forward then backward. Default: false.
    public var autoreverses = false
    /// Whether the animation holds its values before it starts and after it ends. Default: `.removed`.
    public var fillMode: CAMediaTimingFillMode = .removed
    /// Nil means linear.
    public var timingFunction: CAMediaTimingFunction?
    /// The curve this animation samples its progress through: its timing function's (linear when
    /// nil); a spring animation's spring.
    public var progressCurve: ProgressCurve { ProgressCurve(timingFunction) }
    /// Strong, as Core Animation's (the animation retains its delegate).
    public var delegate: CAAnimationDelegate?
    /// When true the animation is removed from its layer when it ends. Default: true.
    public var isRemovedOnCompletion = true

    // Engine state of an added copy.
    /// The begin time in the layer's time, resolved at commit; nil until then.
    var resolvedBeginTime: Double?
    /// True once the animation ended or was removed (transaction completion waits for this).
    public internal(set) var hasEnded = false

    /// An animation with the defaults above.
    public init() {}

    /// Copies every public property (the engine's state is not copied).
    public required init(copying other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount; repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses; fillMode = other.fillMode; timingFunction = other.timingFunction
        delegate = other.delegate; isRemovedOnCompletion = other.isRemovedOnCompletion
    }

    /// A copy, as `NSCopying.copy()` gives on Apple's platforms.
    open func copy() -> Any { type(of: self).init(copying: self) }

    /// The copy `add(_:forKey:)` stores: `copy()` when it gives an animation (a subclass may
    /// override it), else a copy of the public properties.
    func addedCopy() -> CAAnimation { (copy() as? CAAnimation) ?? type(of: self).init(copying: self) }

    /// Writes this animation's value for timing `state` into the layer's presentation values.
    /// Subclasses override; the base class animates nothing.
    func apply(to layer: CALayer, state: MediaTimingState) {}

    /// Resolves begin time and duration when the transaction that added the animation commits.
    func commitBeginTime(now: Double, on layer: CALayer, transaction: Transaction) {
        let resolvedDuration = duration > 0 && duration.isFinite ? duration : transaction.duration
        let layerNow = layer.localTime(fromMedia: now)
        if beginTime == 0 || !beginTime.isFinite { beginTime = layerNow } // Apple writes it into the added copy
        resolvedBeginTime = beginTime
        resolvedTiming = ResolvedMediaTiming(MediaTiming(self), defaultDuration: resolvedDuration)
    }

    /// The timing as committed (an added copy does not change afterwards), resolved to constants;
    /// a zero duration stands for the transaction's.
    var resolvedTiming = ResolvedMediaTiming(MediaTiming(), defaultDuration: 0.25)
}

/// Callbacks when an animation starts and stops (`CAAnimationDelegate`).
public protocol CAAnimationDelegate: AnyObject {
    /// Called once, in the frame where the animation's active time starts (after its delay), once that frame's animations are evaluated.
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is true when the animation ran to its end, false when it was removed before.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

public extension CAAnimationDelegate {
    /// Default: nothing.
    func animationDidStart(_ anim: CAAnimation) {}
    /// Default: nothing.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation of one key path of a layer (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The animated property (`"position"`, `"transform.scale"`, `"strokeEnd"`…), parsed once into
    /// a typed key.
    public var keyPath: String?
    /// `keyPath` parsed once (and again only if it changes).
    public var parsedKeyPath: AnimationKeyPath? {
        guard let keyPath else { return nil }
        if let (source, parsed) = parsedCache, source == keyPath { return parsed }
        let parsed = AnimationKeyPath(keyPath)
        parsedCache = (keyPath, parsed)
        return parsed
    }
    private var parsedCache: (String, AnimationKeyPath)?
    /// When true the animated value is added to the model value. Default: false.
    public var isAdditive = false
    /// When true each repetition starts from the end of the previous one. Default: false.
    public var isCumulative = false

    public override init() { super.init() }
    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
    /// Copies the animation and its `keyPath`, `isAdditive` and `isCumulative` (used by `copy()`).
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAPropertyAnimation {
            keyPath = o.keyPath; parsedCache = o.parsedCache; isAdditive = o.isAdditive; isCumulative = o.isCumulative
        }
    }
}
