import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// The state table of ../shared/specs/property-animator.md §2, every row and column: the state
/// after each call from each substate, isRunning, the completion it ran and the one-line message
/// for what UIKit rejects with an exception.
@Suite(.isolatedEngine) struct UIViewPropertyAnimatorStateTests {
    enum From: String, CaseIterable { case I0, I1, R, P, S }
    enum Call: String, CaseIterable {
        case add, start, startAfterDelay, pause, setFraction, reverse, stopWithoutFinishing, stop, finishAtEnd, continueAnimation
    }

    /// An animator in `from` at t = 1.5 (started at t = 1 where it runs).
    func make(_ from: From, _ r: AnimatorRig) -> UIViewPropertyAnimator {
        let a = from == .I0 ? UIViewPropertyAnimator(duration: 1, curve: .linear) : r.animator()
        if from == .I0 { a.addCompletion { r.completions.append($0) } }
        if from == .R || from == .P || from == .S { r.at(1) { a.startAnimation() } }
        if from == .P { r.at(1.5) { a.pauseAnimation() } }
        if from == .S { r.at(1.5) { a.stopAnimation(false) } }
        if from == .R { r.frame(1.5) }
        return a
    }

    func perform(_ call: Call, on a: UIViewPropertyAnimator, _ r: AnimatorRig) {
        r.at(1.6) {
            switch call {
            case .add: a.addAnimations { r.view.frame.origin.y = 50 }
            case .start: a.startAnimation()
            case .startAfterDelay: a.startAnimation(afterDelay: 0.1)
            case .pause: a.pauseAnimation()
            case .setFraction: a.fractionComplete = 0.5
            case .reverse: a.isReversed = true
            case .stopWithoutFinishing: a.stopAnimation(true)
            case .stop: a.stopAnimation(false)
            case .finishAtEnd: a.finishAnimation(at: .end)
            case .continueAnimation: a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        let call: Call, from: From, state: UIViewAnimatingState, running: Bool
        var message: String? = nil, completion: UIViewAnimatingPosition? = nil
        var description: String { "\(call.rawValue) from \(from.rawValue)" }
    }

    static let stopped = "that is in a stopped state", alreadyStopped = "is already stopped!"
    static let onlyStopped = "finishAnimationAtPosition: should only be called on a stopped animator!"
    static let rows: [Row] = [
        Row(call: .add, from: .I0, state: .inactive, running: false),
        Row(call: .add, from: .I1, state: .inactive, running: false),
        Row(call: .add, from: .R, state: .active, running: true),
        Row(call: .add, from: .P, state: .active, running: false),
        Row(call: .add, from: .S, state: .stopped, running: false, message: stopped),
        Row(call: .start, from: .I0, state: .active, running: false),
        Row(call: .start, from: .I1, state: .active, running: true),
        Row(call: .start, from: .R, state: .active, running: true),
        Row(call: .start, from: .P, state: .active, running: true),
        Row(call: .start, from: .S, state: .stopped, running: false),
        Row(call: .startAfterDelay, from: .I0, state: .active, running: false),
        Row(call: .startAfterDelay, from: .I1, state: .active, running: true),
        Row(call: .startAfterDelay, from: .R, state: .active, running: true),
        Row(call: .startAfterDelay, from: .P, state: .active, running: false, message: "cannot be started with a delay!"),
        Row(call: .startAfterDelay, from: .S, state: .stopped, running: false),
        Row(call: .pause, from: .I0, state: .inactive, running: false),
        Row(call: .pause, from: .I1, state: .active, running: false),
        Row(call: .pause, from: .R, state: .active, running: false),
        Row(call: .pause, from: .P, state: .active, running: false),
        Row(call: .pause, from: .S, state: .stopped, running: false),
        Row(call: .setFraction, from: .I0, state: .inactive, running: false),
        Row(call: .setFraction, from: .I1, state: .active, running: false),
        Row(call: .setFraction, from: .R, state: .active, running: true),
        Row(call: .setFraction, from: .P, state: .active, running: false),
        Row(call: .setFraction, from: .S, state: .stopped, running: false),
        Row(call: .reverse, from: .I0, state: .inactive, running: false),
        Row(call: .reverse, from: .I1, state: .active, running: false),
        Row(call: .reverse, from: .R, state: .active, running: true),
        Row(call: .reverse, from: .P, state: .active, running: false),
        Row(call: .reverse, from: .S, state: .stopped, running: false),
        Row(call: .stopWithoutFinishing, from: .I0, state: .inactive, running: false),
        Row(call: .stopWithoutFinishing, from: .I1, state: .inactive, running: false),
        Row(call: .stopWithoutFinishing, from: .R, state: .inactive, running: false),
        Row(call: .stopWithoutFinishing, from: .P, state: .inactive, running: false),
        Row(call: .stopWithoutFinishing, from: .S, state: .stopped, running: false, message: alreadyStopped),
        Row(call: .stop, from: .I0, state: .inactive, running: false),
        Row(call: .stop, from: .I1, state: .inactive, running: false),
        Row(call: .stop, from: .R, state: .stopped, running: false),
        Row(call: .stop, from: .P, state: .stopped, running: false),
        Row(call: .stop, from: .S, state: .stopped, running: false, message: alreadyStopped),
        Row(call: .finishAtEnd, from: .I0, state: .inactive, running: false),
        Row(call: .finishAtEnd, from: .I1, state: .inactive, running: false),
        Row(call: .finishAtEnd, from: .R, state: .active, running: true, message: onlyStopped),
        Row(call: .finishAtEnd, from: .P, state: .active, running: false, message: onlyStopped),
        Row(call: .finishAtEnd, from: .S, state: .inactive, running: false, completion: .end),
        Row(call: .continueAnimation, from: .I0, state: .inactive, running: false),
        Row(call: .continueAnimation, from: .I1, state: .inactive, running: false),
        Row(call: .continueAnimation, from: .R, state: .active, running: true),
        Row(call: .continueAnimation, from: .P, state: .active, running: true),
        Row(call: .continueAnimation, from: .S, state: .stopped, running: false),
    ]

    @Test func theTableCoversEveryCallFromEveryState() {
        for c in Call.allCases {
            for f in From.allCases { #expect(Self.rows.contains { $0.call == c && $0.from == f }, "\(c) from \(f)") }
        }
    }

    @Test(arguments: rows)
    func row(_ row: Row) {
        let r = AnimatorRig()
        let a = make(row.from, r)
        let before = r.diagnostics.count
        perform(row.call, on: a, r)
        #expect(a.state == row.state)
        #expect(a.isRunning == row.running)
        let messages = r.diagnostics.dropFirst(before)
        if let m = row.message {
            #expect(messages.count == 1 && messages.first?.contains(m) == true, "\(messages)")
            #expect(messages.first.map { !$0.contains("\n") && $0.hasPrefix("UIViewPropertyAnimator.") } == true)
        } else {
            #expect(messages.isEmpty, "\(messages)")
        }
        #expect(r.completions == (row.completion.map { [$0] } ?? []))
        if a.state != .inactive { a.stopAnimation(false) }
        if a.state == .stopped { a.finishAnimation(at: .current) }
    }

    @Test func fractionCompleteClampsLikeUIKit() {
        let r = AnimatorRig()
        let a = r.animator()
        a.fractionComplete = 1.2
        #expect(a.fractionComplete == 1 && a.state == .active && isNear(r.view.layer.presentation()!.position.x, 5, 1e-9))
        r.frame(0.1)
        #expect(isNear(r.x, 99.999, 1e-6))
        a.fractionComplete = -0.3
        #expect(a.fractionComplete == 0)
        a.fractionComplete = .nan
        #expect(a.fractionComplete == 0 && r.diagnostics.last?.contains("NaN") == true)
        a.stopAnimation(false); a.finishAnimation(at: .end)
    }

    @Test func propertiesThatMayNotChangeWhileActiveOrPaused() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        a.isUserInteractionEnabled = false
        #expect(a.isUserInteractionEnabled && r.diagnostics.last?.contains("userInteractionEnabled property of an active animator") == true)
        a.pauseAnimation()
        a.scrubsLinearly = false
        #expect(a.scrubsLinearly && r.diagnostics.last?.contains("Cannot modify scrubsLinearly while animation is already paused") == true)
        let b = r.animator()
        b.isInterruptible = false
        b.pausesOnCompletion = true
        #expect(!b.pausesOnCompletion && r.diagnostics.last?.contains("pausesOnCompletion property on a non-interruptible animator") == true)
        a.stopAnimation(true)
    }

    @Test func addingAnimationsFromACompletionIsRefused() {
        let r = AnimatorRig()
        let a = r.animator()
        a.addCompletion { _ in a.addAnimations { r.view.frame.origin.y = 10 } }
        r.at(1) { a.startAnimation() }
        r.frame(2)
        #expect(r.diagnostics.last?.contains("as it is completing") == true && r.view.frame.origin.y == 0)
        #expect(a.state == .inactive)
    }

    @Test func aRunningAnimatorNeedNotBeKept() {
        let r = AnimatorRig()
        var ended: UIViewAnimatingPosition?
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.25, options: [.curveLinear],
                                                       animations: { r.view.frame.origin.x = 40 },
                                                       completion: { ended = $0 })
        r.frame(0.1)                      // starts at this frame; the delay holds it at its start
        r.frame(0.35)
        #expect(isNear(r.x, 0, 1e-9))
        r.frame(0.6)
        #expect(isNear(r.x, 20, 1e-4))
        r.frame(0.85)
        #expect(ended == .end && r.x == 40)
    }

    @Test func aSecondAnimatorRetargetsWithoutAJump() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.frame(1.5)
        let b = UIViewPropertyAnimator(duration: 1, curve: .linear) { r.view.frame.origin.x = 0 }
        r.at(1.5) { b.startAnimation() }
        #expect(isNear(r.x, 50, 1e-9))                // where a had it
        r.frame(2.0)                                   // a ends (+50); b halfway back (−50)
        #expect(isNear(r.x, 50, 1e-4))
        r.frame(2.5)
        #expect(isNear(r.x, 0, 1e-9) && r.modelX == 0)
    }

