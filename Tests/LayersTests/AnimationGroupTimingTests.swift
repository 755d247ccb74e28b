import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct AnimationGroupTimingTests {
    func p(_ child: MediaTiming, _ group: MediaTiming, _ t: Double) -> Double? {
        AnimationGroupTiming.childState(child, in: group, atParentTime: t, groupDefaultDuration: 0.25, childDefaultDuration: 0.25)?.progress
    }

    @Test func childrenRunInTheGroupsTimeAndAreCut() {
        let child = MediaTiming(duration: 2, fillMode: .forwards)
        let group = MediaTiming(beginTime: 10, duration: 1, fillMode: .forwards)
        #expect(p(child, group, 10.5) == 0.25)
        // The group ends at 11; the child, half-way, is cut there and holds.
        #expect(p(child, group, 11) == 0.5)
        #expect(p(child, group, 20) == 0.5)
        var removed = group
        removed.fillMode = .removed
        #expect(p(child, removed, 11) == nil)
        #expect(p(child, removed, 9) == nil)
    }

    @Test func childBeginTimeIsAnOffsetIntoTheGroup() {
        let child = MediaTiming(beginTime: 0.5, duration: 1)
        let group = MediaTiming(beginTime: 10, duration: 2)
        #expect(p(child, group, 10.25) == nil)
        #expect(p(child, group, 11) == 0.5)
    }

    @Test func groupSpeedAndAutoreverseReachTheChildren() {
        let child = MediaTiming(duration: 2)
        #expect(p(child, MediaTiming(duration: 2, speed: 2), 0.25) == 0.25)
        let reversing = MediaTiming(duration: 1, autoreverses: true)
        #expect(p(child, reversing, 1.5) == 0.25)
        #expect(p(child, reversing, 0.5) == 0.25)
    }
}
