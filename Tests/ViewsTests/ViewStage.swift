import Compositor
import Foundation
import FrameLoop
import Layers
import Raster
import TestSupport
@testable import Views

/// A window driven by the one frame driver (FrameLoop's `FrameDriver`) at exact media times (time
/// is passed in): each frame runs the window's stage in the phases' order — input, timers, display
/// links (the window's own first: long presses, the focus ring), layout, commit, animate.
final class ViewStage {
    let window: UIWindow
    let renderer = LayerRenderer()
    var engine: CAEngine { CAEngine.current }
    private let stage: WindowStage
    private let driver: FrameDriver

    init(_ w: Double = 200, _ h: Double = 200) {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: w, height: h))
        stage = WindowStage(window: window, engine: CAEngine.current)
        driver = FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)),
                             pixelWidth: max(1, Int(w)), pixelHeight: max(1, Int(h)), scale: 1, threads: 1)!
    }

    deinit { stage.close() }

    /// One frame at `t`.
    func frame(_ t: Double) {
        try! driver.runFrame(at: t, drawing: false) // no sinks: nothing throws
    }

    /// A frame at `t` whose input phase runs `body` (as a gesture or control action would).
    func at(_ t: Double, _ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            stage.inputWork = body
            frame(t)
            stage.inputWork = nil
        }
    }

    /// The input phase of a frame at `t`: the frame's time is set, then the window gets `event`.
    func input(_ event: InputEvent, at t: Double) {
        engine.beginFrame(at: t)
        window.handle(event, at: t)
    }

    /// Frames at `t` and draws the tree.
    func render(at t: Double, scale: Double = 1) -> Bitmap {
        frame(t)
        let bmp = Bitmap(width: Int(window.bounds.width * scale), height: Int(window.bounds.height * scale))!
        renderer.render(window.layer, into: bmp, scale: scale)
        return bmp
    }

    /// Adds `view` and draws one frame at `t`, so its layer has presentation values to animate from.
    @discardableResult
    func show(_ view: UIView, at t: Double = 0) -> UIView {
        window.addSubview(view)
        frame(t)
        return view
    }
}


/// The eased fraction of UIKit's curves, from Layers' exact solver.
func eased(_ name: CAMediaTimingFunctionName, _ x: Double) -> Double { CAMediaTimingFunction(name: name).value(at: x) }

/// The stage a `ViewStage` drives: its window as it is (not resized, not made key), the input phase
/// running a test's work, the window's per-frame work on a display link as the playground's.
private final class WindowStage: Stage {
    let engine: CAEngine
    let window: UIWindow
    var inputWork: (() -> Void)?
    private var link: DisplayLink?

    init(window: UIWindow, engine: CAEngine) {
        self.window = window
        self.engine = engine
        let link = engine.addDisplayLink { [weak window] t in window?.frameDidAdvance(to: t) }
        link.requestsFrames = false
        self.link = link
    }

    func close() { link?.invalidate() }
    var rootLayer: CALayer { window.layer }
    func resize(to size: CGSize, scale: Double) {}
    func beginFrame(at time: Double) { inputWork?() }
    func handle(_ event: InputEvent, at time: Double) { window.handle(event, at: time) }
    func takeRequests() -> [HostRequest] { [] }
}
