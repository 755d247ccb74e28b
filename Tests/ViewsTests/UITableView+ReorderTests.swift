import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// A model of titled rows in sections that the user reorders: `moveRowAt` moves the title,
/// rows in `fixed` cannot move, and the delegate may keep rows in their section or answer a
/// place that does not exist.
final class Shelves: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var fixed: Set<String> = []
    var keepInSection = false
    var badTarget: IndexPath?
    var titles: [String]?
    var asked: [String] = []
    var moves: [String] = []
    init(_ sections: [[String]]) { self.sections = sections }
    func numberOfSections(in t: UITableView) -> Int { sections.count }
    func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { sections[s].count }
    func tableView(_ t: UITableView, cellForRowAt ip: IndexPath) -> UITableViewCell {
        let cell = t.dequeueReusableCell(withIdentifier: "row", for: ip)
        cell.textLabel?.text = sections[ip.section][ip.row]
        return cell
    }
    func tableView(_ t: UITableView, titleForHeaderInSection s: Int) -> String? { titles?[s] }
    func tableView(_ t: UITableView, canMoveRowAt ip: IndexPath) -> Bool { !fixed.contains(sections[ip.section][ip.row]) }
    func tableView(_ t: UITableView, moveRowAt a: IndexPath, to b: IndexPath) {
        moves.append("\(a.section).\(a.row) -> \(b.section).\(b.row)")
        let title = sections[a.section].remove(at: a.row)
        sections[b.section].insert(title, at: b.row)
    }
    func tableView(_ t: UITableView, targetIndexPathForMoveFromRowAt from: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
        asked.append("\(proposed.section).\(proposed.row)")
        if let badTarget { return badTarget }
        guard keepInSection, proposed.section != from.section else { return proposed }
        // The classic answer: the nearest end of the row's own section.
        return IndexPath(row: proposed.section < from.section ? 0 : sections[from.section].count - 1, section: from.section)
    }
}

