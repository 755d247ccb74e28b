import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// `UIView.animate` completions (issue 38, item 1): a completion that starts the next animation
/// at once never loops inside a frame (it ran every generation in one frame before), and one
/// that fades a screen in never shows it at its new alpha without the fade. (The second held
/// before the fix too, UIKit's blocks committing their own transactions; it guards that path,
/// which the Layers tests of the fix do not cover.)
@Suite(.isolatedEngine) struct UIViewAnimationCompletionTests {
    @Test func aCompletionsFadeInNeverShowsTheNewScreenFullyOpaque() {
        let st = ViewStage(100, 100)
        let old = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        screen.alpha = 0
        st.show(old)
        st.show(screen)                                         // drawn once, transparent
        var shownAt: Double?
        st.at(0.1) {
            UIView.animate(withDuration: 0.3, animations: { old.alpha = 0 }, completion: { _ in
                shownAt = CACurrentMediaTime()
                UIView.animate(withDuration: 0.5) { screen.alpha = 1 }
            })
        }
        var seen: [(Double, Float)] = []
        for n in 7...60 {
            let t = Double(n) / 60
            st.frame(t)
            seen.append((t, screen.layer.presentation()?.opacity ?? -1))
        }
        guard let start = shownAt else { Issue.record("the completion never ran"); return }
        for (t, opacity) in seen where t < start + 0.5 - 1e-9 {
            #expect(opacity >= 0 && opacity < 1, "\(opacity) at \(t); the fade began at \(start)")
        }
        #expect(seen.first { isNear($0.0, start) }?.1 == 0 && seen.last?.1 == 1)
    }

    /// Each completion starts the next animation of nothing (it ends at once): one step a frame.
    @Test func completionsThatAnimateNothingAdvanceOneStepAFrame() {
        let st = ViewStage(100, 100)
        var steps = 0
        func step() {
            UIView.animate(withDuration: 0.2, animations: {}, completion: { _ in
                steps += 1
                if steps < 1_000 { step() }
            })
        }
        st.at(0) { step() }
        var perFrame: [Int] = []
        for n in 1...30 {
            let before = steps
            st.frame(Double(n) / 60)
            perFrame.append(steps - before)
        }
        #expect(perFrame.allSatisfy { $0 <= 1 } && steps >= 29 && steps < 1_000, "\(perFrame)")
    }
}