    @Test func springContinuationKeepsThePansSpeed() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.pauseAnimation() }
        r.at(1.1) { a.fractionComplete = 0.5 }
        let spring = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 2, dy: 0))
        r.at(2) { a.continueAnimation(withTimingParameters: spring, durationFactor: 0.5) }
        #expect(isNear(a.fractionComplete, 0.5, 1e-9))        // continuous with the release
        r.frame(2.00001)
        // 2 remaining distances (50 pt) per second = 100 pt/s at the release.
        #expect(isNear((r.x - 50) / 0.00001, 100, 0.5))
        r.frame(2.25)
        #expect(isNear(a.fractionComplete, 0.75, 1e-9))       // half the spring's time, half the way left
        let end = r.completionTime(after: 2.25)
        #expect(end.map { isNear($0, 2.5, 0.0011) } == true)
        #expect(r.x == 100 && r.completions == [.end])
    }

    @Test func nonInterruptibleAnimatorsRunStraightThrough() {
        let r = AnimatorRig()
        let a = r.animator()
        a.isInterruptible = false
        r.at(1) { a.startAnimation() }
        r.at(1.5) { a.isReversed = true; a.stopAnimation(false) }
        #expect(!a.isReversed && a.isRunning && r.diagnostics.suffix(2).allSatisfy { $0.contains("not interruptible") })
        r.frame(2)
        #expect(r.completions == [.end])
    }
}

