import FrameLoop
import Flipbook
import Raster

/// A fresh playground made again from the session's start and run through the recorded frames on
/// their recorded times and input, on its own engine and frame driver, without drawing except the
/// frames it is asked to show — time travel's way to any earlier time.
///
/// Scene objects cannot be copied or saved, so a replay *is* the state at its position: it only
/// moves forward. `TimeMachine` keeps a few parked at earlier positions to start from.
final class Replay {
    let stage: Playground
    let driver: FrameDriver
    /// Recorded frames run so far: the next one to run is `frames[position]`.
    private(set) var position = 0
    /// How many of the last frames run were drawn (a frame's pixels depend on the two drawn before it).
    private(set) var drawnTail = 0
    /// Presses that hit something else than they hit live (`SessionLog.Frame.hits`): the media
    /// time, what was hit then and what is hit now ("" for nothing). Only a rebuilt program
    /// (`watch`) can see any.
    private(set) var misses: [(time: Double, then: String, now: String)] = []

    init?(make: (CAEngine) -> Playground, first: SessionLog.Frame) {
        let engine = CAEngine()
        stage = make(engine)
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)),
                                       pixelWidth: first.pixelWidth, pixelHeight: first.pixelHeight, scale: first.scale) else { return nil }
        driver.overlays = [] // the live driver draws its overlays over what a replay shows
        driver.appliesClockRequests = false
        self.driver = driver
    }

    /// True when running on to frame `index` draws it exactly as a straight render does: the two
    /// frames before it are still to run (and will be drawn) or were drawn.
    func canShowExactly(_ index: Int) -> Bool {
        position <= index + 1 && (position <= max(0, index - 2) || drawnTail >= position - max(0, index - 2))
    }

    /// Runs the recorded frames through `index`, drawing those from `drawFrom` on.
    func advance(through index: Int, in log: SessionLog, drawFrom: Int) throws {
        while position <= index, position < log.frames.count {
            let f = log.frames[position]
            driver.resize(pixelWidth: f.pixelWidth, pixelHeight: f.pixelHeight, scale: f.scale)
            if !f.hits.isEmpty {
                let downs = f.events.compactMap { if case .pointerDown(let p) = $0 { p } else { nil } }
                for (p, then) in zip(downs, f.hits) {
                    let now = TimeMachine.describeHit(at: p, on: stage)
                    if now != then { misses.append((f.timing.mediaTime, then, now)) }
                }
            }
            driver.enqueue(f.events)
            let draw = position >= drawFrom
            try driver.runFrame(drawing: draw, timing: f.timing)
            drawnTail = draw ? drawnTail + 1 : 0
            position += 1
        }
    }
}
