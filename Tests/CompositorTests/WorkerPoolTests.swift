import Compositor
import Foundation
import Testing

/// The compositor's worker threads (Frame/WorkerPool.swift).
@Suite(.serialized) struct WorkerPoolTests {
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// Every worker runs once per job, each with its own index.
    @Test func everyWorkerRunsOncePerJob() {
        let pool = WorkerPool(count: 4)
        #expect(pool.count == 4)
        for _ in 0..<50 {
            var seen = [Int](repeating: 0, count: 4)
            let lock = NSLock()
            pool.run { w in lock.lock(); seen[w] += 1; lock.unlock() }
            #expect(seen == [1, 1, 1, 1])
        }
    }

    /// Pools dropped at once, before their threads have started, neither trap nor leave threads
    /// behind (each frame driver has a pool, and tests make and drop thousands of drivers).
    @Test func poolsDroppedAtOnceEndTheirThreads() {
        let before = Self.threadCount()
        for _ in 0..<300 { _ = WorkerPool(count: 3) }
        for _ in 0..<100 {
            let pool = WorkerPool(count: 2)
            pool.run { _ in }
        }
        // Threads of other tests may come and go meanwhile: allow a few, not hundreds.
        #expect(Self.threadCount() < before + 16)
    }
}
