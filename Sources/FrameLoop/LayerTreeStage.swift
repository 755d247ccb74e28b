import Flipbook

/// A stage of a bare layer tree: no scene, no window, no input handling — what the fuzzer, the
/// benchmarks and engine tests make frames of, through the same `FrameDriver` as everything else.
public final class LayerTreeStage: Stage {
    /// The engine the tree's animations, timers and display links belong to.
    public let engine: CAEngine
    /// The tree drawn.
    public let rootLayer: CALayer

    /// A stage showing `root`, animated by `engine`.
    public init(root: CALayer, engine: CAEngine) {
        rootLayer = root
        self.engine = engine
    }

    /// The tree keeps its own geometry: a bare tree is not fitted to the surface.
    public func resize(to size: CGSize, scale: Double) {}
    /// Nothing to set up.
    public func beginFrame(at time: Double) {}
    /// A bare tree takes no input.
    public func handle(_ event: InputEvent, at time: Double) {}
    /// A bare tree asks nothing of the host.
    public func takeRequests() -> [HostRequest] { [] }
}
