/// Timers on the media clock: they fire in the frame loop's `.timers` phase at exact media times.
///
/// Headless runs therefore fire a 0.1 s timer at exactly 0.1, 0.2, … (within the frame that reaches
/// that time). A repeating timer that falls behind fires once per frame and skips missed
/// intervals, as Foundation's timers do.
struct TimerQueue {
    final class Entry {
        /// Fire times are `origin + k·interval`, computed afresh (no accumulated rounding).
        let origin: Double
        var k: Double = 1
        var fireTime: Double { origin + k * interval }
        let interval: Double
        let repeats: Bool
        /// Dropped on invalidation, which also breaks the timer ↔ block reference cycle.
        var block: (() -> Void)?
        var isValid = true { didSet { if !isValid { block = nil } } }
        init(origin: Double, interval: Double, repeats: Bool, block: @escaping () -> Void) {
            self.origin = origin; self.interval = interval; self.repeats = repeats; self.block = block
        }
    }
    private(set) var entries: [Entry] = []

    mutating func schedule(_ e: Entry) { entries.append(e) }

    var nextFireTime: Double? { entries.filter(\.isValid).map(\.fireTime).min() }

    /// The timers due at or before `time`, in due order (spent ones are dropped first).
    ///
    /// Why firing is split from the queue: a timer's block may schedule or invalidate timers,
    /// which changes the engine's queue; running blocks inside a mutating method of that queue
    /// would be two overlapping accesses to it (a runtime exclusivity trap).
    mutating func due(upTo time: Double) -> [Entry] {
        entries.removeAll { !$0.isValid }
        return entries.filter { $0.fireTime <= time + 1e-9 }.sorted { $0.fireTime < $1.fireTime }
    }

    /// Fires `due` (from `due(upTo:)`) at frame time `time`; call `prune()` afterwards.
    static func fire(_ due: [Entry], at time: Double) {
        for e in due where e.isValid {
            e.block?()
            if e.repeats && e.isValid && e.interval > 0 {
                // The next due time after `time`; intervals missed while the frame was late are skipped.
                e.k = max(e.k + 1, ((time + 1e-9 - e.origin) / e.interval).rounded(.down) + 1)
            } else {
                e.isValid = false
            }
        }
    }

    /// Drops spent and invalidated timers.
    mutating func prune() { entries.removeAll { !$0.isValid } }
}

/// A timer on the engine's media clock. Views' `Timer` is built on it.
public final class MediaTimer {
    private let entry: TimerQueue.Entry
    /// Schedules `block` on this thread's engine `interval` seconds from the current media time.
    /// A non-finite or negative interval is treated as 0.0001 s (Foundation's minimum), never a trap.
    @discardableResult
    public init(interval: Double, repeats: Bool, block: @escaping (MediaTimer) -> Void) {
        let engine = CAEngine.current
        let safe = interval.isFinite && interval > 0.0001 ? interval : 0.0001
        var me: MediaTimer?
        entry = TimerQueue.Entry(origin: engine.mediaTime, interval: safe, repeats: repeats) { if let me { block(me) } }
        me = self
        engine.timers.schedule(entry)
    }
    /// True until the timer is invalidated or, when not repeating, has fired.
    public var isValid: Bool { entry.isValid }
    /// The media time of the next firing, in seconds: start + k·interval, computed afresh each time.
    public var fireTime: Double { entry.fireTime }
    /// Seconds between firings (at least 0.0001).
    public var timeInterval: Double { entry.interval }
    /// Stops the timer for good and drops its block (breaking any cycle through it).
    public func invalidate() { entry.isValid = false }
}
