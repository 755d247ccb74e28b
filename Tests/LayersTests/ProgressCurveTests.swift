import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct ProgressCurveTests {
    @Test func timedCurve() {
        let c = TimedCurve(duration: 2, timingFunction: CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(c.fraction(at: -1) == 0 && c.fraction(at: 3) == 1)
        #expect(abs(c.fraction(at: 1) - 0.5) < 1e-12)
        #expect(abs(c.velocity(at: 1) - CubicBezier.easeInEaseOut.derivative(at: 0.5) / 2) < 1e-15)
        #expect(c.velocity(at: 2.5) == 0)
        #expect(!c.isDone(at: 1.999) && c.isDone(at: 2))
        let linear = TimedCurve(duration: 4)
        #expect(linear.fraction(at: 1) == 0.25 && linear.velocity(at: 1) == 0.25)
        let step = TimedCurve(duration: 0)
        #expect(step.fraction(at: -0.1) == 0 && step.fraction(at: 0) == 1 && step.isDone(at: 0))
        #expect(TimedCurve(duration: .nan).fraction(at: 1) == 1)
    }

    @Test func springThroughTheSameProtocol() {
        let curves: [any ProgressCurve] = [TimedCurve(duration: 1), SpringSolution()]
        for c in curves {
            #expect(c.fraction(at: 0) == 0)
            #expect(c.isDone(at: 10) && !c.isDone(at: 0.5))
            #expect(abs(c.fraction(at: 10) - 1) < 1e-3)
        }
    }
}
