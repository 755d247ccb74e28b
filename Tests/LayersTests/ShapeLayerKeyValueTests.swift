import TestSupport
import Foundation
import Testing
@testable import Layers

/// Key-value coding of a shape layer's own properties, as ported animation helpers use it: the
/// model set by name after adding an animation, the start read from the presentation by name.
@Suite(.isolatedEngine) struct ShapeLayerKeyValueTests {
    @Test func aShapeLayersOwnPropertiesAreSetAndReadByName() {
        let s = CAShapeLayer()
        s.setValue(CGFloat(0.325), forKeyPath: "strokeStart")
        s.setValue(0.9, forKey: "strokeEnd")
        s.setValue(NSNumber(value: 3), forKeyPath: "lineWidth")
        s.setValue(CGColor.black, forKey: "strokeColor")
        s.setValue(nil, forKey: "fillColor")
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        s.setValue(p, forKey: "path")
        #expect(s.strokeStart == 0.325 && s.strokeEnd == 0.9 && s.lineWidth == 3)
        #expect(s.strokeColor == .black && s.fillColor == nil && s.path == p)
        #expect(s.value(forKeyPath: "strokeStart") as? CGFloat == 0.325)
        #expect(s.value(forKey: "lineWidth") as? CGFloat == 3)
        #expect(CAEngine.current.diagnostics.isEmpty)
        // A value of the wrong kind is refused with one line and changes nothing.
        s.setValue("half", forKey: "strokeEnd")
        s.setValue(Double.nan, forKey: "lineWidth")
        #expect(s.strokeEnd == 0.9 && s.lineWidth == 3)
        #expect(CAEngine.current.diagnostics.count == 2)
        // Keys that are not the shape's stay custom values.
        s.setValue(7, forKey: "progress")
        #expect(s.value(forKey: "progress") as? Int == 7)
    }

    @Test func thePresentationIsReadByNameMidAnimation() {
        let frames = TreeFrames()
        let s = CAShapeLayer()
        frames.root.addSublayer(s)
        frames.frame(0)
        let a = CABasicAnimation(keyPath: "strokeEnd")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        s.add(a, forKey: "draw")
        s.setValue(a.toValue, forKeyPath: "strokeEnd")
        frames.frame(0.1)   // the animation begins at this frame's commit
        frames.frame(0.6)
        let shown = s.presentation()?.value(forKeyPath: "strokeEnd") as? CGFloat
        #expect(shown.map { abs($0 - 0.5) < 0.02 } == true)
        #expect(s.value(forKeyPath: "strokeEnd") as? CGFloat == 1)
    }
}
