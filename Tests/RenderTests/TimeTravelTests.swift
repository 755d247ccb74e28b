import FrameLoop
import CSDL2
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import Raster
import RasterIO
import Scenes
import TestSupport
import Testing

/// Wall time as a window sees it, but set by the test: frames at uneven times, with idle gaps.
final class SetSource: TimeSource { var seconds = 0.0 }

/// The window's path without a window: SDL events routed by the driver on an uneven clock, under a
/// time machine that records them; each frame's PNG bytes kept, as a render would write them.
final class LiveSession {
    let session: SDLSession
    let machine: TimeMachine
    let driver: FrameDriver
    let source = SetSource()
    let width: Int, height: Int
    /// The PNG of every frame shown, with its media time.
    var shown: [(time: Double, png: [UInt8])] = []
    /// A copy of every live frame as the stage composited it, before the overlays drew (what the
    /// time machine's previews are made from).
    var sceneFrames: [Bitmap] = []
    /// Frame intervals the clock cycles through (a window's vsync with hiccups).
    let intervals = [0.0167, 0.0166, 0.0334, 0.0083, 0.0201, 0.0167]
    var tick = 0

    init(scene: String, width: Int, height: Int) throws {
        session = try SDLSession.start(headless: true)
        session.discardPendingEvents()
        self.width = width; self.height = height
        machine = TimeMachine(registry: SceneRegistry.all, initial: try Playground.sceneType(named: scene, in: SceneRegistry.all))
        driver = FrameDriver(stage: machine.stage, clock: MediaClock(source: source), pixelWidth: width, pixelHeight: height, scale: 1)!
        machine.install(on: driver, showsTimeline: false)
        final class Keep: FrameSink {
            unowned let live: LiveSession
            init(_ live: LiveSession) { self.live = live }
            func present(_ frame: FinishedFrame) throws { live.shown.append((frame.time, try PNG.encode(frame.bitmap!))) }
        }
        driver.sinks.append(Keep(self)) // after the time machine's preview sink
        final class KeepScene: FrameSink {
            unowned let live: LiveSession
            init(_ live: LiveSession) { self.live = live }
            func present(_ frame: FinishedFrame) throws {
                let b = frame.bitmap!, copy = Bitmap(width: b.width, height: b.height)!
                for y in 0..<b.height { copy.row(y).baseAddress!.update(from: b.row(y).baseAddress!, count: b.width) }
                live.sceneFrames.append(copy)
            }
        }
        driver.sceneSinks.append(KeepScene(self))
    }

    deinit { session.closeControllers(); session.shutdown() }

    /// Runs frames on the uneven clock while `player` types its script in run time (as a hand would).
    func run(frames: Int, player: ScriptPlayer? = nil, idleAfter: Int? = nil) throws {
        for n in 0..<frames {
            source.seconds += intervals[tick % intervals.count] + (n == idleAfter ? 0.4 : 0)
            tick += 1
            player?.inject(upTo: source.seconds)
            SDL_PumpEvents()
            driver.route(session.pollEvents())
            try driver.runFrame()
        }
    }

    /// Pushes a left-button mouse event at (x, y) points, as the window gets it.
    func mouse(_ type: SDL_EventType, x: Double, y: Double) {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            e.motion.x = Int32(x); e.motion.y = Int32(y); e.motion.state = 1
        } else {
            e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.x = Int32(x); e.button.y = Int32(y)
        }
        SDL_PushEvent(&e)
    }

    /// Renders the recorded input headless, every frame, and returns the PNGs' bytes.
    func renderRecording(scene: String) throws -> [[UInt8]] {
        let dir = HeadlessRenderTests.tempDir("travel")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = dir + "/session.script"
        try RecordingFile(path: script).save(machine.log.script(scene: scene, width: width, height: height))
        session.closeControllers()
        session.shutdown()
        let options = try RenderOptions.commandLine(scene: scene, out: dir + "/out", width: width, height: height, scale: 1, fps: 60,
                                                    duration: nil, frames: nil, every: nil, at: nil, input: script, trace: nil, sheet: nil)
        let result = try HeadlessDriver.render(options, registry: SceneRegistry.all)
        _ = try SDLSession.start(headless: true) // the live session's SDL back for deinit's shutdown
        return try result.frames.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
    }
}

