import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIViewAnimationTests {
    /// A view with alpha 1 on screen at t = 0.
    func fadingView(_ st: ViewStage) -> UIView {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        st.show(v)
        return v
    }

    @Test(arguments: [(UIView.AnimationOptions.curveEaseInOut, CAMediaTimingFunctionName.easeInEaseOut),
                      (.curveEaseIn, .easeIn), (.curveEaseOut, .easeOut), (.curveLinear, .linear)])
    func eachCurveGivesItsExactValues(_ option: UIView.AnimationOptions, _ name: CAMediaTimingFunctionName) {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 1, delay: 0, options: option, animations: { v.alpha = 0 })
        #expect(v.alpha == 0)                       // the model changes at once
        st.frame(0)                                 // begins at this frame's commit
        for t in [0.25, 0.5, 0.8] {
            st.frame(t)
            #expect(isNear(Double(v.layer.presented.opacity), 1 - eased(name, t), 1e-6))
        }
        st.frame(1)
        #expect(v.layer.presented.opacity == 0)
        #expect(v.layer.animationKeys() == nil)
    }

    @Test func easeInOutAtHalfTimeIsTheCurvesMidpoint() {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 1) { v.alpha = 0 }
        st.frame(0); st.frame(0.5)
        #expect(isNear(Double(v.layer.presented.opacity), 1 - CubicBezier(0.42, 0, 0.58, 1).value(at: 0.5), 1e-6))
        st.frame(0.3)
        #expect(isNear(Double(v.layer.presented.opacity), 1 - CubicBezier(0.42, 0, 0.58, 1).value(at: 0.3), 1e-6))
    }

    @Test func outsideABlockThereIsNoImplicitAnimation() {
        let st = ViewStage()
        let v = fadingView(st)
        v.alpha = 0.3
        v.layer.cornerRadius = 8
        #expect(v.layer.animationKeys() == nil)
        st.frame(0.1)
        #expect(isNear(Double(v.layer.presented.opacity), 0.3, 1e-6))
    }

    @Test func completionFinishedTrueAfterTheLastFrame() {
        let st = ViewStage()
        let v = fadingView(st)
        var result: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { result.append($0) })
        st.frame(0); st.frame(0.99)
        #expect(result.isEmpty)
        st.frame(1)
        #expect(result == [true])
        st.frame(2)
        #expect(result == [true])
    }

    @Test func completionFinishedFalseWhenReplacedOrRemoved() {
        let st = ViewStage()
        let v = fadingView(st)
        var first: [Bool] = [], second: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { first.append($0) })
        st.frame(0); st.frame(0.5)
        UIView.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { second.append($0) })
        st.frame(0.6)
        #expect(first == [false])
        v.layer.removeAllAnimations()
        st.frame(0.7)
        #expect(second == [false])
    }

    @Test func withoutAnimationsCompletionRunsOnTheNextFrame() {
        let st = ViewStage()
        _ = fadingView(st)
        var result: [Bool] = []
        UIView.animate(withDuration: 1, animations: {}, completion: { result.append($0) })
        #expect(result.isEmpty)
        st.frame(1.0 / 60)
        #expect(result == [true])
    }

    @Test func badDurationsAndDelaysAreDefined() {
        let st = ViewStage()
        let v = fadingView(st)
        var result: [Bool] = []
        UIView.animate(withDuration: .nan, delay: -3, options: [], animations: { v.alpha = 0.5 }, completion: { result.append($0) })
        #expect(v.layer.animationKeys() == nil)     // not positive and finite: no animation
        st.frame(0.1)
        #expect(result == [true])
        #expect(isNear(Double(v.layer.presented.opacity), 0.5, 1e-6))
        UIView.animate(withDuration: 1, delay: -.infinity, options: .curveLinear, animations: { v.alpha = 0 })
        st.frame(0.2); st.frame(0.7)
        #expect(isNear(Double(v.layer.presented.opacity), 0.25, 1e-6)) // the negative delay counted as 0
    }

    @Test func delayHoldsTheStartValueThenRuns() {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.alpha = 0 })
        st.frame(0.25)
        #expect(v.layer.presented.opacity == 1)     // backwards fill during the delay
        st.frame(1.0)
        #expect(isNear(Double(v.layer.presented.opacity), 0.5, 1e-6))
        st.frame(1.5)
        #expect(v.layer.presented.opacity == 0)
    }

    @Test func repeatWithAutoreverseGoesThereAndBackForever() {
        let st = ViewStage()
        let v = fadingView(st)
        var done = false
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: { v.alpha = 0 },
                       completion: { _ in done = true })
        st.frame(0)
        st.frame(0.25); #expect(isNear(Double(v.layer.presented.opacity), 0.75, 1e-6))
        st.frame(1.25); #expect(isNear(Double(v.layer.presented.opacity), 0.25, 1e-6)) // on the way back
        st.frame(2.5); #expect(isNear(Double(v.layer.presented.opacity), 0.5, 1e-6))
        st.frame(100.1); #expect(isNear(Double(v.layer.presented.opacity), 0.9, 1e-6))
        #expect(!done)
    }

    @Test func autoreverseWithoutRepeatRunsOnce() {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .autoreverse], animations: { v.alpha = 0 })
        st.frame(0); st.frame(0.75)
        #expect(isNear(Double(v.layer.presented.opacity), 0.25, 1e-6))
        st.frame(1.25)                              // an autoreversing run would be on its way back (0.25)
        #expect(v.layer.presented.opacity == 0)
        #expect(v.layer.animationKeys() == nil)
    }

    @Test func retargetingMidFlightStartsFromWhereTheViewIs() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))  // center (10, 10)
        st.show(v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center = CGPoint(x: 110, y: 10) })
        st.frame(0); st.frame(0.5)
        #expect(isNear(v.layer.presented.position.x, 60, 1e-9))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { v.center = CGPoint(x: 10, y: 10) })
        let a = v.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(a?.fromValue as? CGPoint == CGPoint(x: 60, y: 10))
        st.frame(0.5)  // the new animation begins at this commit
        #expect(isNear(v.layer.presented.position.x, 60, 1e-9))
        st.frame(1.0)
        #expect(isNear(v.layer.presented.position.x, 35, 1e-9))
    }

    @Test func aValueSetEarlierInTheSameFrameIsWhereTheAnimationStarts() {
        let st = ViewStage()
        let v = fadingView(st)
        v.alpha = 0                                  // the fade-in idiom: set, then animate back
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 1 })
        st.frame(0); st.frame(0.25)
        #expect(isNear(Double(v.layer.presented.opacity), 0.25, 1e-6))
    }

    @Test func everyAnimatableViewPropertyAnimates() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .black
        st.show(v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            v.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
            v.transform = CGAffineTransform(rotationAngle: .pi / 2)
            v.backgroundColor = .white
            v.layer.cornerRadius = 30
            v.alpha = 0.5
        })
        #expect(Set(v.layer.animationKeys() ?? []) == ["bounds", "position", "transform", "backgroundColor", "cornerRadius", "opacity"])
        st.frame(0); st.frame(0.5)
        let p = v.layer.presented
        #expect(isNear(p.position, CGPoint(x: 40, y: 40)))          // (10,10) → (70,70)
        #expect(isNear(p.bounds.width, 40))
        #expect(isNear(p.cornerRadius, 15))
        #expect(isNear(p.backgroundColor?.red ?? -1, 0.5, 1e-9))
        #expect(isNear(Double(p.opacity), 0.75, 1e-6))
        #expect(isNear(CATransform3DGetAffineTransform(p.transform).b, CGFloat(sin(Double.pi / 4)), 1e-9))
    }

    @Test func performWithoutAnimationInsideABlock() {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { v.alpha = 0.2 }
            v.layer.cornerRadius = 4
        }
        #expect(v.layer.animationKeys() == ["cornerRadius"])
    }

    @Test func springFollowsItsSolutionAndSettlesAtTheDuration() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        st.show(v)
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2, options: [],
                       animations: { v.center = CGPoint(x: 110, y: 10) })
        let a = v.layer.animation(forKey: "position") as? CASpringAnimation
        #expect(a != nil)
        #expect(a?.duration == 0.8)
        let s = ViewAnimationBlock.springSolution(duration: 0.8, dampingRatio: 0.5, velocity: 2)
        #expect(isNear(s.dampingRatio, 0.5, 1e-9))
        #expect(isNear(SpringSolution(mass: s.mass, stiffness: s.stiffness, damping: s.damping).settlingDuration, 0.8, 1e-6))
        #expect(a?.initialVelocity == 2)
        st.frame(0)
        for t in [0.1, 0.3, 0.5] {
            st.frame(t)
            #expect(isNear(v.layer.presented.position.x, 10 + 100 * CGFloat(s.value(at: t)), 1e-9))
        }
    }

    @Test func keyframesHoldThenMoveInTheirSlots() {
        let st = ViewStage()
        let v = fadingView(st)
        var finished: Bool?
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { v.alpha = 0 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0.8 }
        }, completion: { finished = $0 })
        #expect(isNear(v.alpha, 0.8, 1e-6))
        st.frame(0)
        st.frame(0.25); #expect(v.layer.presented.opacity == 1)       // held until 0.25 × 2 s
        st.frame(0.75); #expect(isNear(Double(v.layer.presented.opacity), 0.5, 1e-6))
        st.frame(1.0); #expect(isNear(Double(v.layer.presented.opacity), 0, 1e-6))
        st.frame(1.5); #expect(isNear(Double(v.layer.presented.opacity), 0.4, 1e-6))
        #expect(finished == nil)
        st.frame(2.0)
        #expect(finished == true)
    }

    @Test func animatedViewsIgnoreTouchesUnlessAllowed() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        st.show(v)
        UIView.animate(withDuration: 1) { v.alpha = 0.5 }
        #expect(st.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === st.window)
        st.frame(0); st.frame(1)
        #expect(st.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === v)
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { v.alpha = 1 })
        #expect(st.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === v)
    }

    @Test func nestedBlocksInheritDurationUnlessOverridden() {
        let st = ViewStage()
        let v = fadingView(st)
        UIView.animate(withDuration: 2) {
            UIView.animate(withDuration: 0.5) { v.alpha = 0 }
            UIView.animate(withDuration: 0.5, delay: 0, options: .overrideInheritedDuration, animations: { v.layer.cornerRadius = 3 })
        }
        #expect(v.layer.animation(forKey: "opacity")?.duration == 2)
        #expect(v.layer.animation(forKey: "cornerRadius")?.duration == 0.5)
    }
}

