import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Tabs: children and appearance, taps through the delegate, the delegate's animators (also
/// interactive, cancelled), and misuse.
@Suite(.isolatedEngine) struct UITabBarControllerTests {
    final class TabDelegate: UITabBarControllerDelegate {
        let log: TransitionLog
        var refuse: UIViewController?
        var animator: UIViewControllerAnimatedTransitioning?
        var interaction: UIViewControllerInteractiveTransitioning?
        init(_ log: TransitionLog) { self.log = log }
        func tabBarController(_ t: UITabBarController, shouldSelect vc: UIViewController) -> Bool {
            log.add("shouldSelect \(name(vc))")
            return vc !== refuse
        }
        func tabBarController(_ t: UITabBarController, didSelect vc: UIViewController) { log.add("didSelect \(name(vc))") }
        func tabBarController(_ t: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                              to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            log.add("animator \(name(fromVC))→\(name(toVC))")
            return animator
        }
        func tabBarController(_ t: UITabBarController, interactionControllerFor a: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interaction
        }
        private func name(_ vc: UIViewController) -> String { (vc as? LoggedController)?.name ?? "\(type(of: vc))" }
    }

    private func make() -> (TransitionRig, UITabBarController, [LoggedController], TabDelegate) {
        let rig = TransitionRig()
        let a = LoggedController("A", rig.log), b = LoggedController("B", rig.log), c = LoggedController("C", rig.log)
        a.title = "Home"
        b.tabBarItem = UITabBarItem(title: "Likes", image: UIImage(systemName: "heart"), selectedImage: UIImage(systemName: "heart.fill"))
        c.tabBarItem = UITabBarItem(tabBarSystemItem: .search, tag: 3)
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b, c]
        let d = TabDelegate(rig.log)
        tabs.delegate = d
        rig.show(tabs)
        return (rig, tabs, [a, b, c], d)
    }

    private func tap(_ rig: TransitionRig, _ tabs: UITabBarController, _ i: Int, at t: Double) {
        let button = tabs.tabBar.buttons[i]
        let p = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil)
        rig.stage.input(.pointerDown(p), at: t)
        rig.stage.frame(t)
        rig.stage.input(.pointerUp(p), at: t + 1.0 / 60)
        rig.stage.frame(t + 1.0 / 60)
    }

    @Test func tapsSwapTheTabsThroughTheDelegate() {
        let (rig, tabs, vcs, d) = make()
        let (a, b, c) = (vcs[0], vcs[1], vcs[2])
        #expect(tabs.children.elementsEqual([a, b, c], by: ===) && tabs.selectedViewController === a && b.tabBarController === tabs)
        #expect(a.view.superview === tabs.contentView && a.view.frame == tabs.contentView.bounds && b.viewIfLoaded == nil)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 844 - 49, width: 390, height: 49))
        #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Likes", "Search"])
        #expect(tabs.tabBar.selectedItem === a.tabBarItem)

        tap(rig, tabs, 1, at: 0.5)
        #expect(tabs.selectedIndex == 1 && tabs.tabBar.selectedItem === b.tabBarItem)
        #expect(a.view.superview == nil && b.view.superview === tabs.contentView)
        #expect(rig.log.entries == ["shouldSelect B", "animator A→B", "A.willDisappear", "A.didDisappear",
                                    "B.willAppear", "B.didAppear", "didSelect B"])

        // A refused tab stays unselected; a tap on the selected tab tells didSelect again.
        rig.log.entries.removeAll()
        d.refuse = c
        tap(rig, tabs, 2, at: 1)
        tap(rig, tabs, 1, at: 1.5)
        #expect(tabs.selectedViewController === b)
        #expect(rig.log.entries == ["shouldSelect C", "shouldSelect B", "didSelect B"])

        // A title set on the controller titles its tab.
        a.title = "Start"
        #expect(tabs.tabBar.items?.first?.title == "Start")
        let buttons = tabs.tabBar.buttons
        b.tabBarItem.badgeValue = "3"                                   // redrawn in place
        #expect(tabs.tabBar.buttons.elementsEqual(buttons, by: ===) && buttons[1].subviews.contains { ($0 as? UILabel)?.text == "3" })
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func theDelegatesAnimatorRunsAsATransition() {
        let (rig, tabs, vcs, d) = make()
        let (a, c) = (vcs[0], vcs[2])
        let animator = LoggingAnimator(rig.log, duration: 0.4, presenting: true)
        d.animator = animator
        rig.log.entries.removeAll()
        rig.stage.at(1) { tabs.selectedIndex = 2 }                    // by code: the animator too
        rig.stage.frame(1.2)
        #expect(a.view.superview === tabs.contentView && c.view.superview === tabs.contentView)
        #expect(abs(Double(c.view.layer.presentation()!.opacity) - 0.5) < 0.05)
        #expect(tabs.selectedIndex == 2)
        tabs.selectedIndex = 1                                          // refused mid-flight
        #expect(rig.stage.engine.diagnostics.last?.contains("in flight") == true)
        rig.run(from: 1.2, to: 1.6)
        #expect(a.view.superview == nil && c.view.frame == tabs.contentView.bounds && tabs.selectedIndex == 2)
        #expect(rig.log.only("A.", "C.", "X.animationEnded", "animator") == [
            "animator A→C", "A.willDisappear", "C.willAppear", "A.didDisappear", "C.didAppear", "X.animationEnded(true)",
        ])
    }

    @Test func aCancelledInteractiveChangeKeepsTheOldTab() {
        let (rig, tabs, vcs, d) = make()
        let (a, b) = (vcs[0], vcs[1])
        d.animator = LoggingAnimator(rig.log, duration: 0.4, presenting: true)
        let interaction = UIPercentDrivenInteractiveTransition()
        d.interaction = interaction
        let before = rig.window.layer.treeDescription()
        rig.stage.at(1) { tabs.selectedIndex = 1 }
        rig.stage.at(1.1) { interaction.update(0.3) }
        #expect(tabs.tabBar.selectedItem === b.tabBarItem)
        rig.stage.at(1.2) { interaction.cancel() }
        rig.run(from: 1.2, to: 2)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a && tabs.tabBar.selectedItem === a.tabBarItem)
        #expect(a.view.superview === tabs.contentView && b.view.superview == nil)
        #expect(rig.log.only("A.", "B.") == [
            "A.willDisappear", "B.willAppear", "B.willDisappear", "B.didDisappear", "A.willAppear", "A.didAppear",
        ])
        #expect(rig.window.layer.treeDescription() == before)
    }

    @Test func reselectingANavigationTabPopsToItsRoot() {
        let rig = TransitionRig()
        let root = LoggedController("R", rig.log), deep = LoggedController("D", rig.log)
        let nav = UINavigationController(rootViewController: root)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, LoggedController("O", rig.log)]
        rig.show(tabs)
        rig.stage.at(0.5) { nav.pushViewController(deep, animated: false) }
        tap(rig, tabs, 0, at: 1)
        rig.run(from: 1.1, to: 2)
        #expect(nav.viewControllers.elementsEqual([root], by: ===) && deep.tabBarController == nil && root.tabBarController === tabs)
    }

    @Test func misuseIsReportedAndIgnored() {
        let (rig, tabs, vcs, _) = make()
        tabs.selectedIndex = 7
        tabs.selectedViewController = UIViewController()
        tabs.viewControllers = [vcs[0], vcs[0]]
        #expect(rig.stage.engine.diagnostics.count == 3)
        #expect(tabs.viewControllers?.count == 3 && tabs.selectedIndex == 0)

        // New tabs keep the selected controller where it went, else the same index, else the first.
        tabs.selectedIndex = 1
        let d = LoggedController("D", rig.log)
        tabs.viewControllers = [d, vcs[1]]
        #expect(tabs.selectedViewController === vcs[1] && tabs.selectedIndex == 1)
        #expect(vcs[0].parent == nil && vcs[2].parent == nil && d.parent === tabs)
        tabs.viewControllers = [vcs[2]]
        #expect(tabs.selectedIndex == 0 && vcs[2].view.superview === tabs.contentView && vcs[1].view.superview == nil)
        tabs.viewControllers = nil
        #expect(tabs.selectedViewController == nil && tabs.children.isEmpty && tabs.contentView.subviews.isEmpty)
    }
}