@Suite(.isolatedEngine) struct UIViewPropertyAnimatorInteractionTests {
    @Test func aMovingViewIsHitWhereItIsShownUnlessHitTestingIsManual() {
        for manual in [false, true] {
            let r = AnimatorRig()
            let a = r.animator()
            a.isManualHitTestingEnabled = manual
            r.at(1) { a.startAnimation() }
            r.frame(1.5)                                  // shown at x 50…60, model at 100…110
            let shown = r.stage.window.hitTest(CGPoint(x: 55, y: 5), with: nil)
            let model = r.stage.window.hitTest(CGPoint(x: 105, y: 5), with: nil)
            #expect((shown === r.view) == !manual && (model === r.view) == manual, "manual \(manual)")
            a.stopAnimation(true)
        }
    }

    @Test func viewsOfAnAnimatorWithoutUserInteractionTakeNoTouches() {
        let r = AnimatorRig()
        let a = r.animator()
        a.isUserInteractionEnabled = false
        r.at(1) { a.startAnimation() }
        r.frame(1.5)
        #expect(r.stage.window.hitTest(CGPoint(x: 55, y: 5), with: nil) !== r.view)
        r.frame(2.1)
        #expect(r.stage.window.hitTest(CGPoint(x: 105, y: 5), with: nil) === r.view)
    }
}

