import Compositor
import Foundation
import Layers
import Raster
@testable import Views

/// A window driven through the host's frame phases at exact media times (time is passed in).
final class ViewStage {
    let window: UIWindow
    let renderer = LayerRenderer()
    var engine: CAEngine { CAEngine.shared }

    init(_ w: Double = 200, _ h: Double = 200) {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: w, height: h))
    }

    /// One frame at `t`, in the host's order: timers, display link (long presses), commit, animate, layout.
    func frame(_ t: Double) {
        engine.fireTimers(at: t)
        window.frameDidAdvance(to: t)
        engine.commit(at: t)
        engine.animate(root: window.layer, at: t)
        engine.layout(root: window.layer)
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

func isNear(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
func isNear(_ a: CGFloat, _ b: CGFloat, _ eps: Double = 1e-9) -> Bool { abs(Double(a) - Double(b)) <= eps }
func isNear(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool { isNear(a.x, b.x, eps) && isNear(a.y, b.y, eps) }

/// The eased fraction of UIKit's curves, from Layers' exact solver.
func eased(_ name: CAMediaTimingFunctionName, _ x: Double) -> Double { CAMediaTimingFunction(name: name).value(at: x) }
