import Foundation
import Synchronization

/// A fixed set of threads that run one job at a time together: `run` calls the job once per
/// worker, worker 0 on the caller's thread, the others on threads the pool keeps for its lifetime
/// (so a frame pays a wake-up, not a thread start).
///
/// Each worker thread has a 16 MiB stack, like the compositor's deep-tree thread: a walk of the
/// depth the compositor keeps on a caller's stack fits. The pool is used from one thread at a time.
public final class WorkerPool {
    /// Workers per job, the caller included (≥ 1).
    public private(set) var count = 1
    /// What the pool and its threads share. The threads hold it, not the pool: a pool released
    /// before a thread of its had even started must not be reached from that thread (an unowned
    /// reference to the pool trapped there once every frame driver had a worker, #17 item 1).
    private let shared = Shared()
    private var threads: [pthread_t] = []

    /// - Parameter count: workers per job, the caller's thread included; clamped to 1…64. A worker
    ///   thread that cannot be started leaves the pool smaller (never a failure).
    public init(count: Int) {
        let wanted = max(1, min(64, count))
        let shared = self.shared
        // More threads than cores: a spinning thread would hold a core another one needs.
        shared.spins = wanted <= ProcessInfo.processInfo.activeProcessorCount
        for index in 1..<wanted {
            guard let thread = Self.startThread(stackSize: 16 << 20, { shared.serve(index) }) else { break }
            threads.append(thread)
            self.count += 1
        }
    }

    deinit {
        shared.stop()
        for t in threads { pthread_join(t, nil) }
    }

    /// Calls `body(w)` for every worker w in 0..<count at once (w = 0 on this thread) and returns
    /// when all have returned.
    public func run(_ body: (Int) -> Void) {
        guard count > 1 else { return body(0) }
        shared.run(workers: count, body)
    }

    /// What the caller and the worker threads share.
    ///
    /// A job is handed over through two atomics, so a thread that is awake sees it at once:
    /// `generation` is raised when a job is posted, `unfinished` counts the workers still running it.
    /// Threads that are not awake sleep on `condition` and are woken by a broadcast. On this 2-core
    /// VM a sleeping thread took 25-30 µs to start after the broadcast, and the caller as long
    /// again to notice the end, 60 µs of a 0.36-ms frame. So for a short while each side spins
    /// instead of sleeping: the caller, after its own share, for the others to finish
    /// (`callerSpin`); a worker, after a job, for the next one (`workerSpin`), but only when jobs
    /// come back to back (this one was posted within `workerSpin` of the last one's end), so a
    /// window, where jobs come 16 ms apart, never spins. Nothing spins in a pool with more threads
    /// than the machine has cores.
    private final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        /// The job being run; written only while no worker runs one (before `generation` is raised,
        /// after `unfinished` reached 0).
        private var job: ((Int) -> Void)?
        /// Raised (releasing) once per job; a worker that sees it raised reads `job` (acquiring).
        private let generation = Atomic<Int>(0)
        /// Workers other than the caller still running the current job.
        private let unfinished = Atomic<Int>(0)
        private let stopping = Atomic<Bool>(false)
        /// Threads waiting on `condition`; changed under its lock.
        private var sleepers = 0
        /// True while jobs come back to back: workers spin for the next one after this one.
        private let backToBack = Atomic<Bool>(false)
        /// When the caller's last `run` returned (monotonic nanoseconds; 0: never).
        private var lastRunEnd: UInt64 = 0
        /// False when the pool has more threads than the machine has cores: nobody spins.
        /// Set before the threads start.
        var spins = true
        /// How long the caller spins for the workers to finish before sleeping (nanoseconds).
        static let callerSpin: UInt64 = 100_000
        /// How long a worker spins for the next of back-to-back jobs before sleeping (nanoseconds).
        static let workerSpin: UInt64 = 100_000

        func stop() {
            stopping.store(true, ordering: .releasing)
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }

        func run(workers: Int, _ body: (Int) -> Void) {
            withoutActuallyEscaping(body) { body in
                backToBack.store(spins && lastRunEnd != 0 && Self.now() &- lastRunEnd < Self.workerSpin, ordering: .relaxed)
                job = body
                unfinished.store(workers - 1, ordering: .relaxed)
                generation.add(1, ordering: .releasing)
                // Under the lock: a worker about to sleep checks `generation` under it, so it
                // either sees the new job or is waiting when this broadcast comes.
                condition.lock()
                if sleepers > 0 { condition.broadcast() }
                condition.unlock()
                body(0)
                if !(spins && Self.spin(for: Self.callerSpin, until: { unfinished.load(ordering: .acquiring) == 0 })) {
                    condition.lock()
                    while unfinished.load(ordering: .acquiring) > 0 {
                        sleepers += 1
                        condition.wait()
                        sleepers -= 1
                    }
                    condition.unlock()
                }
                job = nil
                lastRunEnd = Self.now()
            }
        }

        func serve(_ index: Int) {
            var seen = 0, spinForNext = false
            while true {
                if spinForNext {
                    _ = Self.spin(for: Self.workerSpin) {
                        generation.load(ordering: .acquiring) != seen || stopping.load(ordering: .relaxed)
                    }
                }
                if generation.load(ordering: .acquiring) == seen {
                    condition.lock()
                    while generation.load(ordering: .acquiring) == seen && !stopping.load(ordering: .acquiring) {
                        sleepers += 1
                        condition.wait()
                        sleepers -= 1
                    }
                    condition.unlock()
                }
                if stopping.load(ordering: .acquiring) { return }
                // The caller waits for every worker before it posts again: this is seen + 1.
                seen = generation.load(ordering: .acquiring)
                spinForNext = backToBack.load(ordering: .relaxed)
                do {
                    // Released before the job counts as done: `run` checks that its closure has not escaped.
                    let body = job!
                    body(index)
                }
                if unfinished.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                    condition.lock()
                    if sleepers > 0 { condition.broadcast() }
                    condition.unlock()
                }
            }
        }

        /// Polls `done` for up to `nanoseconds`, yielding the core between polls (a pool larger
        /// than the machine must not spin a thread that has work off its core); its last answer.
        private static func spin(for nanoseconds: UInt64, until done: () -> Bool) -> Bool {
            let end = now() &+ nanoseconds
            while !done() {
                if now() >= end { return done() }
                sched_yield()
            }
            return true
        }

        private static func now() -> UInt64 {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
        }
    }

    /// CPU seconds the calling thread has used (a system call on some kernels: not for per-pixel
    /// use). The band balance, time travel's parking budget and the bench measure with it.
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Starts `work` on a new POSIX thread with a stack of `stackSize` bytes; nil when no such
    /// thread could be made. The caller joins it. (Foundation's `Thread.stackSize` does not reach
    /// the sizes the compositor's deep-tree thread needs.)
    static func startThread(stackSize: Int, _ work: @escaping () -> Void) -> pthread_t? {
        var attr = pthread_attr_t()
        guard pthread_attr_init(&attr) == 0 else { return nil }
        defer { pthread_attr_destroy(&attr) }
        guard pthread_attr_setstacksize(&attr, stackSize) == 0 else { return nil }
        let context = Unmanaged.passRetained(PoolWork(work)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, &attr, { context in
            Unmanaged<PoolWork>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard made == 0 else { Unmanaged<PoolWork>.fromOpaque(context).release(); return nil }
        return thread
    }
}

private final class PoolWork {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
