import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// UIView.transition: a card showing "A" on blue becomes "B" on orange.
@Suite(.isolatedEngine) struct UIViewTransitionTests {
    static func card(on st: ViewStage) -> (UIView, UILabel) {
        st.window.backgroundColor = UIColor(white: 0.15, alpha: 1)
        let card = UIView(frame: CGRect(x: 50, y: 30, width: 140, height: 100))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 12
        let label = UILabel(frame: CGRect(x: 0, y: 28, width: 140, height: 44))
        label.text = "A"
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 34)
        label.textColor = .white
        card.addSubview(label)
        st.show(card)
        return (card, label)
    }

    @Test(arguments: [("flipFromLeft", UIView.AnimationOptions.transitionFlipFromLeft), ("flipFromTop", .transitionFlipFromTop),
                      ("crossDissolve", .transitionCrossDissolve), ("curlUp", .transitionCurlUp), ("curlDown", .transitionCurlDown)])
    func transitionFrames(_ name: String, _ option: UIView.AnimationOptions) {
        let st = ViewStage(240, 160)
        let (card, label) = Self.card(on: st)
        var finished: Bool?
        UIView.transition(with: card, duration: 1, options: [option, .curveLinear], animations: {
            card.backgroundColor = .systemOrange
            label.text = "B"
        }, completion: { finished = $0 })
        st.frame(1) // committed: the transition begins at 1
        for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let bmp = st.render(at: 1 + p)
            #expect(Snapshot.verify(bmp, named: "\(name)-\(p)", tolerance: 1) == nil)
        }
        #expect(finished == true)
    }

    @Test func theFlipShowsPerspectiveAndHidesTheBackFace() {
        let st = ViewStage(240, 160)
        let (card, label) = Self.card(on: st)
        UIView.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
            card.backgroundColor = .systemOrange
            label.text = "B"
        })
        st.frame(1)
        let quarter = st.render(at: 1.25)
        // A quarter turn in: the old (blue) face, its two vertical edges of different heights.
        func columnHeight(_ x: Int) -> Int { (0..<160).filter { Pixel.b(quarter[x, $0]) > 200 && Pixel.r(quarter[x, $0]) < 80 }.count }
        let xs = (0..<240).filter { columnHeight($0) > 0 }
        #expect(xs.count > 40 && xs.count < 140) // foreshortened from 140 wide
        #expect(abs(columnHeight(xs.first! + 2) - columnHeight(xs.last! - 2)) > 6)
        let threeQuarters = st.render(at: 1.75)
        // The new (orange) face turning in; no blue anywhere (the back face is hidden).
        #expect(!(0..<240).contains { x in (0..<160).contains { y in Pixel.b(threeQuarters[x, y]) > 200 && Pixel.r(threeQuarters[x, y]) < 80 } })
        #expect((0..<240).contains { x in Pixel.r(threeQuarters[x, 80]) > 200 && Pixel.g(threeQuarters[x, 80]) > 100 && Pixel.b(threeQuarters[x, 80]) < 60 })
    }

    @Test func transitionFromToSwapsTheViewsInTheirSuperview() {
        let st = ViewStage(200, 120)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        let a = UIView(frame: container.bounds), b = UIView(frame: container.bounds)
        a.backgroundColor = .systemRed
        b.backgroundColor = .systemGreen
        container.addSubview(a)
        st.show(container)
        var done = false
        UIView.transition(from: a, to: b, duration: 0.5, options: .transitionCrossDissolve) { _ in done = true }
        #expect(a.superview == nil && b.superview === container)
        st.frame(1)
        let mid = st.render(at: 1.25)
        #expect(Pixel.r(mid[100, 60]) > 60 && Pixel.g(mid[100, 60]) > 60) // red and green blended
        _ = st.render(at: 1.5)
        #expect(done)
    }
}