@Suite(.isolatedEngine) struct UIViewPropertyAnimatorSequenceTests {
    @Test func uiViewAnimateOverARunningAnimatorAddsOnTopWithoutAJump() {
        let r = AnimatorRig()
        let a = r.animator()
        r.at(1) { a.startAnimation() }
        r.frame(1.5)
        r.at(1.5) { UIView.animate(withDuration: 0.25, delay: 0, options: .curveLinear) { r.view.frame.origin.x = 0 } }
        #expect(isNear(r.x, 50, 1e-9))
        // x = model 0 + the animator's offset (100·u − 100) + the block's (100 → 0 over 0.25 s).
        r.frame(1.625)
        #expect(isNear(r.x, (62.5 - 100) + 50, 1e-4))
        r.frame(1.75)
        #expect(isNear(r.x, 75 - 100, 1e-4))
        r.frame(2.0)
        #expect(isNear(r.x, 0, 1e-9) && r.completions == [.end])
    }

    /// Scrub → continue → reverse → finish, every frame at 60 fps against the closed form.
    @Test func scrubContinueReverseFinishFrameByFrame() {
        let r = AnimatorRig()
        let a = r.animator(1, .easeIn)
        let c = CubicBezier.easeIn
        r.at(1) { a.pauseAnimation() }
        for (i, f) in [0.1, 0.3, 0.6].enumerated() {
            r.at(1 + Double(i + 1) / 60) { a.fractionComplete = CGFloat(f) }
            #expect(isNear(r.x, 100 * f, 1e-9))               // linear scrub: the value fraction
        }
        let t0 = 1.1
        r.at(t0) { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        let uStart = ProgressCurve.bezier(c).progress(reaching: 0.6, duration: 1)
        #expect(isNear(c.value(at: uStart), 0.6, 1e-9))
        var t = t0
        for _ in 0..<12 {
            t += 1.0 / 60
            r.frame(t)
            #expect(isNear(r.x, 100 * c.value(at: uStart + (t - t0)), 1e-4), "running at \(t)")
        }
        let tr = t, ur = uStart + (tr - t0)
        r.at(tr) { a.isReversed = true }
        #expect(isNear(Double(a.fractionComplete), 1 - ur, 1e-9))
        for _ in 0..<12 {
            t += 1.0 / 60
            r.frame(t)
            #expect(isNear(r.x, 100 * c.value(at: ur - (t - tr)), 1e-4), "reversed at \(t)")
        }
        let here = r.x
        r.at(t) { a.stopAnimation(false) }
        #expect(isNear(r.modelX, here, 1e-4) && a.state == .stopped)
        r.at(t + 1.0 / 60) { a.finishAnimation(at: .start) }
        #expect(r.modelX == 0 && r.completions == [.start] && a.state == .inactive)
        r.frame(t + 2.0 / 60)
        #expect(r.x == 0 && r.view.layer.animationKeys() == nil)
    }
}

@Suite(.isolatedEngine) struct UIViewPropertyAnimatorReleaseTests {
    @Test(arguments: [false, true])
    func releasingAPausedOrStoppedAnimatorIsReportedAndLeavesTheViewsWhereTheyAre(_ stop: Bool) {
        let r = AnimatorRig()
        do {
            let a = r.animator()
            r.at(1) { a.startAnimation() }
            r.at(1.5) { stop ? a.stopAnimation(false) : a.pauseAnimation() }
        }
        #expect(r.diagnostics.last?.contains("It is an error to release a paused or stopped property animator.") == true)
        r.frame(1.6)
        #expect(isNear(r.x, 50, 1e-9) && isNear(r.modelX, 50, 1e-9) && r.view.layer.animationKeys() == nil)
    }

    @Test func aTransientlyPausedAnimatorMayBeReleased() {
        let r = AnimatorRig()
        do { UIViewPropertyAnimator(duration: 1, curve: .linear).startAnimation() }
        #expect(r.diagnostics.isEmpty)
    }
}
