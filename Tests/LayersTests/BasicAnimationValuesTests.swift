import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct BasicAnimationValuesTests {
    typealias B = BasicAnimationValues<Double>

    @Test func fromToByTable() {
        func ends(_ b: B, current: Double = 10, previous: Double? = nil) -> [Double] {
            let e = b.resolvedEnds(current: current, previous: previous)
            return [e.from, e.to]
        }
        #expect(ends(B(fromValue: 0, toValue: 8)) == [0, 8])
        #expect(ends(B(fromValue: 2, byValue: 4)) == [2, 6])
        #expect(ends(B(toValue: 10, byValue: 4)) == [6, 10])
        #expect(ends(B(fromValue: 3)) == [3, 10])
        #expect(ends(B(toValue: 20)) == [10, 20])
        #expect(ends(B(byValue: 3)) == [10, 13])
        #expect(ends(B(), previous: 4) == [4, 10])
        #expect(ends(B()) == [10, 10])
        #expect(ends(B(fromValue: 1, toValue: 2, byValue: 100)) == [1, 2])
        #expect(B(fromValue: 0, toValue: 8).value(atFraction: 0.25, current: 99) == 2)
        #expect(B(fromValue: 2, byValue: 4).value(atFraction: 0.5, current: 99) == 4)
        // Overshooting fractions extrapolate.
        #expect(B(fromValue: 0, toValue: 10).value(atFraction: 1.1, current: 0) == 11)
    }

    @Test func additiveAddsToTheCurrentValue() {
        let b = B(fromValue: -5, toValue: 0, isAdditive: true)
        #expect(b.value(atFraction: 0.5, current: 100) == 97.5)
        #expect(b.value(atFraction: 1, current: 100) == 100)
        // A missing end is the zero offset in additive mode.
        #expect(B(toValue: 4, isAdditive: true).value(atFraction: 0.5, current: 100) == 102)
        // None set, additive: previous − current → 0, added to current: previous → current.
        #expect(B(isAdditive: true).value(atFraction: 0.25, current: 100, previous: 60) == 70)
        // Typed values: the zero is of the value's own kind.
        let p = BasicAnimationValues<AnimationValue>(toValue: .point(CGPoint(x: 10, y: 0)), isAdditive: true)
        #expect(p.value(atFraction: 0.5, current: .point(CGPoint(x: 1, y: 1))) == .point(CGPoint(x: 6, y: 1)))
    }

    @Test func cumulativeAddsTheEndValuePerCycle() {
        let b = B(fromValue: 0, toValue: 10, isCumulative: true)
        #expect(b.value(atFraction: 0.5, iteration: 0, current: 0) == 5)
        #expect(b.value(atFraction: 0.5, iteration: 2, current: 0) == 25)
        // Apple/SMIL: the end value of the previous cycle, plus this cycle's value.
        let c = B(fromValue: 5, toValue: 10, isCumulative: true)
        #expect(c.value(atFraction: 0, iteration: 1, current: 0) == 15)
        #expect(B(fromValue: 0, toValue: 10).value(atFraction: 0.5, iteration: 2, current: 0) == 5)
        // Cumulative plus additive.
        let both = B(byValue: 10, isAdditive: true, isCumulative: true)
        #expect(both.value(atFraction: 0.5, iteration: 1, current: 100) == 115)
    }

    @Test func transformsAndTypedValues() {
        let turn = BasicAnimationValues<CATransform3D>(byValue: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let start = CATransform3DMakeTranslation(10, 0, 0)
        let half = turn.value(atFraction: 0.5, current: start)
        #expect(isNear(half, CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), start), 1e-12))
        let v = BasicAnimationValues<AnimationValue>(fromValue: .number(0))
        #expect(v.value(atFraction: 0.5, current: .number(1)) == .number(0.5))
    }
}

@Suite(.isolatedEngine) struct AnimationAtTimeTests {
    /// The seed's pulse: transform.scale 1 → 1.2, 1 s, easeInEaseOut, autoreverse-free, repeat forever.
    @Test func basicAnimationSampledThroughItsTiming() {
        let timing = MediaTiming(beginTime: 100, duration: 1, repeatCount: .infinity)
        let values = BasicAnimationValues<Double>(fromValue: 1, toValue: 1.2)
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        let state = timing.state(atParentTime: 102.5, defaultDuration: 0.25)
        let v = values.value(for: state, timingFunction: ease, current: 1)!
        #expect(abs(v - 1.1) < 1e-12)
        let early = timing.state(atParentTime: 99, defaultDuration: 0.25)
        #expect(values.value(for: early, timingFunction: ease, current: 1) == nil)
    }

    @Test func autoreverseReplaysTheEasedMotionBackwards() {
        let timing = MediaTiming(duration: 1, autoreverses: true)
        let values = BasicAnimationValues<Double>(fromValue: 0, toValue: 10)
        let ease = CAMediaTimingFunction(name: .easeIn)
        let forward = values.value(for: timing.state(atParentTime: 0.25, defaultDuration: 0.25), timingFunction: ease, current: 0)!
        let backward = values.value(for: timing.state(atParentTime: 1.75, defaultDuration: 0.25), timingFunction: ease, current: 0)!
        #expect(forward == backward && abs(forward - 10 * CubicBezier.easeIn.value(at: 0.25)) < 1e-12)
    }

    @Test func keyframesSampledThroughTheirTiming() {
        let timing = MediaTiming(duration: 2, repeatCount: 2, fillMode: .forwards)
        let k = KeyframeAnimationValues<Double>(values: [0, 10], isCumulative: true)
        #expect(k.value(for: timing.state(atParentTime: 3, defaultDuration: 0.25), timingFunction: nil, current: 0) == 15)
        #expect(k.value(for: timing.state(atParentTime: 9, defaultDuration: 0.25), timingFunction: nil, current: 0) == 20)
    }
}

@Suite(.isolatedEngine) struct BasicAnimationVelocityTests {
    @Test func velocityIsSpanTimesSlopeTimesRate() {
        let timing = MediaTiming(duration: 2, speed: 2, fillMode: .forwards)
        let values = BasicAnimationValues<Double>(fromValue: 10, toValue: 30)
        // Linear: 20 units over 2 local seconds at speed 2 → 20 per parent second.
        #expect(values.velocity(for: timing.state(atParentTime: 0.25, defaultDuration: 0.25), timingFunction: nil, current: 0) == 20)
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        let mid = values.velocity(for: timing.state(atParentTime: 0.5, defaultDuration: 0.25), timingFunction: ease, current: 0)!
        #expect(abs(mid - 20 * CubicBezier.easeInEaseOut.derivative(at: 0.5)) < 1e-12)
        // Filling after the end: no motion.
        #expect(values.velocity(for: timing.state(atParentTime: 5, defaultDuration: 0.25), timingFunction: ease, current: 0) == 0)
        // Autoreverse's backward half moves the other way.
        let back = MediaTiming(duration: 1, autoreverses: true)
        #expect(values.velocity(for: back.state(atParentTime: 1.5, defaultDuration: 0.25), timingFunction: nil, current: 0) == -20)
        let points = BasicAnimationValues<CGPoint>(fromValue: .zero, toValue: CGPoint(x: 4, y: -2))
        #expect(points.velocity(for: MediaTiming(duration: 2).state(atParentTime: 1, defaultDuration: 0.25), timingFunction: nil, current: .zero)
                == CGPoint(x: 2, y: -1))
    }
}
