import FrameLoop
import Flipbook
import Foundation
import DevTools
import Render
import Window

/// What a playground's `bench` measures by default: each of its scenes' whole frames (every phase)
/// headless, medians and percentiles, one line per case. Compare runs as ratios, in release builds.
package enum SceneBenchmark {
    /// Each scene at 1280×720 and 1920×1080, `frames` frames after 10 of warm-up; the cases whose
    /// name contains `filter`, when given.
    package static func run(frames: Int, filter: String?, scenes: [any Scene.Type], threads: Int) throws {
        func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        print("bench — \(frames) frames per case, \(threads) compositing thread\(threads == 1 ? "" : "s"), release build expected")
        for (w, h) in [(1280, 720), (1920, 1080)] {
            for type in scenes where wanted("scene") || wanted(type.name) {
                let times = try sceneFrameTimes(type, in: scenes, width: w, height: h, frames: frames, threads: threads)
                report("scene \(type.name) \(w)x\(h)", times, extra: String(format: "  %.0f frames/s", 1 / median(times)))
            }
        }
    }

    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    package static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    package static func report(_ name: String, _ times: [Double], extra: String = "") {
        let m = median(times) * 1000
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double { sorted[Int(Double(sorted.count - 1) * p)] * 1000 }
        // The mean too: a window pays every frame, so its CPU a frame compares with the mean (a scene
        // whose few frames cost much, the animator's, has a mean well above its median).
        let mean = times.isEmpty ? .nan : times.reduce(0, +) / Double(times.count) * 1000
        print(String(format: "%-34@ median %8.3f ms  p90 %8.3f ms  p99 %8.3f ms  mean %8.3f ms  (%d frames)%@", name as NSString, m,
                     percentile(0.9), percentile(0.99), mean, times.count, extra as NSString))
    }

    /// Headless frames of a scene, timed per whole frame (all phases).
    /// - Parameters:
    ///   - damage: false composites every frame whole.
    ///   - each: called after each timed frame with the driver (per-band figures).
    ///   - setUp: called once before the first frame.
    package static func sceneFrameTimes(_ type: any Scene.Type, in scenes: [any Scene.Type], width: Int, height: Int, frames: Int,
                                threads: Int = 1, damage: Bool = true, each: ((FrameDriver) -> Void)? = nil,
                                setUp: ((FrameDriver) -> Void)? = nil) throws -> [Double] {
        let stage = Playground(registry: scenes, initial: type)
        let source = ManualSource(fps: 60)
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: width, pixelHeight: height, scale: 1,
                                       threads: threads) else {
            throw HostError("cannot make a \(width)x\(height) frame")
        }
        driver.compositor.tracksDamage = damage
        setUp?(driver)
        var times: [Double] = []
        for i in 0..<(frames + 10) {
            source.advance()
            let t0 = now()
            try driver.runFrame()
            if i >= 10 { times.append(now() - t0); each?(driver) } // the first frames warm caches
        }
        return times
    }

}
