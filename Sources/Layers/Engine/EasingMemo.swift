import Foundation

/// The animate phase's eased values: the last one solved, reused when the next asks the same, and
/// the writes of compiled tracks queued for theirs, solved together.
///
/// Why the memo: animations begun together (one `UIView.animate` block over many views, one
/// transaction) share curve and progress every frame, so the solve is done once for all of them.
///
/// Why the queue: layers begun at different times each need their own solve, and one solve is a
/// chain of Newton steps each waiting on a division (about 26 ns); made one at a time inside the
/// walk, nothing else runs while it waits. The walk queues a run of siblings' writes (`queue`) and
/// solves them one after another in a short loop (`flush`), where the solves do not depend on each
/// other and the processor overlaps them; a curve is prepared once per run of writes with it
/// (`CubicBezier.Solver`). Only siblings are queued: the array of sublayers the walk holds keeps
/// every one of them alive until their run is flushed, whatever user code in between does to the
/// tree.
///
/// Exact: the same solve gives the same bits, queued or not, and the memo only returns what the
/// same inputs gave. What changes is when a sibling's value lands in `presented`: at the end of its
/// run of siblings (at most `run` layers later), still before anything after the walk reads it.
struct EasingMemo {
    private var curve = CubicBezier.linear, x = Double.nan, y = 0.0
    /// Writes waiting for their eased value, in the order their tracks were evaluated.
    private var pending: [PendingWrite] = []

    /// Writes queued before a run of siblings flushes them: enough for the solves to overlap,
    /// few enough that the queue and the layers it writes are still in the nearest cache.
    static let run = 64

    /// A compiled track's write waiting for its eased value.
    private struct PendingWrite {
        /// Kept alive by the sublayer array the walk holds until the write is flushed.
        let layer: Unmanaged<CALayer>
        let from: CGPoint, to: CGPoint
        let progress: Double
        let curve: CubicBezier
        let field: DirectField
        let isPoint: Bool
    }

    /// How many writes wait; a run of siblings flushes back down to the count it began with.
    var queued: Int { pending.count }

    /// The eased value of `c` at progress `p`, solved now unless it is the last one's.
    @inline(__always) mutating func value(_ c: CubicBezier, at p: Double) -> Double {
        if p == x && c == curve { return y }
        let v = c.value(at: p)
        (curve, x, y) = (c, p, v)
        return v
    }

    /// Queues `track`'s write at timing progress `p` into `layer.presented`, a `.scalar` or
    /// `.point` program's; the caller guarantees `layer` outlives the flush.
    @inline(__always) mutating func queue(_ track: AnimationTrack, progress p: Double, on layer: CALayer) {
        if pending.capacity == 0 { pending.reserveCapacity(Self.run) }
        pending.append(PendingWrite(layer: Unmanaged.passUnretained(layer), from: track.from, to: track.to, progress: p,
                                    curve: track.curve, field: track.field, isPoint: track.program == .point))
    }

    /// Solves and writes the writes queued after the first `start`, in the order they were queued.
    /// - Complexity: O(writes), each curve prepared once per run of writes with it.
    mutating func flush(downTo start: Int) {
        guard pending.count > start else { return }
        var (lastCurve, lastX, lastY) = (curve, x, y)
        pending.withUnsafeBufferPointer { items in
            var i = start
            while i < items.count {
                let c = items[i].curve
                var end = i + 1
                while end < items.count && items[end].curve == c { end += 1 }
                if c.isIdentity {
                    for k in i..<end { Self.write(items[k], eased: items[k].progress) }
                } else {
                    // A lone write is not worth preparing the curve for.
                    let solver = CubicBezier.Solver(c, prepared: end - i > 2)
                    for k in i..<end {
                        let p = items[k].progress
                        if !(p == lastX && c == lastCurve) {
                            (lastCurve, lastX, lastY) = (c, p, solver.value(at: p))
                        }
                        Self.write(items[k], eased: lastY)
                    }
                }
                i = end
            }
        }
        (curve, x, y) = (lastCurve, lastX, lastY)
        pending.removeSubrange(start...)
    }

    @inline(__always) private static func write(_ w: PendingWrite, eased f: Double) {
        w.layer._withUnsafeGuaranteedRef {
            AnimationTrack.write(eased: f, isPoint: w.isPoint, field: w.field, from: w.from, to: w.to, into: &$0.presented)
        }
    }
}
