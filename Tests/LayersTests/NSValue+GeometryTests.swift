import TestSupport
import Foundation
import Testing
@testable import Layers

/// Values boxed as iOS code passes them, through animations and back.
@Suite(.isolatedEngine) struct NSValueGeometryTests {
    @Test func boxesReadBackWhatTheyHold() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(cgVector: CGVector(dx: 5, dy: 6)).cgVectorValue == CGVector(dx: 5, dy: 6))
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 0, 1)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        // Another type's reader answers the zero value (UIKit reads garbage).
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgPointValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).caTransform3DValue == .identity)
    }

    @Test func castsBridgeBothWaysAsOnApplesPlatforms() {
        let boxed: Any = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        #expect(boxed as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(boxed as? CGSize == nil)        // holds a point, not a size
        let point: Any = CGPoint(x: 3, y: 4)
        #expect((point as? NSValue)?.cgPointValue == CGPoint(x: 3, y: 4))
        let transform: Any = NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))
        #expect(transform as? CATransform3D == CATransform3DMakeScale(2, 2, 1))
        let number: Any = NSNumber(value: 2.5)
        #expect(number as? CGFloat == 2.5)
        let radius: Any = CGFloat(7)
        #expect((radius as? NSNumber)?.doubleValue == 7)
    }

    @Test func aBasicAnimationOfBoxedPointsRoundTrips() {
        let frames = TreeFrames()
        let layer = CALayer()
        frames.root.addSublayer(layer)
        frames.frame(0)
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        a.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        a.duration = 1
        layer.add(a, forKey: "move")
        frames.frame(1)                        // the animation begins here
        frames.frame(1.25)
        let shown = layer.presentation()?.value(forKeyPath: "position")
        #expect((shown as? NSValue)?.cgPointValue == CGPoint(x: 25, y: 10))
        #expect(shown as? CGPoint == CGPoint(x: 25, y: 10))
        #expect((layer.presentation()?.value(forKeyPath: "position.x") as? NSNumber)?.doubleValue == 25)
        // What was given is what is read back: the same boxes.
        #expect((layer.animation(forKey: "move") as? CABasicAnimation)?.toValue as? NSValue == NSValue(cgPoint: CGPoint(x: 100, y: 40)))
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func boxedSizesRectsTransformsAndNumbersAnimate() {
        let frames = TreeFrames()
        let layer = CALayer()
        frames.root.addSublayer(layer)
        frames.frame(0)
        func basic(_ key: String, _ from: Any, _ to: Any) {
            let a = CABasicAnimation(keyPath: key)
            (a.fromValue, a.toValue, a.duration) = (from, to, 1)
            layer.add(a, forKey: key)
        }
        basic("bounds", NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10)), NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50)))
        basic("shadowOffset", NSValue(cgSize: .zero), NSValue(cgSize: CGSize(width: 8, height: -4)))
        basic("transform", NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: CATransform3DMakeTranslation(40, 0, 0)))
        // An affine transform for the 3D key is taken as the 3D transform.
        basic("sublayerTransform", NSValue(cgAffineTransform: .identity), NSValue(cgAffineTransform: CGAffineTransform(translationX: 0, y: 20)))
        basic("opacity", NSNumber(value: 1), NSNumber(value: 0))
        frames.frame(1)
        frames.frame(1.5)
        let p = layer.presentation()!
        #expect((p.value(forKey: "bounds") as? NSValue)?.cgRectValue == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect((p.value(forKey: "shadowOffset") as? NSValue)?.cgSizeValue == CGSize(width: 4, height: -2))
        #expect(isNear(Double((p.value(forKey: "transform") as! NSValue).caTransform3DValue.m41), 20, 1e-9))
        #expect(isNear(Double(p.sublayerTransform.m42), 10, 1e-9))
        #expect((p.value(forKey: "opacity") as? NSNumber)?.floatValue == 0.5)
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func keyframesOfBoxedPoints() {
        let frames = TreeFrames()
        let layer = CALayer()
        frames.root.addSublayer(layer)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)].map { NSValue(cgPoint: $0) }
        a.duration = 2
        layer.add(a, forKey: nil)
        frames.frame(1)
        frames.frame(2.5)
        #expect(layer.presentation()?.position == CGPoint(x: 10, y: 5))
    }

    @Test func hugeAndTheGreatestMagnitudesRepeatForever() {
        let frames = TreeFrames()
        let layer = CALayer()
        frames.root.addSublayer(layer)
        frames.frame(0)
        for (i, count) in [HUGE, Float.greatestFiniteMagnitude, Float(CGFloat.greatestFiniteMagnitude), .infinity].enumerated() {
            let a = CABasicAnimation(keyPath: "zPosition")
            (a.fromValue, a.toValue, a.duration, a.repeatCount) = (0, 10, 1, count)
            layer.add(a, forKey: "z\(i)")
        }
        frames.frame(1)
        frames.frame(1_000_000.25)             // a million cycles on, still running
        #expect(layer.presentation()?.zPosition == 2.5)
        #expect(layer.animationKeys()?.count == 4)
    }
}
