import Foundation
import Layers

/// Where an animator is in its life (UIKit's `UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: no animations, no completions.
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped by `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where the views end up when an animator finishes (UIKit's `UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The values at the animations' end, at their start, or where they are now.
    case end = 0, start = 1, current = 2
}

/// An object that runs, pauses, scrubs, reverses and stops animations (UIKit's `UIViewAnimating`).
public protocol UIViewAnimating: AnyObject {
    /// `.inactive` before starting and after finishing, `.active` while running or paused,
    /// `.stopped` after `stopAnimation(false)`.
    var state: UIViewAnimatingState { get }
    /// True while the animations run (not paused, not stopped).
    var isRunning: Bool { get }
    /// Whether the animations run from end to start.
    var isReversed: Bool { get set }
    /// Progress, 0…1; setting it while paused scrubs the animations.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes the animations.
    func startAnimation()
    /// Starts the animations `delay` seconds of media time from now.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations where they are.
    func pauseAnimation()
    /// Stops where they are: `true` ends the animator there, `false` waits for `finishAnimation(at:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at `finalPosition` and runs the completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes animation blocks and completions after it was made (UIKit's
/// `UIViewImplicitlyAnimating`; Apple's optional members are requirements here, as Swift has no
/// optional protocol members outside Objective-C).
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds a block that starts `delayFactor` × the duration into the run (or from now, when running)
    /// and ends with the others.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block that animates with the others.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a completion, run with the final position when the animator finishes.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing (nil: the original) over `durationFactor` × the
    /// animator's duration (0 keeps the run's pace).
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
