import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// Push and pop against ../shared/specs/transitions.md §5, §6 and vectors 8 and 9.
@Suite(.isolatedEngine) struct UINavigationControllerTests {
    final class NavDelegate: UINavigationControllerDelegate {
        let log: TransitionLog
        var animator: UIViewControllerAnimatedTransitioning?
        init(_ log: TransitionLog) { self.log = log }
        func navigationController(_ nc: UINavigationController, willShow vc: UIViewController, animated: Bool) {
            log.add("willShow \((vc as! LoggedController).name)")
        }
        func navigationController(_ nc: UINavigationController, didShow vc: UIViewController, animated: Bool) {
            log.add("didShow \((vc as! LoggedController).name)")
        }
        func navigationController(_ nc: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            log.add("animationControllerFor \(operation == .push ? "push" : "pop")")
            return animator
        }
    }

    private func make() -> (TransitionRig, UINavigationController, LoggedController) {
        let rig = TransitionRig()
        let a = LoggedController("A", rig.log)
        a.title = "People"
        let nav = UINavigationController(rootViewController: a)
        rig.show(nav)
        return (rig, nav, a)
    }

    /// Vector 8, with the delegate's animator.
    @Test func pushCallOrderAndStack() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log)
        let d = NavDelegate(rig.log)
        d.animator = LoggingAnimator(rig.log, duration: 0.3, presenting: true)
        nav.delegate = d
        rig.stage.at(0.1) { nav.pushViewController(b, animated: true) }
        #expect(nav.viewControllers == [a, b] && nav.topViewController === b)       // at once
        #expect(b.isMovingToParent && b.parent === nav && b.navigationController === nav)
        rig.run(from: 0.1, to: 0.6)
        #expect(a.view.superview == nil && b.view.window === rig.window)
        #expect(b.view.frame == nav.contentView.bounds && !b.isMovingToParent)
        #expect(rig.log.only("A.", "B.", "X.animationEnded", "willShow", "didShow", "animationControllerFor") == [
            "willShow B", "animationControllerFor push", "A.willDisappear", "B.willAppear",
            "A.didDisappear", "B.didAppear", "X.animationEnded(true)", "didShow B",
        ])
        #expect(nav.navigationBar.backTitle == "People")
    }

    /// The standard slide: halfway through a push the new page is about half in (ease-in-out).
    @Test func standardPushSlidesAndPopReturns() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log)
        rig.stage.at(0.1) { nav.pushViewController(b, animated: true) }
        rig.stage.frame(0.275)                                                      // half of 0.35 s
        #expect(abs(Double(b.view.layer.presentation()!.position.x) - (195 + 390 * 0.5)) < 1)
        #expect(abs(Double(a.view.layer.presentation()!.position.x) - (195 - 130 * 0.5)) < 1)
        rig.run(from: 0.275, to: 0.6)
        var popped: UIViewController?
        rig.stage.at(1) { popped = nav.popViewController(animated: true) }
        #expect(popped === b && nav.viewControllers == [a] && b.isMovingFromParent)
        rig.run(from: 1, to: 1.5)
        #expect(b.parent == nil && b.view.superview == nil && a.view.frame == nav.contentView.bounds)
        #expect(rig.log.only("A.", "B.") == [
            "A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear",
            "B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear",
        ])
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    /// Vector 9: an interactive pop (the left-edge pan) let go at 30 % cancels.
    @Test func interactivePopCancelledAtThirtyPercent() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log)
        rig.stage.at(0.1) { nav.pushViewController(b, animated: false) }
        rig.stage.frame(0.2)
        rig.log.entries.removeAll()
        let before = rig.window.layer.treeDescription()
        rig.stage.input(.pointerDown(CGPoint(x: 5, y: 400)), at: 1)
        rig.stage.frame(1)
        for (i, x) in [20.0, 60, 100, 122].enumerated() {
            let t = 1 + Double(i + 1) * 0.1
            rig.stage.input(.pointerMove(CGPoint(x: x, y: 400)), at: t)
            rig.stage.frame(t)
        }
        #expect(nav.viewControllers == [a])                                         // popped at once
        #expect(a.view.superview === nav.contentView)
        rig.stage.input(.pointerMove(CGPoint(x: 122, y: 400)), at: 1.6)
        rig.stage.frame(1.6)
        rig.stage.input(.pointerUp(CGPoint(x: 122, y: 400)), at: 2.0)
        rig.run(from: 2.0, to: 3)
        #expect(nav.viewControllers == [a, b] && nav.topViewController === b)
        #expect(a.view.superview == nil && b.view.frame == nav.contentView.bounds)
        #expect(rig.log.only("A.", "B.") == [
            "B.willDisappear", "A.willAppear", "A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear",
        ])
        #expect(rig.window.layer.treeDescription() == before)                        // nothing left behind
    }

    /// The same pan let go past half-way finishes the pop.
    @Test func interactivePopFinishesPastHalfWay() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log)
        rig.stage.at(0.1) { nav.pushViewController(b, animated: false) }
        rig.stage.input(.pointerDown(CGPoint(x: 5, y: 400)), at: 1)
        rig.stage.frame(1)
        for (i, x) in [40.0, 120, 200, 260].enumerated() {
            let t = 1 + Double(i + 1) * 0.1
            rig.stage.input(.pointerMove(CGPoint(x: x, y: 400)), at: t)
            rig.stage.frame(t)
        }
        rig.stage.input(.pointerUp(CGPoint(x: 260, y: 400)), at: 1.5)
        rig.run(from: 1.5, to: 2.5)
        #expect(nav.viewControllers == [a] && b.view.superview == nil && b.parent == nil)
        #expect(a.view.frame == nav.contentView.bounds)
    }

    /// The gamepad's B held with the left stick scrubs a pop; a plain B press pops, then dismisses.
    @Test func backButtonPopsAndScrubs() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log), c = LoggedController("C", rig.log)
        rig.stage.at(0.1) { nav.pushViewController(b, animated: false); nav.pushViewController(c, animated: false) }
        rig.stage.frame(0.2)
        #expect(rig.window.canGoBack)
        rig.stage.input(.padButton(.b, isDown: true), at: 1)
        rig.stage.input(.padAxis(.leftX, value: 0.7), at: 1.1)
        rig.stage.frame(1.1)
        #expect(nav.viewControllers == [a, b])
        rig.stage.input(.padButton(.b, isDown: false), at: 1.2)
        rig.run(from: 1.2, to: 2)
        #expect(nav.viewControllers == [a, b] && c.view.superview == nil)            // 0.7 > ½: finished
        rig.stage.input(.key(.escape, isDown: true), at: 2.1)
        rig.stage.input(.key(.escape, isDown: false), at: 2.2)
        rig.run(from: 2.2, to: 3)
        #expect(nav.viewControllers == [a] && !rig.window.canGoBack)
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .fullScreen
        rig.stage.at(3.1) { a.present(v, animated: false) }
        #expect(rig.window.canGoBack)
        rig.stage.input(.padButton(.b, isDown: true), at: 3.2)
        rig.stage.input(.padButton(.b, isDown: false), at: 3.3)
        rig.run(from: 3.3, to: 4.5)
        #expect(a.presentedViewController == nil && nav.view.window === rig.window)
    }

    /// Misuse: pushing a controller twice; pushing while a push runs; popping to a stranger.
    @Test func misuseIsReportedAndIgnored() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log)
        rig.stage.at(0.1) { nav.pushViewController(a, animated: true) }
        #expect(rig.stage.engine.diagnostics.last?.contains("already in the navigation stack") == true)
        rig.stage.at(0.2) { nav.pushViewController(b, animated: true); nav.pushViewController(LoggedController("C", rig.log), animated: true) }
        #expect(rig.stage.engine.diagnostics.last == "push refused: a transition is in flight")
        rig.run(from: 0.2, to: 1)
        #expect(nav.viewControllers == [a, b])
        #expect(nav.popToViewController(LoggedController("D", rig.log), animated: true) == nil)
        #expect(nav.popToRootViewController(animated: false) == [b] && nav.viewControllers == [a])
        #expect(nav.popViewController(animated: true) == nil)
    }

    /// setViewControllers replaces the stack; a hidden bar gives the content the whole view.
    @Test func setViewControllersAndHiddenBar() {
        let (rig, nav, a) = make()
        let b = LoggedController("B", rig.log), c = LoggedController("C", rig.log)
        rig.stage.at(0.1) { nav.setViewControllers([a, b, c], animated: false) }
        #expect(nav.children == [a, b, c] && c.view.superview === nav.contentView)
        #expect(rig.log.only("A.", "C.") == ["A.willDisappear", "C.willAppear", "A.didDisappear", "C.didAppear"])
        nav.setNavigationBarHidden(true, animated: false)
        rig.stage.frame(0.2)
        #expect(nav.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        rig.window.rootViewController = nil
        #expect(rig.log.entries.suffix(2) == ["C.willDisappear", "C.didDisappear"])  // forwarded to the top
    }

    /// Animated, the bar slides out over 0.2 s with the content growing under it, and back in.
    @Test func hidingTheBarAnimatedSlidesIt() {
        let (rig, nav, _) = make()
        func barY() -> Double { Double(nav.navigationBar.layer.presentation()!.position.y) }
        func contentTop() -> Double { Double(nav.contentView.layer.presentation()!.frame.minY) }
        rig.stage.at(1) { nav.setNavigationBarHidden(true, animated: true) }
        #expect(nav.isNavigationBarHidden && !nav.navigationBar.isHidden)
        rig.stage.frame(1.1)                                                           // half-way (default ease in-out)
        #expect(abs(barY() - 0) < 1 && abs(contentTop() - 22) < 1)
        rig.stage.frame(1.25)
        #expect(nav.navigationBar.isHidden && nav.navigationBar.frame.minY == -44)
        #expect(nav.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        rig.stage.at(2) { nav.setNavigationBarHidden(false, animated: true) }
        #expect(!nav.navigationBar.isHidden)
        rig.stage.frame(2.1)
        #expect(abs(barY() - 0) < 1 && abs(contentTop() - 22) < 1)
        rig.stage.frame(2.25)
        #expect(nav.navigationBar.frame.minY == 0 && contentTop() == 44 && !nav.navigationBar.isHidden)
        nav.setNavigationBarHidden(false, animated: true)                               // no change: nothing runs
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    /// Each push compared the new stack with the old one controller by controller (4,000 pushes
    /// took 15 s in release): pushes and pops now change the stack in place and compare nothing.
    @Test func pushingAndPoppingWithoutAnimationCompareNoControllers() {
        let (rig, nav, a) = make()
        rig.stage.engine.reportSink = { _ in }
        var pushed: [UIViewController] = []
        for _ in 0..<2_000 {
            let vc = UIViewController()
            nav.pushViewController(vc, animated: false)
            pushed.append(vc)
        }
        #expect(nav.viewControllers.count == 2_001 && nav.topViewController === pushed.last && nav.children.count == 2_001)
        #expect(pushed.last?.view.window === rig.window && pushed.first?.view.superview == nil)
        #expect(nav.comparisons <= 2 * 2_001, "\(nav.comparisons)")
        nav.pushViewController(pushed[5], animated: false)                      // already in the stack
        #expect(rig.stage.engine.diagnostics.last?.contains("already in the navigation stack") == true)
        for _ in 0..<1_000 { nav.popViewController(animated: false) }
        #expect(nav.viewControllers.count == 1_001 && nav.topViewController === pushed[999] && nav.children.count == 1_001)
        #expect(pushed[1_000].parent == nil && pushed[999].view.window === rig.window)
        nav.pushViewController(pushed[1_500], animated: false)                  // popped: may come back
        #expect(nav.topViewController === pushed[1_500])
        nav.popToRootViewController(animated: false)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === a && a.view.window === rig.window)
        #expect(nav.comparisons <= 2 * 2_001 + 2 * 1_003, "\(nav.comparisons)")   // popToRoot: one pass
    }
}

private func == (lhs: [UIViewController], rhs: [UIViewController]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}

private func == (lhs: [UIViewController]?, rhs: [UIViewController]) -> Bool {
    lhs.map { $0 == rhs } ?? false
}
