import Foundation
import Raster
import Testing
import TestSupport
@testable import Layers

/// CAEmitterLayer's particles: counts from birthRate × lifetime, determinism from the seed, the
/// emission shapes, render order, sub-cells and misuse.
@Suite(.isolatedEngine) struct CAEmitterLayerTests {
    /// An emitter with one cell of a 4 × 4 white image.
    static func emitter(rate: Float = 100, lifetime: Float = 2, seed: UInt32 = 1) -> (CAEmitterLayer, CAEmitterCell) {
        let e = CAEmitterLayer(), cell = CAEmitterCell()
        let bitmap = Bitmap(width: 4, height: 4)!
        bitmap.clear(0xFFFF_FFFF)
        cell.contents = CGImage(bitmap: bitmap)
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 50
        cell.emissionRange = 2 * .pi
        e.emitterCells = [cell]
        e.emitterPosition = CGPoint(x: 100, y: 100)
        e.seed = seed
        return (e, cell)
    }

    /// Frames of `layer` at `fps` from 0 up to `t`.
    static func run(_ layer: CALayer, to t: Double, fps: Double = 60) {
        let frames = TreeFrames(root: layer)
        for n in 0...Int((t * fps).rounded()) { frames.frame(Double(n) / fps) }
    }

    @Test func liveParticlesFollowBirthRateTimesLifetime() {
        let (e, _) = Self.emitter(rate: 100, lifetime: 2)
        let frames = TreeFrames(root: e)
        var counts: [Double: Int] = [:]
        for n in 0...240 {
            frames.frame(Double(n) / 60)
            if n % 30 == 0 { counts[Double(n) / 60] = e.liveParticleCount }
        }
        // Births at 1/100 s steps from the first frame: 50 by 0.5 s, 100 by 1 s, then a steady
        // 100 × 2 once the first die at 2 s.
        #expect(counts[0.5] == 50 && counts[1] == 100 && counts[1.5] == 150)
        for t in [2.5, 3, 3.5, 4] { #expect(abs(counts[t]! - 200) <= 1, "at \(t) s: \(counts[t]!)") }
    }

    @Test func layerMultipliersScaleRatesAndLifetimes() {
        let (e, _) = Self.emitter(rate: 100, lifetime: 2)
        e.birthRate = 0.5
        e.lifetime = 0.5
        Self.run(e, to: 3)
        #expect(abs(e.liveParticleCount - 50) <= 1)  // 50 per second × 1 s
    }

    /// The sprites' bytes as a list of numbers, for comparing runs.
    static func fingerprint(_ e: CAEmitterLayer) -> [Double] {
        (e.presentedSprites()?.sprites ?? []).flatMap { s in
            [s.transform.a, s.transform.b, s.transform.tx, s.transform.ty, Double(s.color[3])]
        }
    }

    @Test func theSameSeedGivesTheSameParticlesHoweverTheFramesFell() {
        let (a, _) = Self.emitter(seed: 42), (b, _) = Self.emitter(seed: 42), (c, _) = Self.emitter(seed: 43)
        Self.run(a, to: 1.5, fps: 60)
        Self.run(b, to: 1.5, fps: 30)   // other frame times, same rates: the same births
        Self.run(c, to: 1.5, fps: 60)
        let fa = Self.fingerprint(a)
        #expect(!fa.isEmpty && a.liveParticleCount == 150)
        #expect(fa.count == Self.fingerprint(b).count)
        #expect(zip(fa, Self.fingerprint(b)).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(fa != Self.fingerprint(c))
    }

    /// Particle start positions of a still cell emitted by `shape` in `mode`.
    static func births(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
        let (e, cell) = Self.emitter(rate: 300, lifetime: 10)
        cell.velocity = 0
        e.emitterShape = shape
        e.emitterMode = mode
        e.emitterPosition = CGPoint(x: 100, y: 50)
        e.emitterZPosition = 5
        e.emitterSize = CGSize(width: 40, height: 20)
        e.emitterDepth = 10
        Self.run(e, to: 1)
        return e.simulation.particles.map(\.position)
    }

    @Test func emissionShapesBirthWhereAppleSays() {
        let c = SIMD3<Double>(100, 50, 5), eps = 1e-9
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
        for mode in [CAEmitterLayerEmitterMode.points, .outline, .surface, .volume] {
            #expect(Self.births(.point, mode).allSatisfy { $0 == c })
        }
        let line = Self.births(.line, .volume)
        #expect(line.count == 300 && line.allSatisfy { abs($0.x - 100) <= 20 + eps && $0.y == 50 && $0.z == 5 })
        #expect(line.contains { $0.x < 90 } && line.contains { $0.x > 110 })
        #expect(Self.births(.line, .points).allSatisfy { near(abs($0.x - 100), 20) })
        let rect = Self.births(.rectangle, .surface)
        #expect(rect.allSatisfy { abs($0.x - 100) <= 20 + eps && abs($0.y - 50) <= 10 + eps && $0.z == 5 })
        #expect(rect.contains { abs($0.x - 100) < 15 && abs($0.y - 50) < 7 })  // inside, not only on the edge
        #expect(Self.births(.rectangle, .outline).allSatisfy { near(abs($0.x - 100), 20) || near(abs($0.y - 50), 10) })
        #expect(Self.births(.rectangle, .points).allSatisfy { near(abs($0.x - 100), 20) && near(abs($0.y - 50), 10) })
        // Circles and spheres have radius emitterSize.width (Apple's header).
        func r(_ p: SIMD3<Double>) -> Double { ((p - c) * (p - c)).sum().squareRoot() }
        #expect(Self.births(.circle, .outline).allSatisfy { near(r($0), 40) && $0.z == 5 })
        let disc = Self.births(.circle, .surface)
        #expect(disc.allSatisfy { r($0) <= 40 + eps } && disc.contains { r($0) < 20 })
        #expect(Self.births(.circle, .points).allSatisfy { $0 == c })
        #expect(Self.births(.sphere, .surface).allSatisfy { near(r($0), 40) })
        let ball = Self.births(.sphere, .volume)
        #expect(ball.allSatisfy { r($0) <= 40 + eps } && ball.contains { r($0) < 30 } && ball.contains { abs($0.z - 5) > 10 })
        let box = Self.births(.cuboid, .volume)
        #expect(box.allSatisfy { abs($0.x - 100) <= 20 + eps && abs($0.y - 50) <= 10 + eps && abs($0.z - 5) <= 5 + eps })
        #expect(Self.births(.cuboid, .surface).allSatisfy { near(abs($0.x - 100), 20) || near(abs($0.y - 50), 10) || near(abs($0.z - 5), 5) })
        // On an edge: at least two coordinates at their extremes.
        #expect(Self.births(.cuboid, .outline).allSatisfy {
            [near(abs($0.x - 100), 20), near(abs($0.y - 50), 10), near(abs($0.z - 5), 5)].filter { $0 }.count >= 2
        })
        #expect(Self.births(.cuboid, .points).allSatisfy { near(abs($0.x - 100), 20) && near(abs($0.y - 50), 10) && near(abs($0.z - 5), 5) })
    }

    @Test func particlesMoveTurnAndFadeByClosedForms() throws {
        let (e, cell) = Self.emitter(rate: 1, lifetime: 10)
        cell.velocity = 30
        cell.emissionRange = 0
        cell.emissionLongitude = .pi / 2   // down
        cell.yAcceleration = 10
        cell.spin = 1
        cell.alphaSpeed = -0.25
        let frames = TreeFrames(root: e)
        frames.frame(0)
        frames.frame(1)     // one birth, at 1 s
        frames.frame(3)     // 2 s old
        let s = try #require(e.presentedSprites()?.sprites.first)
        // The image's centre: 30 × 2 + ½ × 10 × 4 = 80 below the emitter; turned 2 rad; alpha 1 − 0.5.
        let centre = s.transform.apply(Point(2, 2))
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 180) < 1e-9)
        #expect(abs(atan2(s.transform.b, s.transform.a) - 2) < 1e-9)
        #expect(s.color[3] == 128)
    }

    @Test func renderModesOrderTheSprites() throws {
        func ages(_ mode: CAEmitterLayerRenderMode) throws -> [Double] {
            let (e, cell) = Self.emitter(rate: 10, lifetime: 5)
            cell.velocity = 0
            cell.scaleSpeed = 1     // older particles are larger: the scale tells the age
            e.renderMode = mode
            Self.run(e, to: 1)
            return try #require(e.presentedSprites()).sprites.map { $0.transform.a }
        }
        let first = try ages(.oldestFirst), last = try ages(.oldestLast)
        #expect(first.count == 10 && first == first.sorted(by: >) && last == first.reversed())
        #expect(try #require({ let (e, _) = Self.emitter(); e.renderMode = .additive; Self.run(e, to: 0.5); return e.presentedSprites() }()).additive)
    }

    @Test func subCellsAreEmittedByEachParticleFromWhereItIs() {
        let (e, cell) = Self.emitter(rate: 2, lifetime: 3)
        cell.velocity = 0
        let child = CAEmitterCell()
        child.contents = cell.contents
        child.birthRate = 10
        child.lifetime = 0.5
        child.beginTime = 0.2
        child.duration = 0.5
        child.velocity = 0
        cell.emitterCells = [child]
        Self.run(e, to: 2)
        let particles = e.simulation.particles
        let children = particles.filter { $0.cell == 1 }
        // Parents born at 0.5, 1, 1.5, 2 s; each emits 10/s from 0.2 to 0.7 s of its age.
        #expect(particles.filter { $0.cell == 0 }.count == 4)
        #expect(!children.isEmpty && children.allSatisfy { $0.position == SIMD3(100, 100, 0) })
        #expect(children.allSatisfy { $0.birth >= 0.7 - 1e-9 })
    }

    @Test func misuseIsReportedOnceAndBounded() {
        let engine = CAEngine.current
        let (nan, _) = Self.emitter(rate: .nan, lifetime: 2)
        Self.run(nan, to: 0.5)
        #expect(nan.liveParticleCount == 0)
        #expect(engine.diagnostics.filter { $0.contains("birthRate nan") }.count == 1)
        let (forever, _) = Self.emitter(rate: 10, lifetime: .infinity)
        Self.run(forever, to: 0.5)
        #expect(forever.liveParticleCount == 0 && engine.diagnostics.contains { $0.contains("lifetime inf") })
        // A billion particles a second: capped, one line, a bounded step.
        let (flood, _) = Self.emitter(rate: 1e9, lifetime: 10)
        let start = Date()
        Self.run(flood, to: 0.25)
        #expect(flood.liveParticleCount == CAEmitterLayer.maxLiveParticles)
        #expect(engine.diagnostics.filter { $0.contains("live particles") }.count == 1)
        #expect(Date().timeIntervalSince(start) < 60)
        // Dying at birth at a huge rate costs a bounded step too.
        let (stillborn, cell) = Self.emitter(rate: 1e9, lifetime: 0)
        cell.lifetimeRange = 1e-12
        let t0 = Date()
        Self.run(stillborn, to: 0.1)
        #expect(Date().timeIntervalSince(t0) < 30)
    }
}
