import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// A page sheet swiped down, as on iOS 13 and later: far or fast enough dismisses it, otherwise it
/// springs back; `isModalInPresentation` or the delegate keeps it; the delegate hears about it.
@Suite(.isolatedEngine) struct SheetSwipeTests {
    final class SheetDelegate: UIAdaptivePresentationControllerDelegate {
        var calls: [String] = []
        var allow = true
        func presentationControllerShouldDismiss(_ p: UIPresentationController) -> Bool { calls.append("should"); return allow }
        func presentationControllerWillDismiss(_ p: UIPresentationController) { calls.append("will") }
        func presentationControllerDidDismiss(_ p: UIPresentationController) { calls.append("did") }
        func presentationControllerDidAttemptToDismiss(_ p: UIPresentationController) { calls.append("attempt") }
    }

    /// A page sheet presented over the rig's root and settled by t = 1; its delegate.
    func presentedSheet(_ rig: TransitionRig) -> (LoggedController, SheetDelegate) {
        rig.show()
        let v = LoggedController("V", rig.log)
        v.modalPresentationStyle = .pageSheet
        rig.stage.at(0.1) { rig.root.present(v, animated: true) }
        rig.run(from: 0.1, to: 1)
        let d = SheetDelegate()
        v.presentationController?.delegate = d
        rig.log.entries.removeAll()
        return (v, d)
    }

    /// A finger down at y0 on the sheet, moved evenly to y1 over `seconds` in frames of 1/60 s,
    /// lifted; frames then run to `until`.
    func swipe(_ rig: TransitionRig, from y0: Double, to y1: Double, at t0: Double, seconds: Double, until: Double) {
        let x = 195.0
        rig.stage.input(.pointerDown(CGPoint(x: x, y: y0)), at: t0)
        rig.stage.frame(t0)
        let steps = max(1, Int((seconds * 60).rounded()))
        for i in 1...steps {
            let t = t0 + Double(i) / 60, y = y0 + (y1 - y0) * Double(i) / Double(steps)
            rig.stage.input(.pointerMove(CGPoint(x: x, y: y)), at: t)
            rig.stage.frame(t)
        }
        let up = t0 + Double(steps + 1) / 60
        rig.stage.input(.pointerUp(CGPoint(x: x, y: y1)), at: up)
        rig.stage.frame(up)
        rig.run(from: up, to: until)
    }

    @Test func aLongSwipeDismissesWithTheDelegatesCallsAndAppearances() {
        let rig = TransitionRig()
        let (v, d) = presentedSheet(rig)
        var sheetYMidway = 0.0
        rig.stage.input(.pointerDown(CGPoint(x: 195, y: 200)), at: 1.1)
        rig.stage.frame(1.1)
        for i in 1...30 {                                       // 500 points in half a second
            let t = 1.1 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: 195, y: 200 + 500 * Double(i) / 30)), at: t)
            rig.stage.frame(t)
            if i == 15 { sheetYMidway = Double(v.view.layer.presentation()!.frame.minY) }
        }
        #expect(v.transitionCoordinator?.isInteractive == true)
        #expect(sheetYMidway > 40 + 200 && sheetYMidway < 40 + 300)      // the sheet follows the finger (250 points)
        rig.stage.input(.pointerUp(CGPoint(x: 195, y: 700)), at: 1.7)
        rig.stage.frame(1.7)
        rig.run(from: 1.7, to: 3)
        #expect(rig.root.presentedViewController == nil && v.view.window == nil)
        #expect(d.calls == ["should", "will", "did"])
        #expect(rig.log.entries.contains("V.didDisappear"))
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func aShortSlowSwipeSpringsBackAndAFastFlickDismisses() {
        let rig = TransitionRig()
        let (v, d) = presentedSheet(rig)
        swipe(rig, from: 200, to: 450, at: 1.1, seconds: 1.0, until: 3)    // 250 of 804 points at 250 pt/s
        #expect(rig.root.presentedViewController === v && v.view.window === rig.window)
        #expect(v.view.frame.minY == 40 && v.view.layer.presentation()!.frame.minY == 40)
        #expect(d.calls == ["should", "will"])                              // no did: it came back
        swipe(rig, from: 200, to: 350, at: 3.1, seconds: 0.1, until: 5)     // 150 points in 0.1 s
        #expect(rig.root.presentedViewController == nil)
        #expect(d.calls == ["should", "will", "should", "will", "did"])
    }

    @Test func aModalSheetResistsAndTellsTheDelegate() {
        let rig = TransitionRig()
        let (v, d) = presentedSheet(rig)
        v.isModalInPresentation = true
        rig.stage.input(.pointerDown(CGPoint(x: 195, y: 200)), at: 1.1)
        rig.stage.frame(1.1)
        for i in 1...30 {
            let t = 1.1 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: 195, y: 200 + 600 * Double(i) / 30)), at: t)
            rig.stage.frame(t)
        }
        let pulled = Double(v.view.layer.presentation()!.frame.minY) - 40
        #expect(pulled > 10 && pulled < 60)                                  // 600 points of pull, at most 60 of travel
        rig.stage.input(.pointerUp(CGPoint(x: 195, y: 800)), at: 1.7)
        rig.stage.frame(1.7)
        rig.run(from: 1.7, to: 3)
        #expect(rig.root.presentedViewController === v && v.view.layer.presentation()!.frame.minY == 40)
        #expect(d.calls == ["attempt"])                                     // not asked: isModalInPresentation decides
        // The delegate saying no does the same; a programmatic dismiss still works and calls nothing.
        v.isModalInPresentation = false
        d.allow = false
        swipe(rig, from: 200, to: 500, at: 3.1, seconds: 0.3, until: 4)
        #expect(rig.root.presentedViewController === v && d.calls == ["attempt", "should", "attempt"])
        rig.stage.at(4.1) { v.dismiss(animated: true) }
        rig.run(from: 4.1, to: 5)
        #expect(rig.root.presentedViewController == nil && d.calls == ["attempt", "should", "attempt"])
    }

    @Test func anUpwardOrSidewaysDragDoesNothing() {
        let rig = TransitionRig()
        let (v, d) = presentedSheet(rig)
        swipe(rig, from: 500, to: 200, at: 1.1, seconds: 0.2, until: 2)
        #expect(rig.root.presentedViewController === v && d.calls.isEmpty && v.view.frame.minY == 40)
    }
}
