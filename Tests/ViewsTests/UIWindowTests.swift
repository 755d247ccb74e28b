import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIWindowTests {
    final class Pad: UIView {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self)
            log.append("began \(p.x),\(p.y)")
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
    }

    @Test func resizingSizesTheWindowTheScreenAndTheRootViewInTheLayoutPhase() {
        let st = ViewStage(100, 100)
        let vc = UIViewController()
        st.window.rootViewController = vc
        st.window.makeKeyAndVisible()
        let screen = UIScreen()
        st.window.screen = screen
        st.window.resize(to: CGSize(width: 320, height: 240), scale: 2)
        #expect(st.window.isKeyWindow && st.window.bounds.size == CGSize(width: 320, height: 240))
        #expect(screen.bounds.size == CGSize(width: 320, height: 240) && screen.scale == 2)
        #expect(vc.view.frame.size == CGSize(width: 100, height: 100))   // not yet: layout is a phase
        st.frame(0)
        #expect(vc.view.frame.size == CGSize(width: 320, height: 240))
        #expect(vc.view.layer.presented.bounds.size == CGSize(width: 320, height: 240)) // committed in the same frame
        st.window.resize(to: CGSize(width: CGFloat.nan, height: 10))
        st.window.resize(to: CGSize(width: -1, height: 10), scale: -3)
        #expect(st.window.bounds.size == CGSize(width: 320, height: 240) && screen.scale == 2)
    }

    @Test func aTouchGoesToTheHitViewInItsCoordinates() {
        let st = ViewStage(200, 200)
        let pad = Pad(frame: CGRect(x: 50, y: 40, width: 100, height: 100))
        let hidden = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        hidden.isHidden = true                 // hidden views take no touches
        st.window.addSubview(pad)
        st.window.addSubview(hidden)
        st.frame(0)
        st.input(.pointerDown(CGPoint(x: 60, y: 50)), at: 0.1)
        st.input(.pointerMove(CGPoint(x: 70, y: 50)), at: 0.2)
        st.input(.pointerUp(CGPoint(x: 70, y: 50)), at: 0.3)
        st.input(.pointerDown(CGPoint(x: 60, y: 50)), at: 0.4)
        st.input(.pointerCancel(CGPoint(x: 60, y: 50)), at: 0.5)
        #expect(pad.log == ["began 10.0,10.0", "moved", "ended", "began 10.0,10.0", "cancelled"])
        #expect(hidden.log.isEmpty)
    }

    @Test func inputThatIsNotFiniteIsIgnored() {
        let st = ViewStage(200, 200)
        let pad = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.window.addSubview(pad)
        st.frame(0)
        st.input(.pointerDown(CGPoint(x: CGFloat.nan, y: 5)), at: 0.1)
        st.input(.pointerMove(CGPoint(x: 5, y: CGFloat.infinity)), at: 0.2)
        st.input(.pointerDown(CGPoint(x: 5, y: 5)), at: 0.3)
        st.input(.pointerMove(CGPoint(x: CGFloat.nan, y: 5)), at: 0.4)
        st.input(.pointerUp(CGPoint(x: 6, y: 5)), at: 0.5)
        #expect(pad.log == ["began 5.0,5.0", "ended"])
    }

    @Test func aSecondPressCancelsTheFirstTouch() {
        // One touch at a time: a press while one is down (a second device) ends the first as cancelled.
        let st = ViewStage(200, 200)
        let pad = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.window.addSubview(pad)
        st.frame(0)
        st.input(.pointerDown(CGPoint(x: 5, y: 5)), at: 0.1)
        st.input(.pointerDown(CGPoint(x: 9, y: 9)), at: 0.2)
        #expect(pad.log == ["began 5.0,5.0", "cancelled", "began 9.0,9.0"])
    }
}

@Suite(.isolatedEngine) struct UIFontNonFiniteTests {
    @Test func fontSizesThatAreNotSizesMeasureWithoutTrapping() {
        for size in [CGFloat.nan, .infinity, 1e19, -3] {
            let f = UIFont.systemFont(ofSize: size)
            #expect(f.lineHeight.isFinite && f.lineHeight > 0, "\(size)")   // Int(Double.nan) trapped here
            _ = f.size(of: "Hello")
        }
    }
}
