import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Bar button items in a navigation bar: the iOS 14 closure initializers, `editButtonItem`, the
/// back button's place, and items that change while shown.
@Suite(.isolatedEngine) struct UIBarButtonItemTests {
    final class Notes: UITableViewController {
        var notes = ["One"]
        var senders: [AnyObject?] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Notes"
            navigationItem.rightBarButtonItem = editButtonItem
            navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] action in
                senders.append(action.sender)
                notes.append("Note \(notes.count + 1)")
                tableView.insertRows(at: [IndexPath(row: notes.count - 1, section: 0)], with: .automatic)
            })
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { notes.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = notes[indexPath.row]
            return cell
        }
    }

    func tap(_ rig: TransitionRig, _ v: UIView, at t: Double) {
        let p = v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil)
        rig.stage.input(.pointerDown(p), at: t)
        rig.stage.frame(t)
        rig.stage.input(.pointerUp(p), at: t + 1.0 / 60)
        rig.stage.frame(t + 1.0 / 60)
    }

    func buttons(_ bar: UINavigationBar) -> [BarButtonView] {
        bar.subviews.compactMap { $0 as? BarButtonView }.sorted { $0.frame.minX < $1.frame.minX }
    }

    @Test func addAndEditButtonsDriveTheTable() {
        let rig = TransitionRig()
        let notes = Notes()
        let nav = UINavigationController(rootViewController: notes)
        rig.show(nav)
        let bar = nav.navigationBar
        var b = buttons(bar)
        #expect(b.count == 2 && b[0].item.systemItem == .add && b[1].item === notes.editButtonItem)
        #expect(b[0].frame.minX == 8 && b[1].frame.maxX == bar.bounds.width - 8)   // no back button on the root
        #expect(notes.editButtonItem.title == "Edit" && notes.editButtonItem.style == .plain)

        tap(rig, b[0], at: 0.5)
        rig.run(from: 0.6, to: 1)
        #expect(notes.notes == ["One", "Note 2"] && notes.tableView.numberOfRows(inSection: 0) == 2)
        #expect(notes.senders.count == 1 && notes.senders[0] === b[0].item)        // the item is the sender

        tap(rig, b[1], at: 1.5)
        #expect(notes.isEditing && notes.tableView.isEditing)
        #expect(notes.editButtonItem.title == "Done" && notes.editButtonItem.style == .done)
        b = buttons(bar)
        tap(rig, b[1], at: 2)
        #expect(!notes.isEditing && notes.editButtonItem.title == "Edit")

        // A disabled item is greyed and does nothing.
        notes.navigationItem.leftBarButtonItem?.isEnabled = false
        tap(rig, buttons(bar)[0], at: 2.5)
        #expect(notes.notes.count == 2 && !buttons(bar)[0].isEnabled)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func pushedControllersShowTheirOwnItemsBesideTheBackButton() {
        let rig = TransitionRig()
        let notes = Notes()
        let nav = UINavigationController(rootViewController: notes)
        rig.show(nav)
        let detail = UIViewController()
        detail.title = "Detail"
        var shared = 0
        detail.navigationItem.rightBarButtonItems = [
            UIBarButtonItem(title: "Share", primaryAction: UIAction { _ in shared += 1 }),
            UIBarButtonItem(image: UIImage(systemName: "heart"), style: .plain),
        ]
        rig.stage.at(1) { nav.pushViewController(detail, animated: false) }
        let bar = nav.navigationBar
        var b = buttons(bar)
        #expect(b.count == 2 && !bar.backButton.isHidden)
        #expect(b[1].item.title == "Share" && b[1].frame.maxX == bar.bounds.width - 8)   // the first is outermost
        #expect(b[0].frame.maxX == b[1].frame.minX)
        #expect(bar.titleLabel.frame.midX == bar.bounds.midX && bar.titleLabel.text == "Detail")
        tap(rig, b[1], at: 1.5)
        #expect(shared == 1)

        // A left item replaces the back button unless it supplements it.
        detail.navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel)
        #expect(bar.backButton.isHidden)
        detail.navigationItem.leftItemsSupplementBackButton = true
        #expect(!bar.backButton.isHidden)
        rig.stage.frame(2)
        b = buttons(bar)
        #expect(b[0].frame.minX == bar.backButton.frame.maxX)

        // A title change while shown resizes the button; popping brings the root's items back.
        let share = detail.navigationItem.rightBarButtonItem!
        let before = b.first { $0.item === share }!.frame.width
        share.title = "Share with everyone"
        rig.stage.frame(2.1)
        #expect(buttons(bar).first { $0.item === share }!.frame.width > before)
        rig.stage.at(3) { _ = nav.popViewController(animated: false) }
        #expect(buttons(bar).map { $0.item.systemItem } == [.add, nil] && bar.backButton.isHidden)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func spacesAndSystemItemContent() {
        #expect(UIBarButtonItem.fixedSpace(12).width == 12)
        #expect(UIBarButtonItem.flexibleSpace().systemItem == .flexibleSpace)
        #expect(UIBarButtonItem(systemItem: .done).content.text == "Done" && UIBarButtonItem(systemItem: .done).style == .done)
        #expect(UIBarButtonItem(systemItem: .trash).content.image != nil)        // Flipbook draws "trash"
        #expect(UIBarButtonItem(systemItem: .refresh).content.text == "Refresh")  // no symbol: the name
        #expect(UIBarButtonItem(primaryAction: UIAction(title: "Go") { _ in }).title == "Go")
    }

    @Test func aWidthThatIsNoWidthIsReportedAndZero() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let space = UIBarButtonItem.fixedSpace(.nan)
        let wide = UIBarButtonItem(title: "Wide", style: .plain)
        wide.width = -.infinity
        #expect(space.width == 0 && wide.width == 0)
        #expect(captured.count == 2 && captured.allSatisfy { $0.contains("not a width") })
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        bar.items = [space, wide, .flexibleSpace()]
        bar.layoutIfNeeded()
        #expect(bar.buttons.allSatisfy { $0.frame.origin.x.isFinite && $0.frame.width.isFinite })
    }
}

