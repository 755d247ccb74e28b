import FrameLoop
import Flipbook

/// Writes every frame's named-layer presentation values (drawn or not) as a `--trace` line as soon
/// as the frame is made, so a long render's trace is never held in memory whole.
public final class TraceSink: FrameSink {
    private let write: (String) throws -> Void

    /// - Parameter write: appends one line (a headless render's `RenderOutput.openTrace()`).
    public init(write: @escaping (String) throws -> Void) { self.write = write }

    /// Writes `frame`'s trace line (every frame, drawn or not).
    public func present(_ frame: FinishedFrame) throws {
        try write(TraceWriter.line(frame: frame.number, time: frame.time, layers: LayerTrace.values(of: frame.stage.rootLayer)))
    }
}