/// Reordering in editing mode across sections, with the delegate consulted as UIKit does.
/// The grouped table here: section 0's rows at y 35…167 (a 35-point first header), its footer
/// 167…185, section 1's header 185…203 and rows from 203, 44 points each.
@Suite(.isolatedEngine) struct UITableViewReorderTests {
    func make(_ st: ViewStage, _ model: Shelves) -> UITableView {
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), style: .grouped)
        t.register(MovableCell.self, forCellReuseIdentifier: "row")
        t.dataSource = model
        t.delegate = model
        st.show(t)
        t.isEditing = true
        st.frame(0.5)
        return t
    }
    func ip(_ s: Int, _ r: Int) -> IndexPath { IndexPath(row: r, section: s) }

    /// A drag on the reorder control (x 285) from `y` by `dy` over six frames from `time`.
    func drag(_ st: ViewStage, from y: CGFloat, by dy: CGFloat, at time: Double) {
        st.input(.pointerDown(CGPoint(x: 285, y: y)), at: time); st.frame(time)
        for i in 1...6 {
            let now = time + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 285, y: y + dy * CGFloat(i) / 6)), at: now); st.frame(now)
        }
    }

    @Test func aRowDraggedIntoAnotherSectionMovesThere() {
        let st = ViewStage(300, 400)
        let model = Shelves([["a", "b", "c"], ["d", "e", "f"]])
        let t = make(st, model)
        let dragged = t.cellForRow(at: ip(0, 0))!, b = t.cellForRow(at: ip(0, 1))!
        let d = t.cellForRow(at: ip(1, 0))!, e = t.cellForRow(at: ip(1, 1))!, f = t.cellForRow(at: ip(1, 2))!
        // Its centre from 57 to 280: below the middle of "e" (247…291), so before "f".
        drag(st, from: 57, by: 223, at: 1)
        st.frame(1.4)
        #expect(dragged.center.y == 280 && t.contentOffset.y == 0)
        // Asked once per new place the row passed (six moves of 37 points: 0.1, 0.2, 1.0, 1.1, 1.2).
        #expect(model.asked == ["0.1", "0.2", "1.0", "1.1", "1.2"])
        // Section 0 closes up, section 1's header and "d", "e" rise by a row, "f" makes way.
        #expect(b.frame.minY == 35 && d.frame.minY == 159 && e.frame.minY == 203 && f.frame.minY == 291)
        st.input(.pointerUp(CGPoint(x: 285, y: 280)), at: 1.5); st.frame(1.5)
        #expect(model.moves == ["0.0 -> 1.2"] && model.sections == [["b", "c"], ["d", "e", "a", "f"]])
        #expect(t.numberOfRows(inSection: 0) == 2 && t.numberOfRows(inSection: 1) == 4)
        #expect(t.cellForRow(at: ip(1, 2)) === dragged && t.cellForRow(at: ip(1, 3)) === f)
        st.frame(1.85)
        #expect(dragged.frame.minY == 247 && dragged.layer.zPosition == 0 && f.frame.minY == 291)
        // And back up into section 0, before "b": its centre from 269 to 40.
        drag(st, from: 269, by: -229, at: 2)
        st.input(.pointerUp(CGPoint(x: 285, y: 40)), at: 2.2); st.frame(2.2)
        #expect(model.moves.last == "1.2 -> 0.0" && model.sections == [["a", "b", "c"], ["d", "e", "f"]])
        st.frame(2.6)
        #expect(dragged.frame.minY == 35 && t.cellForRow(at: ip(0, 0)) === dragged)
    }

    @Test func sectionHeadersMakeRoomToo() {
        let st = ViewStage(300, 400)
        let model = Shelves([["a", "b", "c"], ["d", "e", "f"]])
        model.titles = ["First", "Second"]      // titled headers are 38 high: section 1's lies at 188…226
        let t = make(st, model)
        let header = t.headerView(forSection: 1)!, d = t.cellForRow(at: ip(1, 0))!
        #expect(header.frame.minY == 188 && d.frame.minY == 226)
        drag(st, from: 60, by: 300, at: 1)                          // to the end of section 1
        st.frame(1.4)
        #expect(header.frame.minY == 144 && d.frame.minY == 182)
        st.input(.pointerUp(CGPoint(x: 285, y: 360)), at: 1.5); st.frame(1.5)
        #expect(model.moves == ["0.0 -> 1.3"])
        st.frame(1.85)
        #expect(header.frame.minY == 144 && t.cellForRow(at: ip(1, 3))?.frame.minY == 314)
    }

    @Test func theDelegateMayKeepARowInItsSection() {
        let st = ViewStage(300, 400)
        let model = Shelves([["a", "b", "c"], ["d", "e", "f"]])
        model.keepInSection = true
        let t = make(st, model)
        let dragged = t.cellForRow(at: ip(0, 0))!, c = t.cellForRow(at: ip(0, 2))!, d = t.cellForRow(at: ip(1, 0))!
        drag(st, from: 57, by: 223, at: 1)
        st.frame(1.4)
        #expect(model.asked.contains("1.2"))                       // asked with the place the finger proposes…
        #expect(c.frame.minY == 79 && d.frame.minY == 203)          // …it answered the end of section 0
        st.input(.pointerUp(CGPoint(x: 285, y: 280)), at: 1.5); st.frame(1.5)
        #expect(model.moves == ["0.0 -> 0.2"] && model.sections == [["b", "c", "a"], ["d", "e", "f"]])
        st.frame(1.85)
        #expect(dragged.frame.minY == 123)
    }

    @Test func aPlaceTheDelegateMakesUpIsReportedAndTheProposalKept() {
        let st = ViewStage(300, 400)
        var captured: [String] = []
        st.engine.reportSink = { captured.append($0) }
        let model = Shelves([["a", "b", "c"], ["d", "e", "f"]])
        model.badTarget = IndexPath(row: 9, section: 1)
        let t = make(st, model)
        drag(st, from: 57, by: 223, at: 1)
        st.input(.pointerUp(CGPoint(x: 285, y: 280)), at: 1.2); st.frame(1.2)
        #expect(captured.first?.contains("targetIndexPathForMoveFromRowAt gave row 9 of section 1") == true)
        #expect(model.moves == ["0.0 -> 1.2"] && t.numberOfRows(inSection: 1) == 4)
    }

    @Test func aRowTheDataSourceCannotMoveShowsNoControlAndStays() {
        let st = ViewStage(300, 400)
        let model = Shelves([["a", "b", "c"], ["d", "e", "f"]])
        model.fixed = ["b"]
        let t = make(st, model)
        let b = t.cellForRow(at: ip(0, 1))!, a = t.cellForRow(at: ip(0, 0))!
        #expect(!b.showsReorder && b.reorderControl.alpha == 0 && a.showsReorder && a.reorderControl.alpha == 1)
        drag(st, from: 101, by: 120, at: 1)
        st.input(.pointerUp(CGPoint(x: 285, y: 221)), at: 1.2); st.frame(1.2)
        st.frame(1.6)
        #expect(model.moves.isEmpty && b.frame.minY == 79 && t.cellForRow(at: ip(0, 1)) === b)
        // A movable row may still be dragged past it.
        drag(st, from: 57, by: 66, at: 2)
        st.input(.pointerUp(CGPoint(x: 285, y: 123)), at: 2.2); st.frame(2.2)
        #expect(model.moves == ["0.0 -> 0.1"] && model.sections[0] == ["b", "a", "c"])
    }
}
