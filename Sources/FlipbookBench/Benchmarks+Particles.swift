import FrameLoop
import Flipbook
import FlipbookPlayground
import Foundation
import Raster

/// 5,000 live particles over the whole frame: one emitter, a 16 × 16 soft dot born 2,500 times a
/// second and living 2 s, turning, drifting and fading (issue #34's figure: 60 frames/s at 1080p
/// on one core). `flipbook bench particles` times it; `flipbook run bench-particles` shows it.
final class ParticlesBenchScene: Scene {
    static let name = "bench-particles"
    static let summary = "Benchmark: 5,000 live particles over the whole frame"

    let rootLayer = CALayer()
    private let emitter = CAEmitterLayer()

    init() {}

    func setUp(size: CGSize, time: Double) {
        let dot = Bitmap(width: 16, height: 16)!
        for y in 0..<16 {
            for x in 0..<16 {
                let d = (Double(x) - 7.5) * (Double(x) - 7.5) + (Double(y) - 7.5) * (Double(y) - 7.5)
                let a = UInt32(max(0, min(255, (1 - d / 64) * 255)))
                dot[x, y] = Pixel.pack(r: a, g: a, b: a, a: a)
            }
        }
        let cell = CAEmitterCell()
        cell.contents = CGImage(bitmap: dot)
        cell.birthRate = 2500
        cell.lifetime = 2
        cell.velocity = 40
        cell.emissionRange = 2 * .pi
        cell.spin = 1
        cell.spinRange = 2
        cell.scaleRange = 0.3
        cell.color = CGColor(red: 0.9, green: 0.7, blue: 0.4, alpha: 0.85)
        cell.blueRange = 0.3
        cell.alphaSpeed = -0.3
        rootLayer.backgroundColor = CGColor(hex: 0x101018)
        emitter.emitterShape = .rectangle
        emitter.emitterCells = [cell]
        emitter.seed = 34
        rootLayer.addSublayer(emitter)
        resize(to: size)
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            emitter.frame = CGRect(origin: .zero, size: size)
            emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
            emitter.emitterSize = size
        }
    }
}

extension Benchmarks {
    /// Frames of the particle scene once its 5,000 particles live (after 2.5 s of frames, not
    /// timed), every phase, whole frames repainted (particles cover the frame). Reported twice:
    /// wall-clock frame times, as every case, and the thread's CPU time per frame, which another
    /// process on the same core does not inflate (this shared VM's load average is often 7–10).
    static func particleCases(frames: Int, scenes: [any Scene.Type], threads: Int) throws {
        let scenes = scenes + [ParticlesBenchScene.self]
        let warmUp = 150
        func cpuNow() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
        }
        for (w, h) in [(1280, 720), (1920, 1080)] {
            var live = 0, count = 0
            var cpu: [Double] = []
            var last = cpuNow()
            let times = try sceneFrameTimes(ParticlesBenchScene.self, in: scenes, width: w, height: h, frames: frames + warmUp,
                                            threads: threads, each: { driver in
                let now = cpuNow()
                count += 1
                if count > warmUp { cpu.append(now - last) }
                last = now
                live = (driver.stage.rootLayer.sublayers?.first { $0 is CAEmitterLayer } as? CAEmitterLayer)?.liveParticleCount ?? 0
            })
            let timed = Array(times.dropFirst(warmUp))
            report("particles \(live) live \(w)x\(h)", timed, extra: String(format: "  %.0f frames/s", 1 / median(timed)))
            report("  ... thread CPU time per frame", cpu, extra: String(format: "  %.0f frames/s of one core", 1 / median(cpu)))
        }
    }
}
