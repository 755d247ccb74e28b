@testable import Layers
import TestSupport
import Testing

@Suite(.isolatedEngine) struct TimerQueueTests {
    @Test func aTenthOfASecondTimerFiresAtExactTimesAtSixtyFramesPerSecond() {
        let engine = CAEngine.current
        engine.beginFrame(at: 0); engine.fireTimers()
        var fired: [Int] = []
        var frame = 0
        let t = MediaTimer(interval: 0.1, repeats: true) { _ in fired.append(frame) }
        for f in 1...60 { frame = f; engine.beginFrame(at: Double(f) / 60); engine.fireTimers() }
        // Every 6th frame: 0.1, 0.2, … 1.0 — never twice for one interval despite 0.1 + 0.1 + 0.1 ≠ 0.3.
        #expect(fired == Array(stride(from: 6, through: 60, by: 6)))
        t.invalidate()
        engine.beginFrame(at: 2); engine.fireTimers()
        #expect(fired.count == 10)
    }

    @Test func aLateFrameFiresOnceAndSkipsMissedIntervals() {
        let engine = CAEngine.current
        engine.beginFrame(at: 10); engine.fireTimers()
        var count = 0
        let t = MediaTimer(interval: 0.1, repeats: true) { _ in count += 1 }
        engine.beginFrame(at: 10.55); engine.fireTimers()
        #expect(count == 1)
        #expect(abs(t.fireTime - 10.6) < 1e-9)
        engine.beginFrame(at: 10.6); engine.fireTimers()
        #expect(count == 2)
        t.invalidate()
    }

    @Test func nonRepeatingAndBadIntervals() {
        let engine = CAEngine.current
        engine.beginFrame(at: 0); engine.fireTimers()
        var count = 0
        _ = MediaTimer(interval: .nan, repeats: false) { _ in count += 1 }
        engine.beginFrame(at: 0.001); engine.fireTimers()
        engine.beginFrame(at: 1); engine.fireTimers()
        #expect(count == 1)
    }

    @Test func aTimerBlockSchedulesAndInvalidatesTimers() {
        // A block that schedules the next step, as chained iOS timers do: the block runs while the
        // engine fires its queue, so the queue must not be under access then (exclusivity trap).
        let engine = CAEngine.current
        engine.beginFrame(at: 0); engine.fireTimers()
        var fired: [String] = []
        var repeating: MediaTimer?
        repeating = MediaTimer(interval: 0.05, repeats: true) { _ in fired.append("repeat") }
        MediaTimer(interval: 0.12, repeats: false) { _ in
            fired.append("first")
            repeating?.invalidate()
            MediaTimer(interval: 0.1, repeats: false) { _ in fired.append("second") }
        }
        for frame in 1...30 { engine.beginFrame(at: Double(frame) / 60); engine.fireTimers() }
        #expect(fired == ["repeat", "repeat", "first", "second"])
    }
}
