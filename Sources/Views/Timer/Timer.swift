import Foundation
import Layers

/// A timer on the media clock, with Foundation's `Timer` names: it fires in the frame loop's
/// `.timers` phase at exact media times, so headless runs and tests are deterministic.
///
/// Why a type of our own: Foundation's timers run on a run loop and a wall clock, which the frame
/// loop never spins; a 0.1 s countdown label must tick at media times 0.1, 0.2, … exactly.
///
/// Naming rule (checked by TimerTests and a compiler experiment): Foundation and Views both
/// declare `Timer`, and a file that imports both modules wholesale finds the name ambiguous — Swift
/// lets a module's own declarations shadow imported ones, but not one imported module shadow
/// another. A *scoped* import wins over whole-module imports, so the Flipbook umbrella re-exports
/// `import class Views.Timer`: with `import Flipbook`, plain `Timer` is this type and
/// `Foundation.Timer` is Foundation's. Code importing Views and Foundation directly adds
/// `import class Views.Timer` itself.
///
/// A repeating timer that falls behind fires once per frame and skips the missed intervals, as
/// Foundation's does. Intervals that are not positive and finite become 0.0001 s (Foundation's
/// minimum), never a trap.
open class Timer {
    private var media: MediaTimer?
    private let block: ((Timer) -> Void)?
    /// The interval between firings, in seconds.
    public let timeInterval: TimeInterval
    /// True for a timer that fires every `timeInterval` until invalidated.
    public let repeats: Bool
    /// Accepted for Foundation compatibility; media timers fire exactly. Default: 0.
    open var tolerance: TimeInterval = 0
    /// Anything the caller wants to keep with the timer. Default: nil.
    open var userInfo: Any?
    private var invalidated = false

    /// An invalid timer that never fires (what `Timer()` gives, as a placeholder property value).
    public init() {
        block = nil; timeInterval = 0; repeats = false; invalidated = true
    }

    /// A timer that fires `block` after `interval` once scheduled (`RunLoop.add(_:forMode:)`).
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.block = block
        timeInterval = Self.sanitized(interval)
        self.repeats = repeats
    }

    /// Makes a timer and schedules it on the current engine, counting from the current media time.
    @discardableResult
    open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                   block: @escaping (Timer) -> Void) -> Timer {
        let t = Timer(timeInterval: interval, repeats: repeats, block: block)
        t.schedule()
        return t
    }

    /// Starts counting from the current media time; does nothing if already scheduled or invalid.
    ///
    /// The engine's timer queue keeps a scheduled timer alive until it is invalidated (or, when it
    /// does not repeat, has fired), as a run loop retains its timers: `Timer.scheduledTimer { … }`
    /// without keeping the result fires. Invalidation drops the queue's block, which ends the
    /// timer → queue → timer cycle.
    func schedule() {
        guard media == nil, !invalidated, block != nil else { return }
        media = MediaTimer(interval: timeInterval, repeats: repeats) { _ in self.timerFired() }
    }

    private func timerFired() {
        guard !invalidated else { return }
        block?(self)
        if !repeats { invalidated = true; media = nil }
    }

    /// Runs the block now; a non-repeating timer is then invalidated, a repeating one keeps its schedule.
    open func fire() {
        guard isValid else { return }
        timerFired()
    }

    /// Stops the timer for good.
    open func invalidate() {
        invalidated = true
        media?.invalidate()
        media = nil
    }

    /// True until the timer is invalidated or a non-repeating timer has fired.
    open var isValid: Bool { !invalidated && block != nil }

    /// The media time of the next firing, or nil when not scheduled.
    open var fireTime: TimeInterval? { media.flatMap { $0.isValid ? $0.fireTime : nil } }

    private static func sanitized(_ i: TimeInterval) -> TimeInterval { i.isFinite && i > 0.0001 ? i : 0.0001 }
}

extension RunLoop {
    /// Schedules a media-clock timer (the mode is ignored: there is one frame loop).
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) { timer.schedule() }
}
