import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// present/dismiss against ../shared/specs/transitions.md's test vectors (§10).
@Suite(.isolatedEngine) struct UIViewControllerPresentationTests {
    /// Vectors 1, 2, 3, 5: a full-screen present through a custom delegate and animator.
    @Test func fullScreenPresentCallOrderContainerAndFrames() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        let d = LoggingDelegate(rig.log)
        let x = LoggingAnimator(rig.log, presenting: true)
        d.presentAnimator = x
        v.transitioningDelegate = d
        v.modalPresentationStyle = .fullScreen
        var completed = false
        rig.stage.at(0.1) { rig.root.present(v, animated: true) { rig.log.add("completion"); completed = true } }
        let ctx = try! #require(x.context)
        #expect(ctx.viewController(forKey: .from) === rig.root && ctx.viewController(forKey: .to) === v)
        #expect(x.containerSubviewsAtStart?.isEmpty == true)                       // vector 2
        #expect(ctx.initialFrame(for: v) == .zero)                                 // vector 3
        #expect(ctx.finalFrame(for: v) == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(ctx.initialFrame(for: rig.root) == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(ctx.finalFrame(for: rig.root) == .zero)
        #expect(ctx.view(forKey: .from) === rig.root.view && ctx.view(forKey: .to) === v.view)
        #expect(rig.root.presentedViewController === v && v.presentingViewController === rig.root)
        #expect(v.isBeingPresented && v.transitionCoordinator != nil)
        #expect(!completed)
        rig.run(from: 0.1, to: 0.6)
        #expect(completed)
        #expect(!v.isBeingPresented && v.transitionCoordinator == nil)
        #expect(ctx.containerView.subviews == [v.view])                             // vector 2
        #expect(rig.root.view.window == nil)
        #expect(rig.log.entries == [
            "D.forPresented(V, presenting: N, source: N)", "D.interactionForPresentation",
            "N.willDisappear", "V.willAppear", "X.transitionDuration", "X.animateTransition",
            "V.didAppear", "N.didDisappear", "X.animationEnded(true)", "completion",
        ])
    }

    /// Vector 4: the dismissal of the same presentation, and the window afterwards.
    @Test func fullScreenDismissPutsThePresenterBack() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        let d = LoggingDelegate(rig.log)
        d.presentAnimator = LoggingAnimator(rig.log, presenting: true)
        let y = LoggingAnimator(rig.log, presenting: false)
        d.dismissAnimator = y
        v.transitioningDelegate = d
        v.modalPresentationStyle = .fullScreen
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }
        rig.run(from: 0.1, to: 0.6)
        rig.log.entries.removeAll()
        var rootInWindowAtStart = false
        rig.stage.at(1) {
            v.dismiss(animated: true) { rig.log.add("completion") }
            rootInWindowAtStart = rig.root.view.window === rig.window
        }
        let ctx = try! #require(y.context)
        #expect(rootInWindowAtStart)
        #expect(ctx.viewController(forKey: .from) === v && ctx.viewController(forKey: .to) === rig.root)
        #expect(ctx.view(forKey: .to) === rig.root.view)
        #expect(v.isBeingDismissed)
        rig.run(from: 1, to: 1.5)
        #expect(v.view.superview == nil && rig.root.presentedViewController == nil && v.presentingViewController == nil)
        #expect(rig.window.subviews == [rig.root.view])                             // the container left
        #expect(rig.root.view.frame == rig.window.bounds)
        #expect(rig.log.entries == [
            "D.forDismissed(V)", "D.interactionForDismissal", "V.willDisappear", "N.willAppear",
            "X.transitionDuration", "X.animateTransition", "V.didDisappear", "N.didAppear",
            "X.animationEnded(true)", "completion",
        ])
    }

    /// Vector 6: over full screen leaves the presenter alone.
    @Test func overFullScreenKeepsThePresenter() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .overFullScreen
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }
        rig.run(from: 0.1, to: 0.7)
        #expect(rig.log.entries == ["V.willAppear", "V.didAppear"])
        #expect(rig.root.view.window === rig.window)
        #expect(v.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))     // cover vertical ended in place
    }

    /// Vector 7: a custom presentation with a presentation controller.
    @Test func customPresentationOrderAndFrames() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        let d = LoggingDelegate(rig.log)
        let x = LoggingAnimator(rig.log, presenting: true)
        d.presentAnimator = x
        d.presentation = { presented, presenting in
            let pc = LoggingPresentationController(presentedViewController: presented, presenting: presenting)
            pc.log = rig.log
            return pc
        }
        v.transitioningDelegate = d
        v.modalPresentationStyle = .custom
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }
        rig.run(from: 0.1, to: 0.6)
        let ctx = try! #require(x.context)
        #expect(ctx.view(forKey: .from) == nil)
        #expect(ctx.finalFrame(for: v) == CGRect(x: 20, y: 200, width: 350, height: 600))
        #expect(v.presentationController is LoggingPresentationController)
        #expect(rig.log.only("D.presentationController", "D.forPresented", "PC.", "X.animateTransition", "X.animationEnded") == [
            "D.presentationController", "D.forPresented(V, presenting: N, source: N)", "PC.presentationWillBegin",
            "X.animateTransition", "PC.presentationDidEnd(true)", "X.animationEnded(true)",
        ])
        #expect(rig.log.only("N.").isEmpty)                                         // the presenter stays
        // Not animated: a custom presentation still runs its animator (to set up the container).
        rig.log.entries.removeAll()
        rig.stage.at(1) { v.dismiss(animated: false) }
        rig.run(from: 1, to: 1.5)
        #expect(rig.log.only("PC.") == ["PC.dismissalWillBegin", "PC.dismissalDidEnd(true)"])
    }

    /// Vectors 10 and 11: percent-driven, the classic path (container layer time).
    @Test(arguments: [(false, 1.0, 0.3), (false, 2.0, 0.15), (true, 1.0, 0.2), (true, 2.0, 0.1)])
    func percentDrivenTimings(cancel: Bool, speed: Double, expected: Double) {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .overFullScreen
        rig.stage.at(0.1) { rig.root.present(v, animated: false) }
        let d = LoggingDelegate(rig.log)
        let y = LoggingAnimator(rig.log, duration: 0.5, presenting: false)
        d.dismissAnimator = y
        let i = UIPercentDrivenInteractiveTransition()
        i.completionSpeed = CGFloat(speed)
        i.completionCurve = .linear
        d.interaction = i
        v.transitioningDelegate = d
        rig.log.entries.removeAll()
        rig.stage.at(1) { v.dismiss(animated: true) { rig.log.add("completion") } }
        let ctx = try! #require(y.context)
        #expect(ctx.isInteractive)
        rig.stage.at(1.5) { i.update(0.4) }
        #expect(i.percentComplete == 0.4 && i.duration == 0.5)
        #expect(abs(ctx.containerView.layer.timeOffset - 0.2) < 1e-12)
        #expect(abs(Double(v.view.layer.presentation()!.opacity) - 0.6) < 1e-6)   // 40 % of the fade
        rig.stage.at(2) { cancel ? i.cancel() : i.finish() }
        #expect(ctx.transitionWasCancelled == cancel && !ctx.isInteractive)
        // Ends within a frame of the expected time (the completion runs when the animations end).
        var t = 2.0
        var shown: [Double] = []
        while rig.log.only("X.animationEnded").isEmpty && t < 3 {
            t += 0.001
            rig.stage.frame(t)
            shown.append(Double(v.view.layer.presentation()!.opacity))
        }
        rig.stage.frame(t + 0.001)
        shown.append(Double(v.view.layer.presentation()!.opacity))
        // No frame shows the far end of a cancelled transition (the alpha goes 0.6 → 1, never below).
        if cancel { #expect(shown.min()! >= 0.6 - 1e-9, "\(shown.suffix(3))") }
        #expect(abs(t - 2 - expected) < 0.0025, "ended \(t - 2) s after finish/cancel")
        #expect(rig.log.only("X.animationEnded") == ["X.animationEnded(\(!cancel))"])
        #expect(v.presentingViewController === (cancel ? rig.root : nil))
        #expect(rig.log.only("completion").count == (cancel ? 0 : 1))
        if cancel {
            #expect(v.view.window === rig.window && v.view.alpha == 1)
            #expect(rig.log.only("V.") == ["V.willDisappear", "V.willAppear", "V.didAppear"])
        }
    }

    /// Vector 11 for a present: a cancelled interactive presentation leaves nothing presented.
    @Test func cancelledInteractivePresentationUndoesIt() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .fullScreen
        let d = LoggingDelegate(rig.log)
        d.presentAnimator = LoggingAnimator(rig.log, duration: 0.5, presenting: true)
        let i = UIPercentDrivenInteractiveTransition()
        d.interaction = i
        v.transitioningDelegate = d
        let before = rig.window.layer.treeDescription()
        rig.stage.at(0.1) { rig.root.present(v, animated: true) { rig.log.add("completion") } }
        rig.stage.at(0.2) { i.update(0.4) }
        rig.stage.at(0.3) { i.cancel() }
        rig.run(from: 0.3, to: 1)
        #expect(rig.root.presentedViewController == nil && v.view.window == nil)
        #expect(rig.window.subviews == [rig.root.view])
        #expect(rig.log.only("N.", "V.", "completion") == [
            "N.willDisappear", "V.willAppear", "V.willDisappear", "V.didDisappear", "N.willAppear", "N.didAppear",
        ])
        #expect(rig.window.layer.treeDescription() == before)
    }

    /// Vector 13: an interruptible animator driven by a percent-driven controller.
    @Test func interruptibleAnimatorIsScrubbedAndReversed() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .overFullScreen
        rig.stage.at(0.1) { rig.root.present(v, animated: false) }
        let d = LoggingDelegate(rig.log)
        let inner = LoggingAnimator(rig.log, duration: 0.5, presenting: false)
        d.dismissAnimator = InterruptibleAnimator(inner)
        let i = UIPercentDrivenInteractiveTransition()
        d.interaction = i
        v.transitioningDelegate = d
        rig.stage.at(1) { v.dismiss(animated: true) }
        rig.stage.at(1.1) { i.update(0.25) }
        let a = try! #require(inner.property)
        #expect(a.state == .active && !a.isRunning && a.fractionComplete == 0.25)
        #expect(rig.log.only("X.animateTransition").isEmpty)                        // the animator runs it
        rig.stage.at(1.2) { i.cancel() }
        #expect(a.isReversed && a.isRunning)
        rig.run(from: 1.2, to: 2)
        #expect(rig.log.only("X.animationEnded") == ["X.animationEnded(false)"])
        #expect(v.presentingViewController === rig.root && v.view.alpha == 1)
    }

    /// A slow frame (the window's, when one frame takes seconds) that jumps past both the
    /// animations' end and the watchdog's time: timers fire before the animate phase that runs the
    /// completion, so the watchdog looks one frame later and reports nothing; the present completes.
    @Test func aFrameJumpingPastTheEndIsNotReportedAsStuck() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        let d = LoggingDelegate(rig.log)
        d.presentAnimator = LoggingAnimator(rig.log, duration: 0.4, presenting: true)
        v.transitioningDelegate = d
        v.modalPresentationStyle = .fullScreen
        var completed = false
        let count = rig.stage.engine.diagnostics.count
        rig.stage.at(0.2) { rig.root.present(v, animated: true) { completed = true } }
        rig.stage.frame(0.25)
        rig.stage.frame(3.0)                                   // 2.75 s in one frame: past 0.2 + 0.4 + 1
        rig.stage.frame(3.02)
        #expect(completed && rig.root.presentedViewController === v)
        #expect(rig.stage.engine.diagnostics.count == count, "\(rig.stage.engine.diagnostics.suffix(2))")
    }

    /// Vector 12 and the misuse rules (spec §8, issue item 6).
    @Test func misuseIsReportedAndIgnored() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log), w = LoggedController("W", rig.log)
        let d = LoggingDelegate(rig.log)
        let x = LoggingAnimator(rig.log, duration: 0.4, presenting: true)
        x.completes = false
        d.presentAnimator = x
        v.transitioningDelegate = d
        v.modalPresentationStyle = .fullScreen
        rig.stage.at(0.1) { rig.root.dismiss(animated: true) }
        #expect(rig.stage.engine.diagnostics.last?.hasPrefix("dismiss ignored: LoggedController presents nothing") == true)
        var completed = false
        rig.stage.at(0.2) { rig.root.present(v, animated: true) { completed = true } }
        rig.stage.at(0.3) { rig.root.present(w, animated: true) }
        #expect(rig.stage.engine.diagnostics.last?.hasPrefix("present refused: a transition is in flight") == true)
        let count = rig.stage.engine.diagnostics.count
        rig.run(from: 0.3, to: 1.55)
        #expect(rig.stage.engine.diagnostics.count == count)
        rig.run(from: 1.55, to: 1.65)                                              // 0.2 + 0.4 + 1 s
        #expect(rig.stage.engine.diagnostics.last?.hasPrefix("present transition stuck: LoggingAnimator has not called completeTransition") == true)
        rig.run(from: 1.65, to: 5.2)
        #expect(!completed && x.context?.containerView.window === rig.window)      // still in flight
        var tapped = false
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        button.addAction(for: .touchUpInside) { tapped = true }
        v.view.addSubview(button)
        rig.stage.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 5.3)
        rig.stage.input(.pointerUp(CGPoint(x: 100, y: 100)), at: 5.4)
        #expect(!tapped)                                                            // touches stay ignored
        rig.stage.at(5.5) { rig.root.present(w, animated: true) }
        #expect(w.presentingViewController == nil)
        // A controller already presented, and one with a parent, are refused.
        let other = TransitionRig()
        other.show()
        let child = UIViewController()
        other.root.addChild(child)
        other.stage.at(0.1) { other.root.present(child, animated: false) }
        #expect(other.stage.engine.diagnostics.last?.contains("has a parent view controller") == true)
        let lone = UIViewController()
        other.stage.at(0.2) { lone.present(UIViewController(), animated: false) }
        #expect(other.stage.engine.diagnostics.last?.contains("is not in a window") == true)
    }

    /// The built-in styles present and dismiss through the standard animator.
    @Test(arguments: [UIModalTransitionStyle.coverVertical, .crossDissolve, .flipHorizontal, .partialCurl])
    func builtInTransitionStylesPresentAndDismiss(style: UIModalTransitionStyle) {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .fullScreen
        v.modalTransitionStyle = style
        var done = 0
        rig.stage.at(0.1) { rig.root.present(v, animated: true) { done += 1 } }
        rig.run(from: 0.1, to: 1)
        #expect(done == 1 && rig.root.view.window == nil && v.view.window === rig.window)
        #expect(v.view.frame == rig.window.bounds)
        rig.stage.at(1.5) { v.dismiss(animated: true) { done += 1 } }
        rig.run(from: 1.5, to: 2.5)
        #expect(done == 2 && v.view.window == nil && rig.window.subviews == [rig.root.view])
        #expect(rig.root.view.frame == rig.window.bounds)
        #expect(rig.log.entries == ["N.willDisappear", "V.willAppear", "V.didAppear", "N.didDisappear",
                                    "V.willDisappear", "N.willAppear", "V.didDisappear", "N.didAppear"])
    }

    /// Cover vertical moves the presented view up from below on UIKit's default curve.
    @Test func coverVerticalIsHalfWayAtHalfTime() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .overFullScreen
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }
        rig.stage.frame(0.35)                                                       // half of 0.5 s
        #expect(abs(Double(v.view.layer.presentation()!.position.y) - (422 + 844 * 0.5)) < 1)
    }

    /// Sheets: a card over the dimmed presenter; the presenter gets no callbacks; stacked presents
    /// dismiss from the bottom of the stack.
    @Test func sheetsAndStackedPresentations() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log), w = LoggedController("W", rig.log)
        w.modalPresentationStyle = .formSheet
        w.preferredContentSize = CGSize(width: 300, height: 400)
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }                   // .automatic: page sheet
        rig.run(from: 0.1, to: 1)
        #expect(v.view.frame.minY == 40 && v.view.layer.cornerRadius == 12)
        #expect(rig.root.view.window === rig.window && rig.log.only("N.").isEmpty)
        rig.stage.at(1) { v.present(w, animated: true) }
        rig.run(from: 1, to: 2)
        #expect(w.view.frame == CGRect(x: 45, y: 222, width: 300, height: 400))
        #expect(v.presentedViewController === w && w.presentingViewController === v)
        rig.log.entries.removeAll()
        rig.stage.at(2) { rig.root.dismiss(animated: true) }                        // dismisses V, and W above it
        rig.run(from: 2, to: 3)
        #expect(rig.window.subviews == [rig.root.view])
        #expect(rig.log.entries == ["W.willDisappear", "W.didDisappear", "V.willDisappear", "V.didDisappear"])
        rig.stage.frame(3.1)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    /// .currentContext and .overCurrentContext present from the nearest ancestor that defines the
    /// presentation context, inside its view's rectangle; over-current keeps its view, current takes
    /// it out and puts it back where it was. Without such an ancestor, the root presents.
    @Test(arguments: [UIModalPresentationStyle.currentContext, .overCurrentContext])
    func currentContextPresentsInsideTheDefiningController(style: UIModalPresentationStyle) {
        let rig = TransitionRig()
        let context = LoggedController("C", rig.log), inner = LoggedController("G", rig.log)
        rig.root.loadViewIfNeeded()
        rig.root.addChild(context)
        context.view.frame = CGRect(x: 0, y: 422, width: 390, height: 422)
        rig.root.view.addSubview(UIView(frame: .zero))
        rig.root.view.insertSubview(context.view, at: 0)
        context.didMove(toParent: rig.root)
        context.addChild(inner)
        inner.view.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        context.view.addSubview(inner.view)
        inner.didMove(toParent: context)
        context.definesPresentationContext = true
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = style
        var containerFrame = CGRect.zero
        rig.stage.at(0.1) {
            inner.present(v, animated: true)
            containerFrame = v.view.superview?.frame ?? .zero
        }
        rig.run(from: 0.1, to: 1)
        #expect(v.presentingViewController === context && context.presentedViewController === v)
        #expect(rig.root.presentedViewController == nil)
        #expect(containerFrame == CGRect(x: 0, y: 422, width: 390, height: 422))
        #expect(v.view.frame == CGRect(x: 0, y: 0, width: 390, height: 422))
        #expect(rig.root.view.window === rig.window)
        #expect((context.view.window === rig.window) == (style == .overCurrentContext))
        #expect(rig.log.only("C.") == (style == .currentContext ? ["C.willDisappear", "C.didDisappear"] : []))
        rig.stage.at(1) { v.dismiss(animated: true) }
        rig.run(from: 1, to: 2)
        #expect(context.presentedViewController == nil && v.view.window == nil)
        #expect(rig.window.subviews == [rig.root.view])
        #expect(context.view.superview === rig.root.view && rig.root.view.subviews.first === context.view)
        #expect(context.view.frame == CGRect(x: 0, y: 422, width: 390, height: 422))
        #expect(rig.stage.engine.diagnostics.isEmpty)

        // Nothing defines a context: the root presents over the whole window.
        context.definesPresentationContext = false
        let w = LoggedController("W", rig.log)
        w.modalPresentationStyle = style
        rig.stage.at(2) { inner.present(w, animated: false) }
        rig.stage.frame(2.1)
        #expect(w.presentingViewController === rig.root)
        #expect(w.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    /// The coordinator runs alongside animations and completions; the window resizes containers.
    @Test func transitionCoordinatorAndResize() {
        let rig = TransitionRig()
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .overFullScreen
        let extra = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        rig.root.view.addSubview(extra)
        rig.stage.at(0.1) {
            rig.root.present(v, animated: true) { rig.log.add("completion") }
            v.transitionCoordinator?.animate(alongsideTransition: { _ in extra.alpha = 0 }) { c in
                rig.log.add("alongside done \(c.isCancelled)")
            }
        }
        rig.stage.frame(0.35)
        #expect(abs(Double(extra.layer.presentation()!.opacity) - 0.5) < 0.01)
        rig.run(from: 0.35, to: 1)
        #expect(rig.log.only("alongside", "completion") == ["alongside done false", "completion"])
        rig.window.resize(to: CGSize(width: 500, height: 600))
        rig.stage.frame(1.1)
        #expect(v.view.frame == CGRect(x: 0, y: 0, width: 500, height: 600))
    }
}
