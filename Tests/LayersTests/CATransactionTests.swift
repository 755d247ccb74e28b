import TestSupport
import Foundation
@testable import Layers
import Testing

/// Each test drives its own engine through the frame driver's phases at exact times (time is
/// passed in).
struct Frames {
    private let frames = TreeFrames()
    var root: CALayer { frames.root }
    var engine: CAEngine { frames.engine }
    /// One frame at `t`, as the window and renders make it.
    func frame(_ t: Double) { frames.frame(t) }
}

final class Recorder: CAAnimationDelegate {
    var log: [String] = []
    var onStop: ((CAAnimation, Bool) -> Void)?
    func animationDidStart(_ anim: CAAnimation) { log.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop \(flag)")
        onStop?(anim, flag)
    }
}

@Suite(.isolatedEngine) struct CATransactionTests {
    @Test func implicitAnimationUsesTheTransactionDurationAndDefaultCurve() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        CATransaction.performWithoutAnimation { l.opacity = 1 }
        f.frame(0)                         // drawn once: now it has a presentation value
        l.opacity = 0                      // implicit action: 0.25 s, default curve
        #expect(l.animationKeys() == ["opacity"])
        f.frame(1)
        #expect(l.presented.opacity == 1)  // begins at this commit: progress 0
        f.frame(1.125)
        let expected = 1 - CAMediaTimingFunction(name: .default).value(at: 0.5)
        #expect(abs(Double(l.presented.opacity) - expected) < 1e-6)
        f.frame(1.25)
        #expect(l.presented.opacity == 0)
        #expect(l.animationKeys() == nil)
    }

    @Test func disableActionsAndCustomDurations() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        f.frame(0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 10, y: 0)
        CATransaction.commit()
        #expect(l.animationKeys() == nil)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.position = CGPoint(x: 30, y: 0)
        CATransaction.commit()
        f.frame(1)   // committed at t = 0 (engine time) — explicit commit happened before this frame
        #expect(abs(l.presented.position.x - 20) < 1e-9)
    }

    @Test func aLayerNeverDrawnDoesNotAnimate() {
        let l = CALayer()
        l.opacity = 0.5
        #expect(l.animationKeys() == nil)
    }

    @Test func theDelegateNullActionStopsTheSearch() {
        final class Blocker: CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
        }
        let f = Frames()
        let l = CALayer()
        let d = Blocker()
        l.delegate = d
        f.root.addSublayer(l)
        f.frame(0)
        l.actions = ["opacity": CABasicAnimation()]
        l.opacity = 0
        #expect(l.animationKeys() == nil)
    }

    @Test func actionsDictionaryComesBeforeTheDefault() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        f.frame(0)
        let slow = CABasicAnimation()
        slow.duration = 4
        l.actions = ["opacity": slow]
        l.opacity = 0
        #expect(l.animation(forKey: "opacity")?.duration == 4)
    }

    @Test func completionBlockRunsWhenEveryAnimationEnded() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        var done: [Double] = []
        f.frame(0)
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append(CACurrentMediaTime()) }
        let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
        let b = CABasicAnimation(keyPath: "position.x"); b.fromValue = 0; b.toValue = 1; b.duration = 2
        l.add(a, forKey: "a"); l.add(b, forKey: "b")
        CATransaction.commit()
        f.frame(1.5)
        #expect(done.isEmpty)
        f.frame(2.5)
        #expect(done == [2.5])
        // With no animation the block runs at commit.
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append(-1) }
        CATransaction.commit()
        #expect(done == [2.5, -1])
    }

    @Test func delegateHearsStartThenStopAndRemovalIsNotFinished() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        let r = Recorder()
        let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1; a.delegate = r
        l.add(a, forKey: "fade")
        f.frame(0)
        #expect(r.log == ["start"])
        f.frame(1)
        #expect(r.log == ["start", "stop true"])
        l.add(a, forKey: "fade")
        f.frame(2)
        l.removeAnimation(forKey: "fade")
        f.frame(2.1)
        #expect(r.log == ["start", "stop true", "start", "stop false"])
    }

    @Test func animationDidStopMayAddTheNextAnimation() {
        // Seed 000 chains its background colours this way.
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        let r = Recorder()
        var chained = 0
        r.onStop = { _, finished in
            guard finished, chained < 2 else { return }
            chained += 1
            let next = CABasicAnimation(keyPath: "position.x")
            next.fromValue = Double(chained) * 100; next.toValue = Double(chained) * 100 + 100; next.duration = 1
            next.delegate = r
            l.add(next, forKey: "step")
        }
        let first = CABasicAnimation(keyPath: "position.x")
        first.fromValue = 0; first.toValue = 100; first.duration = 1; first.delegate = r
        l.add(first, forKey: "step")
        f.frame(0)
        f.frame(1)        // first ends; the next begins at this frame's time
        f.frame(1.5)
        #expect(abs(l.presented.position.x - 150) < 1e-9)
        f.frame(2)
        f.frame(2.5)
        #expect(abs(l.presented.position.x - 250) < 1e-9)
        #expect(chained == 2)
    }

    @Test func addingCopiesTheAnimation() {
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 1
        l.add(a, forKey: "k")
        a.duration = 5
        #expect(l.animation(forKey: "k")?.duration == 1)
    }
}

@Suite(.isolatedEngine) struct BasicFastPathTests {
    /// A subclass takes the general (boxed) path; the plain class the typed fast path.
    final class GeneralPath: CABasicAnimation {}

    @Test(arguments: ["opacity", "position.x", "position", "strokeEnd", "anchorPoint.y", "bounds.origin", "bounds.size.width", "zPosition"])
    func fastAndGeneralPathsGiveTheSameValues(_ key: String) {
        let f = Frames()
        let a = CAShapeLayer(), b = CAShapeLayer()
        f.root.addSublayer(a); f.root.addSublayer(b)
        for (layer, anim) in [(a, CABasicAnimation(keyPath: key)), (b, GeneralPath(keyPath: key))] as [(CALayer, CABasicAnimation)] {
            if key == "position" || key == "bounds.origin" {
                anim.fromValue = CGPoint(x: 3, y: 4); anim.toValue = CGPoint(x: 103, y: -40)
            } else {
                anim.fromValue = 0.2; anim.toValue = 0.9
            }
            anim.duration = 2
            anim.timingFunction = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
            layer.add(anim, forKey: "k")
        }
        for t in [0.0, 0.3, 0.77, 1.5, 1.99] {
            f.frame(t)
            // The plain class is compiled to a direct write (content keys excepted), the subclass not.
            #expect(a.animationList.first?.track.program == (key == "strokeEnd" ? .general : key.contains("origin") || key == "position" ? .point : .scalar))
            #expect(b.animationList.first?.track.program == .general)
            #expect(a.presented == b.presented, "\(key) at \(t)")
            #expect(a.presentedShape.strokeEnd == b.presentedShape.strokeEnd)
        }
    }
}
