import TestSupport
import Foundation
import Testing
@testable import Layers
import Raster

/// Path keyframes as iOS code gives them: morphs between paths of the same elements, additive or not.
@Suite(.isolatedEngine) struct CGPathInterpolatableTests {
    /// The rectangle (x, y, w, h) as `UIBezierPath(rect:)` makes it: move, three lines, close.
    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath { CGPath(rect: CGRect(x: x, y: y, width: w, height: h)) }

    /// The bounding box of a shape layer's presented path.
    func shownBox(_ s: CAShapeLayer) -> CGRect? {
        guard let p = s.presentation()?.path?.path, !p.isEmpty else { return nil }
        let b = p.bounds
        return CGRect(x: b.minX, y: b.minY, width: b.width, height: b.height)
    }

    /// The spinner libraries' audio equalizer: a pill-shaped bar (a rounded-rectangle model path,
    /// with curves) animated by additive keyframes of plain rectangles of other heights.
    @Test func theEqualizerBarsMove() {
        let frames = TreeFrames()
        let bar = CAShapeLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 10, height: 40)
        bar.path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 40), cornerWidth: 5, cornerHeight: 5, transform: nil)
        frames.root.addSublayer(bar)
        frames.frame(0)
        let heights: [CGFloat] = [0, 0.7, 0.4, 0.05]
        let a = CAKeyframeAnimation(keyPath: "path")
        a.isAdditive = true
        a.values = heights.map { rect(0, 40 - 40 * $0, 10, 40 * $0) }
        a.duration = 3                          // a segment a second
        a.repeatCount = HUGE
        a.isRemovedOnCompletion = false
        bar.add(a, forKey: "animation")
        frames.frame(1)                         // begins
        frames.frame(2)                         // keyframe 1: 0.7
        #expect(shownBox(bar) == CGRect(x: 0, y: 12, width: 10, height: 28))
        frames.frame(2.5)                       // halfway from 0.7 to 0.4: 0.55 → 22 high
        #expect(shownBox(bar) == CGRect(x: 0, y: 18, width: 10, height: 22))
        frames.frame(3.75)                      // 3/4 from 0.4 to 0.05: 0.1375 → 5.5 high
        let late = shownBox(bar)!
        #expect(isNear(Double(late.height), 5.5, 1e-9) && isNear(Double(late.minY), 34.5, 1e-9))
        frames.frame(4.5)                       // the second cycle, halfway from 0 to 0.7 → 14 high
        let second = shownBox(bar)!
        #expect(isNear(Double(second.height), 14, 1e-9) && isNear(Double(second.minY), 26, 1e-9))
        #expect(bar.path?.path.elements.count != 5)  // the model path is untouched
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    /// Additive keyframes of the same elements as the model path add to it point by point.
    @Test func additiveKeyframesOfTheModelsElementsAddToIt() {
        let frames = TreeFrames()
        let s = CAShapeLayer()
        s.path = rect(10, 10, 20, 20)
        frames.root.addSublayer(s)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "path")
        a.isAdditive = true
        a.values = [rect(0, 0, 0, 0), rect(4, 0, 0, 0)]
        a.duration = 1
        s.add(a, forKey: nil)
        frames.frame(1)
        frames.frame(1.5)
        #expect(shownBox(s) == CGRect(x: 12, y: 10, width: 20, height: 20))
    }

    /// Non-additive keyframes morph between themselves, whatever the model path is (here none).
    @Test func keyframesMorphWhateverTheModelPath() {
        let frames = TreeFrames()
        let s = CAShapeLayer()
        frames.root.addSublayer(s)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "path")
        a.values = [rect(0, 0, 10, 10), rect(0, 0, 30, 50), rect(20, 20, 10, 10)]
        a.keyTimes = [0, 0.5, 1]
        a.duration = 2
        s.add(a, forKey: nil)
        let b = CABasicAnimation(keyPath: "path")
        frames.frame(1)
        frames.frame(1.5)
        #expect(shownBox(s) == CGRect(x: 0, y: 0, width: 20, height: 30))
        frames.frame(2.5)
        #expect(shownBox(s) == CGRect(x: 10, y: 10, width: 20, height: 30))
        // A basic animation between UIBezierPath-style paths does the same.
        b.fromValue = rect(0, 0, 10, 10)
        b.toValue = rect(10, 0, 10, 30)
        b.duration = 1
        s.removeAllAnimations()
        s.add(b, forKey: nil)
        frames.frame(3)
        frames.frame(3.5)
        #expect(shownBox(s) == CGRect(x: 5, y: 0, width: 10, height: 20))
    }

    /// Keyframes of different elements switch halfway and say so once.
    @Test func keyframesOfOtherElementsSwitchHalfwayWithOneLine() {
        let frames = TreeFrames()
        let engine = CAEngine.current
        engine.reportSink = { _ in }
        let s = CAShapeLayer()
        s.name = "bar"
        frames.root.addSublayer(s)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "path")
        a.values = [rect(0, 0, 10, 10), CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)]
        a.duration = 1
        s.add(a, forKey: nil)
        frames.frame(1)
        frames.frame(1.25)
        #expect(shownBox(s) == CGRect(x: 0, y: 0, width: 10, height: 10))
        frames.frame(1.75)
        #expect(shownBox(s) == CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(engine.diagnostics.count == 1)
        #expect(engine.diagnostics.first?.hasPrefix("CAKeyframeAnimation 'path' on \"bar\": values[0] and values[1] have 5 and ") == true)
    }
}
