import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// Swipes and sideways row animations in an inset-grouped table, where the rows stand in a card
/// 20 points in from the sides: what a row shows must stay inside its card (a ported list showed
/// a swiped row's band over the margin, and a deleted row's band and a reorder glyph there).
@Suite(.isolatedEngine) struct UITableViewSwipeTests {
    func row(_ r: Int) -> IndexPath { IndexPath(row: r, section: 0) }
    func p(_ v: UIView) -> CALayer { v.layer.presentation()! }

    /// An inset-grouped table of five rows with a trailing Delete action, 390 × 300: the card is
    /// x 20…370, the rows 44 high from y 35 (the first section's header).
    func make(_ st: ViewStage, _ rows: Rows) -> UITableView {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        rows.trailing = UISwipeActionsConfiguration(actions: [delete])
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), style: .insetGrouped)
        t.register(RowCell.self, forCellReuseIdentifier: "row")
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        st.frame(0.5)
        return t
    }

    /// Drags row `r` 180 points to the left over 0.1 s from `time`, and lets go.
    func swipeOpen(_ st: ViewStage, _ t: UITableView, row r: Int, at time: Double) {
        let y = t.rectForRow(at: row(r)).midY
        st.input(.pointerDown(CGPoint(x: 340, y: y)), at: time); st.frame(time)
        for i in 1...6 {
            let now = time + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 340 - 30 * Double(i), y: y)), at: now); st.frame(now)
        }
        st.input(.pointerUp(CGPoint(x: 160, y: y)), at: time + 0.1); st.frame(time + 0.1)
    }

    /// The pixels of the left margin (x 2…17) over rows `ys` that are not the table's background.
    func marginPixels(_ bmp: Bitmap, _ ys: ClosedRange<Int>) -> Int {
        let background = bmp[10, 10]      // above the card: the grouped background
        return ys.reduce(0) { n, y in n + (2...17).filter { bmp[$0, y] != background }.count }
    }

    @Test func aSwipedRowIsClippedToItsCardAndGetsItsOwnClipBack() {
        let st = ViewStage(390, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let middle = t.cellForRow(at: row(2))!, first = t.cellForRow(at: row(0))!
        #expect(!middle.clipsToBounds && first.clipsToBounds)      // a RowCell does not clip; a rounded end does
        middle.textLabel?.text = "A title long enough to run on"   // its start slides 74 points left
        swipeOpen(st, t, row: 2, at: 1)
        let bmp = st.render(at: 1.6)
        #expect(middle.contentView.transform.tx <= -74 && middle.clipsToBounds)
        #expect(marginPixels(bmp, 125...165) == 0)                 // the text is cut at the card's edge
        // A tap elsewhere closes the row; once closed the cell clips no more, as it chose.
        st.input(.pointerDown(CGPoint(x: 200, y: 57)), at: 2); st.input(.pointerUp(CGPoint(x: 200, y: 57)), at: 2.05); st.frame(2.05)
        st.frame(2.2)
        #expect(middle.clipsToBounds)                               // still closing
        st.frame(2.5)
        #expect(middle.contentView.transform == .identity && !middle.clipsToBounds && middle.swipePane == nil)
        // A rounded end keeps the clip its corners need.
        swipeOpen(st, t, row: 0, at: 3)
        st.frame(3.6)
        st.input(.pointerDown(CGPoint(x: 200, y: 145)), at: 4); st.input(.pointerUp(CGPoint(x: 200, y: 145)), at: 4.05); st.frame(4.05)
        st.frame(4.5)
        #expect(first.contentView.transform == .identity && first.clipsToBounds)
    }

    @Test func aRowDeletedToTheLeftLeavesInsideItsCardWithoutEditingControls() {
        let st = ViewStage(390, 300)
        let rows = Rows([5])
        let t = make(st, rows)
        let gone = t.cellForRow(at: row(2))!
        st.at(2) { rows.counts = [4]; t.deleteRows(at: [self.row(2)], with: .left) }
        let bmp = st.render(at: 2.15)
        // Half way the band has slid 195 points left (its centre, in the card's column: 175 → -20)
        // and is cut at the card's edge.
        #expect(isNear(Double(p(gone).position.x), 175 - 195, 1e-6))
        #expect(marginPixels(bmp, 125...140) == 0)
        // The row's strip (y 124…144, above the row sliding up) holds only the band's white and
        // the background: no reorder glyph (three grey lines) comes in with the cell's right edge.
        let white = bmp[300, 57], background = bmp[10, 10]
        let stray = (125...140).flatMap { y in (20...369).filter { bmp[$0, y] != white && bmp[$0, y] != background } }
        #expect(stray.isEmpty)
        #expect(gone.reorderControl.alpha == 0 && gone.editingControl.alpha == 0)
        st.frame(2.31)
        #expect(gone.superview == nil && t.subviews.allSatisfy { $0 is UITableViewCell || $0.subviews.allSatisfy { !($0 is UITableViewCell) } })
        #expect(t.visibleCells.count == 4 && t.cellForRow(at: row(2))?.frame.minY == 123)
    }

    /// The right margin (x 372…387) over rows `ys`, less the background.
    func rightMarginPixels(_ bmp: Bitmap, _ ys: ClosedRange<Int>) -> Int {
        let background = bmp[10, 10]
        return ys.reduce(0) { n, y in n + (372...387).filter { bmp[$0, y] != background }.count }
    }

    @Test func aRowInsertedFromTheRightArrivesInsideItsCard() {
        let st = ViewStage(390, 300)
        let rows = Rows([4])
        let t = make(st, rows)
        st.at(2) { rows.counts = [5]; t.insertRows(at: [self.row(2)], with: .right) }
        let new = t.cellForRow(at: row(2))!
        st.frame(2.1)
        t.setNeedsLayout()
        t.layoutIfNeeded()                                         // a layout meanwhile keeps it sliding
        let bmp = st.render(at: 2.15)
        // Half way its centre, in the card's column, has come from 175 + 390 to 175 + 195.
        #expect(isNear(Double(p(new).position.x), 175 + 195, 1e-6))
        #expect(rightMarginPixels(bmp, 125...165) == 0)
        st.frame(2.31)
        #expect(new.superview === t && new.frame == CGRect(x: 20, y: 123, width: 350, height: 44))
        #expect(!t.subviews.contains { !($0 is UITableViewCell) && $0.subviews.contains { $0 is UITableViewCell } })
        #expect(t.indexPath(for: new) == row(2) && new.layer.zPosition == 0)
    }
}
