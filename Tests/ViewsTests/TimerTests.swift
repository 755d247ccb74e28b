import TestSupport
import Foundation
import Layers
import Testing
import Views
import class Views.Timer

@Suite(.isolatedEngine) struct TimerTests {
    /// Plain `Timer` in a file importing Foundation and Views (as `import Flipbook` does) is Views'.
    @Test func plainTimerIsTheMediaClockTimer() {
        let t = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in }
        #expect(type(of: t) == Views.Timer.self)
        #expect(t.fireTime != nil)
        t.invalidate()
        let foundation: Foundation.Timer? = nil      // Foundation's stays reachable by its full name
        #expect(foundation == nil)
    }

    @Test func repeatingTimerFiresAtExactMediaTimes() {
        let st = ViewStage()
        st.frame(0)
        var ticks: [Double] = []
        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in ticks.append(CACurrentMediaTime()) }
        for i in 1...24 { st.frame(Double(i) / 60) }    // 0.4 s at 60 fps
        #expect(ticks.count == 4)
        #expect(timer.isValid)
        timer.invalidate()
        #expect(!timer.isValid)
        st.frame(1)
        #expect(ticks.count == 4)
    }

    @Test func aScheduledTimerNobodyKeepsStillFiresAndIsReleasedWhenDone() {
        // iOS code schedules and forgets: the run loop retains a timer until it is invalidated.
        let st = ViewStage()
        st.frame(0)
        var fired = 0, ticks = 0
        weak var oneShot: Timer?
        weak var repeating: Timer?
        do {
            oneShot = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in fired += 1 }
            repeating = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { t in
                ticks += 1
                if ticks == 3 { t.invalidate() }
            }
        }
        #expect(oneShot != nil && repeating != nil)    // kept by the engine's timer queue
        for i in 1...60 { st.frame(Double(i) / 60) }
        #expect(fired == 1 && ticks == 3)
        #expect(oneShot == nil && repeating == nil)    // fired once / invalidated: let go
    }

    @Test func oneShotTimerFiresOnceAndBecomesInvalid() {
        let st = ViewStage()
        st.frame(10)
        var fired: [Double] = []
        let t = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in fired.append(CACurrentMediaTime()) }
        st.frame(10.25)
        #expect(fired.isEmpty)
        st.frame(10.5)
        #expect(fired == [10.5])
        #expect(!t.isValid)
        st.frame(11.5)
        #expect(fired == [10.5])
    }

    @Test func fireRunsNowAndKeepsARepeatingSchedule() {
        let st = ViewStage()
        st.frame(0)
        var count = 0
        let r = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in count += 1 }
        r.fire()
        #expect(count == 1 && r.isValid)
        st.frame(1)
        #expect(count == 2)
        let once = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in count += 10 }
        once.fire()
        #expect(count == 12 && !once.isValid)
        st.frame(2)
        #expect(count == 13)   // only the repeating one
        r.invalidate()
    }

    @Test func placeholderAndBadIntervals() {
        let st = ViewStage()
        st.frame(0)
        let placeholder = Timer()
        #expect(!placeholder.isValid)
        placeholder.fire()
        placeholder.invalidate()
        var count = 0
        let t = Timer.scheduledTimer(withTimeInterval: .nan, repeats: true) { _ in count += 1 }
        #expect(t.timeInterval == 0.0001)
        st.frame(1.0 / 60)
        #expect(count == 1)        // one firing per frame when behind, missed intervals skipped
        st.frame(2.0 / 60)
        #expect(count == 2)
        t.invalidate()
        let unscheduled = Timer(timeInterval: 0.1, repeats: false) { _ in count += 100 }
        st.frame(0.5)
        #expect(count == 2)
        RunLoop.main.add(unscheduled, forMode: .common)
        st.frame(0.6)
        #expect(count == 102)
    }
}
