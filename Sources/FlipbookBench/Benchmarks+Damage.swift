import FrameLoop
import Compositor
import Flipbook
import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window

/// A 50-point spinner turning on a static full-screen background: the case damage regions are
/// for. `flipbook bench damage` times it with and without damage; `flipbook run bench-spinner`
/// shows it in the window (with `--show-damage`, the redrawn square flashes).
final class SpinnerBenchScene: UIViewController, Scene {
    static let name = "bench-spinner"
    static let summary = "Benchmark: a 50-point spinner on a static full-screen background"

    override func viewDidLoad() {
        super.viewDidLoad()
        let background = CAGradientLayer()
        background.colors = [UIColor(red: 0.1, green: 0.2, blue: 0.45, alpha: 1).cgColor, UIColor(red: 0.55, green: 0.2, blue: 0.4, alpha: 1).cgColor]
        background.startPoint = CGPoint(x: 0, y: 0)
        background.endPoint = CGPoint(x: 1, y: 1)
        background.name = "background"
        view.layer.addSublayer(background)
        let spinner = CAShapeLayer()
        spinner.name = "spinner"
        spinner.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        spinner.path = UIBezierPath(arcCenter: CGPoint(x: 25, y: 25), radius: 20, startAngle: 0, endAngle: 1.5 * .pi, clockwise: true).cgPath
        spinner.strokeColor = UIColor.white.cgColor
        spinner.fillColor = nil
        spinner.lineWidth = 5
        spinner.lineCap = .round
        view.layer.addSublayer(spinner)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0.0
        turn.toValue = 2 * Double.pi
        turn.duration = 1
        turn.repeatCount = .infinity
        spinner.add(turn, forKey: "turn")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.layer.sublayers?.first { $0.name == "background" }?.frame = view.bounds
        view.layer.sublayers?.first { $0.name == "spinner" }?.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        CATransaction.commit()
    }
}

extension Benchmarks {
    /// The spinner frame with damage against the same frame repainted whole, and the countdown,
    /// which changes most of its frame, both ways (what tracking damage costs when it cannot help).
    static func damageCases(frames: Int, scenes: [any Scene.Type], threads: Int) throws {
        // The playground opens only scenes of its registry: the spinner joins it here.
        let scenes = scenes + [SpinnerBenchScene.self]
        for type in [SpinnerBenchScene.self] + scenes.filter({ $0.name == "countdown" }) {
            var damagedPixels = 0.0
            let full = try sceneFrameTimes(type, in: scenes, width: 1920, height: 1080, frames: frames, threads: threads, damage: false)
            let damaged = try sceneFrameTimes(type, in: scenes, width: 1920, height: 1080, frames: frames, threads: threads, damage: true, each: { driver in
                damagedPixels += Double(driver.compositor.lastDamage.reduce(0) { $0 + $1.width * $1.height })
            })
            report("damage \(type.name) 1920x1080 full repaint", full)
            report("damage \(type.name) 1920x1080 damage only", damaged,
                   extra: String(format: "  %.1f %% of full; %.2f %% of pixels redrawn", median(damaged) / median(full) * 100,
                                 damagedPixels / Double(damaged.count) / (1920 * 1080) * 100))
        }
    }

    /// The countdown and transitions scenes composited on one thread and on `threads`, whole
    /// frames (no damage), with each band's CPU time: the ideal speed-up on `threads` cores and
    /// what 8 and 16 cores would give from the same frames cut into 16 and 32 bands. Each scene is
    /// a case named "threads SCENE" (so `--filter "threads transitions"` runs one of them).
    static func threadCases(frames: Int, scenes: [any Scene.Type], threads: Int, wanted: (String) -> Bool) throws {
        let phaseClock: () -> Double = { now() }
        for name in ["countdown", "transitions"] where wanted("threads \(name)") {
            guard let type = scenes.first(where: { $0.name == name }) else { continue }
            var renderOne: [Double] = [], renderMany: [Double] = []
            let one = try sceneFrameTimes(type, in: scenes, width: 1920, height: 1080, frames: frames, threads: 1, damage: false) {
                renderOne.append($0.lastPhaseSeconds[FramePhase.render.rawValue])
            } setUp: { $0.phaseTimer = phaseClock }
            let many = try sceneFrameTimes(type, in: scenes, width: 1920, height: 1080, frames: frames, threads: threads, damage: false) {
                renderMany.append($0.lastPhaseSeconds[FramePhase.render.rawValue])
            } setUp: { $0.phaseTimer = phaseClock }
            report("threads \(name) 1920x1080 1 thread", one, extra: String(format: "  render phase %.2f ms", median(renderOne) * 1000))
            report("threads \(name) 1920x1080 \(threads) threads", many,
                   extra: String(format: "  render phase %.2f ms; speed-up %.2fx frame, %.2fx render; over the run %.2fx",
                                 median(renderMany) * 1000, median(one) / median(many), median(renderOne) / median(renderMany),
                                 one.reduce(0, +) / many.reduce(0, +)))
            // Projection: the same frames cut into 2 bands per core, each band's thread CPU time
            // measured on one thread (no contention); a core takes the next band when free.
            let serial = median(one) - median(renderOne)
            for cores in [threads, 8, 16] {
                var projected: [Double] = []
                var bandSum: [Double] = []
                _ = try sceneFrameTimes(type, in: scenes, width: 1920, height: 1080, frames: min(frames, 60), threads: 1, damage: false) { driver in
                    let bands = driver.compositor.lastBandSeconds
                    var free = Array(repeating: 0.0, count: cores)
                    for b in bands { let k = free.indices.min { free[$0] < free[$1] }!; free[k] += b }
                    projected.append(free.max()!)
                    bandSum.append(bands.reduce(0, +))
                } setUp: { $0.compositor.measuresBands = true; $0.compositor.forcedBands = 2 * cores }
                report("  \(name) projected on \(cores) cores", projected.map { serial + $0 },
                       extra: String(format: "  bands' CPU %.2f ms (1 band: %.2f), ideal speed-up %.2fx frame, %.2fx render",
                                     median(bandSum) * 1000, median(renderOne) * 1000,
                                     median(one) / (serial + median(projected)), median(renderOne) / median(projected)))
            }
        }
    }
}
