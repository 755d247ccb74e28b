@testable import Compositor
import Foundation
import FrameLoop
@testable import Layers
import Raster
import TestSupport
import Testing

/// Replicator instances and emitter sprites in the snapshot and in pixels
/// (Display/DisplayStep+Replicator.swift, the compositor's tint groups and sprite draws).
@Suite(.isolatedEngine) struct DisplayStepReplicatorTests {
    /// A 100 × 100 replicator at the origin holding a 10 × 10 white square at (0, 0).
    static func replicator(count: Int) -> (CAReplicatorLayer, CALayer) {
        let r = CAReplicatorLayer(), square = CALayer()
        CATransaction.performWithoutAnimation {
            r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            square.backgroundColor = .white
            r.addSublayer(square)
            r.instanceCount = count
        }
        return (r, square)
    }

    static func composite(_ root: CALayer, width: Int = 100, height: Int = 100) -> Bitmap {
        TreeFrames.frame(root, at: 0)
        let bitmap = Bitmap(width: width, height: height)!
        Compositor().composite(DisplayStep().snapshot(of: root, scale: 1), into: bitmap)
        return bitmap
    }

    @Test func instancesAreDrawnMovedAndTintedByTheirNumbers() {
        let (r, _) = Self.replicator(count: 3)
        CATransaction.performWithoutAnimation {
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            r.instanceGreenOffset = 0.5
            r.instanceAlphaOffset = -0.25
        }
        let b = Self.composite(r)
        #expect(b[5, 5] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))             // red
        #expect(b[25, 5] == Blend.scale(Pixel.pack(r: 255, g: 128, b: 0, a: 255), 191)) // (1, ½, 0) at ¾
        let third = b[45, 5]                                                        // (1, 1, 0) at ½
        #expect(abs(Int(Pixel.r(third)) - 128) <= 1 && abs(Int(Pixel.g(third)) - 128) <= 1 && Pixel.b(third) == 0)
        #expect(b[65, 5] == 0 && b[5, 25] == 0)
    }

