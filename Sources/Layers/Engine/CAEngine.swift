import Foundation
import Raster

/// One stage's animation engine: the media time of the frame, the open transactions, the layers'
/// pending callbacks, media-clock timers, display links, and the per-engine state of the modules
/// above (UIView animation blocks, the drawing context stack).
///
/// Why it is passed rather than looked up: the stage that owns a layer tree owns one engine and the
/// frame driver hands it to every phase, so nothing in a frame searches a thread's dictionary for
/// its engine, and a compositor on a worker thread reaches none of this.
///
/// The static APIs that Apple's frameworks give no engine argument (`CATransaction.begin()`,
/// `CACurrentMediaTime()`, `UIView.animate`, `Timer.scheduledTimer`) address `CAEngine.current`:
/// the engine bound by `perform(_:)` — the frame driver binds its stage's engine around each frame —
/// or, outside any binding, `CAEngine.main`. The binding is a task-local value, scoped to the call
/// (a test binds a fresh engine per test; see TestSupport's `.isolatedEngine`). Like UIKit, the
/// engine is used from one thread at a time: the main thread, or the test that bound it.
public final class CAEngine {
    /// The engine of the process's main stage, used where no engine is bound.
    nonisolated(unsafe) public static let main = CAEngine()

    /// The engine the static APIs address: the innermost `perform(_:)` binding, else the engine the
    /// main queue is lent to when the caller is main-queue work (`MainQueueLoan`), else `main`.
    public static var current: CAEngine { bound ?? main }

    /// The engine bound where this code runs: the innermost `perform(_:)` binding, else the engine
    /// the main queue is lent to when the caller is main-queue work; nil outside both (where
    /// `current` falls back to `main`).
    public static var bound: CAEngine? { binding?.engine ?? MainQueueLoan.engineOfMainQueueWork }

    /// A task-local slot needs a Sendable value; the engine itself is confined to the thread that
    /// bound it, which this box does not change.
    private final class Binding: @unchecked Sendable {
        let engine: CAEngine
        init(_ engine: CAEngine) { self.engine = engine }
    }
    @TaskLocal private static var binding: Binding?

