@testable import Layers
import Testing

@Suite struct TimerQueueTests {
    @Test func aTenthOfASecondTimerFiresAtExactTimesAtSixtyFramesPerSecond() {
        let engine = CAEngine.shared
        engine.fireTimers(at: 0)
        var fired: [Int] = []
        var frame = 0
        let t = MediaTimer(interval: 0.1, repeats: true) { _ in fired.append(frame) }
        for f in 1...60 { frame = f; engine.fireTimers(at: Double(f) / 60) }
        // Every 6th frame: 0.1, 0.2, … 1.0 — never twice for one interval despite 0.1 + 0.1 + 0.1 ≠ 0.3.
        #expect(fired == Array(stride(from: 6, through: 60, by: 6)))
        t.invalidate()
        engine.fireTimers(at: 2)
        #expect(fired.count == 10)
    }

    @Test func aLateFrameFiresOnceAndSkipsMissedIntervals() {
        let engine = CAEngine.shared
        engine.fireTimers(at: 10)
        var count = 0
        let t = MediaTimer(interval: 0.1, repeats: true) { _ in count += 1 }
        engine.fireTimers(at: 10.55)
        #expect(count == 1)
        #expect(abs(t.fireTime - 10.6) < 1e-9)
        engine.fireTimers(at: 10.6)
        #expect(count == 2)
        t.invalidate()
    }

    @Test func nonRepeatingAndBadIntervals() {
        let engine = CAEngine.shared
        engine.fireTimers(at: 0)
        var count = 0
        _ = MediaTimer(interval: .nan, repeats: false) { _ in count += 1 }
        engine.fireTimers(at: 0.001)
        engine.fireTimers(at: 1)
        #expect(count == 1)
    }
}
