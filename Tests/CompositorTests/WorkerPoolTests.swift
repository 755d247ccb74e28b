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

    /// Jobs back to back (the workers spin for the next one), jobs apart (they sleep), and the two
    /// mixed: every worker still runs every job once, and a pool dropped while its workers spin
    /// ends them.
    @Test func jobsBackToBackAndApartEachRunOncePerWorker() {
        for count in [2, 3, 8] {
            let pool = WorkerPool(count: count)
            var runs = [Int](repeating: 0, count: count)
            let lock = NSLock()
            for job in 0..<400 {
                if job % 50 == 49 { usleep(300) }   // longer than a worker spins
                pool.run { w in lock.lock(); runs[w] += 1; lock.unlock() }
                #expect(runs.allSatisfy { $0 == job + 1 }, "\(count) workers, job \(job): \(runs)")
                if runs.contains(where: { $0 != job + 1 }) { return }
            }
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
