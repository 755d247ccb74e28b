import FrameLoop
import Compositor
import Flipbook
import DevTools

extension Benchmarks {
    /// What the scene menu's live pictures cost the window per frame: the menu at 60 frames a
    /// second after a second of warm-up (every visible card's preview made), its frames timed per
    /// phase. The pictures are drawn in the menu's `.timers` phase and nothing else runs there (the
    /// menu has no other timer, and nothing is queued on the main queue), so `.timers` is their
    /// cost: the frames that drew one (median, p90, p99), pictures a second, and the mean over every
    /// frame (a picture comes every other frame at most), beside the whole menu frame. Thread CPU
    /// time, as the tools' case.
    static func menuCases(scenes: [any Scene.Type], frames: Int, threads: Int) throws {
        for (w, h) in [(1280, 720), (1920, 1080)] {
            let source = ManualSource(fps: 60)
            guard let driver = FrameDriver(stage: Playground(registry: scenes, initial: nil), clock: MediaClock(source: source),
                                           pixelWidth: w, pixelHeight: h, scale: 1, threads: threads) else {
                throw HostError("cannot make a \(w)x\(h) frame")
            }
            driver.phaseTimer = WorkerPool.threadCPUSeconds
            for _ in 0..<60 { try driver.runFrame(); source.advance() }
            var pictures: [Double] = [], rest: [Double] = [], all: [Double] = [], whole: [Double] = []
            let count = max(frames, 600)   // ten seconds at least: pictures come a few a second per card
            for _ in 0..<count {
                try driver.runFrame()
                source.advance()
                let timers = driver.lastPhaseSeconds[FramePhase.timers.rawValue]
                let frame = driver.lastPhaseSeconds.reduce(0, +)
                all.append(timers)
                whole.append(frame)
                // A frame without a picture spends microseconds in `.timers`.
                if timers > 0.000_05 { pictures.append(timers) } else { rest.append(frame) }
            }
            let mean = all.reduce(0, +) / Double(all.count), frameMean = whole.reduce(0, +) / Double(whole.count)
            guard !pictures.isEmpty else { throw HostError("the menu drew no picture in \(count) frames") }
            report("menu pictures \(w)x\(h), a picture", pictures,
                   extra: String(format: "  %.1f pictures/s; mean %.3f ms a frame (%.1f%% of a 60 Hz frame); a whole menu frame %.3f ms (mean), %.3f ms without a picture (median)",
                                 Double(pictures.count) / (Double(count) / 60), mean * 1000, mean * 60 * 100, frameMean * 1000, median(rest) * 1000))
        }
    }
}
