import FrameLoop
import Flipbook
import Raster

/// One menu card's live picture: a scene of its own, on an engine, clock and frame driver of its
/// own, drawn small — the window's size in points at a fraction of a pixel per point, so the
/// scene lays out as it will when opened and only the pixels shrink.
///
/// The scene is an instance made for the preview (`Playground(initial:)` on a fresh `CAEngine`):
/// opening the scene from the menu makes another, so nothing the preview did reaches the real run.
/// Its media time starts at 0 when the preview is made and follows the menu's time; frames are
/// made only when the menu asks (`frame(at:)`, a few a second). A scene with a `demoScript` plays
/// it, scaled to the window's size as the tour does, and starts again a little after its end
/// (`loopLength`), so a scene that waits for a tap moves too.
///
/// Work a scene queues on the main queue runs in the main-queue service of whichever frame comes
/// next — the preview's or the menu's — as with time travel's replays (ARCHITECTURE.md); no
/// built-in scene queues any.
final class ScenePreview {
    let type: Scene.Type
    let stage: Playground
    let driver: FrameDriver
    private var input = ScheduledInput()
    /// Media seconds after which the preview starts again (its demo script played and a rest);
    /// nil: never (the scene moves by itself).
    let loopLength: Double?
    /// The preview's last frame time (its own media time, from 0).
    private(set) var time = -1.0
    /// Frames made so far (the scene's undrawn input frames included).
    private(set) var framesRun = 0

    /// How long a demo script's scene rests on its last state before the preview starts again.
    static let rest = 2.0
    /// Frames between a demo's input events while a drag runs (its moves), per second.
    static let dragRate = 30.0
    /// At most this many undrawn frames are made before a drawn one (a preview far behind, or a
    /// scene with a fast timer, has the rest due in the drawn frame).
    static let maxInputFrames = 16

