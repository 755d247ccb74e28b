import FrameLoop
import Flipbook
import Layers

/// Writes every frame's named-layer presentation values (drawn or not) as a `--trace` line as soon
/// as the frame is made, so a long render's trace is never held in memory whole; with them, the
/// animations on named layers that started or went since the frame before (`TraceWriter`).
public final class TraceSink: FrameSink {
    private let write: (String) throws -> Void
    /// The animations on named layers at the last frame, by identity; the objects are held so that
    /// a new animation cannot take a removed one's address and pass for it.
    private var running: [ObjectIdentifier: (animation: CAAnimation, layer: String, key: String)] = [:]

    /// - Parameter write: appends one line (a headless render's `RenderOutput.openTrace()`).
    public init(write: @escaping (String) throws -> Void) { self.write = write }

    /// Writes `frame`'s trace line (every frame, drawn or not).
    /// - Complexity: O(layers + animations) per frame.
    public func present(_ frame: FinishedFrame) throws {
        let root = frame.stage.rootLayer
        try write(TraceWriter.line(frame: frame.number, time: frame.time, layers: LayerTrace.values(of: root),
                                   animations: events(TracedAnimation.all(in: root))))
    }

    /// What changed since the last frame: removals first, by layer name and key (a replaced
    /// animation goes before its successor starts), then starts in tree order.
    func events(_ now: [(animation: CAAnimation, traced: [TracedAnimation])]) -> [TraceAnimationEvent] {
        var next: [ObjectIdentifier: (animation: CAAnimation, layer: String, key: String)] = [:]
        var started: [TraceAnimationEvent] = []
        for (a, ts) in now {
            let id = ObjectIdentifier(a)
            if running[id] == nil { started += ts.map { .start($0) } }
            next[id] = (a, ts[0].layer, ts[0].key)
        }
        var removed: [(layer: String, key: String)] = running.filter { next[$0.key] == nil }.map { ($0.value.layer, $0.value.key) }
        removed.sort { ($0.layer, $0.key) < ($1.layer, $1.key) } // a dictionary's order is not stable between runs
        running = next
        return removed.map { TraceAnimationEvent.remove(layer: $0.layer, key: $0.key) } + started
    }
}
