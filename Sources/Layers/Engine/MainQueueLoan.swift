import Foundation

/// The main dispatch queue lent to one engine at a time: with `CAEngine.perform(_:)`'s task-local
/// binding, the one way code finds the engine it addresses.
///
/// Why a loan: main-queue work is a dispatch block, which carries no task-local binding. A test
/// driving frames off the main thread (Swift Testing on Linux) has the main queue run that work on
/// another thread while it waits (FlipbookTesting's `SceneTester`); without the loan, an animation
/// started there would join `CAEngine.main`'s transaction and never begin. The main queue is one per
/// process, so loans are taken one at a time (two testers in parallel tests make their frames in
/// turn); the lock is recursive, so a loan's own thread may ask `isLent(to:)` or lend again inside it.
/// FrameLoop's `MainQueue.lend(to:_:)` takes the loan around frames and serves the queue in them.
public enum MainQueueLoan {
    /// Runs `body` with the main queue lent to `engine`: work the main queue runs meanwhile
    /// (`DispatchQueue.main.async` blocks, `OperationQueue.main` operations) addresses `engine`
    /// through the static APIs, as it would inside `engine.perform(_:)`. Waits for another loan to end.
    public static func lend<R>(to engine: CAEngine, _ body: () throws -> R) rethrows -> R {
        _ = markMainQueue
        lock.lock()
        defer { lock.unlock() }
        let previous = DispatchQueue.main.getSpecific(key: lent)
        DispatchQueue.main.setSpecific(key: lent, value: Loan(engine))
        defer { DispatchQueue.main.setSpecific(key: lent, value: previous) }
        return try body()
    }

    /// True when the main queue is lent to `engine` now.
    public static func isLent(to engine: CAEngine) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return DispatchQueue.main.getSpecific(key: lent)?.engine === engine
    }

    /// The engine main-queue work addresses: the one the queue is lent to, when the caller is a
    /// block the main queue runs; nil anywhere else.
    static var engineOfMainQueueWork: CAEngine? { DispatchQueue.getSpecific(key: lent)?.engine }

    /// True when the caller runs on the main queue (a block it runs, or the main thread serving it).
    public static var isOnMainQueue: Bool {
        _ = markMainQueue
        return DispatchQueue.getSpecific(key: mainQueueMark) == true
    }

    /// True when `queue` is the main queue (on Linux `DispatchQueue.main` is a new wrapper object
    /// at every use, so `===` cannot tell).
    public static func isMain(_ queue: DispatchQueue) -> Bool {
        _ = markMainQueue
        return queue.getSpecific(key: mainQueueMark) == true
    }

    /// A queue-specific slot needs a class; the engine stays confined to the thread that uses it.
    private final class Loan: @unchecked Sendable {
        let engine: CAEngine
        init(_ engine: CAEngine) { self.engine = engine }
    }
    private static let lent = DispatchSpecificKey<Loan>()
    private static let lock = NSRecursiveLock()
    /// Set on the main queue only.
    private static let mainQueueMark = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueMark, value: true)
}