    @Test func theSnapshotHoldsOneNodePerInstanceAtItsPlace() {
        let (r, _) = Self.replicator(count: 4)
        CATransaction.performWithoutAnimation { r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1) }
        TreeFrames.frame(r, at: 0)
        let s = DisplayStep().snapshot(of: r, scale: 1)
        #expect(s.nodes.count == 5 && s.nodes[0].sublayers.count == 4)
        // The square's centre (5, 5) turned a quarter k times about (50, 50).
        let expected = [CGPoint(x: 5, y: 5), CGPoint(x: 95, y: 5), CGPoint(x: 95, y: 95), CGPoint(x: 5, y: 95)]
        for (k, i) in s.nodes[0].sublayers.enumerated() {
            let p = CALayer.transformToSuperlayer(s.nodes[i].values, s.nodes[0].values).project(CGPoint(x: 5, y: 5))!
            #expect(abs(p.x - expected[k].x) < 1e-9 && abs(p.y - expected[k].y) < 1e-9, "instance \(k)")
        }
    }

    @Test func nestedReplicatorsMultiplyAndMisuseDrawsNothing() {
        let (outer, _) = Self.replicator(count: 3)
        let (inner, _) = Self.replicator(count: 4)
        CATransaction.performWithoutAnimation {
            outer.sublayers?.first?.removeFromSuperlayer()
            outer.addSublayer(inner)
            outer.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
            inner.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        }
        let b = Self.composite(outer)
        #expect((0..<3).allSatisfy { row in (0..<4).allSatisfy { col in b[col * 20 + 5, row * 20 + 5] == 0xFFFF_FFFF } })
        #expect(b[85, 5] == 0 && b[5, 65] == 0)
        let (none, _) = Self.replicator(count: -2)
        TreeFrames.frame(none, at: 0)
        #expect(DisplayStep().snapshot(of: none, scale: 1).nodes[0].sublayers.isEmpty)
        #expect(Self.composite(none)[5, 5] == 0)
    }

    @Test func preservesDepthMakesTheReplicatorATransformLayer() {
        let (r, _) = Self.replicator(count: 2)
        TreeFrames.frame(r, at: 0)
        #expect(!DisplayStep().snapshot(of: r, scale: 1).nodes[0].isTransformLayer)
        r.preservesDepth = true
        TreeFrames.frame(r, at: 0)
        #expect(DisplayStep().snapshot(of: r, scale: 1).nodes[0].isTransformLayer)
    }

    /// Frames of `root` composited on `threads` threads, the bytes of each kept frame.
    static func frames(_ make: () -> CALayer, threads: Int, times: [Double]) throws -> [[UInt32]] {
        let engine = CAEngine()
        engine.reportSink = { _ in }
        return try engine.perform {
            let root = make()
            let driver = try #require(FrameDriver(stage: LayerTreeStage(root: root, engine: engine), clock: MediaClock(source: ManualSource(fps: 60)),
                                                  pixelWidth: 160, pixelHeight: 120, scale: 1, threads: threads))
            var out: [[UInt32]] = []
            for n in 0...Int((times.max()! * 60).rounded()) {
                let t = Double(n) / 60
                try driver.runFrame(at: t)
                if times.contains(where: { abs($0 - t) < 1e-9 }) { out.append((0..<120).flatMap { Array(driver.bitmap.row($0)) }) }
            }
            return out
        }
    }

    static func fountain() -> CALayer {
        let root = CALayer(), e = CAEmitterLayer(), cell = CAEmitterCell()
        let dot = Bitmap(width: 6, height: 6)!
        for y in 0..<6 { for x in 0..<6 { let a = UInt32(max(0, 255 - ((x - 3) * (x - 3) + (y - 3) * (y - 3)) * 25)); dot[x, y] = Pixel.pack(r: a, g: a, b: a, a: a) } }
        cell.contents = CGImage(bitmap: dot)
        cell.birthRate = 200
        cell.lifetime = 1.5
        cell.velocity = 60
        cell.emissionRange = 2 * .pi
        cell.spin = 2
        cell.yAcceleration = 30
        cell.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 0.8)
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            root.backgroundColor = CGColor(hex: 0x202030)
            e.frame = root.bounds
            e.emitterPosition = CGPoint(x: 80, y: 50)
            e.emitterCells = [cell]
            e.seed = 9
            root.addSublayer(e)
        }
        return root
    }

    @Test func emitterFramesAreTheSameBytesOnAnyThreadCountAndRunToRun() throws {
        let times = [0.5, 1.0, 1.5]
        let one = try Self.frames(Self.fountain, threads: 1, times: times)
        #expect(one[0] != one[1] && one[1].contains { $0 != one[1][0] })  // particles show and move
        #expect(try Self.frames(Self.fountain, threads: 1, times: times) == one)
        #expect(try Self.frames(Self.fountain, threads: 3, times: times) == one)
    }

    @Test func delayedReplicatorFramesAreTheSameBytesOnAnyThreadCount() throws {
        func spinner() -> CALayer {
            let (r, dot) = Self.replicator(count: 12)
            CATransaction.performWithoutAnimation {
                r.frame = CGRect(x: 30, y: 10, width: 100, height: 100)
                r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
                r.instanceDelay = 1.0 / 12
                r.instanceBlueOffset = -0.08
                dot.frame = CGRect(x: 45, y: 0, width: 10, height: 10)
                dot.cornerRadius = 5
            }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.1
            fade.duration = 1
            fade.repeatCount = .infinity
            dot.add(fade, forKey: "fade")
            return r
        }
        let times = [0.5, 1.25]
        let one = try Self.frames(spinner, threads: 1, times: times)
        #expect(one[0] != one[1])
        #expect(try Self.frames(spinner, threads: 4, times: times) == one)
    }

    @Test func aDelayedInstanceOfAnEmitterShowsItsParticlesEarlier() throws {
        let r = CAReplicatorLayer(), e = CAEmitterLayer(), cell = CAEmitterCell()
        let dot = Bitmap(width: 4, height: 4)!
        dot.clear(0xFFFF_FFFF)
        cell.contents = CGImage(bitmap: dot)
        cell.birthRate = 50
        cell.lifetime = 5
        cell.velocity = 20
        CATransaction.performWithoutAnimation {
            r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            e.frame = r.bounds
            e.emitterCells = [cell]
            r.addSublayer(e)
            r.instanceCount = 3
            r.instanceDelay = 0.5
        }
        let pulse = CABasicAnimation(keyPath: "opacity")   // something under the replicator animates
        pulse.fromValue = 1
        pulse.toValue = 0.9
        pulse.duration = 10
        e.add(pulse, forKey: "pulse")
        let frames = TreeFrames(root: r)
        for n in 0...120 { frames.frame(Double(n) / 60) }
        let s = DisplayStep().snapshot(of: r, scale: 1)
        let counts = try s.nodes[0].sublayers.map { try #require(s.nodes[$0].sprites).sprites.count }
        // 2 s of births at 50 a second, then 1.5 s and 1 s of them for the instances seen 0.5 s and 1 s late.
        #expect(abs(counts[0] - 100) <= 1 && abs(counts[1] - 75) <= 1 && abs(counts[2] - 50) <= 1, "\(counts)")
        #expect(e.liveParticleCount == counts[0])
    }
}
