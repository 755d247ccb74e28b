import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct TimeMappingTests {
    @Test func localTimeFormula() {
        let m = TimeMapping(beginTime: 4, speed: 2, timeOffset: 0.5)
        #expect(m.localTime(fromParent: 5) == 2.5)
        #expect(m.parentTime(fromLocal: 2.5) == 5)
        let paused = TimeMapping(beginTime: 4, speed: 0, timeOffset: 7)
        #expect(paused.localTime(fromParent: 1e9) == 7)
        #expect(paused.parentTime(fromLocal: 7) == nil)
    }

    @Test func inheritedSpeedFromAParent() {
        let chain = [TimeMapping(speed: 2), TimeMapping(beginTime: 1, speed: 1.5)]
        // root 10 → parent 20 → child (20 − 1)·1.5 = 28.5
        #expect(convertTime(10, fromRootThrough: chain) == 28.5)
        #expect(convertTime(28.5, toRootThrough: chain) == 10)
        let other = [TimeMapping(beginTime: 3)]
        #expect(convertTime(28.5, from: chain, to: other) == 7)
        // An animation on the child with duration 4 begun at child time 27.5 is a quarter in.
        let anim = MediaTiming(beginTime: 27.5, duration: 4)
        #expect(anim.state(atParentTime: convertTime(10, fromRootThrough: chain), defaultDuration: 0.25).progress == 0.25)
    }

    /// Apple QA1673: pause with speed 0 and timeOffset = paused local time; resume with
    /// beginTime = local(now) − pausedTime. Nothing jumps, and the parent's speed 2 still applies.
    @Test func pauseAndResumeWithoutAJump() {
        let parent = TimeMapping(speed: 2)
        var layer = TimeMapping()
        let anim = MediaTiming(beginTime: 19, duration: 4)
        func local(_ t: Double) -> Double { convertTime(t, fromRootThrough: [parent, layer]) }
        func p(_ t: Double) -> Double? { anim.state(atParentTime: local(t), defaultDuration: 0.25).progress }

        #expect(local(10) == 20 && p(10) == 0.25)
        // Pause at absolute 10.
        let pausedTime = local(10)
        layer.speed = 0
        layer.timeOffset = pausedTime
        #expect(local(10) == 20 && local(15) == 20 && p(15) == 0.25)
        // Resume at absolute 16.
        let stored = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = local(16) - stored
        layer.beginTime = timeSincePause
        #expect(timeSincePause == 12)
        #expect(local(16) == 20 && p(16) == 0.25)
        #expect(local(16.5) == 21 && p(16.5) == 0.5)
    }
}
