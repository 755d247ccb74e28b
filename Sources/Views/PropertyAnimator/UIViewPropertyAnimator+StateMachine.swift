import Foundation
import Layers

/// The calls that move a property animator between Apple's states (spec §2, whose table the tests
/// follow row by row): inactive without blocks (`empty`) or with (`ready`), running, paused,
/// stopped, and completing while the completions run.
extension UIViewPropertyAnimator {
    /// Adds a block whose changes animate with the animator (from the current fraction when running).
    public func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds a block. Inactive: it starts `delayFactor`·duration into the run and ends with it.
    /// Running or paused at time fraction u: it starts delayFactor·duration from now and ends with
    /// the others (Apple's example: duration 2 at f 0.25 with factor 0.25 runs 1.0 s).
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        switch substate {
        case .stopped: return refuse("addAnimations(_:)", "Attempt to add an animation to an animator \(self) that is in a stopped state")
        case .completing: return refuse("addAnimations(_:)", "Attempt to add an animation to an animator \(self) as it is completing")
        default: break
        }
        let factor = Double(delayFactor).isFinite ? min(1, max(0, Double(delayFactor))) : 0
        let now = engine.mediaTime
        let inactive = substate == .empty || substate == .ready
        let u = inactive ? 0 : timeFraction(at: now)
        let window = AnimatorMotion.Window(start: min(1, u + factor * duration / motion.runDuration), end: 1)
        let block = AnimatorBlock(window: window)
        if case .springing = motion.phase {
            // Joining a spring under way: start from 0 now and arrive with the others.
            let s = motion.mainValue(at: now), base = motion.mainSpringBase
            let share = base < 1 ? (s - base) / (1 - base) : 1
            block.springBase = share < 1 ? -share / (1 - share) : 0
        }
        let fraction = inactive ? 0 : motion.fraction(window: window, springBase: block.springBase, at: now)
        blockCount += 1
        block.record(animation, duration: duration, curve: recordingCurve, keyPrefix: "UIViewPropertyAnimator#\(serial).\(blockCount)",
                     fraction: fraction)
        blocks.append(block)
        if substate == .empty { substate = .ready }
        if startsWithNextBlock {
            startsWithNextBlock = false
            substate = .ready
            beginRun()
        }
    }

    /// Adds a completion; completions run in the order added, each with the final position.
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) the animations at the next frame.
    public func startAnimation() {
        switch substate {
        case .empty:
            // Apple's "transient paused" start: active, and the next block starts it.
            substate = .paused
            startsWithNextBlock = true
            motion.phase = .paused(position: 0, linear: true)
        case .ready: beginRun()
        case .paused where !startsWithNextBlock: continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default: break
        }
    }

    /// Starts the animations `delay` seconds from now.
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard delay.isFinite, delay >= 0 else {
            return refuse("startAnimation(afterDelay:)", "The delay should be greater than or equal to zero.")
        }
        switch substate {
        case .empty:
            self.delay = delay
            startAnimation()
        case .ready:
            self.delay = delay
            beginRun()
        case .paused where !startsWithNextBlock:
            refuse("startAnimation(afterDelay:)", "A paused animator (\(self)) cannot be started with a delay!")
        default: break
        }
    }

    /// Pauses the animations where they are; `fractionComplete` can then scrub them.
    public func pauseAnimation() {
        guard substate == .ready || substate == .running else { return }
        if refuseIfNotInterruptible("pauseAnimation()", "paused") { return }
        let now = engine.mediaTime
        if substate == .ready {
            motion.phase = .paused(position: motion.reversed ? 1 : 0, linear: scrubsLinearly)
        } else {
            motion.resolveStart(at: now)
            if case .running = motion.phase, !scrubsLinearly {
                motion.phase = .paused(position: motion.u(at: now), linear: false)
            } else {
                // Linear scrubbing: the curve's value becomes the position, so nothing moves now.
                motion.phase = .paused(position: min(1, max(0, motion.mainValue(at: now))), linear: true)
            }
            detach()
        }
        substate = .paused
        updateBlocks(at: now)
    }

    /// Stops the animations where they are: with `withoutFinishing` true the views stay there and
    /// the animator becomes inactive; false leaves it stopped for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        if substate == .stopped { return refuse("stopAnimation(_:)", "Animator \(self) is already stopped!") }
        guard substate == .running || substate == .paused else { return }
        if refuseIfNotInterruptible("stopAnimation(_:)", "stopped") { return }
        let now = engine.mediaTime
        motion.resolveStart(at: now)
        updateBlocks(at: now)
        for b in blocks { b.freezeModel() }
        detach()
        motion.phase = .idle
        startsWithNextBlock = false
        pausedAtCompletion = false
        if withoutFinishing {
            reset()
        } else {
            substate = .stopped
        }
    }

    /// Finishes a stopped animator: the views go to `finalPosition` (`.current` leaves them) and
    /// the completions run with it.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard substate == .stopped else {
            if substate == .running || substate == .paused {
                refuse("finishAnimation(at:)", "finishAnimationAtPosition: should only be called on a stopped animator!")
            }
            return
        }
        complete(at: finalPosition, settingModel: true)
    }

    /// Resumes a paused animator where it shows its views, on `parameters`' curve (nil: the same
    /// one). `durationFactor` k > 0 sets the remaining time so a linear curve takes k·duration;
    /// 0 keeps the run's pace. A spring carries every block from where it is to the end with its
    /// initial velocity (in remaining distances per second) over k·duration, or (1 − f)·duration
    /// when k is 0, or until it settles when made from mass, stiffness and damping.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard substate == .paused, !startsWithNextBlock else { return }
        if refuseIfNotInterruptible("continueAnimation(withTimingParameters:durationFactor:)", "continued or reversed") { return }
        guard case .paused(let position, let linear) = motion.phase else { return }
        let k = Double(durationFactor).isFinite ? max(0, Double(durationFactor)) : 0
        let f = min(0.99999, motion.reversed ? 1 - position : position)
        let value = linear ? position : motion.curve.fraction(atProgress: position, duration: motion.curveDuration)
        if let spring = parameters?.springTimingParameters {
            let remaining = k > 0 ? k * duration : max(0, 1 - f) * motion.runDuration
            let solution = spring.solution(duration: remaining, velocity: UISpringTimingParameters.finite(spring.initialVelocity.dx))
            let settle = solution.settlingDuration
            let length = spring.physical != nil ? (settle.isFinite ? settle : remaining) : remaining
            for b in blocks { b.springBase = b.progress.fraction }
            motion.mainSpringBase = value
            motion.phase = .springing(start: nil, spring: solution, duration: length)
        } else {
            let changesCurve = parameters?.cubicTimingParameters != nil
            if let c = parameters?.cubicTimingParameters { motion.curve = .bezier(c.bezier) }
            if k > 0 { motion.runDuration = k * duration / (1 - f) }
            let u = linear || changesCurve ? motion.timeFraction(showing: value) : position
            motion.phase = .running(start: nil, u0: u, delay: 0)
        }
        substate = .running
        pausedAtCompletion = false
        attach()
    }

    // MARK: Position

    /// `fractionComplete`'s setter, `x` already clamped, in the direction of travel.
    func setFraction(_ x: Double) {
        let now = engine.mediaTime
        switch substate {
        case .ready:
            substate = .paused
            motion.phase = .paused(position: x, linear: scrubsLinearly)
        case .paused where !startsWithNextBlock:
            guard case .paused(_, let linear) = motion.phase else { return }
            motion.phase = .paused(position: motion.reversed ? 1 - x : x, linear: linear)
        case .running:
            // UIKit jumps and keeps running (its documentation only speaks of paused animators).
            motion.phase = .running(start: nil, u0: motion.reversed ? 1 - x : x, delay: 0)
        default:
            return
        }
        updateBlocks(at: now)
    }

    func setReversed(_ reversed: Bool) {
        guard reversed != motion.reversed else { return }
        let now = engine.mediaTime
        switch substate {
        case .ready:
            // Apple: "the animations run in reverse when started". (The decompiled UIKit pauses the
            // animator here; unconfirmed.) Flipbook pauses at the end, so starting runs end → start.
            motion.reversed = reversed
            motion.phase = .paused(position: 1, linear: true)
            substate = .paused
        case .running:
            if refuseIfNotInterruptible("isReversed", "continued or reversed") { return }
            motion.resolveStart(at: now)
            switch motion.phase {
            case .springing:
                // Back along a critically damped spring as long as the way out took.
                let t = max(motion.springTime(at: now), 1.0 / 60)
                for b in blocks { b.springBase = b.progress.fraction }
                motion.mainSpringBase = motion.mainValue(at: now)
                motion.phase = .springing(start: now, spring: ViewAnimationBlock.springSolution(duration: t, dampingRatio: 1, velocity: 0), duration: t)
            default:
                motion.phase = .running(start: now, u0: motion.u(at: now), delay: 0)
            }
            motion.reversed = reversed
        case .paused:
            if refuseIfNotInterruptible("isReversed", "continued or reversed") { return }
            motion.reversed = reversed
        default:
            return
        }
        updateBlocks(at: now)
    }

    /// The run's time fraction now (a linearly paused value converted back onto the curve).
    func timeFraction(at now: Double) -> Double {
        switch motion.phase {
        case .paused(let p, true): return motion.timeFraction(showing: p)
        default: return motion.position(at: now)
        }
    }

    // MARK: Running

    private func beginRun() {
        motion.phase = .running(start: nil, u0: motion.reversed ? 1 : 0, delay: delay)
        substate = .running
        attach()
        updateBlocks(at: engine.mediaTime)
    }

    /// The display-link phase of a frame: the blocks' positions at the frame's time, then the end.
    func tick(at now: Double) {
        guard substate == .running else { return }
        motion.resolveStart(at: now)
        updateBlocks(at: now)
        guard motion.isFinished(at: now) else { return }
        if pausesOnCompletion {
            motion.phase = .paused(position: motion.reversed ? 0 : 1, linear: true)
            substate = .paused
            pausedAtCompletion = true
            detach()
            updateBlocks(at: now)
        } else {
            // The model already holds the end values (another animator may have moved them on since).
            complete(at: motion.reversed ? .start : .end, settingModel: motion.reversed)
        }
    }

    func updateBlocks(at now: Double) {
        for b in blocks { b.progress.fraction = motion.fraction(window: b.window, springBase: b.springBase, at: now) }
    }

    /// Removes the animations, puts the model at `position` when `settingModel`, runs the
    /// completions, then goes inactive.
    private func complete(at position: UIViewAnimatingPosition, settingModel: Bool) {
        for b in blocks { b.removeAnimations() }
        switch settingModel ? position : .current {
        case .end: for b in blocks { b.setModel(at: .end) }
        case .start: for b in blocks.reversed() { b.setModel(at: .start) }
        case .current: break
        }
        detach()
        let handlers = completions
        substate = .completing
        completions = []
        blocks = []
        for h in handlers { h(position) }
        if substate == .completing { reset() }
    }
}
