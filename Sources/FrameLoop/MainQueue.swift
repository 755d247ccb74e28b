import Flipbook
import Foundation
import CoreFoundation

/// The main queue and main run loop, served once per frame as iOS's run loop serves them between
/// frames: `DispatchQueue.main.async { … }`, `OperationQueue.main` operations, `RunLoop.main.perform`
/// blocks, due Foundation timers on `RunLoop.main` and main-actor jobs queued by a scene run in the
/// `.timers` phase, inside the stage's engine binding, so the animations they start begin in that frame.
///
/// Two ways to serve them, by where frames are made:
/// - **On the main thread** (the command line, XCTest on Linux): the main run loop is run without
///   waiting until the work queued so far has run (`serveMainRunLoop`). Work queued from the main thread runs at the next frame, so headless renders
///   stay deterministic.
/// - **Off the main thread, with the main queue lent** (`lend(to:_:)`: FlipbookTesting's
///   `SceneTester`, whose Swift Testing tests run on the cooperative pool while the main queue is
///   served by a dispatch thread): the main queue is parked for the loan (`Gate`: a block that waits),
///   so work queued during a frame cannot run beside it; each frame's `.timers` phase lets it run
///   what was queued, while the frame's thread waits, addressing the lending engine
///   (`MainQueueLoan`), then parks it again. The main thread's run loop does not turn there, so
///   `RunLoop.main.perform` and Foundation timers on `RunLoop.main` wait for a main thread.
/// A driver off the main thread without a loan leaves the queue alone.
///
/// `DispatchQueue.main.asyncAfter(deadline:execute:)` with a closure is not served here: it is a
/// media-clock `Timer` (Views/Timer/DispatchQueue+MediaClock.swift). Dispatch's own overloads (a
/// work item, `qos:` or `flags:`) are due on the wall clock and run at the first frame after it.
public enum MainQueue {
    /// Serves the main queue for a frame of `engine` (`.timers` phase).
    static func drain(for engine: CAEngine) {
        if Thread.isMainThread {
            serveMainRunLoop()
        } else if MainQueueLoan.isLent(to: engine), let gate {
            gate.serve() // the blocks queued before this one run, then the queue is parked again
        }
    }

    /// Runs the main run loop without waiting until the work queued before this call has run.
    ///
    /// Why a loop with sentinels: one pass of the run loop without waiting handles its blocks and
    /// then one kind of ready input — the due Foundation timers *or* the main queue — so a single
    /// pass left `DispatchQueue.main.async` work for the next frame whenever a timer was due. A
    /// block on the main queue and a Foundation timer due at once, both added now, mark where the
    /// work queued so far ends; work that queues more runs at the next frame. At most 64 passes.
    /// Not met on Linux's run loop for a Foundation timer that is always due (one that schedules
    /// the next with interval 0): every pass fires it and none serves the queue, so it fires 64
    /// times a frame and `DispatchQueue.main.async` work waits (BENCHMARKS.md, 2026-11-26).
    ///
    /// The sentinel timer is added only when the first pass (`limitDate(forMode:)`, which also
    /// answers whether any Foundation timer is scheduled) finds one: adding and invalidating a
    /// timer re-arms the run loop's timer descriptor twice (`timerfd_settime`), which was a tenth
    /// of the window's CPU in the light scenes, most of which schedule no Foundation timer
    /// (BENCHMARKS.md, 2026-11-26). Which timers are due is left to the run loop's own clock.
    private static func serveMainRunLoop() {
        // Nothing on the main queue (the usual frame): one pass without waiting runs the run
        // loop's blocks (`RunLoop.main.perform`), and what they queue on the main queue. Not the
        // sentinels, `limitDate` and a second pass: 6 µs of CPU against 2.4 on this VM, in every
        // live frame and in every replay frame time travel parks (4–7 % of a light scene's
        // window CPU, bench-window4.md). When a Foundation timer is scheduled (before or by a
        // block), or queue work is left, the sentinels follow, as before: a pass that serves the
        // queue leaves due timers waiting.
        if !mainQueueHasWork() {
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
            guard mainQueueHasWork() || CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode) != 0 else { return }
        }
        let queueServed = Flag()
        DispatchQueue.main.async { queueServed.isSet = true }
        let next = RunLoop.main.limitDate(forMode: .default)
        guard let next, next != .distantFuture else {
            for _ in 1..<64 where !queueServed.isSet { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
            return
        }
        let timersServed = Flag()
        let sentinel = Foundation.Timer(fire: .distantPast, interval: 0, repeats: false) { _ in timersServed.isSet = true }
        RunLoop.main.add(sentinel, forMode: .default)
        defer { sentinel.invalidate() }
        for _ in 1..<64 where !(queueServed.isSet && timersServed.isSet) {
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
        }
    }

