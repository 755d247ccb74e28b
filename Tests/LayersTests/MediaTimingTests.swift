import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct MediaTimingTests {
    func progress(_ m: MediaTiming, _ t: Double, defaultDuration: Double = 0.25) -> Double? {
        m.state(atParentTime: t, defaultDuration: defaultDuration).progress
    }

    @Test func fillModesAroundTheActiveInterval() {
        let cases: [(CAMediaTimingFillMode, before: Double?, after: Double?)] = [
            (.removed, nil, nil), (.backwards, 0, nil), (.forwards, nil, 1), (.both, 0, 1),
        ]
        for (fill, before, after) in cases {
            let m = MediaTiming(beginTime: 10, duration: 2, fillMode: fill)
            let b = m.state(atParentTime: 9, defaultDuration: 0.25)
            #expect(b.phase == .before && b.progress == before && b.isFilling == (before != nil))
            let a = m.state(atParentTime: 11, defaultDuration: 0.25)
            #expect(a.phase == .active && a.progress == 0.5 && a.contributes && !a.isFilling)
            #expect(progress(m, 10) == 0)
            let end = m.state(atParentTime: 12, defaultDuration: 0.25)
            #expect(end.phase == .after && end.progress == after)
            #expect(progress(m, 13) == after)
        }
        #expect(MediaTiming(fillMode: CAMediaTimingFillMode("sideways")).state(atParentTime: -1, defaultDuration: 1).progress == nil)
    }

    @Test func fractionalRepeatCountWithAutoreverse() {
        let m = MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards)
        #expect(m.activeDuration(iterationDuration: 1) == 5)
        #expect(m.endTime(defaultDuration: 0.25) == 5)
        let s1 = m.state(atParentTime: 0.25, defaultDuration: 0.25)
        #expect(s1.progress == 0.25 && s1.iteration == 0 && !s1.isReversing)
        let s2 = m.state(atParentTime: 1.5, defaultDuration: 0.25)
        #expect(s2.progress == 0.5 && s2.iteration == 0 && s2.isReversing)
        let s3 = m.state(atParentTime: 2.25, defaultDuration: 0.25)
        #expect(s3.progress == 0.25 && s3.iteration == 1)
        let s4 = m.state(atParentTime: 4.5, defaultDuration: 0.25)
        #expect(s4.progress == 0.5 && s4.iteration == 2 && !s4.isReversing)
        // Ends half-way through the third cycle: at the forward end, progress 1.
        let end = m.state(atParentTime: 7, defaultDuration: 0.25)
        #expect(end.phase == .after && end.progress == 1 && end.iteration == 2)
        // A whole number of autoreverse cycles ends back at 0.
        let whole = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        let w = whole.state(atParentTime: 4, defaultDuration: 0.25)
        #expect(w.progress == 0 && w.iteration == 1)
    }

    @Test func repeatCountWithoutAutoreverseEndsAtOne() {
        let m = MediaTiming(duration: 2, repeatCount: 3, fillMode: .forwards)
        let s = m.state(atParentTime: 6, defaultDuration: 0.25)
        #expect(s.phase == .after && s.progress == 1 && s.iteration == 2)
        let mid = m.state(atParentTime: 4.5, defaultDuration: 0.25)
        #expect(mid.progress == 0.25 && mid.iteration == 2)
    }

    @Test func repeatDuration() {
        let m = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        #expect(m.endTime(defaultDuration: 0.25) == 2.5)
        let s = m.state(atParentTime: 2.25, defaultDuration: 0.25)
        #expect(s.progress == 0.25 && s.iteration == 2)
        let end = m.state(atParentTime: 3, defaultDuration: 0.25)
        #expect(end.progress == 0.5 && end.iteration == 2 && end.phase == .after)
        // Both set: repeatCount wins (W3C has only a count).
        let both = MediaTiming(duration: 1, repeatCount: 1, repeatDuration: 5)
        #expect(both.endTime(defaultDuration: 0.25) == 1)
    }

    @Test func speedScalesTime() {
        let fast = MediaTiming(beginTime: 1, duration: 2, speed: 2)
        #expect(progress(fast, 1.5) == 0.5)
        #expect(fast.endTime(defaultDuration: 0.25) == 2)
        #expect(fast.state(atParentTime: 1.5, defaultDuration: 0.25).activeLocalTime == 1)
        let slow = MediaTiming(beginTime: 1, duration: 2, speed: 0.5)
        #expect(progress(slow, 3) == 0.5)
        #expect(slow.endTime(defaultDuration: 0.25) == 5)
        #expect(progress(slow, 5) == nil)
    }

    @Test func timeOffsetWrapsWithinTheActiveDuration() {
        // Duration 4, timeOffset 1: plays 1→4 then 0→1, still 4 s long (Apple's documented behaviour).
        let m = MediaTiming(duration: 4, timeOffset: 1, fillMode: .forwards)
        let s0 = m.state(atParentTime: 0, defaultDuration: 0.25)
        #expect(s0.progress == 0.25 && s0.activeLocalTime == 1)
        #expect(progress(m, 2) == 0.75)
        let wrapped = m.state(atParentTime: 3.5, defaultDuration: 0.25)
        #expect(wrapped.progress == 0.125 && wrapped.iteration == 1)
        let end = m.state(atParentTime: 4, defaultDuration: 0.25)
        #expect(end.phase == .after && end.progress == 0.25 && end.iteration == 1)
    }

    @Test func speedZeroPausesAtTimeOffset() {
        let m = MediaTiming(beginTime: 3, duration: 2, speed: 0, timeOffset: 0.5)
        for t in [-100.0, 0, 3, 50] {
            let s = m.state(atParentTime: t, defaultDuration: 0.25)
            #expect(s.phase == .active && s.progress == 0.25 && s.activeLocalTime == 0.5)
        }
        #expect(m.endTime(defaultDuration: 0.25) == .infinity)
    }

    @Test func negativeSpeedPlaysBackwardsFromTheEnd() {
        let m = MediaTiming(beginTime: 10, duration: 2, speed: -1, fillMode: .both)
        #expect(progress(m, 10) == 1)
        #expect(progress(m, 10.5) == 0.75)
        #expect(m.state(atParentTime: 11.5, defaultDuration: 0.25).phase == .active)
        let end = m.state(atParentTime: 12, defaultDuration: 0.25)
        #expect(end.phase == .before && end.progress == 0)
        let early = m.state(atParentTime: 9, defaultDuration: 0.25)
        #expect(early.phase == .after && early.progress == 1)
        #expect(m.endTime(defaultDuration: 0.25) == 12)
        var removed = m
        removed.fillMode = .removed
        #expect(progress(removed, 12) == nil && progress(removed, 9) == nil)
    }

    @Test func beginTimeInTheFuture() {
        let m = MediaTiming(beginTime: 100, duration: 1)
        let s = m.state(atParentTime: 50, defaultDuration: 0.25)
        #expect(s.phase == .before && !s.contributes && s.activeLocalTime == -50)
        #expect(progress(m, 100.5) == 0.5)
    }

    @Test func zeroDurationUsesTheCallersDefault() {
        let m = MediaTiming(beginTime: 1)
        #expect(progress(m, 1.125) == 0.5)
        #expect(progress(m, 1.125, defaultDuration: 0.5) == 0.25)
        #expect(m.endTime(defaultDuration: 0.25) == 1.25)
        // No duration at all: a step at beginTime.
        let step = MediaTiming(beginTime: 1, fillMode: .both)
        #expect(progress(step, 0.5, defaultDuration: 0) == 0)
        #expect(progress(step, 1, defaultDuration: 0) == 1)
        #expect(step.state(atParentTime: 1, defaultDuration: 0).phase == .after)
    }

    @Test func infiniteRepeatsAndNaN() {
        let m = MediaTiming(duration: 1, repeatCount: .infinity)
        let s = m.state(atParentTime: 1_000_000.25, defaultDuration: 0.25)
        #expect(s.phase == .active && s.progress == 0.25 && s.iteration == 1_000_000)
        #expect(m.endTime(defaultDuration: 0.25) == .infinity)
        let instant = MediaTiming(repeatCount: .infinity, fillMode: .forwards).state(atParentTime: 1, defaultDuration: 0)
        #expect(instant.progress == 1 && instant.iteration == .infinity)
        #expect(MediaTiming(duration: 1, repeatDuration: .infinity).state(atParentTime: 7.5, defaultDuration: 1).progress == 0.5)
        let n = MediaTiming(beginTime: .nan, duration: 1, speed: .nan, timeOffset: .nan, repeatCount: .nan)
        #expect(n.state(atParentTime: 0.5, defaultDuration: 1).progress == 0.5)
        #expect(MediaTiming(duration: 1).state(atParentTime: .nan, defaultDuration: 1).phase == .before)
    }

    @Test func protocolConformersEvaluateTheSame() {
        final class Fake: CAMediaTiming {
            var beginTime: CFTimeInterval = 2, duration: CFTimeInterval = 4, speed: Float = 1, timeOffset: CFTimeInterval = 0
            var repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0, autoreverses = false
            var fillMode: CAMediaTimingFillMode = .removed
        }
        let f = Fake()
        #expect(f.timingState(atParentTime: 3, defaultDuration: 0.25).progress == 0.25)
        #expect(f.timeMapping == TimeMapping(beginTime: 2, speed: 1, timeOffset: 0))
        #expect(f.timeMapping.localTime(fromParent: 3) == 1)
    }
}

@Suite(.isolatedEngine) struct ProgressRateTests {
    @Test func rateFollowsSpeedDurationAndDirection() {
        let m = MediaTiming(duration: 2, speed: 3, autoreverses: true, fillMode: .forwards)
        #expect(m.state(atParentTime: 0.1, defaultDuration: 0.25).progressRate == 1.5)
        #expect(m.state(atParentTime: 1, defaultDuration: 0.25).progressRate == -1.5)
        #expect(m.state(atParentTime: 5, defaultDuration: 0.25).progressRate == 0)
        #expect(MediaTiming(duration: 4, speed: -1).state(atParentTime: 1, defaultDuration: 0.25).progressRate == -0.25)
    }
}
