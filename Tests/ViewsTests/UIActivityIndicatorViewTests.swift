import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIActivityIndicatorViewTests {
    /// The spin's angle in eighths of a turn as presented at the last frame.
    static func step(_ v: UIActivityIndicatorView) -> Int {
        let t = v.spokes.presentation()!.transform
        let angle = atan2(Double(t.m12), Double(t.m11))
        return Int((angle / (2 * .pi) * 8).rounded() + 8) % 8
    }

    @Test func hiddenUntilItSpinsThenStepsAnEighthEveryEighthOfASecond() {
        let st = ViewStage()
        let v = UIActivityIndicatorView(style: .large)
        #expect(v.bounds.size == CGSize(width: 37, height: 37))
        #expect(v.isHidden && !v.isAnimating)
        st.show(v)
        st.frame(0)
        v.startAnimating()
        #expect(!v.isHidden && v.isAnimating)
        st.frame(1)                                     // the spin begins at this frame
        var steps: [Int] = []
        for k in 0..<10 {
            st.frame(1 + (Double(k) + 0.5) / 8)
            steps.append(Self.step(v))
        }
        #expect(steps == [0, 1, 2, 3, 4, 5, 6, 7, 0, 1])
        v.stopAnimating()
        #expect(v.isHidden && !v.isAnimating)
        st.frame(3)
        #expect(Self.step(v) == 0)
    }

    @Test func keptVisibleWhenAskedAndColouredAndSizedByStyle() {
        let v = UIActivityIndicatorView()
        #expect(v.bounds.size == CGSize(width: 20, height: 20))
        v.hidesWhenStopped = false
        #expect(!v.isHidden)
        v.color = .systemRed
        let spokes = v.spokes.sublayers ?? []
        #expect(spokes.count == 8)
        #expect(spokes.allSatisfy { $0.backgroundColor == UIColor.systemRed.cgColor })
        #expect(spokes.first!.opacity == 1 && spokes.last!.opacity < 0.4)
        v.style = .large
        #expect(v.bounds.size == CGSize(width: 37, height: 37))
        #expect(spokes.first!.bounds.size == CGSize(width: 3.7, height: 37.0 / 4))
    }

    /// The spokes are drawn: the leading one at 12 o'clock darker than the one behind it.
    @Test func theSpokesDraw() {
        let st = ViewStage(40, 40)
        st.window.backgroundColor = .white
        let v = UIActivityIndicatorView(style: .large)
        v.color = .black
        v.frame.origin = CGPoint(x: 1, y: 1)
        st.show(v)
        v.startAnimating()
        let bmp = st.render(at: 0)
        let top = bmp[19, 4] & 0xFF                       // on the leading spoke, near the top edge
        let behind = bmp[19 - 6, 6] & 0xFF                 // an eighth of a turn back: fainter
        #expect(top < 60)
        #expect(behind > top)
    }
}
