import Foundation
import Layers

/// UIKit's block animation API.
///
/// Inside `animations`, every change of an animatable view property (frame, bounds, center,
/// transform, alpha, backgroundColor) or of a property of a view's layer (cornerRadius, border,
/// shadow…) becomes an animation from where the layer is to the new value, with the block's
/// duration, delay, curve and repeat options; the model values change at once, as in UIKit.
/// Bad input is defined: a duration that is not positive and finite changes the values without
/// animation (completion on the next frame, finished = true); a negative or NaN delay is 0.
extension UIView {
    /// Animates the changes `animations` makes to animatable view properties (frame, bounds, center,
    /// transform, alpha, backgroundColor, layer properties through actions) over `duration` seconds
    /// after `delay`, with the curve and repeat of `options`; `completion` gets true when it ran to the end.
    /// Default options: `[]` (ease in-out).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options, spring: nil, animations: animations, completion: completion)
    }

    /// Animates over `duration` with the default curve (ease in-out), then calls `completion`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: completion)
    }

    /// Animates over `duration` with the default curve (ease in-out).
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        run(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: nil)
    }

    /// A spring animation: `dampingRatio` 1 settles without overshoot, smaller values oscillate;
    /// `velocity` is the initial speed in animation distances per second. The spring settles at
    /// `duration` (see `ViewAnimationBlock.springSolution`); the block's curve option is ignored.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options, spring: (Double(dampingRatio), Double(velocity)),
            animations: animations, completion: completion)
    }

    /// Keyframe animations: call `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// inside `animations`. Segments between keyframes are linear in time unless a calculation mode
    /// option says otherwise.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let state = ViewAnimation.current
        let block = makeBlock(duration: duration, delay: delay, options: options.animationOptions.union(.curveLinear),
                              spring: nil, completion: completion)
        let recorder = KeyframeRecorder()
        block.keyframes = recorder
        state.run(block) {
            animations()
            block.keyframes = nil
            for track in recorder.tracks {
                let (values, times) = KeyframeRecorder.keyframes(for: track)
                let a = CAKeyframeAnimation(keyPath: track.key)
                a.values = values.map(\.plainValue)
                a.keyTimes = times.map { NSNumber(value: $0) }
                a.calculationMode = options.calculationMode
                block.configureTiming(a, on: track.layer)
                block.note(track.layer, key: track.key, view: track.view)
                track.layer.add(a, forKey: track.key)
            }
        }
    }

    /// One keyframe of the enclosing `animateKeyframes` block: changes made in `animations` are
    /// reached between `frameStartTime` and `frameStartTime + frameDuration` (fractions 0…1 of the
    /// block's duration). Outside a keyframe block the changes are simply made.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let recorder = ViewAnimation.current.activeBlock?.keyframes else { return animations() }
        let saved = recorder.segment
        recorder.segment = (frameStartTime.isFinite ? frameStartTime : 0, frameDuration.isFinite ? max(0, frameDuration) : 0)
        animations()
        recorder.segment = saved
    }

    /// Makes the changes in `actionsWithoutAnimation` without animation, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let s = ViewAnimation.current
        s.disabledDepth += 1
        actionsWithoutAnimation()
        s.disabledDepth -= 1
    }

    /// Whether blocks animate at all. Default: true.
    public class var areAnimationsEnabled: Bool { ViewAnimation.current.animationsEnabled }
    /// When false, animation blocks change values at once without animating. Default: true.
    public class func setAnimationsEnabled(_ enabled: Bool) { ViewAnimation.current.animationsEnabled = enabled }
    /// The duration of the innermost animation block, or 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval { ViewAnimation.current.activeBlock?.duration ?? 0 }

    private class func run(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, spring: (Double, Double)?,
                           animations: () -> Void, completion: ((Bool) -> Void)?) {
        let block = makeBlock(duration: duration, delay: delay, options: options, spring: spring, completion: completion)
        ViewAnimation.current.run(block, animations)
    }

    /// A block with sanitized timing; nested blocks inherit the enclosing duration and curve unless
    /// they override them (UIKit's inheritance rules). A block with the default curve inside a
    /// `CATransaction` that has a timing function uses that function (seed 001's custom curve
    /// around a UIKit animation).
    private class func makeBlock(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                                 spring: (Double, Double)?, completion: ((Bool) -> Void)?) -> ViewAnimationBlock {
        var d = duration.isFinite && duration > 0 ? duration : 0
        var curve = options.timingFunction
        if (options.rawValue >> 16) & 0xF == 0, let f = CATransaction.animationTimingFunction() { curve = f }
        if let outer = ViewAnimation.current.activeBlock {
            if !options.contains(.overrideInheritedDuration) { d = outer.duration }
            if !options.contains(.overrideInheritedCurve) { curve = outer.timingFunction }
        }
        return ViewAnimationBlock(duration: d, delay: delay.isFinite && delay > 0 ? delay : 0, options: options,
                                  timingFunction: curve, spring: spring, completion: completion)
    }
}
