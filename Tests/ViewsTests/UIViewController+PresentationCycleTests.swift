import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// A controller already in the presentation chain cannot be presented again: UIKit raises
/// ("Application tried to present modally an active controller"); Flipbook refuses with that
/// message, and dismissing never loops (issue 38, item 5).
@Suite(.isolatedEngine) struct UIViewControllerPresentationCycleTests {
    /// N (the window's root) presents A, A presents B, then `presenter` tries to present
    /// `presented`, both picked from the chain.
    @Test(arguments: [("B", "N"), ("A", "N"), ("child of N", "N")])
    func presentingAControllerOfTheChainIsRefusedAndDismissEnds(_ presenterName: String, _ presentedName: String) throws {
        let rig = TransitionRig()
        let child = UIViewController()
        rig.root.addChild(child)
        rig.root.view.addSubview(child.view)
        child.didMove(toParent: rig.root)
        rig.show()
        rig.stage.engine.reportSink = { _ in }             // read from `diagnostics` below
        let a = UIViewController(), b = UIViewController()
        a.modalPresentationStyle = .fullScreen; b.modalPresentationStyle = .overFullScreen
        let named: [String: UIViewController] = ["N": rig.root, "child of N": child, "A": a, "B": b]
        rig.stage.at(0.1) { rig.root.present(a, animated: false) }
        rig.stage.at(0.2) { a.present(b, animated: false) }
        #expect(rig.root.presentedViewController === a && a.presentedViewController === b)
        let presenter = try #require(named[presenterName]), presented = try #require(named[presentedName])
        var completed = false
        rig.stage.at(0.3) { presenter.present(presented, animated: false) { completed = true } }
        rig.run(from: 0.3, to: 0.5)
        let refused = rig.stage.engine.diagnostics.last ?? ""
        try #require(refused.contains("Application tried to present modally an active controller"), "\(rig.stage.engine.diagnostics)")
        #expect(rig.stage.engine.diagnostics.count == 1 && !completed)
        #expect(rig.root.presentedViewController === a && a.presentedViewController === b && b.presentedViewController == nil)
        #expect(rig.root.presentingViewController == nil)
        // Dismissing from the root takes both presented controllers away, and returns.
        var dismissed = false
        rig.stage.at(0.6) { rig.root.dismiss(animated: false) { dismissed = true } }
        rig.run(from: 0.6, to: 0.8)
        #expect(dismissed && rig.root.presentedViewController == nil && a.presentingViewController == nil)
        #expect(rig.window.subviews == [rig.root.view])
    }

    /// A controller presenting itself through its own child (the child's presentation root is
    /// the controller) is the smallest cycle.
    @Test func aControllerCannotPresentItsOwnAncestor() throws {
        let rig = TransitionRig()
        let child = UIViewController()
        rig.root.addChild(child)
        rig.root.view.addSubview(child.view)
        child.didMove(toParent: rig.root)
        rig.show()
        rig.stage.engine.reportSink = { _ in }
        rig.stage.at(0.1) { child.present(rig.root, animated: true) }
        rig.run(from: 0.1, to: 0.5)
        #expect(rig.stage.engine.diagnostics.last?.contains("Application tried to present modally an active controller") == true)
        #expect(rig.root.presentedViewController == nil && rig.root.presentingViewController == nil)
        #expect(rig.window.subviews == [rig.root.view])
    }

    /// A parent cycle would make every walk up the controllers (presentation root, dismiss,
    /// `presentedViewController`) loop: adding an ancestor as a child is refused.
    @Test func addingAnAncestorAsAChildIsRefused() {
        CAEngine.current.reportSink = { _ in }
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        a.addChild(b); b.addChild(c)
        c.addChild(a)
        #expect(CAEngine.current.diagnostics.last == "addChild refused: UIViewController is an ancestor of UIViewController (a cycle)")
        #expect(a.parent == nil && c.children.isEmpty && a.presentedViewController == nil)
    }

    /// Walks up the controllers are loops: a 100,000-deep chain of children answers at once.
    @Test func aDeepChildChainAnswersWithoutRecursion() {
        var controllers = [UIViewController()]
        for _ in 0..<100_000 {
            let child = UIViewController()
            controllers.last!.addChild(child)
            controllers.append(child)
        }
        let leaf = controllers.last!
        #expect(leaf.presentedViewController == nil && leaf.presentingViewController == nil)
        #expect(leaf.transitionCoordinator == nil && leaf.presentationController == nil)
        // Released leaf first: a parent holds its children, and each child only weakly its parent.
        while controllers.count > 1 { controllers.removeLast().removeFromParent() }
    }
}