    /// A preview of `type` laid out for a window of `windowSize` points, drawn `pixelWidth` ×
    /// `pixelHeight` pixels; nil when the size cannot be drawn (not positive, not finite).
    /// - Parameters:
    ///   - style: the appearance the menu's engine shows (light or dark), given to the preview's.
    init?(_ type: Scene.Type, windowSize: CGSize, pixelWidth: Int, pixelHeight: Int, style: UIUserInterfaceStyle) {
        let w = Double(windowSize.width), h = Double(windowSize.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, pixelWidth >= 1, pixelHeight >= 1 else { return nil }
        let engine = CAEngine()
        engine.reportSink = CAEngine.current.reportSink
        engine.perform { UIScreen.main.userInterfaceStyle = style }
        let stage = engine.perform { Playground(registry: [], initial: type, engine: engine) }
        // One thread: the preview composites on the menu's thread, between its frames' phases.
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)),
                                       pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: Double(pixelWidth) / w, threads: 1) else { return nil }
        driver.overlays = []   // no pointer, no damage flash: the scene only
        self.type = type
        self.stage = stage
        self.driver = driver
        if let script = Self.demo(of: type, width: w, height: h) {
            input.add(script)
            let end = script.lines.map { line -> Double in
                if case let .drag(_, _, _, _, d) = line.action { return line.time + d }
                return line.time + InputScript.tapHoldTime
            }.max() ?? 0
            loopLength = end + Self.rest
        } else {
            loopLength = nil
        }
    }

    /// The appearance the preview's scene shows: its own engine's `UIScreen.main.userInterfaceStyle`.
    /// Set it (the menu does when its own engine's appearance changed) and the scene follows as an
    /// app follows the system's appearance: its windows re-resolve their dynamic colours and hear
    /// `traitCollectionDidChange(_:)`; it is not started again.
    var style: UIUserInterfaceStyle {
        get { stage.engine.perform { UIScreen.main.userInterfaceStyle } }
        set { stage.engine.perform { UIScreen.main.userInterfaceStyle = newValue } }
    }

    /// `type`'s demo script at `width` × `height` points, or nil when it has none or it is not one
    /// (the tour refuses such a script with a message; a preview just plays nothing).
    static func demo(of type: Scene.Type, width: Double, height: Double) -> InputScript? {
        guard let demo = type.demoScript else { return nil }
        let dw = Double(demo.size.width), dh = Double(demo.size.height)
        guard dw.isFinite, dh.isFinite, dw >= 1, dh >= 1,
              let script = try? InputScript.parse(demo.text, file: "\(type.name)'s demoScript"), !script.isFrameTimed else { return nil }
        return script.scaled(x: width / dw, y: height / dh)
    }

    /// True once the preview has played its demo and rested (`loopLength`): the menu makes a new one.
    func isSpent(at time: Double) -> Bool { loopLength.map { time >= $0 } ?? false }

    /// Draws the scene at its media time `t` (seconds since the preview began; later than the
    /// last frame's) and returns a copy of the pixels, which the caller may keep (the driver's
    /// bitmap is drawn over by the next frame).
    ///
    /// Between two pictures the scene gets the frames a 60 Hz window would make around each
    /// thing that happens to it — a demo event, a timer of its own firing, a drag's moves
    /// `dragRate` a second: the frame on the 60 Hz grid at or after it and the one before that,
    /// undrawn. The frame before matters: an animation that ended by then has completed when the
    /// timer fires, as at a steady frame rate (the pages scene's demo turns a page 0.05 s after
    /// the last turn ends; skipped straight to the timer's frame, the turn was still running and
    /// UIKit refused the next). At most `maxInputFrames` such frames per picture; the rest is due
    /// in the picture's frame, as in a window that fell behind.
    func frame(at t: Double) -> Bitmap? {
        guard t > time else { return nil }
        var made = 0
        while made < Self.maxInputFrames, let e = nextEvent(), e <= t {
            let at = (e * 60 - 1e-6).rounded(.up) / 60
            guard at < t else { break }   // due in the picture's own frame
            made += runWithFrameBefore(at, drawing: false)
        }
        runWithFrameBefore(t, drawing: true)
        let b = driver.bitmap
        guard let copy = Bitmap(width: b.width, height: b.height) else { return nil }
        for y in 0..<b.height { copy.row(y).baseAddress!.update(from: b.row(y).baseAddress!, count: b.width) }
        return copy
    }

    /// The next time after the last frame something happens to the scene: a demo event, a timer,
    /// a drag's next move; nil when nothing is scheduled.
    private func nextEvent() -> Double? {
        var next = input.nextTime
        if let timer = stage.engine.nextTimerFireTime { next = min(next ?? timer, timer) }
        if input.isDragging(at: max(0, time)) { next = min(next ?? .infinity, time + 1 / Self.dragRate) }
        return next.map { max($0, time + 1e-6) }
    }

    /// Runs the frame at `t`, after the one 1/60 s before it unless the last frame was at or past
    /// that or it would come before the scene's first (time 0, when its animations begin);
    /// returns the frames run.
    @discardableResult
    private func runWithFrameBefore(_ t: Double, drawing: Bool) -> Int {
        var count = 1
        let before = t - 1.0 / 60
        if before > time + 1e-6 && time >= 0 { run(at: before, drawing: false); count += 1 }
        run(at: t, drawing: drawing)
        return count
    }

    private func run(at t: Double, drawing: Bool) {
        // Named targets (`tap @random`) are found in the preview's own tree; one not on screen is skipped.
        driver.enqueue(input.events(dueAt: t, resolve: { [stage] name in InputScript.centre(ofTarget: name, in: stage.rootLayer) }))
        // No sinks, so nothing can throw; a frame that did would leave the last picture up.
        try? driver.runFrame(at: t, drawing: drawing)
        time = t
        framesRun += 1
    }

    /// The preview's next time that shows something new after its last frame: its next demo
    /// event, the scene's next timer or running animation (`CAEngine.nextDeadline`), or nil when
    /// the scene is still and nothing is scheduled.
    var nextChange: Double? {
        var next = stage.engine.nextDeadline(after: time)
        if let e = input.nextTime { next = min(next ?? e, e) }
        if input.isDragging(at: time) { next = time }
        if let l = loopLength { next = min(next ?? l, l) }
        return next
    }
}
