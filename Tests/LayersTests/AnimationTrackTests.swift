import Foundation
@testable import Layers
import Testing
import TestSupport

/// The animate phase compiles animations into tracks and restores only the presentation fields
/// animations wrote (CALayer+Evaluation). These tests hold it to the plain definition:
/// presentation = a fresh copy of the model with every animation applied in order.
@Suite(.isolatedEngine) struct AnimationTrackTests {
    /// Two layers get the same operations; `reference` has its presentation rebuilt from the whole
    /// model every frame, `layer` takes the incremental path. They must agree exactly.
    final class Twin {
        let f = Frames()
        let layer = CALayer(), reference = CALayer()
        init() {
            f.root.addSublayer(layer); f.root.addSublayer(reference)
            CATransaction.performWithoutAnimation {
                for l in [layer, reference] { l.bounds = CGRect(x: 0, y: 0, width: 40, height: 30); l.position = CGPoint(x: 5, y: 6) }
            }
        }
        func both(_ op: (CALayer) -> Void) { op(layer); op(reference) }
        func frame(_ t: Double) {
            reference.modelChangedSincePresent = true
            f.frame(t)
        }
    }

    static func randomAnimation(_ rng: inout SeededRandom) -> CAAnimation {
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        let key = pick(["position", "position.x", "opacity", "bounds.size.width", "cornerRadius", "anchorPoint", "zPosition"])
        let isPoint = key == "position" || key == "anchorPoint"
        func value() -> Any { isPoint ? CGPoint(x: rng.unit() * 100, y: rng.unit() * 100) : rng.unit() * 50 }
        let a: CAPropertyAnimation
        switch rng.next() % 4 {
        case 0: // keyframes: the general path
            let k = CAKeyframeAnimation(keyPath: key)
            k.values = [value(), value(), value()]
            a = k
        default:
            let b = CABasicAnimation(keyPath: key)
            switch rng.next() % 5 {
            case 0: b.fromValue = value()                       // to: the value beneath
            case 1: b.byValue = value()                         // by: reads the value beneath
            default: b.fromValue = value(); b.toValue = value() // the compiled program
            }
            b.isAdditive = rng.next() % 5 == 0
            a = b
        }
        a.duration = 0.2 + rng.unit()
        a.beginTime = rng.next() % 3 == 0 ? CACurrentMediaTime() + rng.unit() * 0.5 : 0
        a.fillMode = pick([.removed, .forwards, .backwards, .both])
        a.isRemovedOnCompletion = rng.next() % 2 == 0
        a.autoreverses = rng.next() % 3 == 0
        a.timingFunction = pick([nil, CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)])
        return a
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func incrementalPresentationEqualsAFreshOne(_ seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let twin = Twin()
        var t = 0.0
        for _ in 0..<160 {
            switch rng.next() % 10 {
            case 0, 1, 2:
                let a = Self.randomAnimation(&rng)
                let key = "k\(rng.next() % 4)"
                twin.both { $0.add(a, forKey: key) }
            case 3:
                let key = "k\(rng.next() % 4)"
                twin.both { $0.removeAnimation(forKey: key) }
            case 4:
                let p = CGPoint(x: rng.unit() * 200, y: rng.unit() * 200)
                twin.both { l in CATransaction.performWithoutAnimation { l.position = p } }
            case 5:
                let o = Float(rng.unit())
                twin.both { l in CATransaction.performWithoutAnimation { l.opacity = o } }
            default:
                break
            }
            t += 1.0 / 30
            twin.frame(t)
            #expect(twin.layer.presented == twin.reference.presented, "seed \(seed) at t=\(t)")
            if twin.layer.presented != twin.reference.presented { return }
        }
    }

    @Test func aFieldNoLongerAnimatedShowsTheModelAgain() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        CATransaction.performWithoutAnimation { l.opacity = 0.5; l.position = CGPoint(x: 1, y: 2) }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        fade.isRemovedOnCompletion = false            // stays in the list, contributes nothing after its end
        l.add(fade, forKey: "fade")
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 10, y: 10); move.toValue = CGPoint(x: 20, y: 20); move.duration = 3
        l.add(move, forKey: "move")
        f.frame(0)
        f.frame(0.5)
        #expect(l.presented.opacity == 0.5)
        #expect(l.presented.position == CGPoint(x: 10 + 10.0 / 6, y: 10 + 10.0 / 6))
        f.frame(1.5)                                  // fade over, still listed; move running
        #expect(l.animationKeys() == ["fade", "move"])
        #expect(l.presented.opacity == 0.5)
        f.frame(3.5)                                  // move over and removed
        #expect(l.presented.position == CGPoint(x: 1, y: 2))
    }

    @Test func onlyThePlainBasicAnimationCompilesToAProgram() {
        func program(_ a: CABasicAnimation) -> AnimationTrack.Program {
            let l = CALayer()
            l.add(a, forKey: "k")
            CAEngine.current.beginFrame(at: 0); CAEngine.current.commit()             // resolves the begin time, as a frame's commit does
            return AnimationTrack(l.animation(forKey: "k")!).program
        }
        let plain = CABasicAnimation(keyPath: "position.x")
        plain.fromValue = 1; plain.toValue = 2
        #expect(program(plain) == .scalar)
        let point = CABasicAnimation(keyPath: "position")
        point.fromValue = CGPoint.zero; point.toValue = CGPoint(x: 1, y: 1)
        #expect(program(point) == .point)
        let additive = CABasicAnimation(keyPath: "opacity")
        additive.fromValue = 0; additive.toValue = 1; additive.isAdditive = true
        #expect(program(additive) == .general)
        let open = CABasicAnimation(keyPath: "opacity")
        open.fromValue = 0
        #expect(program(open) == .general)
        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = CGColor.black; color.toValue = CGColor.white
        #expect(program(color) == .general)
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0; spring.toValue = 1
        #expect(program(spring) == .general)
    }
}
