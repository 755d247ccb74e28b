import FrameLoop
import CSDL2
import Flipbook
import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window
import Raster
import RasterBench
import RasterIO

/// `flipbook bench`'s suite: medians of frame times in a release build, one core. Compare runs as
/// ratios. Not in any product: the shipped `flipbook` runs it (`PlaygroundApp.benchmark`).
package enum Benchmarks {
    static func now() -> Double { SceneBenchmark.now() }
    static func median(_ xs: [Double]) -> Double { SceneBenchmark.median(xs) }
    static func report(_ name: String, _ times: [Double], extra: String = "") { SceneBenchmark.report(name, times, extra: extra) }
    static func sceneFrameTimes(_ type: any Scene.Type, in scenes: [any Scene.Type], width: Int, height: Int, frames: Int,
                                threads: Int = 1, damage: Bool = true, each: ((FrameDriver) -> Void)? = nil,
                                setUp: ((FrameDriver) -> Void)? = nil) throws -> [Double] {
        try SceneBenchmark.sceneFrameTimes(type, in: scenes, width: width, height: height, frames: frames, threads: threads,
                                           damage: damage, each: each, setUp: setUp)
    }

    /// Scenes made for measuring, not in any menu; `run` opens them by name.
    package static let scenes: [any Scene.Type] = [CollectionBenchScene.self, TableBenchScene.self, SpinnerBenchScene.self, AutoLayoutBenchScene.self,
                                                    AutoLayoutFramesBenchScene.self, ParticlesBenchScene.self]

    /// The whole suite `flipbook bench` runs (BENCHMARKS.md): raster, scenes, collection, autolayout, damage, threads,
    /// evaluation, tools, menu, travel, upload; the cases whose name contains `filter`.
    package static func run(frames: Int, filter: String?, scenes: [any Scene.Type], threads: Int = 1) throws {
        func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        print("bench — \(frames) frames per case, \(threads) compositing thread\(threads == 1 ? "" : "s"), release build expected")

        if wanted("raster") {
            let r = RasterBenchmark.run(frames: frames + 10, now: now)
            report("raster reference frame 1920x1080", Array(r.frameTimes.dropFirst(10))) // warm-up frames dropped
            report("  of which: stroke the arc (outline)", (0..<frames).map { _ in
                let t0 = now()
                var arc = Path()
                arc.addArc(center: Point(960, 540), radius: 200, startAngle: -Double.pi / 2, endAngle: Double.pi, clockwise: true)
                _ = arc.stroked(StrokeStyle(width: 10, cap: .round))
                return now() - t0
            })
        }
        if filter != nil && wanted("curves") {   // not a timing: only when asked for
            // How exactly curves are covered (#17 item 3): area and worst pixel against the exact disk.
            print("curves: filled and 4-px stroked circles against the exact coverage (area ratio, worst pixel in 1/255, edge pixels too light)")
            for (r, fill, stroke) in RasterBenchmark.curveCoverage() {
                print(String(format: "curves r %7.1f  fill area %.5f worst %5.1f light %5.1f %%   stroke area %.5f worst %5.1f light %5.1f %%",
                             r, fill.areaRatio, fill.worstLevels, fill.tooLight * 100, stroke.areaRatio, stroke.worstLevels, stroke.tooLight * 100))
            }
        }
        for c in RasterBenchmark.cases() + [textCase()] where wanted("case") || wanted(c.name) {
            let rounds = RasterBenchmark.time(c, now: now)
            print("case " + c.name.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: " median %8.3f ms  (5 rounds of 10)", median(rounds) * 1000))
        }
        for (w, h) in [(1280, 720), (1920, 1080)] {
            for type in scenes where wanted("scene") || wanted(type.name) {
                let times = try sceneFrameTimes(type, in: scenes, width: w, height: h, frames: frames, threads: threads)
                let fps = 1 / median(times)
                report("scene \(type.name) \(w)x\(h)", times, extra: String(format: "  %.0f frames/s", fps))
            }
        }
        for (w, h) in [(1280, 720), (1920, 1080)] where wanted("collection") {
            let times = try sceneFrameTimes(CollectionBenchScene.self, in: scenes, width: w, height: h, frames: frames, threads: threads)
            report("collection 10000 rows scrolling \(w)x\(h)", times, extra: String(format: "  %.0f frames/s", 1 / median(times)))
        }
        for (w, h) in [(1280, 720), (1920, 1080)] where wanted("table") {
            let times = try sceneFrameTimes(TableBenchScene.self, in: scenes, width: w, height: h, frames: frames, threads: threads)
            report("table 10000 rows scrolling \(w)x\(h)", times, extra: String(format: "  %.0f frames/s", 1 / median(times)))
        }
        if wanted("autolayout-solve") { try autoLayoutCases(frames: frames, scenes: scenes, animated: filter != "autolayout-solve") }
        if wanted("damage") { try damageCases(frames: frames, scenes: scenes, threads: threads) }
        if wanted("particles") { try particleCases(frames: frames, scenes: scenes, threads: threads) }
        if wanted("blur") { blurCases(frames: frames) }
        try threadCases(frames: frames, scenes: scenes, threads: max(2, threads), wanted: wanted)
        if wanted("evaluate") {
            report("evaluate 10000 layers x 2 animations", evaluationTimes(layers: 10_000, frames: frames))
            report("  ... each layer begun at its own time", evaluationTimes(layers: 10_000, frames: frames, staggered: true))
        }
        for (w, h) in [(1280, 720), (1920, 1080)] where wanted("tools") {
            if let countdown = scenes.first(where: { $0.name == "countdown" }) ?? scenes.first {
                try toolsCost(scene: countdown, in: scenes, width: w, height: h, frames: frames)
            }
        }
        if wanted("menu") { try menuCases(scenes: scenes, frames: frames, threads: threads) }
        if let filter, filter.contains("travel") { // a minute per scene: only when asked for ("travel-cities": one)
            try travel(scenes: scenes.filter { filter == "travel" || filter.contains("-\($0.name)") })
        }
        if wanted("upload") {
            report("window upload 1920x1080 (SDL_UpdateTexture)", try uploadTimes(frames: frames))
        }
    }

    /// A paragraph of text drawn as a text layer whose string changes every frame draws it:
    /// 20 lines of about 90 characters, DejaVu Sans at 16 px, each line rasterized by the font
    /// library and composited at its place (bench/compare.py draws the same lines).
    static func textCase() -> RasterBenchmark.Case {
        let words = "The quick brown fox jumps over the lazy dog while Flipbook draws glyphs, 0123456789 times."
        let lines = (0..<20).map { i in String(words.dropFirst(i % 7)) + String(words.prefix(i % 7)) }
        let fonts = FontLibrary.shared
        return RasterBenchmark.Case(name: "text") { canvas in
            for (i, line) in lines.enumerated() {
                if let glyphs = fonts.render(line, face: .regular, pixelSize: 16, color: Color(hex: 0x101010)) {
                    canvas.draw(glyphs, transform: .translation(40, 40 + Double(i) * 22))
                }
            }
        }
    }

    /// The animate phase alone: every layer runs a position and an opacity animation.
    /// - Parameter staggered: every layer's animations begin at a different time, so no two share a
    ///   progress (no eased value can be reused between layers); otherwise all begin together.
    static func evaluationTimes(layers: Int, frames: Int, staggered: Bool = false) -> [Double] {
        let engine = CAEngine()
        return engine.perform { evaluationTimes(layers: layers, frames: frames, staggered: staggered, engine: engine) }
    }

    private static func evaluationTimes(layers: Int, frames: Int, staggered: Bool, engine: CAEngine) -> [Double] {
        let root = CALayer()
        for i in 0..<layers {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(l)
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: Double(i % 100))
            move.toValue = CGPoint(x: 500, y: Double(i % 100) + 50)
            move.duration = 2
            move.repeatCount = .infinity
            move.autoreverses = true
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            if staggered { move.beginTime = -Double(i) * 1e-4 } // begun 0…1 s before the first frame
            l.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1; fade.toValue = 0.2; fade.duration = 1.5; fade.repeatCount = .infinity
            l.add(fade, forKey: "fade")
        }
        // Whole frames through the one driver, not drawn; the driver's phase timer gives the
        // animate phase's share (the other phases walk the tree too, but are not what is measured).
        guard let driver = FrameDriver(stage: LayerTreeStage(root: root, engine: engine), clock: MediaClock(source: ManualSource(fps: 60)),
                                       pixelWidth: 1, pixelHeight: 1, scale: 1, threads: 1) else { return [] }
        driver.phaseTimer = now
        var times: [Double] = []
        for i in 0..<(frames + 5) {
            try? driver.runFrame(at: Double(i) / 60, drawing: false) // no sinks: nothing throws
            if i >= 5 { times.append(driver.lastPhaseSeconds[FramePhase.animate.rawValue]) }
        }
        return times
    }

    /// The window path's upload: a full 1920×1080 RGBA32 frame into a streaming texture.
    static func uploadTimes(frames: Int) throws -> [Double] {
        guard let window = SDL_CreateWindow("bench", 0, 0, 1920, 1080, SDL_WINDOW_HIDDEN.rawValue),
              let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue),
              let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), 1920, 1080),
              let frame = Bitmap(width: 1920, height: 1080) else {
            throw HostError("cannot create an SDL texture for the upload benchmark: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyTexture(texture); SDL_DestroyRenderer(renderer); SDL_DestroyWindow(window) }
        frame.clear(0xFF80_4020)
        return (0..<frames).map { _ in
            let t0 = now()
            SDL_UpdateTexture(texture, nil, frame.pixels, Int32(frame.stride * 4))
            return now() - t0
        }
    }
}
