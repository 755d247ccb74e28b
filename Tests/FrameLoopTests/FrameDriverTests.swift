import FrameLoop
import Flipbook
import Raster
import TestSupport
import Testing

/// A stage that records what the driver asks of it, with a timer and a display link of its own.
final class ProbeStage: Stage {
    let engine: CAEngine
    let rootLayer = CALayer()
    var log: [String] = []
    var requests: [HostRequest] = []
    var seenTimes: [Double] = []

    init(engine: CAEngine = .current) {
        self.engine = engine
        engine.perform {
            CATransaction.performWithoutAnimation {
                rootLayer.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
                rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
            }
        }
    }
    func resize(to size: CGSize, scale: Double) { log.append("resize \(Int(size.width))x\(Int(size.height))") }
    func beginFrame(at time: Double) { log.append("begin"); seenTimes.append(CACurrentMediaTime()) }
    func handle(_ event: InputEvent, at time: Double) {
        log.append("input")
        seenTimes.append(CACurrentMediaTime())
    }
    func takeRequests() -> [HostRequest] { defer { requests = [] }; return requests }
}

final class RecordingSink: FrameSink {
    var frames: [(number: Int, time: Double, drawn: Bool, corner: UInt32?)] = []
    func present(_ frame: FinishedFrame) throws {
        frames.append((frame.number, frame.time, frame.bitmap != nil, frame.bitmap.map { $0[0, 0] }))
    }
}

final class MarkOverlay: FrameOverlay {
    var calls = 0
    func draw(into bitmap: Bitmap, scale: Double) { calls += 1; bitmap[0, 0] = 0xFF00_00FF }
}

@Suite(.isolatedEngine) struct FrameDriverTests {
    func make(_ stage: ProbeStage, fps: Double = 10) -> (FrameDriver, ManualSource) {
        let source = ManualSource(fps: fps)
        return (FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: 40, pixelHeight: 20, scale: 1)!, source)
    }

    @Test func phasesRunInOrderLayoutBeforeTheCommit() {
        // Core Animation lays out inside its commit: layout changes are committed and evaluated in
        // the same frame (the project's first design put layout after evaluation).
        #expect(FramePhase.allCases.map(\.description) ==
                ["input", "timers", "displayLink", "layout", "commit", "animate", "render", "present"])
    }

    @Test func oneTimePerFrameReachesEveryPhase() throws {
        let stage = ProbeStage()
        let (driver, source) = make(stage)
        var linkTimes: [Double] = []
        var timerTimes: [Double] = []
        stage.engine.addDisplayLink { linkTimes.append($0) }
        stage.engine.perform { _ = MediaTimer(interval: 0.1, repeats: true) { _ in timerTimes.append(CACurrentMediaTime()) } }
        try driver.runFrame()
        source.advance()
        driver.enqueue([.key(.space, isDown: true)])
        try driver.runFrame()
        #expect(stage.seenTimes == [0, 0.1, 0.1])     // begin, begin, input — all at the frame's time
        #expect(linkTimes == [0, 0.1] && timerTimes == [0.1])
        #expect(stage.log == ["resize 40x20", "begin", "begin", "input"])
        #expect(driver.framesProduced == 2 && driver.frameTime == 0.1)
    }

    @Test func framesGoThroughOverlaysThenSinks() throws {
        let stage = ProbeStage()
        let (driver, source) = make(stage)
        let sink = RecordingSink(), mark = MarkOverlay()
        driver.sinks = [sink]
        driver.overlays.append(mark)
        try driver.runFrame()
        source.advance()
        try driver.runFrame(drawing: false)
        #expect(sink.frames.map(\.number) == [0, 1] && sink.frames.map(\.time) == [0, 0.1])
        #expect(sink.frames.map(\.drawn) == [true, false])
        #expect(sink.frames[0].corner == 0xFF00_00FF)   // the overlay drew before the sink saw the frame
        #expect(mark.calls == 1)
        #expect(driver.bitmap[5, 5] == 0xFFFF_FFFF)     // the stage's white root
    }

    @Test func clockRequestsPauseAndStepByOneFrame() throws {
        let stage = ProbeStage()
        let (driver, source) = make(stage)
        driver.stepDuration = 0.1
        try driver.runFrame()
        stage.requests = [.togglePause]
        driver.route([])
        source.advance(frames: 5)
        try driver.runFrame()
        #expect(driver.frameTime == 0)                  // paused at once: media time stands still
        stage.requests = [.stepFrame, .setTitle("t")]
        #expect(driver.route([]) == [.setTitle("t")])   // the title is the host's; the step is the clock's
        #expect(driver.hasWork)
        try driver.runFrame()
        #expect(abs(driver.frameTime - 0.1) < 1e-12)
        #expect(driver.nextDeadline() == nil)           // paused, nothing pending: the window may sleep
    }

    @Test func aThrowingSinkStopsTheFrame() {
        final class Failing: FrameSink {
            func present(_ frame: FinishedFrame) throws { throw HostError("disk full") }
        }
        let (driver, _) = make(ProbeStage())
        driver.sinks = [Failing()]
        #expect(throws: HostError("disk full")) { try driver.runFrame() }
    }

    @Test func resizingReachesTheStageAndRefusesBadSizes() {
        let stage = ProbeStage()
        let (driver, _) = make(stage)
        #expect(driver.resize(pixelWidth: 80, pixelHeight: 40, scale: 2))
        #expect(driver.sizeInPoints == CGSize(width: 40, height: 20) && stage.log.last == "resize 40x20")
        #expect(!driver.resize(pixelWidth: 80, pixelHeight: 40, scale: .nan))
        #expect(!driver.resize(pixelWidth: 0, pixelHeight: 40, scale: 1))
        #expect(driver.bitmap.width == 80)
    }

    /// Space (pause) and the other single-key commands wait while a text field takes typing.
    @Test func singleKeyCommandsWaitWhileATextFieldTakesTyping() throws {
        let stage = ProbeStage()
        let (driver, _) = make(stage)
        try driver.runFrame()
        func press(_ k: InputEvent.Key, _ name: String) { driver.route([.key(k, name: name, isDown: true, isRepeat: false)]) }
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(.space, "Space")
        #expect(!driver.clock.isPaused)
        _ = field.resignFirstResponder()
        press(.space, "Space")
        #expect(driver.clock.isPaused)
        withExtendedLifetime(window) {}
    }
}
