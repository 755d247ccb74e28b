import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UIAlertController: UIKit's present and dismiss animations at exact times, actions chosen by
/// touch (dismiss first, handler after), the cancel action's place, text fields, and the misuse
/// UIKit raises for, reported and ignored.
@Suite(.isolatedEngine) struct UIAlertControllerTests {
    /// A presentation layer's uniform scale (its transform's m11) and opacity.
    func look(_ v: UIView) -> (scale: Double, alpha: Double) {
        let p = v.layer.presentation() ?? v.layer
        return (Double(p.transform.m11), Double(p.opacity))
    }

    /// The alert's dimming view (behind it in its container).
    func dimming(_ a: UIAlertController) -> UIView? {
        (a.presentationController as? AlertPresentationController)?.dimmingView
    }

    func tap(_ rig: TransitionRig, _ p: CGPoint, at t: Double) {
        rig.stage.input(.pointerDown(p), at: t)
        rig.stage.frame(t)
        rig.stage.input(.pointerUp(p), at: t + 1.0 / 60)
        rig.stage.frame(t + 1.0 / 60)
    }

    /// The centre of `row` in window coordinates.
    func centre(_ v: UIView) -> CGPoint { v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil) }

    @Test func alertScalesFromOnePointTwoAndFadesInOverTheDimming() throws {
        let rig = TransitionRig()
        rig.show()
        let a = UIAlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.addAction(UIAlertAction(title: "Delete", style: .destructive))
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        let dim = try #require(dimming(a))
        #expect(look(a.view) == (1.2, 0))
        #expect(Double((dim.layer.presentation() ?? dim.layer).opacity) == 0)
        rig.run(from: 0.1, to: 0.3)                                   // half of 0.4 s
        let half = eased(.easeOut, 0.5)
        let mid = look(a.view)
        #expect(abs(mid.alpha - half) < 1e-3)
        #expect(abs(mid.scale - (1.2 - 0.2 * half)) < 1e-3)
        #expect(abs(Double(dim.layer.presentation()!.opacity) - eased(.easeInEaseOut, 0.5)) < 1e-3)
        rig.run(from: 0.3, to: 0.5)
        #expect(look(a.view) == (1, 1))
        #expect(a.view.frame == CGRect(x: 60, y: (844 - a.view.frame.height) / 2, width: 270, height: a.view.frame.height))
        #expect(a.view.frame.height > 44 + 40)                        // title, message and a row
        #expect(dim.frame == rig.window.bounds && dim.alpha == 1)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func tappingAnActionFadesTheAlertOutThenRunsItsHandler() throws {
        let rig = TransitionRig()
        rig.show()
        var calls: [String] = []
        let a = UIAlertController(title: "Title", message: nil, preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in calls.append("cancel") })
        a.addAction(UIAlertAction(title: "OK", style: .default) { act in
            calls.append("ok:\(act.title!):presented=\(rig.root.presentedViewController != nil)")
        })
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        rig.run(from: 0.1, to: 1)
        let content = try #require(a.view as? AlertContentView)
        #expect(content.rows.map { $0.action.title } == ["Cancel", "OK"])   // two fit: cancel on the left
        #expect(content.rows[0].frame.minX == 0 && content.rows[1].frame.minX == 135)
        tap(rig, centre(content.rows[1]), at: 1.1)                        // up at 1.1 + 1/60
        let up = 1.1 + 1.0 / 60
        #expect(calls.isEmpty)                                            // not yet: the alert is leaving
        rig.stage.frame(up + 0.125)                                       // half of 0.25 s
        #expect(abs(look(a.view).alpha - (1 - eased(.easeIn, 0.5))) < 1e-3)
        #expect(look(a.view).scale == 1)                                  // out: a fade, no scale
        #expect(calls.isEmpty)
        rig.run(from: up + 0.125, to: up + 0.4)
        #expect(calls == ["ok:OK:presented=false"])
        #expect(a.view.window == nil && rig.root.presentedViewController == nil)
    }

    @Test func actionSheetSlidesUpFromTheBottomAndDown() throws {
        let rig = TransitionRig()
        rig.show()
        let s = UIAlertController(title: nil, message: "Share photo", preferredStyle: .actionSheet)
        s.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        s.addAction(UIAlertAction(title: "Copy", style: .default))
        s.addAction(UIAlertAction(title: "Delete", style: .destructive))
        rig.stage.at(0.1) { rig.root.present(s, animated: true) }
        let final = s.view.frame
        #expect(final.minX == 8 && final.width == 374)
        #expect(final.maxY == 844 - 8 - rig.window.safeAreaInsets.bottom)
        let drop = 844 - final.minY
        #expect(abs(Double(s.view.layer.presentation()!.frame.minY) - 844) < 1e-6)   // starts just below
        rig.run(from: 0.1, to: 0.3)
        let y = Double(s.view.layer.presentation()!.frame.minY)
        #expect(abs(y - (Double(final.minY) + Double(drop) * (1 - eased(.easeOut, 0.5)))) < 1e-3)
        rig.run(from: 0.3, to: 0.6)
        #expect(s.view.layer.presentation()!.frame == final)
        let content = try #require(s.view as? AlertContentView)
        #expect(content.rows.map { $0.action.title } == ["Copy", "Delete", "Cancel"])     // cancel in its own card
        #expect(content.rows[2].superview === content.cancelCard)
        #expect(content.cancelCard.frame.minY == content.card.frame.maxY + 8)
        rig.stage.at(1) { s.dismiss(animated: true) }
        rig.run(from: 1, to: 1.15)
        let down = Double(s.view.layer.presentation()!.frame.minY)
        #expect(abs(down - (Double(final.minY) + Double(drop) * eased(.easeIn, 0.5))) < 1e-3)
        rig.run(from: 1.15, to: 1.4)
        #expect(s.view.window == nil)
    }

    @Test func aTapOutsideASheetCancelsOnlyWithACancelAction() {
        let rig = TransitionRig()
        rig.show()
        var calls: [String] = []
        let plain = UIAlertController(title: "No cancel", message: nil, preferredStyle: .actionSheet)
        plain.addAction(UIAlertAction(title: "One", style: .default) { _ in calls.append("one") })
        rig.stage.at(0.1) { rig.root.present(plain, animated: true) }
        rig.run(from: 0.1, to: 1)
        tap(rig, CGPoint(x: 195, y: 100), at: 1.1)
        rig.run(from: 1.2, to: 2)
        #expect(rig.root.presentedViewController === plain && calls.isEmpty)   // stays: nothing to cancel
        rig.stage.at(2.1) { plain.dismiss(animated: false) }
        rig.run(from: 2.1, to: 2.5)

        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "One", style: .default) { _ in calls.append("one") })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in calls.append("cancel") })
        rig.stage.at(2.6) { rig.root.present(sheet, animated: true) }
        rig.run(from: 2.6, to: 3.5)
        tap(rig, CGPoint(x: 195, y: 100), at: 3.6)
        rig.run(from: 3.7, to: 4.5)
        #expect(rig.root.presentedViewController == nil && calls == ["cancel"])

        let alert = UIAlertController(title: "Alert", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in calls.append("alert-cancel") })
        rig.stage.at(4.6) { rig.root.present(alert, animated: true) }
        rig.run(from: 4.6, to: 5.5)
        tap(rig, CGPoint(x: 195, y: 100), at: 5.6)
        rig.run(from: 5.7, to: 6.5)
        #expect(rig.root.presentedViewController === alert && calls == ["cancel"])  // an alert ignores it
    }

    @Test func preferredActionIsBoldAndTextFieldsTakeTyping() throws {
        let rig = TransitionRig()
        rig.show()
        let a = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        a.addTextField { $0.placeholder = "Name" }
        a.addTextField { $0.placeholder = "Password"; $0.isSecureTextEntry = true }
        var typed = ""
        let ok = UIAlertAction(title: "Log In", style: .default) { _ in typed = a.textFields![0].text! + "/" + a.textFields![1].text! }
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.addAction(ok)
        a.addAction(UIAlertAction(title: "Help", style: .default))
        a.preferredAction = ok
        #expect(a.preferredAction === ok && a.textFields?.count == 2)
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        rig.run(from: 0.1, to: 1)
        let content = try #require(a.view as? AlertContentView)
        #expect(content.rows.map { $0.action.title } == ["Log In", "Help", "Cancel"])    // three stack, cancel last
        #expect(content.rows.map { $0.label.font.fontName } == ["DejaVuSans-Bold", "DejaVuSans", "DejaVuSans"])
        let fields = try #require(a.textFields)
        #expect(fields[0].frame.minY < fields[1].frame.minY && fields[1].frame.maxY < content.rows[0].frame.minY)
        tap(rig, centre(fields[0]), at: 1.1)
        #expect(fields[0].isEditing)
        for (i, c) in "ann".enumerated() { rig.stage.input(.key(.character(c), isDown: true), at: 1.2 + Double(i) / 60) }
        tap(rig, centre(fields[1]), at: 1.3)
        #expect(!fields[0].isEditing && fields[1].isEditing)
        for c in "pw!" { rig.stage.input(.key(.character(c), isDown: true), at: 1.4) }
        rig.stage.input(.key(.backspace, isDown: true), at: 1.4)
        tap(rig, centre(content.rows[0]), at: 1.5)
        rig.run(from: 1.6, to: 2.2)
        #expect(typed == "ann/pw")
    }

    /// Escape chooses the cancel action (its handler runs after the dismissal); an alert without
    /// one stays, and the press does not dismiss it from behind as the window's back would.
    @Test func escapeChoosesTheCancelActionOrNothing() {
        let rig = TransitionRig()
        rig.show()
        var calls: [String] = []
        let plain = UIAlertController(title: "No cancel", message: nil, preferredStyle: .alert)
        plain.addAction(UIAlertAction(title: "OK", style: .default) { _ in calls.append("ok") })
        rig.stage.at(0.1) { rig.root.present(plain, animated: true) }
        rig.run(from: 0.1, to: 1)
        rig.stage.input(.key(.escape, isDown: true), at: 1.1); rig.stage.frame(1.1)
        rig.stage.input(.key(.escape, isDown: false), at: 1.2); rig.stage.frame(1.2)
        rig.run(from: 1.2, to: 2)
        #expect(rig.root.presentedViewController === plain && calls.isEmpty)
        rig.stage.at(2.1) { plain.dismiss(animated: true) }
        rig.run(from: 2.1, to: 2.6)

        let a = UIAlertController(title: "Cancel me", message: nil, preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "OK", style: .default) { _ in calls.append("ok") })
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in calls.append("cancel") })
        rig.stage.at(2.7) { rig.root.present(a, animated: true) }
        rig.run(from: 2.7, to: 3.5)
        rig.stage.input(.key(.escape, isDown: true), at: 3.6); rig.stage.frame(3.6)
        rig.stage.input(.key(.escape, isDown: false), at: 3.7); rig.stage.frame(3.7)
        #expect(calls.isEmpty && a.isBeingDismissed)
        rig.run(from: 3.7, to: 4.2)
        #expect(rig.root.presentedViewController == nil && calls == ["cancel"])
    }

    /// Presents an alert of `actions` (title and style; `preferred` names the preferred one) at
    /// `t`, presses Return 0.9 s later, and returns the handlers run by `t + 2`.
    func pressReturn(_ rig: TransitionRig, _ actions: [(String, UIAlertAction.Style)], preferred: String? = nil, at t: Double) -> [String] {
        var calls: [String] = []
        let a = UIAlertController(title: "Return", message: nil, preferredStyle: .alert)
        for (title, style) in actions {
            let action = UIAlertAction(title: title, style: style) { calls.append($0.title!) }
            a.addAction(action)
            if title == preferred { a.preferredAction = action }
        }
        rig.stage.at(t) { rig.root.present(a, animated: true) }
        rig.run(from: t, to: t + 0.9)
        rig.stage.input(.key(.enter, isDown: true), at: t + 0.9); rig.stage.frame(t + 0.9)
        rig.stage.input(.key(.enter, isDown: false), at: t + 0.95); rig.stage.frame(t + 0.95)
        rig.run(from: t + 0.95, to: t + 1.6)
        if rig.root.presentedViewController === a {
            rig.stage.at(t + 1.6) { a.dismiss(animated: false) }
        }
        return calls
    }

    /// Return chooses the preferred action, else the only default action besides Cancel; it
    /// chooses nothing when that action is destructive or there are two to choose from.
    @Test func returnChoosesThePreferredActionOrTheOnlyDefaultOne() {
        let rig = TransitionRig()
        rig.show()
        #expect(pressReturn(rig, [("Cancel", .cancel), ("OK", .default), ("Help", .default)], preferred: "Help", at: 0.1) == ["Help"])
        #expect(pressReturn(rig, [("Cancel", .cancel), ("OK", .default)], at: 2.1) == ["OK"])
        #expect(pressReturn(rig, [("OK", .default)], at: 4.1) == ["OK"])
        #expect(pressReturn(rig, [("Cancel", .cancel), ("Delete", .destructive)], at: 6.1).isEmpty)
        #expect(pressReturn(rig, [("Cancel", .cancel), ("OK", .default), ("Help", .default)], at: 8.1).isEmpty)
        #expect(pressReturn(rig, [("Cancel", .cancel), ("Delete", .destructive)], preferred: "Delete", at: 10.1) == ["Delete"])
        #expect(rig.root.presentedViewController == nil)
    }

    /// While an alert's text field takes typing, Return chooses the alert's Return action and
    /// Escape its cancel action (the field does not just end editing).
    @Test func returnAndEscapeWorkWhileTheAlertsFieldIsEditing() throws {
        let rig = TransitionRig()
        rig.show()
        var calls: [String] = []
        func signIn(at t: Double) throws -> UIAlertController {
            let a = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
            a.addTextField { $0.placeholder = "Name" }
            a.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in calls.append("cancel") })
            a.addAction(UIAlertAction(title: "Log In", style: .default) { _ in calls.append("log in " + (a.textFields![0].text ?? "")) })
            rig.stage.at(t) { rig.root.present(a, animated: true) }
            rig.run(from: t, to: t + 0.9)
            tap(rig, centre(try #require(a.textFields?.first)), at: t + 0.9)
            for c in "ann" { rig.stage.input(.key(.character(c), isDown: true), at: t + 1) }
            return a
        }
        let a = try signIn(at: 0.1)
        #expect(a.textFields![0].isEditing && UIApplication.shared.isTakingTextInput)
        rig.stage.input(.key(.enter, isDown: true), at: 1.2); rig.stage.frame(1.2)
        rig.run(from: 1.2, to: 2)
        #expect(calls == ["log in ann"] && rig.root.presentedViewController == nil)
        _ = try signIn(at: 2.1)
        rig.stage.input(.key(.escape, isDown: true), at: 3.2); rig.stage.frame(3.2)
        rig.stage.input(.key(.escape, isDown: false), at: 3.25); rig.stage.frame(3.25)
        rig.run(from: 3.25, to: 4)
        #expect(calls == ["log in ann", "cancel"] && rig.root.presentedViewController == nil)
    }

    @Test func misuseIsReportedAndIgnored() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let a = UIAlertController(title: "A", message: nil, preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.addAction(UIAlertAction(title: "Also cancel", style: .cancel))
        #expect(a.actions.map(\.title) == ["Cancel"])
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil)
        let shared = UIAlertAction(title: "Shared", style: .default)
        a.addAction(shared)
        sheet.addAction(shared)
        #expect(sheet.actions.isEmpty)
        sheet.preferredAction = shared
        #expect(sheet.preferredAction == nil)
        #expect(captured == [
            "UIAlertController.addAction ignored: UIAlertController can only have one action with a style of UIAlertActionStyleCancel",
            "UIAlertController.addTextField ignored: Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert",
            "UIAlertController.addAction ignored: the action \"Shared\" is already in an alert (UIKit raises)",
            "UIAlertController.preferredAction ignored: the action \"Shared\" is not one of the alert's actions (UIKit raises)",
        ])
    }

    @Test func aDisabledActionIgnoresTaps() throws {
        let rig = TransitionRig()
        rig.show()
        var ran = false
        let a = UIAlertController(title: "T", message: nil, preferredStyle: .alert)
        let act = UIAlertAction(title: "Go", style: .default) { _ in ran = true }
        act.isEnabled = false
        a.addAction(act)
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        rig.run(from: 0.1, to: 1)
        let content = try #require(a.view as? AlertContentView)
        tap(rig, centre(content.rows[0]), at: 1.1)
        rig.run(from: 1.2, to: 2)
        #expect(!ran && rig.root.presentedViewController === a)
        #expect(content.rows[0].label.textColor == .systemGray)
    }

    @Test func alertAndSheetGoldens() {
        let rig = TransitionRig()
        rig.window.backgroundColor = .white
        rig.show()
        rig.root.view.backgroundColor = .systemTeal
        let a = UIAlertController(title: "Delete photo?", message: "It will be gone from all your devices.", preferredStyle: .alert)
        a.addTextField { $0.placeholder = "Type DELETE" }
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.addAction(UIAlertAction(title: "Delete", style: .destructive))
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        rig.run(from: 0.1, to: 0.3)
        #expect(Snapshot.verify(rig.stage.render(at: 0.3), named: "alertMidway", tolerance: 1) == nil)
        #expect(Snapshot.verify(rig.stage.render(at: 1), named: "alert", tolerance: 1) == nil)
        rig.stage.at(1.1) { a.dismiss(animated: true) }
        rig.run(from: 1.1, to: 1.5)
        let s = UIAlertController(title: "Share", message: "Choose where the photo goes", preferredStyle: .actionSheet)
        s.addAction(UIAlertAction(title: "Messages", style: .default))
        s.addAction(UIAlertAction(title: "Mail", style: .default))
        s.addAction(UIAlertAction(title: "Delete", style: .destructive))
        s.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        rig.stage.at(1.6) { rig.root.present(s, animated: true) }
        rig.run(from: 1.6, to: 1.8)
        #expect(Snapshot.verify(rig.stage.render(at: 1.8), named: "sheetMidway", tolerance: 1) == nil)
        #expect(Snapshot.verify(rig.stage.render(at: 2.5), named: "sheet", tolerance: 1) == nil)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    /// In the dark appearance the card is dark grey and its title white (the title was white on
    /// the light card before the card followed the appearance).
    @Test func theCardFollowsTheDarkAppearance() throws {
        let rig = TransitionRig()
        rig.show()
        UIScreen.main.userInterfaceStyle = .dark
        let a = UIAlertController(title: "Remove a page?", message: nil, preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "OK", style: .default))
        rig.stage.at(0.1) { rig.root.present(a, animated: true) }
        rig.run(from: 0.1, to: 0.6)
        let content = try #require(a.view as? AlertContentView)
        #expect(content.card.layer.backgroundColor == CGColor(gray: 0.17, alpha: 1))
        #expect(content.titleLabel.textLayer.foregroundColor == CGColor(gray: 1, alpha: 1))
        UIScreen.main.userInterfaceStyle = .light
        #expect(content.card.layer.backgroundColor == CGColor(gray: 0.96, alpha: 1))
    }
}