    /// True unless the main dispatch queue is known to hold no work: on Linux, libdispatch wakes
    /// the main run loop through an eventfd (`_dispatch_get_main_queue_handle_4CF`, the handle
    /// CoreFoundation's run loop waits on) written when the queue gets work and read when the
    /// run loop drains it, so the handle is readable exactly while queued work waits (main-actor
    /// jobs too: Swift's main executor is the main queue). Elsewhere, or when the handle cannot
    /// be polled, always true (the run loop is served as if work were queued).
    static func mainQueueHasWork() -> Bool {
        #if os(Linux)
        guard mainQueueHandle >= 0 else { return true }
        var p = pollfd(fd: mainQueueHandle, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) != 0   // readable, or an error: served as if work waited
        #else
        return true
        #endif
    }

    #if os(Linux)
    /// The main queue's eventfd (libdispatch's SPI for CoreFoundation, exported by Swift's
    /// libdispatch on Linux); -1 when it is not one.
    private static let mainQueueHandle: Int32 = {
        let fd = _dispatch_get_main_queue_handle_4CF()
        return fd >= 0 && fcntl(fd, F_GETFD) != -1 ? fd : -1
    }()
    #endif

    /// Set by a sentinel; read and written on the main thread only.
    private final class Flag: @unchecked Sendable { var isSet = false }

    /// Runs `body` (frames of `engine`'s stage) with the main queue lent to `engine`
    /// (`MainQueueLoan`): each frame's `.timers` phase serves the queue, and before returning the
    /// queue is served once more, so no block `body` queued is left to run under another engine.
    ///
    /// Loans are taken one at a time, process-wide (the main queue is one): two testers in parallel
    /// tests make their frames in turn. Called on the main queue itself (a `@MainActor` test on
    /// Linux, where the main actor is the main queue), frames run but cannot serve it: its work runs
    /// after the caller returns to the queue.
    public static func lend<R>(to engine: CAEngine, _ body: () throws -> R) rethrows -> R {
        try MainQueueLoan.lend(to: engine) {
            // The outermost loan off the main queue parks it: a block queued during a frame (a
            // view's `DispatchQueue.main.async`) then waits for the frame's `.timers` phase instead
            // of running at once on the thread serving the main queue, beside the frame (it did, at
            // times: the fade it started was lost in 1 of 5 runs of MainQueueTests).
            let outermost = gate == nil && !Thread.isMainThread && !MainQueueLoan.isOnMainQueue
            if outermost { gate = Gate() }
            defer { if outermost { gate?.open(); gate = nil } }
            let result = try body()
            if outermost { gate?.serve() }
            return result
        }
    }

    /// The main queue held by a block that waits, between the frames of a loan. Touched only by the
    /// lending thread (under the loan's lock).
    nonisolated(unsafe) private static var gate: Gate?

    /// Parks the main queue: a block on it waits until released, so nothing queued after it runs
    /// until `serve()` or `open()`.
    final class Gate: @unchecked Sendable {
        private var release: DispatchSemaphore

        /// Parks the main queue; returns once the parking block runs (what was queued before it ran).
        init() { release = Self.park() }

        /// Lets the main queue run what was queued while it was parked, and parks it again behind
        /// that work; returns once it is parked (the work is done). Work that work queues waits.
        func serve() {
            let previous = release
            release = Self.park(after: { previous.signal() })
        }

        /// Releases the main queue for good.
        func open() { release.signal() }

        private static func park(after queued: () -> Void = {}) -> DispatchSemaphore {
            let parked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { parked.signal(); release.wait() }
            queued()
            parked.wait()
            return release
        }
    }
}

#if os(Linux)
/// libdispatch's handle for the main queue's run-loop wake-ups (an eventfd on Linux), which
/// CoreFoundation's run loop polls; see `MainQueue.mainQueueHasWork()`.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func _dispatch_get_main_queue_handle_4CF() -> Int32
#endif
