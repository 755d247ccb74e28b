import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// #35 item 8: code that builds views during layout settles as on iOS.
@Suite(.isolatedEngine) struct LayoutSettlingTests {
    /// A controller that (re)adds a dot and starts its pulse in every `viewDidLayoutSubviews`, as
    /// real samples do: the pulse's key replaces the running one, so a layout every frame would
    /// restart it every frame.
    final class PulseController: UIViewController {
        let dot = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        var passes = 0
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            passes += 1
            view.addSubview(dot)
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1
            pulse.toValue = 0
            pulse.duration = 1
            dot.layer.add(pulse, forKey: "pulse")
        }
    }

    @Test func subviewsAddedInViewDidLayoutSubviewsSettleAndTheirAnimationsRun() {
        let st = ViewStage(200, 200)
        let vc = PulseController()
        st.window.rootViewController = vc
        for k in 0...30 { st.frame(Double(k) / 60) }
        #expect(vc.passes <= 2)
        #expect(vc.dot.superview === vc.view)
        // Half a second in, the pulse is half done: it was not restarted by later layouts.
        let opacity = vc.dot.layer.presentation()?.opacity ?? -1
        #expect(abs(Double(opacity) - 0.5) < 0.02, "opacity \(opacity)")
    }

    @Test func aSubviewAddedDuringLayoutIsLaidOutInTheSamePass() {
        final class Part: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        final class Builder: UIView {
            let part = Part()
            override func layoutSubviews() {
                if part.superview == nil { addSubview(part) }
                part.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: 10)
            }
        }
        let st = ViewStage(100, 100)
        let b = Builder(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        st.show(b)
        #expect(b.part.layouts == 1 && b.part.frame.width == 40)
        // Outside layout, adding still marks the superview (the next frame lays it out).
        let late = UIView()
        b.addSubview(late)
        #expect(b.layer.needsLayout())
    }
}
