import Foundation

/// The engine's per-thread state: the media time of the frame, the open transactions, the layers
/// with animations, and media-clock timers.
///
/// Core Animation keeps transactions per thread; so do we. The host's thread owns one engine, and
/// each test thread gets its own, so tests run in parallel without sharing state.
public final class CAEngine {
    /// This thread's engine.
    public static var shared: CAEngine {
        if let e = Thread.current.threadDictionary[key] as? CAEngine { return e }
        let e = CAEngine()
        Thread.current.threadDictionary[key] = e
        return e
    }
    private static let key = "org.flipbook.CAEngine"

    /// Media time of the frame being made (`CACurrentMediaTime()`); set by the frame loop.
    public internal(set) var mediaTime: Double = 0
    var transactions = TransactionStack()
    var timers = TimerQueue()
    /// Delegate callbacks gathered during evaluation, run after it (re-entrancy safe: a delegate
    /// may add or remove animations).
    var pendingCallbacks: [() -> Void] = []

    public init() {}

    /// Starts a frame at media time `time`: `CACurrentMediaTime()` answers it from the input phase
    /// on, so input handlers and scene set-up see the frame's time, not the previous frame's.
    public func beginFrame(at time: Double) { mediaTime = time }

    /// `.timers` phase: fires every timer due at or before `time`, in due order.
    public func fireTimers(at time: Double) {
        mediaTime = time
        timers.fire(upTo: time)
    }

    /// `.commit` phase: closes the implicit transaction of the frame.
    public func commit(at time: Double) {
        mediaTime = time
        transactions.commitImplicit(engine: self)
    }

    /// `.animate` phase: evaluates every animation of the tree once at `time` into presentation
    /// values, then runs the delegate callbacks and transaction completions that evaluation
    /// triggered. Animations that callbacks add (seed 000 chains one from animationDidStop) are
    /// committed at once, beginning at this frame's time.
    public func animate(root: CALayer, at time: Double) {
        mediaTime = time
        frameRequested = false
        root.updatePresentation(at: time, engine: self)
        var rounds = 0
        while !pendingCallbacks.isEmpty && rounds < 100 {
            let callbacks = pendingCallbacks
            pendingCallbacks.removeAll()
            for c in callbacks { c() }
            transactions.commitImplicit(engine: self)
            rounds += 1
        }
        transactions.runFinishedCompletions()
    }

    /// Called during evaluation by anything that must be drawn again next frame.
    func requestFrame() { frameRequested = true }
    private var frameRequested = false
    /// Media time of the last animate phase and whether it asked for another frame.
    var animationDeadline: Double? { frameRequested ? mediaTime : nil }

    /// `.layout` phase: runs layoutSublayers on layers marked with setNeedsLayout, then `display()`
    /// on layers marked with setNeedsDisplay (content is drawn in the render phase).
    public func layout(root: CALayer) {
        root.layoutIfNeeded()
        root.displayTreeIfNeeded()
    }

    /// The next media time at which a frame must be drawn, or nil when nothing is scheduled.
    public func nextDeadline(after time: Double) -> Double? {
        var deadline = timers.nextFireTime
        if let a = animationDeadline { deadline = min(deadline ?? a, a) }
        // Changes made since the last frame (a transaction waiting to commit) need a frame too.
        if transactions.isOpen { deadline = time }
        return deadline
    }
}

/// The current media time of this thread's engine: the frame's time (Core Animation's function).
public func CACurrentMediaTime() -> CFTimeInterval { CAEngine.shared.mediaTime }
