import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Row updates frame by frame at exact times: every `RowAnimation` for inserts and deletes, moves,
/// the expanding-cell idiom, and the swipe that reveals actions. Animations start in the frame at
/// t = 1 and run 0.3 s ease in and out, so at 1.15 they are half done.
@Suite(.isolatedEngine) struct UITableViewUpdatesTests {
    let ease = { (f: Double) in CubicBezier.easeInEaseOut.value(at: f) }

    func make(_ st: ViewStage, _ rows: Rows) -> UITableView {
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), style: .plain)
        t.register(RowCell.self, forCellReuseIdentifier: "row")
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        st.frame(0.5)
        return t
    }
    func row(_ r: Int) -> IndexPath { IndexPath(row: r, section: 0) }
    func p(_ v: UIView) -> CALayer { v.layer.presentation()! }

    /// Where each kind starts an inserted row (row 1, final centre (150, 66), 300 × 44): what it
    /// animates and from which value.
    static let insertions: [(UITableView.RowAnimation, String, Double)] = [
        (.fade, "alpha", 0), (.automatic, "alpha", 0), (.right, "x", 450), (.left, "x", -150),
        (.top, "y", 22), (.bottom, "y", 110), (.middle, "height", 0),
    ]

    @Test(arguments: 0..<7) func insertedRowsComeInAsTheirAnimationSays(_ i: Int) {
        let (kind, what, from) = Self.insertions[i]
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let below = t.cellForRow(at: row(1))!
        st.at(1) { rows.counts = [6]; t.insertRows(at: [row(1)], with: kind) }
        let new = t.cellForRow(at: row(1))!
        #expect(t.cellForRow(at: row(2)) === below && new !== below)
        for f in [0.25, 0.5, 0.75] {
            st.frame(1 + 0.3 * f)
            let e = ease(f)
            let value: Double = switch what {
            case "alpha": Double(p(new).opacity)
            case "x": Double(p(new).position.x)
            case "y": Double(p(new).position.y)
            default: Double(p(new).bounds.height)
            }
            let to: Double = ["alpha": 1, "x": 150, "y": 66, "height": 44][what]!
            #expect(isNear(value, from + (to - from) * e, 1e-6), "\(kind) \(what) at \(f): \(value)")
            #expect(isNear(Double(p(below).position.y), 66 + 44 * e, 1e-6))          // the row below slides down
        }
        st.frame(1.31)
        #expect(new.frame == CGRect(x: 0, y: 44, width: 300, height: 44) && new.alpha == 1 && new.layer.animationKeys()?.isEmpty != false)
    }

    @Test func anInsertWithNoAnimationAppearsAtOnceWhileTheOthersSlide() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let below = t.cellForRow(at: row(1))!
        st.at(1) { rows.counts = [6]; t.insertRows(at: [row(1)], with: .none) }
        st.frame(1.15)
        let new = t.cellForRow(at: row(1))!
        #expect(p(new).opacity == 1 && p(new).position == CGPoint(x: 150, y: 66))
        #expect(isNear(Double(p(below).position.y), 88, 1e-6))
    }

    /// Where each kind ends a deleted row (row 1, centre (150, 66)).
    static let deletions: [(UITableView.RowAnimation, String, Double)] = [
        (.fade, "alpha", 0), (.automatic, "alpha", 0), (.right, "x", 450), (.left, "x", -150),
        (.top, "y", 22), (.bottom, "y", 110), (.middle, "height", 0),
    ]

    @Test(arguments: 0..<7) func deletedRowsLeaveAsTheirAnimationSays(_ i: Int) {
        let (kind, what, to) = Self.deletions[i]
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let gone = t.cellForRow(at: row(1))!, next = t.cellForRow(at: row(2))!
        st.at(1) { rows.counts = [4]; t.deleteRows(at: [row(1)], with: kind) }
        #expect(t.cellForRow(at: row(1)) === next && gone.superview === t)
        for f in [0.25, 0.5] {
            st.frame(1 + 0.3 * f)
            let e = ease(f)
            let value: Double = switch what {
            case "alpha": Double(p(gone).opacity)
            case "x": Double(p(gone).position.x)
            case "y": Double(p(gone).position.y)
            default: Double(p(gone).bounds.height)
            }
            let from: Double = ["alpha": 1, "x": 150, "y": 66, "height": 44][what]!
            #expect(isNear(value, from + (to - from) * e, 1e-6), "\(kind) \(what) at \(f): \(value)")
            #expect(isNear(Double(p(next).position.y), 110 - 44 * e, 1e-6))          // the row below slides up
        }
        st.frame(1.31)
        #expect(gone.superview == nil && gone.alpha == 1)                              // back in the queue, reset
        #expect(t.visibleCells.count == 4)
    }

    @Test func aDeleteWithNoAnimationGoesAtOnce() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let gone = t.cellForRow(at: row(1))!
        st.at(1) { rows.counts = [4]; t.deleteRows(at: [row(1)], with: .none) }
        #expect(gone.superview == nil)
    }

    @Test func aMovedRowSlidesToItsNewPlace() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let moving = t.cellForRow(at: row(0))!, second = t.cellForRow(at: row(1))!
        st.at(1) { t.moveRow(at: row(0), to: row(2)) }
        #expect(t.cellForRow(at: row(2)) === moving && t.cellForRow(at: row(0)) === second)
        st.frame(1.15)
        #expect(isNear(Double(p(moving).position.y), 22 + 88 * 0.5, 1e-6))
        #expect(isNear(Double(p(second).position.y), 66 - 44 * 0.5, 1e-6))
    }

    @Test func changingAHeightBetweenBeginAndEndUpdatesSlidesTheRowsBelow() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let first = t.cellForRow(at: row(0))!, second = t.cellForRow(at: row(1))!
        var completed: [Bool] = []
        st.at(1) {
            rows.heights[row(0)] = 100
            t.performBatchUpdates(nil) { completed.append($0) }
        }
        #expect(t.rectForRow(at: row(1)).minY == 100 && t.contentSize.height == 100 + 4 * 44)
        for f in [0.25, 0.5, 0.75] {
            st.frame(1 + 0.3 * f)
            #expect(isNear(Double(p(second).position.y), 66 + 56 * ease(f), 1e-6))
            #expect(isNear(Double(p(first).bounds.height), 44 + 56 * ease(f), 1e-6))
        }
        #expect(completed.isEmpty)
        st.frame(1.31)
        #expect(completed == [true])
        st.at(2) { rows.heights[row(0)] = nil; t.beginUpdates(); t.endUpdates() }
        st.frame(2.15)
        #expect(isNear(Double(p(second).position.y), 122 - 56 * 0.5, 1e-6))
    }

    @Test func sectionsAreInsertedAndDeletedWithTheirRows() {
        let st = ViewStage(300, 400)
        let rows = Rows([2, 2])
        let t = make(st, rows)
        let firstOfSecond = t.cellForRow(at: IndexPath(row: 0, section: 1))!
        st.at(1) { rows.counts = [2, 3, 2]; t.insertSections(IndexSet(integer: 1), with: .fade) }
        #expect(t.cellForRow(at: IndexPath(row: 0, section: 2)) === firstOfSecond)
        #expect(t.numberOfSections == 3 && t.visibleCells.count == 7)
        st.frame(1.15)
        #expect(isNear(Double(p(t.cellForRow(at: IndexPath(row: 1, section: 1))!).opacity), 0.5, 1e-6))
        st.frame(1.4)
        let inserted = t.cellForRow(at: IndexPath(row: 0, section: 1))!, first = t.cellForRow(at: IndexPath(row: 0, section: 0))!
        st.at(2) { rows.counts = [3, 2]; t.deleteSections(IndexSet(integer: 0), with: .left) }
        #expect(t.cellForRow(at: IndexPath(row: 0, section: 0)) === inserted)
        st.frame(2.15)
        #expect(isNear(Double(p(first).position.x), 0, 1e-6))              // half way out to the left
        #expect(isNear(Double(p(inserted).position.y), 22 + 88 - 44, 1e-6))   // 110 → 22, half way
    }

    @Test func aReloadedSectionMayChangeItsRowCount() {
        let st = ViewStage(300, 400)
        let rows = Rows([2, 2])
        let t = make(st, rows)
        let old = t.cellForRow(at: IndexPath(row: 0, section: 1))!, kept = t.cellForRow(at: IndexPath(row: 0, section: 0))!
        st.at(1) { rows.counts = [2, 3]; t.reloadSections(IndexSet(integer: 1), with: .fade) }
        let new = t.cellForRow(at: IndexPath(row: 0, section: 1))!
        #expect(new !== old && t.cellForRow(at: IndexPath(row: 0, section: 0)) === kept && t.numberOfRows(inSection: 1) == 3)
        st.frame(1.15)
        #expect(isNear(Double(p(old).opacity), 0.5, 1e-6) && isNear(Double(p(new).opacity), 0.5, 1e-6))   // a cross-fade
        st.frame(1.31)
        #expect(old.superview == nil && t.visibleCells.count == 5)
    }

    /// Deleting the rows at the bottom of a table scrolled to its end: the offset goes to the new
    /// end with the rows' animation, and the deleted rows fade where they were.
    @Test func deletingTheLastRowsScrollsBackToTheNewEnd() {
        let st = ViewStage(300, 300)
        let rows = Rows([20])
        let t = make(st, rows)
        t.contentOffset = CGPoint(x: 0, y: 580)
        st.frame(0.6)
        let gone = t.cellForRow(at: row(15))!
        st.at(1) { rows.counts = [10]; t.deleteRows(at: (10..<20).map(self.row), with: .fade) }
        #expect(t.contentOffset.y == 140 && t.contentSize.height == 440)
        #expect(t.visibleCells.map { $0.textLabel?.text ?? "" } == (3...9).map { "0.\($0)" })
        st.frame(1.15)
        #expect(gone.superview === t && isNear(Double(p(gone).opacity), 0.5, 1e-6))
        #expect(isNear(Double(p(t).bounds.minY), 580 - 440 * 0.5, 1e-6))    // 580 → 140, half way
        st.frame(1.31)
        #expect(gone.superview == nil && t.subviews.filter { $0 is UITableViewCell }.count == 7)
    }

    @Test func countsThatDoNotAddUpAreReportedAndTheTableReloads() {
        let st = ViewStage(300, 300)
        var captured: [String] = []
        st.engine.reportSink = { captured.append($0) }
        let rows = Rows([5])
        let t = make(st, rows)
        var completed: [Bool] = []
        st.at(1) { rows.counts = [7]; t.performBatchUpdates({ t.insertRows(at: [self.row(0)], with: .fade) }) { completed.append($0) } }
        #expect(captured.count == 1 && captured[0].contains("invalid number of rows in section 0"))
        #expect(completed == [false])
        st.frame(1.1)
        #expect(t.visibleCells.count == 7)
        captured = []
        st.at(2) { t.deleteRows(at: [IndexPath(row: 40, section: 0)], with: .fade) }
        #expect(captured.first?.contains("attempt to delete row 40 from section 0 which only contains 7 rows") == true)
    }

    @Test func aSwipeRevealsTheActionsAndATapRunsOne() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        var ran: [String] = []
        let delete = UIContextualAction(style: .destructive, title: "Delete") { a, _, done in ran.append(a.title!); done(true) }
        let flag = UIContextualAction(style: .normal, title: "Flag") { a, _, done in ran.append(a.title!); done(false) }
        rows.trailing = UISwipeActionsConfiguration(actions: [delete, flag])
        let t = make(st, rows)
        let cell = t.cellForRow(at: row(1))!
        // A drag to the left over 0.1 s: the content follows the finger.
        st.input(.pointerDown(CGPoint(x: 250, y: 66)), at: 1); st.frame(1)
        for i in 1...6 {
            let time = 1 + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 250 - 20 * Double(i), y: 66)), at: time); st.frame(time)
        }
        #expect(cell.contentView.transform.tx == -120 && t.contentOffset.y == 0)
        st.input(.pointerUp(CGPoint(x: 130, y: 66)), at: 1.1); st.frame(1.1)
        st.frame(1.5)
        let open = cell.contentView.transform.tx
        #expect(open <= -148 && open > -300)                      // both buttons whole
        // A tap on the outermost (rightmost) button runs Delete and closes the row.
        st.input(.pointerDown(CGPoint(x: 295, y: 66)), at: 2); st.input(.pointerUp(CGPoint(x: 295, y: 66)), at: 2.05); st.frame(2.05)
        #expect(ran == ["Delete"])
        st.frame(2.5)
        #expect(cell.contentView.transform == .identity && cell.swipePane == nil)
        #expect(t.indexPathForSelectedRow == nil)                 // the tap did not select
        // A vertical drag still scrolls.
        st.input(.pointerDown(CGPoint(x: 150, y: 250)), at: 3); st.frame(3)
        for i in 1...6 { let time = 3 + Double(i) / 60; st.input(.pointerMove(CGPoint(x: 150, y: 250 - 20 * Double(i))), at: time); st.frame(time) }
        #expect(t.contentOffset.y > 0)                             // rubber-banded: 5 rows fit…
        st.input(.pointerUp(CGPoint(x: 150, y: 130)), at: 3.1); st.frame(3.1)
        #expect(cell.contentView.transform == .identity)           // …and swiped nothing
    }

    @Test func editingModeSlidesTheControlsInAndItsDeleteButtonCommits() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let cell = t.cellForRow(at: row(1))!
        st.at(1) { t.setEditing(true, animated: true) }
        #expect(t.isEditing && cell.isEditing && cell.editingStyleShown == .delete)
        st.frame(1.15)
        #expect(isNear(Double(p(cell.contentView).position.x), 150 + 19 * ease(0.5), 1e-6))    // centre 150 → 169
        #expect(isNear(Double(p(cell.editingControl).position.x), -19 + 38 * ease(0.5), 1e-6))  // slides in from the left
        // A tap on the control reveals Delete; a tap on Delete commits through the data source.
        st.input(.pointerDown(CGPoint(x: 19, y: 66)), at: 2); st.input(.pointerUp(CGPoint(x: 19, y: 66)), at: 2.05); st.frame(2.05)
        st.frame(2.5)
        #expect(cell.contentView.transform.tx < -70)
        st.input(.pointerDown(CGPoint(x: 295, y: 66)), at: 3); st.input(.pointerUp(CGPoint(x: 295, y: 66)), at: 3.05); st.frame(3.05)
        #expect(rows.events == ["commit 0.1"])
        st.frame(3.5)
        #expect(t.visibleCells.count == 4 && t.visibleCells.allSatisfy(\.isEditing))
        // Taps do not select while editing; leaving editing mode takes the controls away.
        st.input(.pointerDown(CGPoint(x: 150, y: 22)), at: 4); st.input(.pointerUp(CGPoint(x: 150, y: 22)), at: 4.05); st.frame(4.05)
        #expect(t.indexPathForSelectedRow == nil && rows.events.count == 1)
        t.isEditing = false
        #expect(t.visibleCells.allSatisfy { !$0.isEditing && $0.contentView.frame.minX == 0 })
    }

    @Test func aRowDraggedByItsReorderControlMovesAndTheOthersMakeRoom() {
        let st = ViewStage(300, 300)
        let rows = Rows([5])
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), style: .plain)
        t.register(MovableCell.self, forCellReuseIdentifier: "row")
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        t.isEditing = true
        st.frame(0.5)
        let dragged = t.cellForRow(at: row(0))!, second = t.cellForRow(at: row(1))!, third = t.cellForRow(at: row(2))!
        #expect(dragged.reorderControl.frame.minX == 256 && dragged.contentView.frame.maxX == 256)
        // Down by 100 points over six frames: the centre passes rows 1 and 2's middles (66, 110).
        st.input(.pointerDown(CGPoint(x: 285, y: 22)), at: 1); st.frame(1)
        for i in 1...6 {
            let time = 1 + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 285, y: 22 + 100 * Double(i) / 6)), at: time); st.frame(time)
        }
        #expect(t.contentOffset.y == 0 && dragged.center.y == 122)           // the finger, not a scroll
        #expect(second.frame.minY == 0 && third.frame.minY == 44)            // out of its way
        st.input(.pointerUp(CGPoint(x: 285, y: 122)), at: 1.2); st.frame(1.2)
        #expect(rows.events == ["move 0.0 -> 0.2"])
        #expect(t.cellForRow(at: row(2)) === dragged && t.cellForRow(at: row(0)) === second)
        st.frame(1.55)
        #expect(dragged.frame.minY == 88 && dragged.layer.zPosition == 0)
    }
}
