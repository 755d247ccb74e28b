import Foundation
import Raster
import Testing
import TestSupport
@testable import Layers

/// CAEmitterLayer's animatable properties (rows of the layer property table) and the
/// `emitterCells.NAME.PROPERTY` key paths (Layers/Layer/CAEmitterLayer+CellKeyPaths.swift,
/// CAEmitterCell+KeyedValues.swift): set, read and animated, particles staying deterministic.
@Suite(.isolatedEngine) struct CAEmitterLayerCellKeyPathsTests {
    /// An emitter whose cell "fire" (100 a second, living 10 s, still) has a sub-cell "spark".
    static func fire() -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
        let (e, cell) = CAEmitterLayerTests.emitter(rate: 100, lifetime: 10)
        cell.name = "fire"
        cell.velocity = 0
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.lifetime = 0.5
        cell.emitterCells = [spark]
        return (e, cell, spark)
    }

    /// An animation of `key` holding `value` for 100 s from the first frame.
    static func hold(_ key: String, _ value: Any) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = value
        a.toValue = value
        a.duration = 100
        return a
    }

    @Test func theNineAnimatablePropertiesAreRowsOfTheTable() throws {
        let names = ["birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "velocity", "scale", "spin"]
        let e = CAEmitterLayer()
        for name in names {
            let row = try #require(LayerProperty.row(for: AnimationKeyPath(name)), "\(name)")
            #expect(row.name == name && row.isDefault(e.modelValues))
        }
        e.setValue(2.5, forKey: "birthRate")
        e.setValue(CGSize(width: 30, height: 4), forKey: "emitterSize")
        e.setValue(CGPoint(x: 7, y: 8), forKeyPath: "emitterPosition")
        #expect(e.birthRate == 2.5 && e.emitterSize == CGSize(width: 30, height: 4) && e.emitterPosition == CGPoint(x: 7, y: 8))
        #expect(e.value(forKey: "birthRate") as? Float == 2.5)
        #expect(e.value(forKeyPath: "emitterPosition") as? CGPoint == CGPoint(x: 7, y: 8))
        // A layer that is not an emitter keeps these names as its own custom keys.
        let plain = CALayer()
        plain.setValue(3, forKey: "scale")
        #expect(plain.value(forKey: "scale") as? Int == 3 && plain.modelValues.emitter == EmitterValues())
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func animatingTheLayersBirthRateChangesTheBirths() throws {
        let (e, _) = CAEmitterLayerTests.emitter(rate: 100, lifetime: 10)
        e.add(Self.hold("birthRate", 0.5), forKey: "half")
        CAEmitterLayerTests.run(e, to: 1)
        // 100 × 0.5 a second for 1 s; the model is untouched.
        #expect(abs(e.liveParticleCount - 50) <= 1, "\(e.liveParticleCount)")
        #expect(e.birthRate == 1 && e.presentation()?.birthRate == 0.5)
    }

    @Test func animatingTheEmitterPositionMovesTheBirthplace() {
        let (e, cell) = CAEmitterLayerTests.emitter(rate: 20, lifetime: 10)
        cell.velocity = 0
        e.add(Self.hold("emitterPosition", CGPoint(x: 12, y: 34)), forKey: "move")
        CAEmitterLayerTests.run(e, to: 0.5)
        let births = e.simulation.particles.map(\.position)
        #expect(births.count == 10 && births.allSatisfy { $0 == SIMD3(12, 34, 0) })
    }

    @Test func changingAnAnimatablePropertyRunsItsImplicitAnimation() {
        let (e, _) = CAEmitterLayerTests.emitter()
        let frames = TreeFrames(root: e)
        frames.frame(0)
        e.birthRate = 0
        #expect(e.animation(forKey: "birthRate") != nil)
        CATransaction.performWithoutAnimation { e.lifetime = 2 }
        #expect(e.animation(forKey: "lifetime") == nil)
        // A custom key of the same name on another layer has no implicit animation.
        let plain = CALayer()
        e.addSublayer(plain)
        frames.frame(1 / 60)
        plain.setValue(2, forKey: "scale")
        #expect(plain.animation(forKey: "scale") == nil)
    }

    @Test func cellKeyPathsReachNamedCells() throws {
        let (e, cell, spark) = Self.fire()
        e.setValue(Float(40), forKeyPath: "emitterCells.fire.birthRate")
        e.setValue(0.25, forKeyPath: "emitterCells.fire.emitterCells.spark.lifetime")
        e.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKeyPath: "emitterCells.fire.color")
        #expect(cell.birthRate == 40 && spark.lifetime == 0.25 && cell.color?.red == 1 && cell.color?.green == 0)
        #expect(e.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 40)
        #expect(e.value(forKeyPath: "emitterCells.fire.emitterCells.spark.lifetime") as? Float == 0.25)
        #expect(e.value(forKeyPath: "emitterCells.fire") as? CAEmitterCell === cell)
        #expect(cell.value(forKey: "enabled") as? Bool == true)
        // Misuse: a name that is no cell's, a value of the wrong kind: one line each, nothing changed.
        let engine = CAEngine.current
        e.setValue(1, forKeyPath: "emitterCells.smoke.birthRate")
        #expect(e.value(forKeyPath: "emitterCells.smoke.birthRate") == nil)
        e.setValue(CGPoint(x: 1, y: 1), forKeyPath: "emitterCells.fire.birthRate")
        #expect(cell.birthRate == 40)
        #expect(engine.diagnostics.count == 2)
        #expect(engine.diagnostics.first?.contains("no cell named \"smoke\"") == true)
        #expect(engine.diagnostics.last?.contains("is not a number value") == true)
    }

    /// The iOS idiom: a running fire turned down by animating its cell's birth rate.
    @Test func animatingACellsBirthRateTurnsTheFireDown() {
        func run() -> (CAEmitterLayer, CAEmitterCell) {
            let (e, cell, _) = Self.fire()
            let down = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
            down.fromValue = 100
            down.toValue = 0
            down.duration = 1
            down.fillMode = .forwards
            down.isRemovedOnCompletion = false
            e.add(down, forKey: "down")
            CAEmitterLayerTests.run(e, to: 2)
            return (e, cell)
        }
        let (e, cell) = run()
        // The rate falls linearly from 100 to 0 over the first second (held per frame), then
        // stays at 0: about ∫ 100·(1 − t) dt = 50 births, all still alive; without the animation 200.
        #expect(abs(e.liveParticleCount - 50) <= 2, "\(e.liveParticleCount)")
        #expect(cell.birthRate == 100, "the model cell is untouched")
        #expect(e.presentation()?.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 0)
        // The same frames give the same particles.
        #expect(CAEmitterLayerTests.fingerprint(e) == CAEmitterLayerTests.fingerprint(run().0))
        // Removed, the model rate shows again.
        e.removeAnimation(forKey: "down")
        let before = e.liveParticleCount
        let frames = TreeFrames(root: e)
        frames.frame(2)
        frames.frame(2.5)
        #expect(abs(e.liveParticleCount - before - 50) <= 1)
    }

    @Test func animatingACellsColourAndScaleShowsInTheSprites() throws {
        let (e, cell, _) = Self.fire()
        cell.birthRate = 10
        e.add(Self.hold("emitterCells.fire.color", CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)), forKey: "tint")
        e.add(Self.hold("emitterCells.fire.scale", 3), forKey: "grow")
        CAEmitterLayerTests.run(e, to: 0.5)
        let sprite = try #require(e.presentedSprites()?.sprites.first)
        #expect(abs(sprite.transform.a - 3) < 1e-9)
        #expect(sprite.color == SpriteBatch.Sprite.multiplier(red: 0, green: 1, blue: 0, alpha: 0.5))
    }

    @Test func animationsOfPathsThatNameNothingAreReportedOnce() {
        let (e, _, _) = Self.fire()
        e.add(Self.hold("emitterCells.smoke.birthRate", 5), forKey: "a")
        e.add(Self.hold("emitterCells.fire.enabled", false), forKey: "b")
        CAEmitterLayerTests.run(e, to: 0.5)
        let lines = CAEngine.current.diagnostics.filter { $0.contains("animates nothing") }
        #expect(lines.count == 2, "\(CAEngine.current.diagnostics)")
        #expect(abs(e.liveParticleCount - 50) <= 1, "the fire burns on")
    }
}
