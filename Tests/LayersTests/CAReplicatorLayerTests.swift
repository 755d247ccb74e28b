import Foundation
import Testing
import TestSupport
@testable import Layers

/// CAReplicatorLayer's model: instance geometry and colour as numbers, its animatable values
/// through the property table, misuse reported.
@Suite(.isolatedEngine) struct CAReplicatorLayerTests {
    @Test func instanceTransformIsAppliedKTimesAboutTheBoundsCentre() {
        var r = ReplicatorValues()
        r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let top = CGPoint(x: 50, y: 10)
        // y down: a quarter turn takes the top of the circle to the right, then the bottom, the left.
        let expected = [CGPoint(x: 50, y: 10), CGPoint(x: 90, y: 50), CGPoint(x: 50, y: 90), CGPoint(x: 10, y: 50), CGPoint(x: 50, y: 10)]
        for (k, e) in expected.enumerated() {
            let p = r.transform(ofInstance: k, bounds: bounds).project(top)!
            #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "instance \(k): \(p)")
        }
        // A translation accumulates; bounds elsewhere move the centre, not a translation.
        r.instanceTransform = CATransform3DMakeTranslation(7, 0, 0)
        let p = r.transform(ofInstance: 28, bounds: CGRect(x: 20, y: 20, width: 10, height: 10)).project(CGPoint(x: 3, y: 4))!
        #expect(abs(p.x - (3 + 7 * 28)) < 1e-9 && abs(p.y - 4) < 1e-12)
    }

    @Test func instanceColourAddsTheOffsetsPerInstanceAndClamps() {
        var r = ReplicatorValues()
        r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        r.instanceRedOffset = -0.25
        r.instanceBlueOffset = 0.4
        r.instanceAlphaOffset = -0.3
        let c0 = r.color(ofInstance: 0), c2 = r.color(ofInstance: 2), c4 = r.color(ofInstance: 4)
        #expect(c0.red == 1 && c0.green == 0.5 && c0.blue == 0 && c0.alpha == 1)
        #expect(abs(c2.red - 0.5) < 1e-6 && c2.green == 0.5 && abs(c2.blue - 0.8) < 1e-6 && abs(c2.alpha - 0.4) < 1e-6)
        #expect(c4.red == 0 && c4.blue == 1 && c4.alpha == 0)  // clamped into 0…1
        r.instanceColor = nil  // nil is opaque white
        #expect(r.color(ofInstance: 0) == (1, 1, 1, 1))
    }

    @Test func defaultsAndOtherLayersPayNothing() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1 && layer.instanceDelay == 0 && layer.instanceTransform == .identity)
        #expect(layer.instanceColor == .white && !layer.preservesDepth)
        // Values at their defaults are not boxed: equal to a plain layer's.
        #expect(LayerValues() == CALayer().modelValues)
        layer.instanceDelay = 0.1
        #expect(layer.modelValues != LayerValues())
        layer.instanceDelay = 0
        #expect(layer.modelValues == LayerValues())
    }

    @Test func replicatorPropertiesAnimateThroughTheTable() throws {
        let r = CAReplicatorLayer()
        let frames = TreeFrames(root: r)
        frames.frame(0)
        for (key, from, to) in [("instanceDelay", 0.0, 1.0), ("instanceRedOffset", 0.0, -0.5), ("instanceAlphaOffset", 0.2, 0.4)] {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            r.add(a, forKey: key)
        }
        let color = CABasicAnimation(keyPath: "instanceColor")
        color.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        color.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        color.duration = 1
        r.add(color, forKey: "color")
        let turn = CABasicAnimation(keyPath: "instanceTransform")
        turn.fromValue = CATransform3DIdentity
        turn.toValue = CATransform3DMakeTranslation(10, 0, 0)
        turn.duration = 1
        r.add(turn, forKey: "turn")
        frames.frame(1.0 / 60)
        frames.frame(1.0 / 60 + 0.5)
        let p = r.presented.replicator
        #expect(abs(p.instanceDelay - 0.5) < 1e-9)
        #expect(abs(p.instanceRedOffset + 0.25) < 1e-6 && abs(p.instanceAlphaOffset - 0.3) < 1e-6)
        #expect(abs(p.instanceTransform.m41 - 5) < 1e-9)
        let c = try #require(p.instanceColor)
        #expect(abs(c.red - 0.5) < 0.01 && abs(c.blue - 0.5) < 0.01)
        // The model is untouched, and read by key as on iOS.
        #expect(r.instanceDelay == 0)
        #expect(LayerProperty.row(for: AnimationKeyPath("instanceDelay")) != nil)
    }

    @Test func aReplicatorPropertyChangeOnAStandaloneLayerAnimatesImplicitly() {
        let r = CAReplicatorLayer()
        TreeFrames.frame(r, at: 0)
        r.instanceDelay = 0.3
        #expect(r.animation(forKey: "instanceDelay") != nil)
    }

    @Test func negativeAndHugeCountsAreReportedAndBounded() {
        let engine = CAEngine.current
        let r = CAReplicatorLayer()
        r.instanceCount = -3
        #expect(engine.diagnostics.last?.contains("instanceCount -3 is negative") == true)
        #expect(r.modelValues.replicator.drawnCount == 0)
        r.instanceCount = Int.max
        #expect(engine.diagnostics.count == 2)
        #expect(r.modelValues.replicator.drawnCount == CAReplicatorLayer.maxInstanceCount)
    }

    @Test func delayedInstancesAreSideEffectFreeCopiesAtEarlierTimes() throws {
        let r = CAReplicatorLayer(), dot = CALayer()
        r.addSublayer(dot)
        r.instanceCount = 4
        r.instanceDelay = 0.25
        let frames = TreeFrames(root: r)
        frames.frame(0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        dot.opacity = 0.2 // the model, shown before the animation begins
        dot.add(fade, forKey: "fade")
        frames.frame(1)  // the animation begins here
        frames.frame(1.5)
        #expect(r.instanceSublayers(0) == nil)
        let opacities = try (1..<4).map { try #require(r.instanceSublayers($0)?.first).presented.opacity }
        // Instance k at 1.5 − 0.25k: 0.25 s, 0 s into the fade, then before it began (the model).
        #expect(abs(opacities[0] - 0.75) < 1e-6 && abs(opacities[1] - 1) < 1e-6 && abs(opacities[2] - 0.2) < 1e-6)
        // The dot itself is untouched: its animation still runs, nothing was started or removed.
        #expect(abs(dot.presented.opacity - 0.5) < 1e-6 && dot.animation(forKey: "fade") != nil)
        #expect(try #require(r.instanceSublayers(1)?.first).isPresentationCopy)
    }
}
