import TestSupport
import Foundation
import Testing
@testable import Layers

/// An independent reference: bisection on the Bézier's x(t) written out in Bernstein form, 200 halvings.
private func referenceValue(_ p: (Double, Double, Double, Double), _ x: Double) -> Double {
    func bez(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bez(p.0, p.2, mid) < x { lo = mid } else { hi = mid }
    }
    return bez(p.1, p.3, (lo + hi) / 2)
}

@Suite(.isolatedEngine) struct CAMediaTimingFunctionTests {
    static let curves: [(CAMediaTimingFunction, (Double, Double, Double, Double))] = [
        (CAMediaTimingFunction(name: .linear), (0, 0, 1, 1)),
        (CAMediaTimingFunction(name: .easeIn), (0.42, 0, 1, 1)),
        (CAMediaTimingFunction(name: .easeOut), (0, 0, 0.58, 1)),
        (CAMediaTimingFunction(name: .easeInEaseOut), (0.42, 0, 0.58, 1)),
        (CAMediaTimingFunction(name: .default), (0.25, 0.1, 0.25, 1)),
        (CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55), (0.65, -0.55, 0.27, 1.55)),
    ]

    @Test func namedAndOvershootCurvesMatchBisection() {
        let inputs = [0, 1e-6, 0.01, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.99, 0.999999, 1]
        for (f, p) in Self.curves {
            for x in inputs {
                let v = f.value(at: x), r = referenceValue(p, x)
                #expect(abs(v - r) < 1e-7, "\(f) at \(x): \(v) vs \(r)")
            }
        }
        // Spot values worth knowing by heart.
        #expect(abs(CAMediaTimingFunction(name: .linear).value(at: 0.3) - 0.3) < 1e-12)
        #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5) - 0.5) < 1e-12)
        let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        #expect(overshoot.value(at: 0.2) < 0)           // dips below the start
        #expect(overshoot.value(at: 0.85) > 1)          // and overshoots the end
    }

    @Test func literalControlPointsAreDoublePrecision() {
        let f = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        #expect(f.controlPoint(at: 1) == CGPoint(x: 0.65, y: -0.55))
        let g = CAMediaTimingFunction(controlPoints: Float(0.65), -0.55, 0.27, 1.55)
        #expect(g.curve.x1 == Double(Float(0.65)))
    }

    @Test func controlPointsAndClamping() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        var values: [Float] = [9, 9]
        f.getControlPoint(at: 1, values: &values)
        #expect(values == [0.42, 0])
        f.getControlPoint(at: 3, values: &values)
        #expect(values == [1, 1])
        f.getControlPoint(at: 7, values: &values)
        #expect(values == [1, 1])
        #expect(f.controlPoint(at: -1) == nil)
        // x outside 0…1 is clamped as css-easing-1 requires; y is not.
        let c = CubicBezier(-0.5, 2, 1.5, -1)
        #expect(c.x1 == 0 && c.x2 == 1 && c.y1 == 2 && c.y2 == -1)
        #expect(CubicBezier(.nan, .infinity, 0.5, 0.5) == CubicBezier(0, 0, 0.5, 0.5))
        #expect(CAMediaTimingFunction(name: CAMediaTimingFunctionName("bouncy")) == CAMediaTimingFunction(name: .linear))
        // The seeds' legacy spelling ports unchanged.
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut).curve == .easeInEaseOut)
        #expect(kCAMediaTimingFunctionDefault.rawValue == "default" && kCAFillModeForwards == .forwards)
    }

    @Test func endsExtrapolationAndNaN() {
        for (f, _) in Self.curves {
            #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
            #expect(f.value(at: .nan) == 0 && f.derivative(at: .nan) == 0)
        }
        // easeIn's start tangent has slope 0 (y1 = 0), easeOut's end tangent too; the default curve's start is 0.4.
        #expect(CubicBezier.easeIn.value(at: -1) == 0)
        #expect(CubicBezier.default.value(at: -0.5) == -0.2)
        #expect(abs(CubicBezier(0.5, 1, 0.5, 0).value(at: 2) - 3) < 1e-12)   // end slope (0 − 1)/(0.5 − 1) = 2
    }

    @Test func derivativeMatchesFiniteDifferences() {
        for (f, p) in Self.curves {
            for x in [0.05, 0.2, 0.5, 0.7, 0.95] {
                let h = 1e-6
                let fd = (referenceValue(p, x + h) - referenceValue(p, x - h)) / (2 * h)
                #expect(abs(f.derivative(at: x) - fd) < 1e-5, "\(f) slope at \(x)")
            }
        }
        #expect(CubicBezier.linear.derivative(at: 0) == 1)
        #expect(abs(CubicBezier.default.derivative(at: 0) - 0.4) < 1e-12)
    }
}