/// Recorded input and time travel: both must give the very frames a straight render gives.
///
/// Nested in `HeadlessRenderTests`, whose `.serialized` covers it: SDL's event queue is one per
/// process, and these tests push and poll events as the scripted renders there do.
extension HeadlessRenderTests { @Suite(.isolatedEngine) struct TimeTravelTests {
    /// Cities at 320x180 (small: the debug build is slow): a tap expands a card, a drag collapses it, keys and a controller whose
    /// stick moves the pointer; space pauses and resumes, S turns slow motion on and off.
    static let hand = """
        0.05 pad connect
        0.20 tap 160 90
        0.60 key space
        0.80 key period
        0.90 key space
        1.00 drag 160 60 160 150 0.3
        1.10 pad leftx 0.9
        1.30 pad leftx 0
        1.40 key s
        1.70 key s
        1.80 pad a down
        1.85 pad a up
        """

    /// Clicks the HUD takes are the tools', not the scene's: the recording leaves them out, so a
    /// render of it (which has no HUD) gives the scene only what the scene got live.
    @Test func inputTheHUDTookIsNotRecorded() throws {
        let live = try LiveSession(scene: "cities", width: 800, height: 450)
        let (hud, _) = live.driver.installTools(hudOpen: false, inspectorOpen: false, showsHandle: true)
        live.mouse(SDL_MOUSEMOTION, x: 20, y: 12)                         // near the corner: the handle shows
        try live.run(frames: 2)
        let handle = try #require(hud.layout.rect(of: .openHUD))
        live.mouse(SDL_MOUSEBUTTONDOWN, x: handle.midX, y: handle.midY)   // opens the HUD: the tool's
        try live.run(frames: 1)
        live.mouse(SDL_MOUSEBUTTONUP, x: handle.midX, y: handle.midY)
        try live.run(frames: 1)
        #expect(hud.isOpen)
        live.mouse(SDL_MOUSEBUTTONDOWN, x: 700, y: 400)                    // beside the panel: the scene's
        try live.run(frames: 1)
        live.mouse(SDL_MOUSEBUTTONUP, x: 700, y: 400)
        try live.run(frames: 3)
        let script = live.machine.log.script(scene: "cities", width: 800, height: 450)
        let events = script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains(" frame ") }
        #expect(events.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["down 700 400", "up 700 400"], "\(events)")
    }

