import Foundation
import Layers

/// The reuse queues behind `dequeueReusable…` (collection and table views): the classes
/// registered per identifier, and per identifier the views handed back as they left the screen.
/// Popping and pushing are O(1); a view is counted once, when it is made.
struct ReuseQueues<View: UIView> {
    private var registered: [String: View.Type] = [:]
    private var queues: [String: [View]] = [:]
    /// Views made so far through `made(_:)` (reuse keeps this near the number visible).
    private(set) var created = 0

    /// Registers `type` for `identifier` (nil, or a class that is not a `View`, forgets it).
    mutating func register(_ type: AnyClass?, for identifier: String) {
        registered[identifier] = type as? View.Type
    }
    /// The class registered for `identifier`, if any.
    func registeredType(for identifier: String) -> View.Type? { registered[identifier] }
    /// The last view queued for `identifier`, taken off its queue; nil when the queue is empty.
    mutating func pop(_ identifier: String) -> View? {
        guard var q = queues[identifier], let v = q.popLast() else { return nil }
        queues[identifier] = q
        return v
    }
    /// Queues `view` for `identifier`.
    mutating func push(_ view: View, for identifier: String) { queues[identifier, default: []].append(view) }
    /// Counts a view just made.
    mutating func made(_ view: View) { created += 1 }
}

/// A data source's per-section counts as a list view keeps them: at most 1,000,000 sections and
/// `limit` items in all (the sections past the limit keep 0); `exceeded` when a limit cut them.
/// Collection and table views ask their data sources through it.
func cappedCounts(sections asked: Int, limit: Int, count: (Int) -> Int) -> (counts: [Int], exceeded: Bool) {
    let n = max(0, min(asked, 1_000_000))
    var left = limit, exceeded = asked > n
    var counts = [Int](repeating: 0, count: n)
    for s in 0..<n {
        let c = max(0, count(s))
        if c > left { exceeded = true }
        counts[s] = min(c, left)
        left -= counts[s]
    }
    return (counts, exceeded)
}
