import TestSupport
import Foundation
import Testing
@testable import Layers

/// Values that do not fit their key path: one line each animation, and a defined result.
@Suite(.isolatedEngine) struct AnimationValueCheckingTests {
    func setUp() -> (TreeFrames, CALayer, CAEngine) {
        let frames = TreeFrames()
        let layer = CALayer()
        layer.name = "card"
        layer.position = CGPoint(x: 50, y: 50)
        frames.root.addSublayer(layer)
        CAEngine.current.reportSink = { _ in }
        frames.frame(0)
        return (frames, layer, CAEngine.current)
    }

    @Test func aWrongBoxedTypeIsIgnoredAsIfNotGiven() {
        let (frames, layer, engine) = setUp()
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = NSValue(cgSize: CGSize(width: 1, height: 2))      // a size for a point key
        a.toValue = NSValue(cgPoint: CGPoint(x: 150, y: 50))
        a.duration = 1
        layer.add(a, forKey: nil)
        frames.frame(1)
        frames.frame(1.5)
        // No fromValue: from the value on screen (50, 50) to (150, 50).
        #expect(layer.presentation()?.position == CGPoint(x: 100, y: 50))
        frames.frame(1.75)
        #expect(engine.diagnostics == ["CABasicAnimation 'position' on \"card\": fromValue is a size (NSValue), not a point: ignored, as if not given"])
    }

    @Test func nanIsIgnoredAsIfNotGiven() {
        let (frames, layer, engine) = setUp()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0
        a.toValue = Double.nan
        a.duration = 1
        layer.add(a, forKey: nil)
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 3), "text", CGPoint(x: 100, y: 0)]
        k.duration = 1
        layer.add(k, forKey: nil)
        frames.frame(1)
        frames.frame(1.5)
        let p = layer.presentation()!
        #expect(p.opacity == 0.5)               // from 0 to the model's 1
        #expect(p.position == CGPoint(x: 50, y: 0))  // between the two values left
        #expect(engine.diagnostics.count == 2)
        #expect(engine.diagnostics[0].hasPrefix("CABasicAnimation 'opacity' on \"card\": toValue holds a number that is not finite"))
        #expect(engine.diagnostics[1] == "CAKeyframeAnimation 'position' on \"card\": values[1] holds a number that is not finite (CGPoint(x: nan, y: 3.0)): left out (and 1 more)")
    }

    @Test func aCustomKeyTakesAnyKind() {
        let (frames, layer, engine) = setUp()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = NSValue(cgPoint: .zero)
        a.toValue = NSValue(cgPoint: CGPoint(x: 10, y: 0))
        a.duration = 1
        layer.add(a, forKey: nil)
        frames.frame(1)
        frames.frame(1.5)
        #expect(layer.presentation()?.value(forKey: "progress") as? CGPoint == CGPoint(x: 5, y: 0))
        #expect(engine.diagnostics.isEmpty)
    }
}
