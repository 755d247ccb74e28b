import Flipbook

/// Records every frame's named-layer presentation values (drawn or not) as `--trace` lines.
public final class TraceSink: FrameSink {
    public private(set) var writer = TraceWriter()

    public init() {}

    public func present(_ frame: FinishedFrame) throws {
        writer.add(frame: frame.number, time: frame.time, layers: LayerTrace.values(of: frame.stage.rootLayer))
    }
}