    @Test func recordedInputReplaysHeadlessToTheSameFrames() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        try live.run(frames: 110, player: ScriptPlayer(script: try InputScript.parse(Self.hand), windowID: 0), idleAfter: 50)
        let times: [Double] = live.shown.map { $0.time }
        // The clock was uneven, paused (equal times) and slowed: not a 1/60 grid.
        #expect(zip(times, times.dropFirst()).contains { $0 == $1 })
        #expect(!zip(times, times.dropFirst()).allSatisfy { abs(($1 - $0) - 1.0 / 60) < 1e-6 })
        let replayed = try live.renderRecording(scene: "cities")
        #expect(replayed.count == live.shown.count)
        for (i, (a, b)) in zip(live.shown.map { $0.png }, replayed).enumerated() where a != b {
            Issue.record("frame \(i) at \(times[i]) s differs between the window and the render of its recording")
            break
        }
    }

    /// While the scrub moves, the window answers from a preview (a quarter-size copy of the live
    /// frame kept as the session ran) without replaying; resting one frame gives the exact replay.
    /// The previews stay within their byte budget by keeping fewer frames.
    @Test func aMovingScrubShowsPreviewsWithinTheirBudget() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        let m = live.machine
        m.maxPreviewBytes = 40 * 80 * 45 * 4                      // 40 previews of 80 × 45
        try live.run(frames: 120, player: ScriptPlayer(script: try InputScript.parse(Self.hand), windowID: 0))
        #expect(m.previewBytes <= m.maxPreviewBytes && m.previewStep == 4 && m.previews.count == 30)
        #expect(m.previews.keys.allSatisfy { $0 % 4 == 0 })
        // The live frame 60 (the scene, before the overlays drew), shrunk 4 × 4, is what a scrub
        // moving to frame 60 shows, scaled back.
        let live60 = live.sceneFrames[60]
        // The kept preview is frame 60's exact 4 × 4 average, channel by channel, rounded.
        let small = try #require(m.previews[60])
        #expect(small.width == 80 && small.height == 45)
        var mismatches = 0
        for y in 0..<45 { for x in 0..<80 {
            var expected: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                var sum = 0
                for dy in 0..<4 { for dx in 0..<4 { sum += Int(live60[x * 4 + dx, y * 4 + dy] >> shift & 0xFF) } }
                expected |= UInt32((sum + 8) / 16) << shift
            }
            if small[x, y] != expected { mismatches += 1 }
        } }
        #expect(mismatches == 0)
        m.beginScrub(at: 119)
        _ = try m.frame(driver: live.driver)
        m.scrub(to: m.log.frames[60].timing.mediaTime)
        let moving = try #require(try m.frame(driver: live.driver))
        #expect(m.scrub?.target == 60)
        var worst = 0
        for y in stride(from: 2, to: 180, by: 4) { for x in stride(from: 2, to: 320, by: 4) {
            let a = moving.bitmap[x, y], b = live60[x, y]
            for shift in [0, 8, 16] { worst = max(worst, abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF))) }
        } }
        #expect(worst < 128, "the preview is frame 60's picture (averaged 4 × 4): worst channel \(worst)")
        let resting = try #require(try m.frame(driver: live.driver))
        #expect(resting.bitmap !== moving.bitmap)   // resting: the replay's own frame (its bytes: the test below)
        try m.resume(driver: live.driver)
        #expect(m.previews.keys.allSatisfy { $0 <= 60 })                 // the dropped history's previews go too
    }

    /// The timeline says which pixels it drew, so a window frame with it showing re-composites only
    /// what changed and the strip: it draws nothing outside what it reports, in the thin and the
    /// full strip, and frames of a scene with a small moving part stay damage-only with it on.
    @Test func theTimelineReportsTheStripItDraws() throws {
        let live = try LiveSession(scene: "hello", width: 320, height: 180)
        live.driver.overlays.append(live.machine.timeline)
        try live.run(frames: 30)
        for hover in [false, true] {
            if hover { live.mouse(SDL_MOUSEMOTION, x: 160, y: 175); try live.run(frames: 1) }
            let b = try #require(Bitmap(width: 320, height: 180))
            b.clear(0xFF20_2020)
            live.machine.timeline.draw(into: b, scale: 1)
            let strip = try #require(live.machine.timeline.pixelsDrawn?.first)
            #expect(strip.y1 == 180 && strip.height < 40 && strip.width == 320)
            var changed = 0, outside = 0
            for y in 0..<180 { for x in 0..<320 where b[x, y] != 0xFF20_2020 {
                changed += 1
                if !(strip.x0..<strip.x1).contains(x) || !(strip.y0..<strip.y1).contains(y) { outside += 1 }
            } }
            #expect(changed > 0 && outside == 0, "hover \(hover): \(outside) of \(changed) pixels outside the strip")
        }
        // With the strip reported, hello's frames are not repainted whole.
        try live.run(frames: 10)
        #expect(!live.driver.compositor.lastWasFull)
    }

    /// The band paints only what changed since the frame before (the label's last digits, the
    /// ticks as the history grows) into its own copy, and copies into the frame what changed and
    /// what other overlays drew over it: each frame's band has the bytes of a band painted whole
    /// by a fresh overlay — live, with the pointer entering and leaving it (lit and unlit), across
    /// new second ticks, with a square drawn under the band and one over it moving across it —
    /// what it reports and copies is small in the live frames, and no pixel of the window's frame
    /// changes outside its damage.
    @Test func theBandPaintsWhatChangedAsAWholePaintWould() throws {
        let live = try LiveSession(scene: "hello", width: 320, height: 180)
        final class Square: FrameOverlay {
            var frame = 0
            let shift: Int
            private(set) var pixelsDrawn: [PixelRect]? = []
            init(shift: Int) { self.shift = shift }
            func draw(into b: Bitmap, scale: Double) {
                let r = PixelRect(x: (frame * 11 + shift) % 300, y: 140 + (frame * 3 + shift) % 36, width: 8, height: 8).intersection(b.bounds)
                b.clear(r, to: 0xFF00_FF00)
                pixelsDrawn = [r]
                frame += 1
            }
        }
        let under = Square(shift: 0), over = Square(shift: 17)
        live.driver.overlays += [under, live.machine.timeline, over]
        final class Changes: FrameSink {
            var previous: [UInt32]?, missed = 0
            func present(_ frame: FinishedFrame) throws {
                let b = frame.bitmap!
                let now = (0..<b.height).flatMap { y in (0..<b.width).map { b[$0, y] } }
                if let previous, let damage = frame.damage {
                    for (i, p) in now.enumerated() where p != previous[i] {
                        let x = i % b.width, y = i / b.width
                        if !damage.contains(where: { ($0.x0..<$0.x1).contains(x) && ($0.y0..<$0.y1).contains(y) }) { missed += 1 }
                    }
                }
                previous = now
            }
        }
        let changes = Changes()
        live.driver.sinks.append(changes)
        let band = PixelRect(x0: 0, y0: 150, x1: 320, y1: 180)
        var small = 0, labelled = 0
        for i in 0..<150 {
            if i == 70 { live.mouse(SDL_MOUSEMOTION, x: 160, y: 175) }   // onto the band: lit
            if i == 90 { live.mouse(SDL_MOUSEMOTION, x: 160, y: 40) }    // off it again
            try live.run(frames: 1)
            let fresh = try #require(Bitmap(width: 320, height: 180))
            TimelineOverlay(machine: live.machine).draw(into: fresh, scale: 1)
            var differing = 0
            let top = try #require(over.pixelsDrawn?.first)   // drawn over the band: shown
            for y in band.y0..<band.y1 { for x in band.x0..<band.x1 where live.driver.bitmap[x, y] != fresh[x, y] {
                if !((top.x0..<top.x1).contains(x) && (top.y0..<top.y1).contains(y)) { differing += 1 }
            } }
            #expect(differing == 0, "frame \(i): \(differing) pixels of the band differ from a whole paint")
            let drawn = live.machine.timeline.pixelsDrawn ?? [band]
            if i > 0 && drawn.reduce(0, { $0 + $1.width * $1.height }) * 4 < band.width * band.height
                && live.machine.timeline.copiedPixels * 4 < band.width * band.height { small += 1 }
            if drawn.contains(where: { $0.y0 == 150 && $0.x0 < 40 && $0.width < 100 }) { labelled += 1 }
        }
        #expect(changes.missed == 0, "\(changes.missed) changed pixels outside the frames' damage")
        // Most live frames name and copy a small part (hover changes repaint it whole); not
        // vacuous: the label's digits were among what changed.
        #expect(small > 120, "\(small) small reports")
        #expect(labelled > 100, "\(labelled) frames repainted the label's digits")
        #expect((live.machine.log.frames.last?.timing.mediaTime ?? 0) > 2)   // past two new ticks
    }

    /// The label's seconds print as printf's `%.2f` prints them, without its formatter.
    @Test func theBandsSecondsPrintAsPrintfDoes() {
        var values = (0..<40_000).map { Double($0) / 60 } + [0, -0.0, 9.999, 10, 99.995, 123_456.789, -1.25, -0.001, 1e9 + 0.37]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * 5_000)
        }
        let differing = values.filter { TimelineOverlay.seconds($0) != String(format: "%.2f", $0) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0): \(TimelineOverlay.seconds($0))" })")
        #expect(TimelineOverlay.seconds(.nan) == "nan" && TimelineOverlay.seconds(-.infinity) == "-inf" && TimelineOverlay.seconds(.infinity) == "inf")
    }

    /// The timeline takes a band of its own along the bottom: the scene is laid out in the window
    /// less the band's height, so its footer (hello's caption) stays above the band, and the band
    /// starts at the stage's last row: the two do not overlap.
    @Test func theBandDoesNotOverlapTheScenesArea() throws {
        let live = try LiveSession(scene: "hello", width: 320, height: 180)
        try live.run(frames: 2)
        let caption = try #require(live.machine.stage.rootLayer.sublayers?.last as? CATextLayer)
        #expect(caption.frame.maxY > 150)   // without the band, hello's caption reaches into its room
        live.driver.overlays.append(live.machine.timeline)
        try live.run(frames: 2)
        #expect(live.driver.stagePixelHeight == 180 - Int(TimelineOverlay.bandHeight) && live.driver.stagePixelWidth == 320)
        #expect(live.machine.stage.rootLayer.frame == CGRect(x: 0, y: 0, width: 320, height: 150))
        #expect(caption.frame.maxY <= 150)
        let band = live.machine.timeline.look(width: 320, height: 180, scale: 1).fills[0].rect
        #expect(band.y0 == live.driver.stagePixelHeight && band.y1 == 180 && band.x0 == 0 && band.x1 == 320)
        // The recorded frames carry the stage's area (what a replay is laid out in), not the window's.
        #expect(live.machine.log.frames.last.map { ($0.pixelWidth, $0.pixelHeight) } ?? (0, 0) == (320, 150))
    }

    /// Previews are the scene only: made from the stage's area as composited, before the overlays
    /// drew, so the inspector's docked panel, the HUD's handle (hovered into view) and the band
    /// are not in them, and a scrub shows them at the stage's size.
    @Test func previewsCarryNoOverlayPixels() throws {
        let live = try LiveSession(scene: "hello", width: 320, height: 180)
        live.driver.overlays.append(live.machine.timeline)
        let (_, inspector) = live.driver.installTools(hudOpen: false, inspectorOpen: true, showsHandle: true)
        live.mouse(SDL_MOUSEMOTION, x: 20, y: 12)                         // the handle shows
        try live.run(frames: 12)
        #expect(inspector.isOpen && live.driver.stagePixelWidth == 160 && live.driver.stagePixelHeight == 150)
        let m = live.machine
        var checked = 0
        for (k, kept) in m.previews where k >= 2 {
            #expect(kept.width == 40 && kept.height == 37)   // the stage's 160 × 150, 4 × 4 blocks
            let scene = try #require(Bitmap(width: 40, height: 37)), shown = try #require(Bitmap(width: 40, height: 37))
            TimeMachine.average(live.sceneFrames[k], width: 160, height: 150, into: scene, columns: 0..<40, rows: 0..<37)
            TimeMachine.average(try PNG.decode(live.shown[k].png, name: "frame \(k)"), width: 160, height: 150, into: shown, columns: 0..<40, rows: 0..<37)
            var differing = 0, handle = 0
            for y in 0..<37 { for x in 0..<40 {
                if kept[x, y] != scene[x, y] { differing += 1 }
                if shown[x, y] != scene[x, y] { handle += 1 }
            } }
            #expect(differing == 0, "preview of frame \(k): \(differing) blocks are not the scene's")
            // Not vacuous: the frame as shown has the handle (and the hover outline) over the scene.
            #expect(handle > 10, "frame \(k): \(handle) blocks differ as shown")
            checked += 1
        }
        #expect(checked >= 4)
        m.beginScrub(at: 11)
        _ = try m.frame(driver: live.driver)
        m.scrub(to: m.log.frames[4].timing.mediaTime)
        let moving = try #require(try m.frame(driver: live.driver))
        #expect(moving.bitmap.width == 160 && moving.bitmap.height == 150)
    }

    /// Past their byte budget the previews are written into the strips thinned out instead of
    /// new ones: at most the budget and two previews' strips are ever made (the store passes the
    /// budget by the preview that thins it; the last preview may hold strips the store dropped),
    /// and the previews made over spares, after the first thinning, are their frames' exact
    /// averages. Countdown's gradient changes every pixel, so every preview is all new strips.
    @Test func previewsPastTheirBudgetReuseThinnedOnes() throws {
        let live = try LiveSession(scene: "countdown", width: 320, height: 180)
        let m = live.machine
        let strip = 80 * TravelPreview.stripRows * 4, wholeBytes = TravelPreview.stripCount(height: 45) * strip
        m.maxPreviewBytes = 20 * wholeBytes
        try live.run(frames: 100)
        let step = m.previewStep
        #expect(step >= 4, "step \(step)")   // 21 whole previews pass the budget: thinned at frame 40
        try live.run(frames: 100)
        #expect(m.previewStep > step, "step \(m.previewStep)")   // and again since
        #expect(m.previewStripsMade * strip <= m.maxPreviewBytes + 2 * wholeBytes, "\(m.previewStripsMade) strips made")
        #expect(m.previewBytes <= m.maxPreviewBytes && m.previewBytes + m.spareStrips.count * strip <= m.maxPreviewBytes + wholeBytes)
        var checked = 0
        for (k, kept) in m.previews where k > 100 {
            let whole = try #require(Bitmap(width: 80, height: 45))
            TimeMachine.average(live.sceneFrames[k], into: whole, columns: 0..<80, rows: 0..<45)
            var differing = 0
            for y in 0..<45 { for x in 0..<80 where whole[x, y] != kept[x, y] { differing += 1 } }
            #expect(differing == 0, "preview of frame \(k): \(differing) blocks differ")
            checked += 1
        }
        #expect(checked >= 100 / m.previewStep - 1, "\(checked) previews checked, step \(m.previewStep)")
    }

    /// A preview made from the last one and the pixels changed since (the window's usual case:
    /// damage-only frames) has exactly the bytes of one averaged from the whole frame.
    @Test func previewsFromTheLastOneMatchWholeOnes() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        try live.run(frames: 100, player: ScriptPlayer(script: try InputScript.parse(Self.hand), windowID: 0))
        #expect(live.machine.previewsFromLast > 20, "\(live.machine.previewsFromLast) of \(live.machine.previewCount)")
        #expect(live.machine.previewCount == 50)
        // Consecutive previews share the strips the frames between them did not change: fewer
        // bytes than 50 whole pictures (the hand scrolls part of the time; 2026-11-28: 200
        // strips of 300).
        let wholeBytes = TravelPreview.stripCount(height: 45) * 80 * TravelPreview.stripRows * 4
        #expect(live.machine.previewBytes < 50 * wholeBytes * 3 / 4, "\(live.machine.previewBytes) bytes")
        for (k, kept) in live.machine.previews {
            let whole = try #require(Bitmap(width: kept.width, height: kept.height))
            TimeMachine.average(live.sceneFrames[k], into: whole, columns: 0..<whole.width, rows: 0..<whole.height)
            var differing = 0
            for y in 0..<whole.height { for x in 0..<whole.width where whole[x, y] != kept[x, y] { differing += 1 } }
            #expect(differing == 0, "preview of frame \(k): \(differing) blocks differ")
        }
    }

    /// Between two previews the damage of each frame since is listed, and a scene that changes
    /// all over (countdown's gradient) damages the whole frame in each: every block is still
    /// averaged once a preview, not once a rectangle, and no strip is copied from the last
    /// preview only to be averaged over whole. The bytes stay those of whole averages.
    @Test func previewsAverageEachChangedBlockOnce() throws {
        let live = try LiveSession(scene: "countdown", width: 320, height: 180)
        let m = live.machine
        try live.run(frames: 40)
        #expect(m.previewsFromLast >= 15, "\(m.previewsFromLast) of \(m.previewCount)")
        #expect(m.previewBlocksAveraged <= m.previewCount * 80 * 45, "\(m.previewBlocksAveraged) blocks for \(m.previewCount) previews")
        #expect(m.previewStripsCopied == 0, "\(m.previewStripsCopied) strips copied")
        for (k, kept) in m.previews {
            let whole = try #require(Bitmap(width: 80, height: 45))
            TimeMachine.average(live.sceneFrames[k], into: whole, columns: 0..<80, rows: 0..<45)
            var differing = 0
            for y in 0..<45 { for x in 0..<80 where whole[x, y] != kept[x, y] { differing += 1 } }
            #expect(differing == 0, "preview of frame \(k): \(differing) blocks differ")
        }
    }

    /// Changed block runs of one row are joined where they overlap or touch, in order.
    @Test func changedRunsJoinOverlappingRectangles() {
        let blocks: [(x: Range<Int>, y: Range<Int>)] = [(10..<20, 0..<4), (0..<5, 2..<3), (15..<30, 1..<3), (30..<32, 2..<9), (40..<41, 5..<6)]
        #expect(TimeMachine.changedRuns(in: 0, of: blocks) == [10..<20])
        #expect(TimeMachine.changedRuns(in: 2, of: blocks) == [0..<5, 10..<32])
        #expect(TimeMachine.changedRuns(in: 5, of: blocks) == [30..<32, 40..<41])
        #expect(TimeMachine.changedRuns(in: 9, of: blocks) == [])
    }

    /// Live frames park replays for `liveSpareShare` of their own work: none at a share of 0 (or
    /// NaN, which counts as 0), and at a share of 1 the lanes have replays parked in them.
    @Test(arguments: [(0.0, false), (.nan, false), (1.0, true)])
    func liveFramesParkForTheirShare(_ share: Double, parks: Bool) throws {
        let live = try LiveSession(scene: "hello", width: 160, height: 90)
        live.machine.liveSpareShare = share
        live.machine.liveSpareSeconds = 0.05   // the share decides, not the cap
        try live.run(frames: 80)
        #expect((live.machine.parkingReplays > 0) == parks, "\(live.machine.parkingReplays) replays at a share of \(share)")
    }

    /// Live parking keeps `liveLanes` replays at even places — lane j of m at j·end/(m+1) of the
    /// history — moving them on as it grows, in batches of `parkingBatch` replay frames, and never
    /// makes one again from frame 0: the replays made are the lanes, the replay frames run are the
    /// places' sum (m/2 a live frame), and each parked replay runs on to show frames exactly (the
    /// live frames' pixels). The wall clock is stopped, so a parking frame runs until the lanes
    /// are at their places.
    @Test func parkingLanesStayEvenlySpacedAndExact() throws {
        let live = try LiveSession(scene: "hello", width: 160, height: 90)
        let m = live.machine
        m.liveSpareShare = 1
        m.liveSpareSeconds = 1
        m.wallClock = SetSource()
        let lanes = m.liveLanes, batch = TimeMachine.parkingBatch
        var runBefore = 0, parkingsBefore = 0
        for n in 0..<300 {
            if n == 200 { (runBefore, parkingsBefore) = (m.parkingFramesRun, m.parkingLiveFrames) }
            let parkings = m.parkingLiveFrames
            try live.run(frames: 1)
            let end = m.log.frames.count - 1
            if m.parkingLiveFrames > parkings {
                let places = (1...lanes).map { TimeMachine.place($0, of: lanes, below: end) }.filter { $0 > 0 }
                #expect(m.parkedPositions == places, "frame \(n): replays at \(m.parkedPositions), places \(places)")
            } else {
                #expect(m.lanesBehind(below: end, lanes: lanes) < batch, "frame \(n) did not park \(m.lanesBehind(below: end, lanes: lanes)) frames behind")
            }
        }
        #expect(m.parkingReplaysMade == lanes)
        #expect(m.parkingFramesRun == m.parkedPositions.reduce(0, +))
        // The last 100 live frames: m/2 replay frames each (give or take a batch waiting), in batches.
        #expect(abs(m.parkingFramesRun - runBefore - 100 * lanes / 2) < batch)
        #expect((m.parkingLiveFrames - parkingsBefore) * batch <= m.parkingFramesRun - runBefore + batch)
        #expect(m.parkingLiveFrames * batch <= m.parkingFramesRun)
        // From each place, the replay shows the frame two on as the live frame was composited.
        var compared = 0
        for p in m.parkedPositions {
            let replay = try m.show(p + 2)
            let b = replay.driver.bitmap, want = live.sceneFrames[p + 2]
            #expect(b.width == want.width && b.height == want.height)
            var differing = 0
            for y in 0..<min(b.height, want.height) { for x in 0..<min(b.width, want.width) where b[x, y] != want[x, y] { differing += 1 } }
            #expect(differing == 0, "frame \(p + 2) from the place at \(p): \(differing) pixels differ")
            compared += 1
        }
        #expect(compared == lanes)
    }

    /// A frame under 4 pixels a side (a window dragged tiny) still gets a preview: its one block
    /// clamps to the last pixel instead of reading past the bitmap.
    @Test func aFrameSmallerThanABlockHasAPreview() throws {
        let m = TimeMachine(registry: SceneRegistry.all, initial: nil)
        let tiny = try #require(Bitmap(width: 3, height: 2))
        for y in 0..<2 { for x in 0..<3 { tiny[x, y] = Pixel.pack(r: UInt32(x * 100), g: UInt32(y * 200), b: 16, a: 255) } }
        m.keepPreview(of: tiny, index: 0)
        let small = try #require(m.previews[0])
        #expect(small.width == 1 && small.height == 1)
        // Columns 0, 1, 2, 2 and rows 0, 1, 1, 1 of the 4 × 4 block: r (0+100+200+200)·4/16, g 200·12/16.
        #expect(Pixel.r(small[0, 0]) == 125 && Pixel.g(small[0, 0]) == 150 && Pixel.b(small[0, 0]) == 16 && Pixel.a(small[0, 0]) == 255)
    }

    @Test func scrubbingBackAndResumingGivesAStraightRendersFrames() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        // A drag is under way at frame 70 (down at 1.0 s, up at 1.3 s): the resume must release it.
        let player = ScriptPlayer(script: try InputScript.parse(Self.hand), windowID: 0)
        try live.run(frames: 100, player: player)
        let atScrub = live.shown.count
        // Press on the strip, drag left to about frame 70, release: the window's own events.
        let target = 70
        let m = live.machine
        let fraction: Double = (m.log.frames[target].timing.mediaTime - m.startTime) / (m.endTime - m.startTime)
        let x: Double = 12 + 296 * fraction + 0.5
        live.mouse(SDL_MOUSEBUTTONDOWN, x: 300, y: 178)
        SDL_PumpEvents(); live.driver.route(live.session.pollEvents())
        #expect(live.machine.isActive)
        try live.driver.runFrame() // shows the replay at the end of the history
        live.mouse(SDL_MOUSEMOTION, x: x, y: 178)
        SDL_PumpEvents(); live.driver.route(live.session.pollEvents())
        try live.driver.runFrame()       // moving: a preview
        try live.driver.runFrame()       // resting: the exact replay
        let chosen = try #require(live.machine.scrub?.target)
        let scrubbed = live.shown.last!
        live.mouse(SDL_MOUSEBUTTONUP, x: x, y: 178)
        SDL_PumpEvents(); live.driver.route(live.session.pollEvents())
        #expect(!live.machine.isActive)
        #expect(live.machine.log.frames.count == chosen + 1)
        // Live again from there, with new input (a tap on another card).
        try live.run(frames: 40, player: ScriptPlayer(script: try InputScript.parse("0 tap 250 90"), windowID: 0))
        let replayed = try live.renderRecording(scene: "cities")
        // The render of the kept history and the new input: the frames before the scrub point, then
        // the resumed ones, byte for byte; and the frame shown while scrubbing is the render's too.
        let before = Array(live.shown[..<(chosen + 1)]), after = Array(live.shown[(atScrub + 3)...])
        let kept = before + after
        #expect(replayed.count == kept.count)
        #expect(scrubbed.png == replayed[chosen], "the scrubbed-to frame \(chosen) differs from the render's")
        for (i, (a, b)) in zip(kept.map { $0.png }, replayed).enumerated() where a != b {
            Issue.record("frame \(i) at \(kept[i].time) s differs between the resumed window and the render of its recording")
            break
        }
        #expect(abs(chosen - target) <= 1)
    }
}
}
