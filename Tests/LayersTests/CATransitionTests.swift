import Compositor
import Foundation
@testable import Layers
import Raster
import TestSupport
import Testing

@Suite(.isolatedEngine) struct CATransitionTests {
    /// A card showing "A" on blue changes to "B" on orange under a transition; the frame halfway.
    static func halfway(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> Bitmap {
        let st = LayerRendererTests.Stage(200, 120)
        let card = CALayer()
        let label = CATextLayer()
        CATransaction.performWithoutAnimation {
            card.frame = CGRect(x: 20, y: 10, width: 160, height: 100)
            card.backgroundColor = CGColor(hex: 0x0A84FF)
            label.frame = CGRect(x: 0, y: 30, width: 160, height: 44)
            label.string = "A"
            label.fontSize = 36
            label.alignmentMode = .center
            card.addSublayer(label)
            st.root.addSublayer(card)
        }
        st.frame(0)
        CATransaction.performWithoutAnimation {
            card.backgroundColor = CGColor(hex: 0xFF9F0A)
            label.string = "B"
        }
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        card.add(t, forKey: kCATransition)
        st.frame(1)
        return st.render(at: 1.5)
    }

    @Test(arguments: [("push", CATransitionType.push), ("moveIn", .moveIn), ("reveal", .reveal), ("fade", .fade)])
    func transitionHalfway(_ name: String, _ type: CATransitionType) {
        let bmp = Self.halfway(type, type == .fade ? nil : .fromRight)
        #expect(Snapshot.verify(bmp, named: "\(name)FromRightHalfway") == nil)
    }

    @Test func theTransitionEndsOnTheNewContentAndIsRemoved() {
        let st = LayerRendererTests.Stage(100, 100)
        let card = CALayer()
        CATransaction.performWithoutAnimation {
            card.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            card.backgroundColor = CGColor(hex: 0x0000FF)
            st.root.addSublayer(card)
        }
        st.frame(0)
        CATransaction.performWithoutAnimation { card.backgroundColor = CGColor(hex: 0xFF0000) }
        let t = CATransition()
        t.duration = 0.5
        card.add(t, forKey: kCATransition)
        st.frame(1)
        let mid = st.render(at: 1.25)
        #expect(Pixel.r(mid[50, 50]) > 100 && Pixel.b(mid[50, 50]) > 100) // a blend of red and blue
        let end = st.render(at: 1.5)
        #expect(end[50, 50] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(card.animationKeys() == nil)
    }
}
