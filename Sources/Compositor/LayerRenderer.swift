import Foundation
import Layers
import Raster

/// Display and composite in one call, on the calling thread: the host's and the tests' way to draw
/// a layer tree into a bitmap.
///
/// Holds one `DisplayStep` and one `Compositor`, so caches and scratch live as long as the renderer.
/// Callers that composite elsewhere (another thread, tiles) call `display.snapshot(of:scale:)` on
/// the main thread and hand the snapshot to a compositor of their own.
public final class LayerRenderer {
    public let display = DisplayStep()
    public let compositor = Compositor()

    /// Content drawings since the renderer was made (tests count them; see `DisplayStep.contentDraws`).
    public var contentDraws: Int { display.contentDraws }

    public init() {}

    /// Draws `root` (its presentation values) into `bitmap`, at `scale` pixels per point.
    public func render(_ root: CALayer, into bitmap: Bitmap, scale: Double) {
        compositor.composite(display.snapshot(of: root, scale: scale), into: bitmap)
        for failure in compositor.takeFailures() { CAEngine.current.report(failure) }
    }
}
