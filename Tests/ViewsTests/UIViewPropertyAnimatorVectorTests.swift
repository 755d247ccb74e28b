import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// The test vectors of ../shared/specs/property-animator.md §10, to 1e-4 against presentation values
/// at exact media times. Each animator starts at t = 1 (the view was shown at t = 0).
@Suite(.isolatedEngine) struct UIViewPropertyAnimatorVectorTests {
    func easeIn(_ x: Double) -> Double { CubicBezier.easeIn.value(at: x) }

    @Test func v01_newAnimatorDefaults() {
        let r = AnimatorRig()
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear)
        #expect(a.state == .inactive && !a.isRunning && !a.isReversed && a.fractionComplete == 0)
        #expect(a.isInterruptible && a.isUserInteractionEnabled && !a.isManualHitTestingEnabled)
        #expect(a.scrubsLinearly && !a.pausesOnCompletion && a.delay == 0 && a.duration == 1)
        #expect(UIViewPropertyAnimator(duration: 0, curve: .linear).duration == 0.2)
        #expect(UIViewPropertyAnimator(duration: .nan, curve: .linear).duration == 0.2)
        _ = r
    }

    @Test func v02_linearRunsOnTheMediaClock() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.frame(1.25)
        #expect(isNear(a.fractionComplete, 0.25, 1e-9))
        #expect(isNear(r.x, 25, 1e-4) && r.modelX == 100)
        #expect(a.state == .active && a.isRunning)
    }

    @Test func v03_pauseWithLinearScrubbingReadsTheValueFraction() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeIn)
        r.at(1) { a.startAnimation() }
        r.frame(1.5)
        #expect(isNear(r.x, 100 * easeIn(0.5), 1e-4) && isNear(r.x, 31.54, 0.005) && isNear(a.fractionComplete, 0.5, 1e-9))
        r.at(1.5) { a.pauseAnimation() }
        #expect(isNear(a.fractionComplete, easeIn(0.5), 1e-9) && isNear(a.fractionComplete, 0.3154, 5e-5) && !a.isRunning)
        r.frame(2)
        #expect(isNear(r.x, 100 * easeIn(0.5), 1e-4))
    }

    @Test func v04_curveScrubbingKeepsTheTimeFraction() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeIn)
        a.scrubsLinearly = false
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.pauseAnimation() }
        #expect(isNear(a.fractionComplete, 0.5, 1e-9))
        r.at(1.6) { a.fractionComplete = 0.8 }
        #expect(isNear(r.x, 100 * easeIn(0.8), 1e-4) && isNear(r.x, 69.16, 0.01))
    }

    @Test func v05_continueResumesAtEqualValue() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeIn)
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.pauseAnimation() }
        r.at(1.6) { a.fractionComplete = 0.8 }
        #expect(isNear(r.x, 80, 1e-4))
        r.at(2) { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        #expect(isNear(r.x, 80, 1e-4))                       // no jump
        let t = CubicBezier.easeIn.parameter(forX: 0.8)
        #expect(isNear(CubicBezier.easeIn.value(at: 0.874_1), 0.8, 1e-3))
        r.frame(2.05)
        #expect(isNear(r.x, 100 * easeIn(0.8741 + 0.05), 1e-2))
        let end = r.completionTime(after: 2.05)
        #expect(end.map { isNear($0, 2 + 0.1259, 0.0011) } == true)
        #expect(r.completions == [.end] && a.state == .inactive && r.modelX == 100)
        _ = t
    }

    @Test func v06_durationFactorStretchesTheRun() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeIn)
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.pauseAnimation() }
        r.at(2) { a.continueAnimation(withTimingParameters: nil, durationFactor: 1) }
        #expect(isNear(a.motion.runDuration, 1.4606, 1e-4))
        r.frame(2.3)
        #expect(isNear(r.x, 100 * easeIn(0.5 + 0.3 / 1.460_6), 1e-2))
        let end = r.completionTime(after: 2.3)
        #expect(end.map { isNear($0, 2.7303, 0.0011) } == true)
    }

    @Test(arguments: [(1.0, 1.0), (0.0, 0.6), (0.5, 0.5)])
    func v07_durationFactorIsTheRemainingTimeOfALinearCurve(_ k: Double, _ remaining: Double) {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.pauseAnimation() }
        r.at(1.1) { a.fractionComplete = 0.4 }
        r.at(2) { a.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(k)) }
        let end = r.completionTime(after: 2)
        #expect(end.map { isNear($0, 2 + remaining, 0.0011) } == true)
    }

    @Test func v08_reversingWhileRunningRetracesTheCurve() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.at(1.3) { a.isReversed = true }
        #expect(isNear(a.fractionComplete, 0.7, 1e-9))
        r.frame(1.45)
        #expect(isNear(r.x, 15, 1e-4))
        let end = r.completionTime(after: 1.45)
        #expect(end.map { isNear($0, 1.6, 0.0011) } == true)
        #expect(r.completions == [.start] && r.modelX == 0 && a.state == .inactive && !a.isReversed)
        #expect(isNear(r.x, 0, 1e-9))
    }

    @Test func v09_stopThenFinishAtEnd() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.stopAnimation(false) }
        #expect(a.state == .stopped && isNear(r.modelX, 50, 1e-9) && r.completions.isEmpty)
        r.frame(1.6)
        #expect(isNear(r.x, 50, 1e-9))
        r.at(1.7) { a.finishAnimation(at: .end) }
        #expect(r.modelX == 100 && r.completions == [.end] && a.state == .inactive)
        r.frame(1.8)
        #expect(r.x == 100 && r.view.layer.animationKeys() == nil)
    }

    @Test func v10_finishAtCurrentAndStopWithoutFinishing() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.stopAnimation(false) }
        r.at(1.6) { a.finishAnimation(at: .current) }
        #expect(isNear(r.modelX, 50, 1e-9) && r.completions == [.current])

        let r2 = AnimatorRig()
        let b = r2.animator()
        r2.at(1) { b.startAnimation() }
        r2.at(1.5) { b.stopAnimation(true) }
        #expect(b.state == .inactive && isNear(r2.modelX, 50, 1e-9))
        r2.run(from: 1.5, to: 3)
        #expect(r2.completions.isEmpty && isNear(r2.x, 50, 1e-9))
    }

    @Test func v11_finishOnARunningAnimatorAndDoubleStopAreRefused() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.at(1.2) { a.finishAnimation(at: .end) }
        #expect(r.diagnostics.last?.contains("finishAnimationAtPosition: should only be called on a stopped animator!") == true)
        #expect(a.state == .active && a.isRunning)
        r.at(1.3) { a.stopAnimation(false); a.stopAnimation(false) }
        #expect(r.diagnostics.last?.contains("is already stopped!") == true)
        #expect(r.diagnostics.last?.hasPrefix("UIViewPropertyAnimator.stopAnimation(_:)") == true)
        #expect(a.state == .stopped)
        a.finishAnimation(at: .end)
    }

    @Test func v12_interruptibleWhileActiveAndNegativeDelayAreRefused() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        a.isInterruptible = false
        #expect(r.diagnostics.last?.contains("It is not allowed to set the interruptible property of an active animator") == true)
        #expect(a.isInterruptible)
        let b = r.animator()
        b.startAnimation(afterDelay: -1)
        #expect(r.diagnostics.last?.contains("The delay should be greater than or equal to zero.") == true)
        #expect(b.state == .inactive)
        b.startAnimation(afterDelay: .nan)
        #expect(b.state == .inactive && r.diagnostics.count == 3)
    }

    @Test func v13_delayFactorOfAnInactiveAnimator() {
        let r = AnimatorRig()
        let a = UIViewPropertyAnimator(duration: 2, curve: .linear) { r.view.frame.origin.x = 100 }
        a.addAnimations({ r.view.frame.origin.y = 100 }, delayFactor: 0.5)
        var ends: [UIViewAnimatingPosition] = []
        a.addCompletion { ends.append($0) }
        r.at(1) { a.startAnimation() }
        r.frame(1.5)
        #expect(isNear(r.x, 25, 1e-4) && isNear(r.y, 0, 1e-9))
        r.frame(2)
        #expect(isNear(r.y, 0, 1e-9))
        r.frame(2.5)
        #expect(isNear(r.y, 50, 1e-4))
        r.frame(3)
        #expect(r.x == 100 && r.y == 100 && ends == [.end])
    }

    @Test func v14_delayFactorAddedWhileRunning() {
        let r = AnimatorRig()
        let a = r.animator(2)
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.addAnimations({ r.view.frame.origin.y = 100 }, delayFactor: 0.25) }
        r.frame(1.9)
        #expect(r.y == 0)
        r.frame(2.0)
        #expect(isNear(r.y, 0, 1e-9))
        r.frame(2.5)
        #expect(isNear(r.y, 50, 1e-4))
        r.frame(3.0)
        #expect(r.y == 100 && r.completions == [.end])
    }

    @Test func v15_pausesOnCompletion() {
        let r = AnimatorRig()
        let a = r.animator()
        a.pausesOnCompletion = true
        r.at(1) { a.startAnimation() }
        r.frame(2.05)
        #expect(a.state == .active && !a.isRunning && a.fractionComplete == 1 && r.completions.isEmpty)
        a.isReversed = true
        #expect(a.fractionComplete == 0)
        r.at(2.1) { a.startAnimation() }
        r.frame(2.6)
        #expect(isNear(r.x, 50, 1e-4))
        r.frame(3.15)
        #expect(a.state == .active && !a.isRunning && r.completions.isEmpty && r.x == 0)
        a.stopAnimation(false)
        a.finishAnimation(at: .start)
        #expect(r.completions == [.start] && r.modelX == 0)
    }

    @Test func v15_releasingAnAnimatorPausedOnCompletionIsReported() {
        let r = AnimatorRig()
        do {
            let a = r.animator()
            a.pausesOnCompletion = true
            r.at(1) { a.startAnimation() }
            r.frame(2.05)
        }
        #expect(r.diagnostics.last?.contains("It is an error to release a property animator that has paused on completion.") == true)
        #expect(r.view.layer.animationKeys() == nil && r.modelX == 100)
    }

    @Test func v16_reuseClearsBlocksAndCompletions() {
        let r = AnimatorRig()
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { r.view.frame.origin.x = 100 }
        var ran: [String] = []
        a.addCompletion { _ in ran.append("K1") }
        r.at(1) { a.startAnimation() }
        r.frame(2)
        #expect(ran == ["K1"] && a.state == .inactive)
        a.addAnimations { r.view.frame.origin.x = 0 }
        a.addCompletion { _ in ran.append("K2") }
        r.at(3) { a.startAnimation() }
        r.frame(3.5)
        #expect(isNear(r.x, 50, 1e-4))
        r.frame(4)
        #expect(ran == ["K1", "K2"] && r.x == 0)
    }

    @Test func v17_seed004DragScrubsLinearlyAndContinues() {
        let r = AnimatorRig()
        let a = r.animator(0.3, .easeInOut)
        r.at(1) { a.startAnimation(); a.pauseAnimation() }
        #expect(a.fractionComplete == 0)
        r.at(1.1) { a.fractionComplete = 0.6 }
        #expect(isNear(r.x, 60, 1e-4))
        r.at(1.2) { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        #expect(isNear(CubicBezier.easeInEaseOut.value(at: 0.5585), 0.6, 1e-3))
        let end = r.completionTime(after: 1.2)
        #expect(end.map { isNear($0, 1.2 + 0.1325, 0.0011) } == true)
        #expect(r.completions == [.end])
    }

    @Test func v18_seed004InterruptAddsASecondBlockAndCompletion() {
        let r = AnimatorRig()
        let a = r.animator(0.3, .easeInOut)
        r.at(1) { a.startAnimation() }
        r.at(1.15) {
            a.addAnimations { r.view.frame.origin.x = 100 }
            a.addCompletion { r.completions.append($0) }
            a.startAnimation()
            a.pauseAnimation()
        }
        #expect(isNear(a.fractionComplete, 0.5, 1e-9))
        r.at(1.2) { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        r.run(from: 1.2, to: 1.5)
        #expect(r.completions == [.end, .end])
    }

    @Test func v19_nonInterruptibleCannotBePaused() {
        let r = AnimatorRig()
        let a = r.animator()
        a.isInterruptible = false
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.pauseAnimation() }
        #expect(r.diagnostics.last?.contains("that is not interruptible cannot be paused!") == true)
        #expect(a.isRunning && isNear(r.x, 50, 1e-4))
    }

    @Test func v20_reversingWhilePausedFlipsTheFraction() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeOut)
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.pauseAnimation() }
        #expect(isNear(a.fractionComplete, 0.6846, 1e-4))
        a.isReversed = true
        #expect(isNear(a.fractionComplete, 0.3154, 1e-4))
        r.at(2) { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        let end = r.completionTime(after: 2)
        #expect(end.map { isNear($0, 2.5, 0.0011) } == true)
        #expect(r.completions == [.start] && r.modelX == 0 && isNear(r.x, 0, 1e-9))
    }
}
