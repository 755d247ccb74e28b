import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct ProgressCurveTests {
    @Test func aBezierIsItsTimingFunction() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        let c = ProgressCurve(f)
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(c.fraction(atProgress: p, duration: 2) == f.value(at: p))
            #expect(c.slope(atProgress: p, duration: 2) == f.derivative(at: p))
        }
        #expect(c.settlingTime(duration: 2) == 2 && c.settlingTime(duration: -1) == 0)
        #expect(ProgressCurve(nil) == .linear)
        #expect(ProgressCurve.linear.fraction(atProgress: 0.3, duration: 5) == 0.3)
    }

    @Test func aSpringIsSampledAtProgressTimesDuration() {
        let s = SpringSolution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, allowsOverdamping: false)
        let c = ProgressCurve.spring(s)
        #expect(c.fraction(atProgress: 0.25, duration: 2) == s.value(at: 0.5))
        #expect(c.slope(atProgress: 0.25, duration: 2) == s.velocity(at: 0.5) * 2)
        #expect(c.settlingTime(duration: 0.1) == s.settlingDuration)
        #expect(c.fraction(atProgress: 0, duration: 1) == 0)
    }

    @Test func animationsSampleThroughTheirCurve() {
        let basic = CABasicAnimation(keyPath: "opacity")
        #expect(basic.progressCurve == .linear)
        basic.timingFunction = CAMediaTimingFunction(name: .easeIn)
        #expect(basic.progressCurve == .bezier(CubicBezier.easeIn))
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.damping = 7
        #expect(spring.progressCurve == .spring(spring.solution))
    }

    @Test func aSpringAnimationMovesAsItsSolution() {
        let layer = CALayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "s")
        let frames = TreeFrames(root: layer)
        frames.frame(1)
        frames.frame(1.3)
        #expect(abs(Double(layer.presented.position.x) - 100 * spring.solution.value(at: 0.3)) < 1e-9)
    }
}