@Suite(.isolatedEngine) struct UIViewAnimationLayoutTests {
    final class Container: UIView {
        let child = UIView()
        override init(frame: CGRect) { super.init(frame: frame); addSubview(child) }
        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() { child.frame = bounds.insetBy(dx: 10, dy: 10) }
    }

    @Test func layoutSubviewsOptionAnimatesTheChildrenWithTheParent() {
        let st = ViewStage()
        let c = Container(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        st.show(c)
        UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
            c.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        })
        #expect(c.child.frame.width == 180)                                  // laid out inside the block
        #expect(c.child.layer.animation(forKey: "bounds") != nil)
        st.frame(0); st.frame(0.5)
        #expect(isNear(c.child.layer.presented.bounds.width, 130, 1e-9))    // 80 → 180
        UIView.animate(withDuration: 1) { c.bounds = CGRect(x: 0, y: 0, width: 100, height: 100) }
        #expect(c.child.frame.width == 180)                                 // not laid out until the layout phase
    }
}

@Suite(.isolatedEngine) struct UIViewAnimationTransactionTests {
    /// Seed 001: a custom timing function on the enclosing transaction shapes the UIKit animation.
    @Test func transactionTimingFunctionShapesABlockWithTheDefaultCurve() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        st.show(v)
        let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(overshoot)
        UIView.animate(withDuration: 2.0) { v.center = CGPoint(x: 110, y: 10) }
        UIView.animate(withDuration: 2.0, delay: 0, options: .curveLinear, animations: { v.alpha = 0 })
        CATransaction.commit()
        #expect(v.layer.animation(forKey: "position")?.timingFunction == overshoot)
        #expect(v.layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .linear))
        st.frame(0.5)
        #expect(isNear(v.layer.presented.position.x, 10 + 100 * CGFloat(overshoot.value(at: 0.25)), 1e-9))
    }
}

@Suite(.isolatedEngine) struct UIViewAnimationChainTests {
    @Test func aCompletionCanStartTheNextAnimationAtTheSameFrame() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        st.show(v)
        var log: [String] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }, completion: { f in
            log.append("first \(f)")
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 1 }, completion: { log.append("second \($0)") })
        })
        st.frame(0)
        st.frame(1)
        #expect(log == ["first true"])
        #expect(v.layer.presented.opacity == 0)        // the second begins at this frame, from 0
        st.frame(1.25)
        #expect(isNear(Double(v.layer.presented.opacity), 0.25, 1e-6))
        st.frame(2)
        #expect(log == ["first true", "second true"])
    }
}
