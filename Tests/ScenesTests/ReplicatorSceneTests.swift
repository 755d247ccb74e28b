import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct ReplicatorSceneTests {
    /// The classic spinner as on iOS: dot k shows the fade (1 → 0.15 over 1 s, repeating) k/12 s
    /// late, and the model's 0.15 before its delay has passed; read from the pixels at each dot's
    /// centre, turned k × 30° about the replicator's centre.
    @Test(arguments: [0.5, 1.37])
    func dotKShowsTheFadeKTwelfthsOfASecondLate(_ t: Double) throws {
        let d = try SceneTester(scene: "replicator", width: 640, height: 360)
        d.advance(to: t)
        let background = 0x14, dot = 0xF2
        let corner = try #require(d.layer(named: "dots")).frame.origin
        for k in 0..<12 {
            let angle = Double(k) * Double.pi / 6
            // The dot's centre is (50, 10) in the replicator's 100-point bounds, turned about (50, 50).
            let x = Double(corner.x) + 50 + 40 * sin(angle), y = Double(corner.y) + 50 - 40 * cos(angle)
            let p = try #require(d.pixel(x: Int(x), y: Int(y)))
            let tau = d.time - Double(k) / 12
            let opacity = tau < 0 ? 0.15 : 1 - 0.85 * (tau - tau.rounded(.down))
            let expected = Double(background) + Double(dot - background) * opacity
            #expect(abs(Double(p.red) - expected) <= 3, "dot \(k) at \(t) s: \(p.red), expected \(expected)")
        }
    }

    @Test func aTapAnimatesTheEqualizersInstanceColourAndDelay() throws {
        let d = try SceneTester(scene: "replicator", width: 640, height: 360)
        d.tap(CGPoint(x: 320, y: 300), at: 0.5)
        d.advance(to: 0.5 + 0.3)
        let eq = try #require(d.layer(named: "equalizer"))
        let c = try #require(eq.presented.replicator.instanceColor)
        // Halfway (eased) from green 0x30D158 towards orange 0xFF9F0A, and the delay between 0.06 and 0.03.
        #expect(c.red > 0.3 && c.red < 0.95 && c.blue < 0.33 && c.blue > 0.05)
        let delay = eq.presented.replicator.instanceDelay
        #expect(delay < 0.059 && delay > 0.031)
        d.advance(to: 2)
        #expect(eq.presented.replicator.instanceColor == CGColor(hex: 0xFF9F0A) && eq.presented.replicator.instanceDelay == 0.03)
    }

    @Test(arguments: [1.0, 2.3])
    func golden(_ t: Double) throws {
        let d = try SceneTester(scene: "replicator", width: 640, height: 360)
        d.advance(to: t)
        d.assertSnapshot(named: "replicator-\(t)")
    }
}

@Suite(.isolatedEngine) struct ParticlesSceneTests {
    @Test func theSameRunGivesTheSameBytes() throws {
        let a = try SceneTester(scene: "particles", width: 480, height: 270)
        let b = try SceneTester(scene: "particles", width: 480, height: 270)
        a.advance(to: 2)
        b.advance(to: 1)
        b.advance(to: 2)
        #expect(try a.pngData() == b.pngData())
        a.advance(to: 2.5)
        #expect(try a.pngData() != b.pngData())  // and they move
    }

    @Test func aTapBurstsWhereItLands() throws {
        let quiet = try SceneTester(scene: "particles", width: 480, height: 270)
        let tapped = try SceneTester(scene: "particles", width: 480, height: 270)
        let spot = CGPoint(x: 240, y: 100)
        tapped.tap(spot, at: 1)
        quiet.advance(to: 1.4)
        tapped.advance(to: 1.4)
        // Sparks 0.3–0.4 s out from the spot at 120–200 pt/s: a ring of changed pixels around it.
        var changed = 0
        for y in 20..<180 { for x in 160..<320 where quiet.pixel(x: x, y: y)! != tapped.pixel(x: x, y: y)! { changed += 1 } }
        #expect(changed > 300)
        let burst = try #require(tapped.layer(named: "burst") as? CAEmitterLayer)
        #expect(burst.liveParticleCount > 30 && burst.birthRate == 0)  // the burst has stopped emitting, its sparks live on
    }

    @Test(arguments: [1.0, 4.0])
    func golden(_ t: Double) throws {
        let d = try SceneTester(scene: "particles", width: 640, height: 360)
        if t > 3 { d.tap(CGPoint(x: 320, y: 140), at: 3.5) }
        d.advance(to: t)
        d.assertSnapshot(named: "particles-\(t)")
    }
}
