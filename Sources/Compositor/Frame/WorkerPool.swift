import Foundation

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

    private final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        private var job: ((Int) -> Void)?
        private var generation = 0
        private var unfinished = 0
        private var stopping = false

        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }

        func run(workers: Int, _ body: (Int) -> Void) {
            withoutActuallyEscaping(body) { body in
                condition.lock()
                job = body
                unfinished = workers - 1
                generation &+= 1
                condition.broadcast()
                condition.unlock()
                body(0)
                condition.lock()
                while unfinished > 0 { condition.wait() }
                job = nil
                condition.unlock()
            }
        }

        func serve(_ index: Int) {
            var seen = 0
            while true {
                condition.lock()
                while generation == seen && !stopping { condition.wait() }
                if stopping { condition.unlock(); return }
                seen = generation
                do {
                    // Released before the job counts as done: `run` checks that its closure has not escaped.
                    let body = job!
                    condition.unlock()
                    body(index)
                }
                condition.lock()
                unfinished -= 1
                if unfinished == 0 { condition.broadcast() }
                condition.unlock()
            }
        }
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
