import Compositor
import Foundation
import Layers
import Raster
import TestSupport
@testable import Views

/// A window driven through the host's frame phases at exact media times (time is passed in).
final class ViewStage {
    let window: UIWindow
    let renderer = LayerRenderer()
    var engine: CAEngine { CAEngine.current }

    init(_ w: Double = 200, _ h: Double = 200) {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: w, height: h))
    }

    /// One frame at `t`, in the host's order: timers, display links (property animators, long
    /// presses), layout, commit, animate.
    func frame(_ t: Double) {
        engine.beginFrame(at: t)
        rest(of: t)
    }

    /// A frame at `t` whose input phase runs `body` (as a gesture or control action would).
    func at(_ t: Double, _ body: () -> Void) {
        engine.beginFrame(at: t)
        body()
        rest(of: t)
    }

    private func rest(of t: Double) {
        engine.fireTimers()
        engine.runDisplayLinks()
        window.frameDidAdvance(to: t)
        engine.layout(root: window.layer)
        engine.commit()
        engine.animate(root: window.layer)
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
