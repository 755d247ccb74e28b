import Foundation
import Layers
import TestSupport
@testable import Views

/// A 10×10 view at x = 0 on a stage, shown at t = 0, for property animator tests: `x` is the
/// presentation value of its frame's x, `modelX` the model's, times are seconds of media time.
final class AnimatorRig {
    let stage = ViewStage()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var completions: [UIViewAnimatingPosition] = []

    init() { stage.show(view, at: 0) }

    var x: Double { Double(view.layer.presentation()!.position.x) - 5 }
    var y: Double { Double(view.layer.presentation()!.position.y) - 5 }
    var modelX: Double { Double(view.layer.position.x) - 5 }
    var diagnostics: [String] { stage.engine.diagnostics }

    /// An animator moving x to `to`, recording its completions in `completions`.
    func animator(_ duration: Double = 1, _ curve: UIView.AnimationCurve = .linear, to: CGFloat = 100) -> UIViewPropertyAnimator {
        let a = UIViewPropertyAnimator(duration: duration, curve: curve) { self.view.frame.origin.x = to }
        a.addCompletion { self.completions.append($0) }
        return a
    }

    func frame(_ t: Double) { stage.frame(t) }
    func at(_ t: Double, _ body: () -> Void) { stage.at(t, body) }
    /// Frames every 1/120 s from `t0` (exclusive) to `t1` (inclusive).
    func run(from t0: Double, to t1: Double) {
        var t = t0
        while t < t1 - 1e-9 { t = min(t1, t + 1.0 / 120); frame(t) }
    }
    /// The first frame time (on a 1/1000 s grid after `t0`) at which a completion has run.
    func completionTime(after t0: Double, limit: Double = 5) -> Double? {
        var t = t0
        let before = completions.count
        while t < t0 + limit {
            t += 0.001
            frame(t)
            if completions.count > before { return t }
        }
        return nil
    }
}
