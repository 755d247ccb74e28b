import Foundation

/// Groups layer changes so they animate together, as Core Animation's `CATransaction`.
///
/// Every change outside an explicit transaction belongs to the frame's implicit transaction, which
/// the frame loop commits in its `.commit` phase. Explicit transactions nest; the outermost commit
/// is when animations added inside take their begin time. Defaults: `animationDuration` 0.25 s,
/// the default timing function, actions enabled.
public enum CATransaction {
    /// Opens a transaction nested in the current one; its settings apply to the changes made until
    /// `commit()`.
    public static func begin() { CAEngine.current.transactions.begin() }
    /// Closes the transaction opened by `begin()`; its animations begin in the frame's commit phase.
    public static func commit() {
        let e = CAEngine.current
        e.transactions.commit(engine: e)
        e.runReadyCompletions()
    }
    /// Commits the implicit transaction now (Core Animation's `flush`).
    public static func flush() {
        let e = CAEngine.current
        e.transactions.commitImplicit(engine: e)
        e.runReadyCompletions()
    }

    /// The duration implicit animations take in the current transaction. Default: 0.25 s.
    public static func animationDuration() -> CFTimeInterval { CAEngine.current.transactions.current.duration }
    /// Sets the duration of implicit animations in the current transaction.
    public static func setAnimationDuration(_ d: CFTimeInterval) {
        CAEngine.current.transactions.currentForWriting.duration = d.isFinite && d >= 0 ? d : 0.25
    }
    /// The timing function of implicit animations in the current transaction. Default: nil (linear).
    public static func animationTimingFunction() -> CAMediaTimingFunction? { CAEngine.current.transactions.current.timingFunction }
    /// Sets the timing function of implicit animations in the current transaction.
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) {
        CAEngine.current.transactions.currentForWriting.timingFunction = f
    }
    /// True when changes in the current transaction make no implicit animations. Default: false.
    public static func disableActions() -> Bool { CAEngine.current.transactions.current.disableActions }
    /// Turns implicit animations off (or on) for the current transaction.
    public static func setDisableActions(_ flag: Bool) { CAEngine.current.transactions.currentForWriting.disableActions = flag }
    /// The block run when every animation of the current transaction has ended.
    public static func completionBlock() -> (() -> Void)? { CAEngine.current.transactions.current.completion }
    /// Runs once every animation added inside the transaction has finished or been removed; at once
    /// (at commit) when none was added.
    public static func setCompletionBlock(_ block: (() -> Void)?) { CAEngine.current.transactions.currentForWriting.completion = block }
    /// A transaction setting by its Core Animation key (`kCATransactionAnimationDuration`…).
    public static func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionAnimationDuration: return animationDuration()
        case kCATransactionDisableActions: return disableActions()
        case kCATransactionAnimationTimingFunction: return animationTimingFunction()
        case kCATransactionCompletionBlock: return completionBlock()
        default: return CAEngine.current.transactions.current.values[key]
        }
    }
    /// Sets a transaction setting by its Core Animation key.
    public static func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case kCATransactionAnimationDuration: setAnimationDuration((value as? Double) ?? 0.25)
        case kCATransactionDisableActions: setDisableActions((value as? Bool) ?? false)
        case kCATransactionAnimationTimingFunction: setAnimationTimingFunction(value as? CAMediaTimingFunction)
        case kCATransactionCompletionBlock: setCompletionBlock(value as? () -> Void)
        default: CAEngine.current.transactions.currentForWriting.values[key] = value
        }
    }

    /// Runs `body` with actions disabled: property changes take effect without implicit animation.
    public static func performWithoutAnimation(_ body: () -> Void) {
        begin(); setDisableActions(true); body(); commit()
    }
}

/// Core Animation's key for the transaction's animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// Core Animation's key for disabling implicit actions.
public let kCATransactionDisableActions = "disableActions"
/// Core Animation's key for the transaction's timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// Core Animation's key for the transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// One open transaction's settings and the animations added while it was open.
final class Transaction {
    var duration: CFTimeInterval = 0.25
    var timingFunction: CAMediaTimingFunction?
    var disableActions = false
    var completion: (() -> Void)?
    var values: [String: Any] = [:]
    /// Animations added in this transaction, waiting for their begin time at commit.
    var added: [(CALayer, CAAnimation)] = []
    let isImplicit: Bool
    init(implicit: Bool) { isImplicit = implicit }
}