    /// Runs `body` with this engine as `CAEngine.current` (nested bindings restore the outer one).
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$binding.withValue(Binding(self), operation: body)
    }

    /// Runs an async `body` (a test) with this engine as `CAEngine.current`.
    public func perform<R>(_ body: () async throws -> R) async rethrows -> R {
        try await Self.$binding.withValue(Binding(self), operation: body)
    }

    /// Media time of the frame being made (`CACurrentMediaTime()`): set once per frame by
    /// `beginFrame(at:)`; every phase of the frame reads it.
    public private(set) var mediaTime: Double = 0
    /// Media seconds between frames: 1/fps headless, the display's refresh period in a window (the
    /// frame driver sets it). `CADisplayLink.duration` reports it. Default: 1/60.
    public var frameInterval = 1.0 / 60 {
        didSet { if !(frameInterval.isFinite && frameInterval > 0) { frameInterval = 1.0 / 60 } }
    }
    var transactions = TransactionStack()
    var timers = TimerQueue()
    var displayLinks = DisplayLinkList()
    /// Delegate callbacks gathered during evaluation, run after it (re-entrancy safe: a delegate
    /// may add or remove animations).
    var pendingCallbacks: [() -> Void] = []
    private var attachments: [AnyObject] = []
    /// The API misuse this engine refused (a cycle in a tree, a group containing itself), latest
    /// last, at most 100; each also went to `reportSink` (standard error by default).
    public private(set) var diagnostics: [String] = []

    /// A new engine at media time 0 with no layers, timers or display links.
    public init() {}

    /// Starts a frame at media time `time`; the only place the frame's time is set. A time that is
    /// not finite keeps the last frame's.
    public func beginFrame(at time: Double) {
        if time.isFinite { mediaTime = time }
        frameNumber &+= 1
    }

    /// How many frames have begun (`beginFrame(at:)`); completions deferred to the next frame wait
    /// for this to move on.
    private(set) var frameNumber = 0

    /// `.timers` phase: fires every timer due at or before the frame's time, in due order.
    public func fireTimers() {
        let due = timers.due(upTo: mediaTime)
        TimerQueue.fire(due, at: mediaTime) // outside any access to `timers`: blocks schedule timers
        timers.prune()
    }

    /// `.displayLink` phase: runs the display-link callbacks added with `addDisplayLink(_:)`, in the
    /// order they were added (property animators, scenes' per-frame updates, users' callbacks).
    public func runDisplayLinks() {
        let due = displayLinks.due()
        DisplayLinkList.fire(due, at: mediaTime) // outside any access to `displayLinks`: callbacks add links
        displayLinks.prune()
    }

    /// Adds a callback run once per frame in the `.displayLink` phase with the frame's media time,
    /// until the returned link is invalidated (CADisplayLink's role).
    @discardableResult
    public func addDisplayLink(_ callback: @escaping (Double) -> Void) -> DisplayLink {
        let link = DisplayLink(callback)
        displayLinks.add(link)
        return link
    }

    /// `.commit` phase: closes the implicit transaction of the frame.
    public func commit() {
        transactions.commitImplicit(engine: self)
        runReadyCompletions()
    }

    private var runningCompletions = false

    /// The first frame a completion block made due now may run in: this one, or the next when it
    /// is made due while completions run (a completion that commits another transaction).
    var completionFrame: Int { runningCompletions ? frameNumber &+ 1 : frameNumber }

    /// Runs the completion blocks due in this frame, in order, then commits what they changed.
    ///
    /// Blocks that become due while these run wait for the next frame, as Core Animation runs them
    /// after the render server's commit: a completion that commits another transaction (with or
    /// without animations) cannot loop inside one frame, and the call stack never grows.
    ///
    /// What the blocks changed outside a transaction of their own (a model value set, an animation
    /// added) is committed here, before the frame is evaluated again: a frame never shows a
    /// completion's model changes without the animations it added. When a transaction was already
    /// open on entry, their changes join it and are committed with it.
    /// - Returns: true when any block ran.
    @discardableResult
    func runReadyCompletions() -> Bool {
        guard !runningCompletions else { return false }
        let due = transactions.takeReadyCompletions(inFrame: frameNumber)
        guard !due.isEmpty else { return false }
        runningCompletions = true
        defer { runningCompletions = false }
        let wasOpen = transactions.isOpen
        for block in due { block() }
        if !wasOpen { transactions.commitImplicit(engine: self) }
        return true
    }

    /// `.animate` phase: evaluates every animation of the tree once at the frame's time into
    /// presentation values, then runs the delegate callbacks and transaction completions that
    /// evaluation triggered. Animations that callbacks add (seed 000 chains one from
    /// animationDidStop) are committed at once, beginning at this frame's time.
    ///
    /// When callbacks or completions ran, the tree is evaluated again (up to 4 passes): Core
    /// Animation runs them before the render server draws, so what they change (a completion that
    /// resets a value, removes a view or starts the next animation) shows in this frame, not one
    /// frame late. Frames without callbacks evaluate once.
    public func animate(root: CALayer) {
        frameRequested = false
        root.updatePresentation(at: mediaTime, engine: self)
        var passes = 0
        while runCallbacksAndCompletions() && passes < 4 {
            root.updatePresentation(at: mediaTime, engine: self)
            passes += 1
        }
        // What callbacks and completions changed has been evaluated, but this frame's layout and
        // display links ran before them (a presenter's view removed at the end of a present leaves
        // the focus ring on it): one more frame, or an idle window would show that state until
        // the next input.
        if passes > 0 || transactions.hasReadyCompletions { frameRequested = true }
    }

    /// Runs the pending delegate callbacks and the transaction completions that are due; true when
    /// any ran.
    private func runCallbacksAndCompletions() -> Bool {
        var ran = false
        var rounds = 0
        while !pendingCallbacks.isEmpty && rounds < 100 {
            let callbacks = pendingCallbacks
            pendingCallbacks.removeAll()
            for c in callbacks { c() }
            transactions.commitImplicit(engine: self)
            runReadyCompletions()
            rounds += 1
            ran = true
        }
        transactions.collectFinishedCompletions()
        return runReadyCompletions() || ran
    }

    /// Called during evaluation by anything that must be drawn again next frame.
    func requestFrame() { frameRequested = true }
    private var frameRequested = false
    /// Media time of the last animate phase and whether it asked for another frame.
    var animationDeadline: Double? { frameRequested ? mediaTime : nil }

    /// `.layout` phase: runs layoutSublayers on layers marked with setNeedsLayout, then `display()`
    /// on layers marked with setNeedsDisplay.
    public func layout(root: CALayer) {
        root.layoutIfNeeded()
        root.displayTreeIfNeeded()
    }

    /// The media time the next valid timer fires at, or nil when none is scheduled (a frame that
    /// skips ahead — the menu's previews — makes one there, as a steady frame rate would).
    public var nextTimerFireTime: Double? { timers.nextFireTime }

    /// The next media time at which a frame must be drawn, or nil when nothing is scheduled.
    public func nextDeadline(after time: Double) -> Double? {
        var deadline = timers.nextFireTime
        if let a = animationDeadline { deadline = min(deadline ?? a, a) }
        // Changes made since the last frame (a transaction waiting to commit) and display links
        // need a frame too.
        // Completions deferred to the next frame need one.
        if transactions.isOpen || displayLinks.isActive || transactions.hasReadyCompletions { deadline = time }
        return deadline
    }

    /// Reports misuse that was refused: one line in `diagnostics` and to `reportSink` (standard
    /// error, after the program's name, unless told otherwise). What was asked is not done;
    /// nothing traps.
    public func report(_ message: String) {
        diagnostics.append(message)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
        reportSink(message)
    }

    /// Where `report` sends its lines besides `diagnostics`. Default: standard error, as
    /// `PROGRAM: message` (`CAEngine.standardErrorSink`). Tests that expect misuse set it to keep
    /// the messages to themselves (they read `diagnostics`); the fuzzer silences it.
    public var reportSink: (String) -> Void = CAEngine.standardErrorSink

    /// One line on standard error: the program's name, then the message.
    public static let standardErrorSink: (String) -> Void = { message in
        FileHandle.standardError.write(Data("\(ProgramName.current): \(message)\n".utf8))
    }

    /// Per-engine state of a module above Layers (one instance per type, made on first use): how
    /// Views keeps its animation blocks and drawing contexts with the engine that owns the frame.
    /// - Complexity: O(number of attachment types), a handful.
    public func attachment<T: AnyObject>(_ make: () -> T) -> T {
        for a in attachments { if let t = a as? T { return t } }
        let t = make()
        attachments.append(t)
        return t
    }
}

/// The media time of the current engine's frame (Core Animation's function).
public func CACurrentMediaTime() -> CFTimeInterval { CAEngine.current.mediaTime }
