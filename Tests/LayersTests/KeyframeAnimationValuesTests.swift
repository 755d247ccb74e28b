import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct KeyframeAnimationValuesTests {
    typealias K = KeyframeAnimationValues<Double>

    @Test func linearWithKeyTimes() {
        let k = K(values: [0, 10, 20], keyTimes: [0, 0.25, 1])
        #expect(k.value(atFraction: 0, current: 0) == 0)
        #expect(k.value(atFraction: 0.125, current: 0) == 5)
        #expect(k.value(atFraction: 0.25, current: 0) == 10)
        #expect(k.value(atFraction: 0.625, current: 0) == 15)
        #expect(k.value(atFraction: 1, current: 0) == 20)
        #expect(k.value(atFraction: 1.5, current: 0) == 20)
        #expect(k.value(atFraction: .nan, current: 0) == 0)
        // Without (or with malformed) key times the values are spaced evenly.
        #expect(K(values: [0, 10, 20]).value(atFraction: 0.25, current: 0) == 5)
        #expect(K(values: [0, 10, 20], keyTimes: [0, 1]).value(atFraction: 0.25, current: 0) == 5)
        #expect(K(values: [0, 10, 20], keyTimes: [0, 0.8, 0.2]).value(atFraction: 0.25, current: 0) == 5)
        #expect(K(values: []).value(atFraction: 0.5, current: 0) == nil)
        #expect(K(values: [7]).value(atFraction: 0.5, current: 0) == 7)
        // A first key time after 0 holds the first value until then.
        #expect(K(values: [1, 2], keyTimes: [0.5, 1]).value(atFraction: 0.25, current: 0) == 1)
    }

    @Test func perSegmentTimingFunctions() {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let k = K(values: [0, 10, 20], keyTimes: [0, 0.5, 1], timingFunctions: [easeIn])
        #expect(k.value(atFraction: 0.25, current: 0) == 10 * easeIn.value(at: 0.5))
        // The second segment has no function: linear.
        #expect(k.value(atFraction: 0.75, current: 0) == 15)
    }

    @Test func discreteKeyTimes() {
        let values = [1.0, 2, 3]
        let apple = K(values: values, keyTimes: [0, 0.5, 0.75, 1], calculationMode: .discrete)
        #expect(apple.value(atFraction: 0.49, current: 0) == 1)
        #expect(apple.value(atFraction: 0.5, current: 0) == 2)
        #expect(apple.value(atFraction: 0.8, current: 0) == 3)
        #expect(apple.value(atFraction: 1, current: 0) == 3)
        let stepLike = K(values: values, keyTimes: [0, 0.5, 0.75], calculationMode: .discrete)
        #expect(stepLike.value(atFraction: 0.6, current: 0) == 2)
        let even = K(values: values, calculationMode: .discrete)
        let evenTimes: [Double] = [0, 1.0 / 3, 2.0 / 3]
        #expect(even.resolvedKeyTimes() == evenTimes)
        #expect(even.value(atFraction: 0.3, current: 0) == 1)
        #expect(even.value(atFraction: 0.34, current: 0) == 2)
    }

    @Test func pacedIgnoresKeyTimesAndFollowsDistance() {
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)]
        let k = KeyframeAnimationValues(values: pts, keyTimes: [0, 0.1, 1],
                                        timingFunctions: [CAMediaTimingFunction(name: .easeIn)], calculationMode: .paced)
        #expect(k.resolvedKeyTimes() == [0, 0.75, 1])
        #expect(k.value(atFraction: 0.5, current: .zero) == CGPoint(x: 20, y: 0))
        #expect(k.value(atFraction: 0.875, current: .zero) == CGPoint(x: 30, y: 5))
        // No distance to go: evenly spaced.
        #expect(K(values: [3, 3, 3], calculationMode: .paced).resolvedKeyTimes() == [0, 0.5, 1])
        // Transforms have no distance: evenly spaced too.
        let t = KeyframeAnimationValues<CATransform3D>(values: [.identity, .identity, .identity], calculationMode: .paced)
        #expect(t.resolvedKeyTimes() == [0, 0.5, 1])
    }

    @Test func cubicKochanekBartels() {
        // Catmull–Rom reproduces evenly spaced collinear values in the interior.
        #expect(abs(K(values: [0, 1, 2, 3], calculationMode: .cubic).value(atFraction: 0.5, current: 0)! - 1.5) < 1e-12)
        // Hand-computed Hermite: segment 0 of [0, 1, 0] at s = 0.5 with m0 = 0.5, m1 = 0:
        // h01 = 0.5, h10 = 0.125 → 0.5 + 0.0625.
        let bump = K(values: [0, 1, 0], calculationMode: .cubic)
        #expect(bump.value(atFraction: 0.25, current: 0) == 0.5625)
        #expect(bump.value(atFraction: 0.5, current: 0) == 1)
        // Tension 1 flattens every tangent: smoothstep between the values.
        let tense = K(values: [0, 1, 0], calculationMode: .cubic, tensionValues: [1, 1, 1])
        #expect(tense.value(atFraction: 0.25, current: 0) == 0.5)
        #expect(tense.value(atFraction: 0.125, current: 0) == 0.15625)
        // Bias 1 at the middle key: its outgoing tangent uses only the incoming chord (m1 at key 1 = 1·(1 − 0)).
        let biased = K(values: [0, 1, 0], calculationMode: .cubic, biasValues: [0, 1, 0])
        // Segment 1 at s = 0.5: chord midpoint 0.5 + m0·0.125 (m0 = 1) + m1·(−0.125) (m1 = key 2's incoming: 0.5·(0 − 1)).
        #expect(biased.value(atFraction: 0.75, current: 0) == 0.5 + 0.125 + 0.0625)
    }

    @Test func cumulativeAndAdditive() {
        let k = K(values: [0, 10], isCumulative: true)
        #expect(k.value(atFraction: 0.5, iteration: 2, current: 0) == 25)
        let a = K(values: [0, 10], isAdditive: true)
        #expect(a.value(atFraction: 0.5, current: 100) == 105)
    }
}