/// The nesting of open transactions on one thread.
struct TransactionStack {
    private var stack: [Transaction] = []
    private static let defaults = Transaction(implicit: true)
    /// Completion groups waiting for their animations to end.
    var pendingCompletions: [CompletionGroup] = []
    /// Completion blocks due, in the order they became due, each with the first frame it may run
    /// in. The engine runs them after the commit that made them due has returned
    /// (`CAEngine.runReadyCompletions`), never inside it; one that becomes due while completions
    /// run waits for the next frame, so a completion that commits another transaction cannot
    /// loop within a frame.
    private var ready: [ReadyCompletion] = []

    /// Takes out, in order, the due blocks that may run in frame `frame`; later ones stay.
    mutating func takeReadyCompletions(inFrame frame: Int) -> [() -> Void] {
        guard !ready.isEmpty else { return [] }
        var taken: [() -> Void] = []
        var kept: [ReadyCompletion] = []
        for r in ready {
            if r.frame <= frame { taken.append(r.block) } else { kept.append(r) }
        }
        ready = kept
        return taken
    }

    /// True when a due completion block waits to run (the engine then needs a frame).
    var hasReadyCompletions: Bool { !ready.isEmpty }

    /// The innermost open transaction, or the defaults when none is open (reads never open one).
    var current: Transaction { stack.last ?? Self.defaults }
    /// The innermost transaction, opening the implicit one when none is open.
    var currentForWriting: Transaction {
        mutating get {
            if stack.isEmpty { stack.append(Transaction(implicit: true)) }
            return stack.last!
        }
    }
    var isOpen: Bool { !stack.isEmpty }

    mutating func begin() {
        // An explicit transaction inside the implicit one nests in it, as on Apple's platforms.
        stack.append(Transaction(implicit: false))
    }

    mutating func commit(engine: CAEngine) {
        guard let top = stack.last, !top.isImplicit else { return } // unbalanced commit: ignored
        stack.removeLast()
        finish(top, engine: engine)
    }

    mutating func commitImplicit(engine: CAEngine) {
        // Explicit transactions left open at the frame's end are committed too (Apple logs a warning).
        while let top = stack.popLast() { finish(top, engine: engine) }
    }

    /// Registers an animation added to a layer inside the current transaction.
    mutating func register(_ animation: CAAnimation, on layer: CALayer) {
        currentForWriting.added.append((layer, animation))
    }

    private mutating func finish(_ t: Transaction, engine: CAEngine) {
        let now = engine.mediaTime
        // Nested transactions hand their animations to the enclosing one: begin times are taken at
        // the outermost commit, and the enclosing completion block waits for them too.
        if let outer = stack.last {
            outer.added += t.added
            if let c = t.completion {
                pendingCompletions.append(CompletionGroup(animations: t.added.map { $0.1 }, block: c, frame: engine.completionFrame))
            }
            return
        }
        for (layer, animation) in t.added { animation.commitBeginTime(now: now, on: layer, transaction: t) }
        if let c = t.completion {
            let group = CompletionGroup(animations: t.added.map { $0.1 }, block: c, frame: engine.completionFrame)
            if group.isDone { ready.append(ReadyCompletion(block: c, frame: group.frame)) } else { pendingCompletions.append(group) }
        }
    }

    /// Makes due the completion blocks whose animations have all ended; after each animate phase.
    mutating func collectFinishedCompletions() {
        guard !pendingCompletions.isEmpty else { return }
        let done = pendingCompletions.filter(\.isDone)
        guard !done.isEmpty else { return }
        pendingCompletions.removeAll { $0.isDone }
        ready += done.map { ReadyCompletion(block: $0.block, frame: $0.frame) }
    }
}

/// A transaction's completion block and the animations it waits for.
struct CompletionGroup {
    let animations: [CAAnimation]
    let block: () -> Void
    /// The first frame the block may run in (`CAEngine.completionFrame` when it was committed).
    let frame: Int
    var isDone: Bool { animations.allSatisfy { $0.hasEnded } }
}

/// A due completion block and the first frame it may run in.
struct ReadyCompletion {
    let block: () -> Void
    let frame: Int
}