/// The navigation controller's toolbar and `toolbarItems`.
@Suite(.isolatedEngine) struct UIToolbarTests {
    @Test func theTopControllersItemsShowInTheToolbar() {
        let rig = TransitionRig()
        let list = UIViewController()
        var composed = 0
        let compose = UIBarButtonItem(systemItem: .compose, primaryAction: UIAction { _ in composed += 1 })
        list.toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "12 notes", style: .plain), .flexibleSpace(), compose]
        let nav = UINavigationController(rootViewController: list)
        rig.show(nav)
        #expect(nav.isToolbarHidden && nav.toolbar.isHidden && nav.contentView.frame.height == 844 - 44)

        nav.setToolbarHidden(false, animated: false)
        rig.stage.frame(0.1)
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 800, width: 390, height: 44) && !nav.toolbar.isHidden)
        #expect(Double(nav.contentView.frame.height) == 756)                                  // 844 less both bars
        let b = nav.toolbar.buttons
        #expect(b.count == 4 && b[0].frame.minX == 8 && b[3].frame.maxX == 390 - 8)
        #expect(b[0].frame.width == b[2].frame.width && b[0].frame.width > 0)              // the spaces share the rest
        #expect(abs(b[1].frame.midX - (b[0].frame.minX + b[3].frame.minX) / 2) < 1)        // so the title sits between

        let p = b[3].convert(CGPoint(x: b[3].bounds.midX, y: 22), to: nil)
        rig.stage.input(.pointerDown(p), at: 0.5); rig.stage.frame(0.5)
        rig.stage.input(.pointerUp(p), at: 0.55); rig.stage.frame(0.55)
        #expect(composed == 1)

        // A pushed controller without items empties it; popping brings the items back.
        rig.stage.at(1) { nav.pushViewController(UIViewController(), animated: false) }
        #expect(nav.toolbar.items == nil && nav.toolbar.buttons.isEmpty)
        rig.stage.at(2) { _ = nav.popViewController(animated: false) }
        #expect(nav.toolbar.items?.count == 4)

        // Hidden animated, it slides below the view, then hides.
        rig.stage.at(3) { nav.setToolbarHidden(true, animated: true) }
        rig.stage.frame(3.1)
        let y = Double(nav.toolbar.layer.presentation()!.position.y)
        #expect(y > 822 && y < 866 && !nav.toolbar.isHidden)
        rig.run(from: 3.1, to: 3.5)
        #expect(nav.toolbar.isHidden && nav.contentView.frame.height == 844 - 44)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }
}
