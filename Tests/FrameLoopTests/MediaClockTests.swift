import FrameLoop
import TestSupport
import Testing

@Suite(.isolatedEngine) struct MediaClockTests {
    @Test func manualFramesLandOnExactTimes() {
        let s = ManualSource(fps: 60)
        s.advance(frames: 600)
        #expect(s.seconds == 10.0)
        s.advance(frames: 30)
        #expect(s.seconds == 10.5)
    }

    @Test func pauseFreezesStepMovesAndResumeDoesNotJump() {
        let s = ManualSource(fps: 10)
        let clock = MediaClock(source: s)
        s.advance(frames: 5)
        #expect(clock.now == 0.5)
        clock.pause()
        s.advance(frames: 5)
        #expect(clock.now == 0.5)
        clock.step(by: 0.1)
        #expect(abs(clock.now - 0.6) < 1e-12)
        clock.resume()
        #expect(abs(clock.now - 0.6) < 1e-12)
        s.advance(frames: 1)
        #expect(abs(clock.now - 0.7) < 1e-12)
    }

    @Test func slowMotionScalesOnlyTimeAfterTheChange() {
        let s = ManualSource(fps: 10)
        let clock = MediaClock(source: s)
        s.advance(frames: 10)
        clock.timeScale = 0.1
        s.advance(frames: 10)
        #expect(abs(clock.now - 1.1) < 1e-12)
        clock.timeScale = .nan // refused: back to 1
        #expect(clock.timeScale == 1)
    }
}
