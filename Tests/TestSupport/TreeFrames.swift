import Foundation
import FrameLoop
import Layers

/// Frames of a bare layer tree at exact media times, made by the one `FrameDriver` (FrameLoop) in
/// its phase order — input, timers and the main queue, display links, layout, commit, animate —
/// without drawing: tests below the test kit make frames here instead of calling the phases
/// themselves, so every test runs the frame the window and renders run.
public final class TreeFrames {
    /// The tree's root.
    public let root: CALayer
    /// The driver making the frames (its stage is `root` on the engine current at `init`).
    public let driver: FrameDriver

    /// Frames of `root` on `CAEngine.current` (a test's isolated engine); `size` is the driver's
    /// surface in points at scale 1 (a bare tree is not fitted to it).
    public init(root: CALayer = CALayer(), size: CGSize = CGSize(width: 64, height: 64)) {
        self.root = root
        let stage = LayerTreeStage(root: root, engine: CAEngine.current)
        driver = FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)),
                             pixelWidth: max(1, Int(size.width)), pixelHeight: max(1, Int(size.height)), scale: 1, threads: 1)!
    }

    /// The engine the frames run on.
    public var engine: CAEngine { driver.stage.engine }

    /// One frame of `root` at media time `t` from a driver made for it (tests that keep no
    /// `TreeFrames`).
    public static func frame(_ root: CALayer, at t: Double) { TreeFrames(root: root).frame(t) }

    /// One frame at media time `t`, not drawn.
    public func frame(_ t: Double) {
        // No sink is listed, so nothing can throw.
        try! driver.runFrame(at: t, drawing: false)
    }
}
