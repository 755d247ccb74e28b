import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// A cell that counts how it was made and reused.
final class RowCell: UITableViewCell {
    var awoken = 0, reused = 0
    override func awakeFromNib() { super.awakeFromNib(); awoken += 1 }
    override func prepareForReuse() { super.prepareForReuse(); reused += 1 }
}

/// Three sections of every built-in cell style and accessory, titled, one with a footer.
final class StyleRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    func numberOfSections(in t: UITableView) -> Int { 3 }
    func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { [3, 2, 3][s] }
    func tableView(_ t: UITableView, titleForHeaderInSection s: Int) -> String? { ["Network", "Sound", "General"][s] }
    func tableView(_ t: UITableView, titleForFooterInSection s: Int) -> String? { s == 1 ? "A footer explains the section." : nil }
    func tableView(_ t: UITableView, cellForRowAt ip: IndexPath) -> UITableViewCell {
        let styles: [UITableViewCell.CellStyle] = [.value1, .subtitle, .value2, .default]
        let c = UITableViewCell(style: styles[(ip.row + ip.section) % 4], reuseIdentifier: nil)
        c.textLabel?.text = "Row \(ip.row) title"
        c.detailTextLabel?.text = "Detail"
        c.accessoryType = [.disclosureIndicator, .checkmark, .detailButton, .detailDisclosureButton, .none][(ip.row + 2 * ip.section) % 5]
        return c
    }
}

/// A cell that offers the reorder control in editing mode.
final class MovableCell: UITableViewCell {
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        showsReorderControl = true
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A data source of `counts` rows per section, titled sections optional, heights per row
/// optional, recording what the delegate hears.
final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var titles: [String]? = nil
    var footers: [String]? = nil
    var heights: [IndexPath: CGFloat] = [:]
    var events: [String] = []
    var trailing: UISwipeActionsConfiguration?
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in t: UITableView) -> Int { counts.count }
    func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { counts[s] }
    func tableView(_ t: UITableView, cellForRowAt ip: IndexPath) -> UITableViewCell {
        let cell = t.dequeueReusableCell(withIdentifier: "row", for: ip)
        cell.textLabel?.text = "\(ip.section).\(ip.row)"
        return cell
    }
    func tableView(_ t: UITableView, titleForHeaderInSection s: Int) -> String? { titles?[s] }
    func tableView(_ t: UITableView, titleForFooterInSection s: Int) -> String? { footers?[s] }
    func tableView(_ t: UITableView, heightForRowAt ip: IndexPath) -> CGFloat { heights[ip] ?? t.rowHeight }
    func tableView(_ t: UITableView, didSelectRowAt ip: IndexPath) { events.append("select \(ip.section).\(ip.row)") }
    func tableView(_ t: UITableView, didDeselectRowAt ip: IndexPath) { events.append("deselect \(ip.section).\(ip.row)") }
    func tableView(_ t: UITableView, trailingSwipeActionsConfigurationForRowAt ip: IndexPath) -> UISwipeActionsConfiguration? { trailing }
    func tableView(_ t: UITableView, accessoryButtonTappedForRowWith ip: IndexPath) { events.append("info \(ip.section).\(ip.row)") }
    func tableView(_ t: UITableView, moveRowAt a: IndexPath, to b: IndexPath) {
        events.append("move \(a.section).\(a.row) -> \(b.section).\(b.row)")
    }
    func tableView(_ t: UITableView, commit style: UITableViewCell.EditingStyle, forRowAt ip: IndexPath) {
        events.append("commit \(ip.section).\(ip.row)")
        counts[ip.section] -= 1
        t.deleteRows(at: [ip], with: .fade)
    }
}

/// Cells and headers written as iOS code writes them: `override init(…)` and `required init?(coder:)`.
final class IOSStyleCell: UITableViewCell {
    var madeWith: (CellStyle, String?)?
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        madeWith = (style, reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
final class IOSStyleHeader: UITableViewHeaderFooterView {
    let badge = UILabel()
    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(badge)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
/// A subclass of such a cell that declares no initializer (it inherits them all).
final class PlainSubCell: UITableViewCell { var extra = 7 }

@Suite(.isolatedEngine) struct UITableViewTests {
    @Test func registeredSubclassesAreMadeThroughTheirOwnOverrides() {
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), style: .plain)
        t.register(IOSStyleCell.self, forCellReuseIdentifier: "ios")
        t.register(PlainSubCell.self, forCellReuseIdentifier: "plain")
        t.register(IOSStyleHeader.self, forHeaderFooterViewReuseIdentifier: "h")
        let c = t.dequeueReusableCell(withIdentifier: "ios", for: IndexPath(row: 0, section: 0)) as? IOSStyleCell
        #expect(c?.madeWith?.0 == .default && c?.madeWith?.1 == "ios" && c?.reuseIdentifier == "ios")
        #expect((t.dequeueReusableCell(withIdentifier: "plain", for: IndexPath(row: 0, section: 0)) as? PlainSubCell)?.extra == 7)
        let h = t.dequeueReusableHeaderFooterView(withIdentifier: "h") as? IOSStyleHeader
        #expect(h?.badge.superview === h?.contentView && h?.reuseIdentifier == "h")
    }

    func make(_ st: ViewStage, _ rows: Rows, style: UITableView.Style = .plain, size: CGSize = CGSize(width: 300, height: 300),
              cell: AnyClass = RowCell.self) -> UITableView {
        let t = UITableView(frame: CGRect(origin: .zero, size: size), style: style)
        t.register(cell, forCellReuseIdentifier: "row")
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        return t
    }

    @Test func rowsLieByTheirHeightsAndAreFoundByOffset() {
        let st = ViewStage(300, 300)
        let rows = Rows([3, 2])
        rows.heights = [IndexPath(row: 1, section: 0): 100]
        let t = make(st, rows)
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 300, height: 44))
        #expect(t.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 144, width: 300, height: 44))
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 188)
        #expect(t.contentSize.height == 276)
        #expect(t.indexPathForRow(at: CGPoint(x: 10, y: 143)) == IndexPath(row: 1, section: 0))
        #expect(t.indexPathForRow(at: CGPoint(x: 10, y: 144)) == IndexPath(row: 2, section: 0))
        #expect(t.indexPathForRow(at: CGPoint(x: 10, y: 500)) == nil)
        #expect(t.rect(forSection: 1) == CGRect(x: 0, y: 188, width: 300, height: 88))
        #expect(t.indexPathsForVisibleRows == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]])
        #expect(t.cellForRow(at: IndexPath(row: 1, section: 0))?.frame == CGRect(x: 0, y: 44, width: 300, height: 100))
        let c = t.cellForRow(at: IndexPath(row: 0, section: 1))!
        #expect(t.indexPath(for: c) == IndexPath(row: 0, section: 1) && c.textLabel?.text == "1.0")
    }

    @Test func tenThousandRowsThroughFourHundredJumpsMakeFewCells() {
        let st = ViewStage(300, 300)
        let rows = Rows([10_000])
        let t = make(st, rows)
        st.frame(0.1)
        let visibleAtStart = t.visibleCells.count
        #expect(visibleAtStart == 7)                              // 300 / 44 → rows 0…6
        var time = 0.1
        for step in 1...400 {
            time += 1.0 / 60
            t.contentOffset = CGPoint(x: 0, y: Double(step) * 1099)
            st.frame(time)
        }
        #expect(t.cellsCreated <= visibleAtStart + 2)
        #expect(t.indexPathsForVisibleRows?.first == IndexPath(row: 9990, section: 0))
        #expect(t.visibleCells.allSatisfy { ($0 as? RowCell)?.awoken == 1 })
        let cell = t.visibleCells.first as! RowCell
        #expect(cell.reused > 0 && cell.textLabel?.text == "0.\(t.indexPath(for: cell)!.row)")
        #expect(t.subviews.filter { $0 is UITableViewCell }.count == t.visibleCells.count)
    }

    @Test func plainHeadersStickToTheTopUntilTheirSectionEnds() {
        let st = ViewStage(300, 300)
        let rows = Rows([10, 10])
        rows.titles = ["First", "Second"]
        let t = make(st, rows)
        #expect(t.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 300, height: 28))
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 496)   // 28 + 440 + 28
        t.contentOffset = CGPoint(x: 0, y: 100)
        st.frame(0.1)
        #expect(t.headerView(forSection: 0)?.frame.minY == 100)              // stuck to the top
        #expect(t.headerView(forSection: 0)?.textLabel?.text == "First")
        t.contentOffset = CGPoint(x: 0, y: 450)
        st.frame(0.2)
        #expect(t.headerView(forSection: 0)?.frame.minY == 440)              // pushed up by the section's end (468 − 28)
        #expect(t.headerView(forSection: 1)?.frame.minY == 468)
        t.contentOffset = CGPoint(x: 0, y: 600)
        st.frame(0.3)
        #expect(t.headerView(forSection: 0) == nil && t.headerView(forSection: 1)?.frame.minY == 600)
    }

    /// Plain footers float at the bottom while their section shows, then are pushed down by it.
    @Test func plainFootersStickToTheBottom() {
        let st = ViewStage(300, 300)
        let rows = Rows([10, 10])
        rows.footers = ["End of first", "End of second"]
        let t = make(st, rows)
        // Section 0: rows 0…440, its footer 440…468; section 1's rows from 468.
        #expect(t.rectForFooter(inSection: 0) == CGRect(x: 0, y: 440, width: 300, height: 28))
        #expect(t.footerView(forSection: 0)?.frame.minY == 272)               // 300 − 28: stuck to the bottom
        #expect(t.footerView(forSection: 0)?.textLabel?.text == "End of first")
        t.contentOffset = CGPoint(x: 0, y: 200)
        st.frame(0.1)
        #expect(t.footerView(forSection: 0)?.frame.minY == 440)               // in its own place
        #expect(t.footerView(forSection: 1)?.frame.minY == 472)               // section 1's at the bottom (500 − 28)
    }

    @Test func groupedTablesTitleTheirSectionsInCapitalsAndInsetGroupsRoundTheirEnds() {
        let st = ViewStage(300, 400)
        let rows = Rows([2, 2])
        rows.titles = ["Alpha", "Beta"]
        let t = make(st, rows, style: .insetGrouped, size: CGSize(width: 300, height: 400))
        #expect(t.rectForHeader(inSection: 0).height == 38)
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 20, y: 38, width: 260, height: 44))
        #expect(t.headerView(forSection: 1)?.textLabel?.text == "BETA")
        let first = t.cellForRow(at: IndexPath(row: 0, section: 0))!, last = t.cellForRow(at: IndexPath(row: 1, section: 0))!
        #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(last.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(first.separator.isHidden == false && last.separator.isHidden == true)   // none under a group's last row
    }

    @Test func aTapSelectsAndAnotherMovesTheSelection() {
        let st = ViewStage(300, 300)
        let rows = Rows([6])
        let t = make(st, rows)
        for (i, y) in [20.0, 100].enumerated() {
            let time = 1 + Double(i)
            st.input(.pointerDown(CGPoint(x: 50, y: y)), at: time); st.frame(time)
            #expect(t.cellForRow(at: IndexPath(row: Int(y / 44), section: 0))?.isHighlighted == true)
            st.input(.pointerUp(CGPoint(x: 50, y: y)), at: time + 0.05); st.frame(time + 0.05)
        }
        #expect(rows.events == ["select 0.0", "deselect 0.0", "select 0.2"])
        #expect(t.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(t.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        st.at(3) { t.deselectRow(at: IndexPath(row: 2, section: 0), animated: true) }
        let bg = t.cellForRow(at: IndexPath(row: 2, section: 0))!.selectedBackgroundView!
        st.frame(3.15)
        #expect(isNear(Double(bg.layer.presentation()!.opacity), 1 - CubicBezier.easeInEaseOut.value(at: 0.5), 1e-6))
        #expect(t.indexPathForSelectedRow == nil && rows.events.count == 3)   // code does not call the delegate
        // The info button reports its tap and does not select the row.
        t.cellForRow(at: IndexPath(row: 4, section: 0))!.accessoryType = .detailButton
        st.frame(3.5)
        st.input(.pointerDown(CGPoint(x: 271, y: 198)), at: 3.6); st.input(.pointerUp(CGPoint(x: 271, y: 198)), at: 3.65); st.frame(3.65)
        #expect(rows.events.last == "info 0.4" && t.indexPathForSelectedRow == nil)
        t.allowsSelection = false
        st.input(.pointerDown(CGPoint(x: 50, y: 20)), at: 4); st.input(.pointerUp(CGPoint(x: 50, y: 20)), at: 4.05); st.frame(4.05)
        #expect(t.indexPathForSelectedRow == nil)
    }

    @Test func scrollToRowPutsTheRowWhereAsked() {
        let st = ViewStage(300, 300)
        let rows = Rows([100])
        let t = make(st, rows)
        t.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(t.contentOffset.y == 2200)
        t.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle, animated: false)
        #expect(t.contentOffset.y == 2072)                                   // 2200 + 22 − 150
        t.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom, animated: false)
        #expect(t.contentOffset.y == 1944)                                   // 2244 − 300
        t.scrollToRow(at: IndexPath(row: 10, section: 0), at: .none, animated: false)
        #expect(t.contentOffset.y == 440)                                     // the least scroll that shows it
        t.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(t.contentOffset.y == 4100)                                    // within the content's limits (4400 − 300)
        st.frame(0.1)
        #expect(t.indexPathsForVisibleRows?.last == IndexPath(row: 99, section: 0))
    }

    /// A cell whose content is one label pinned 12 points in, its text 3 lines long or 1.
    final class TallCell: UITableViewCell {
        let label = UILabel()
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                label.heightAnchor.constraint(equalToConstant: 60),
            ])
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A 300-point table of `count` self-sizing TallCells estimated at 50, shown on a stage (the
    /// rows object is returned to keep it alive: the table holds its data source weakly).
    func selfSizingTable(_ count: Int) -> (ViewStage, UITableView, Rows) {
        let st = ViewStage(300, 300)
        let rows = Rows([count])
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), style: .plain)
        t.rowHeight = UITableView.automaticDimension
        t.estimatedRowHeight = 50
        t.register(TallCell.self, forCellReuseIdentifier: "row")
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        return (st, t, rows)
    }

    @Test func selfSizingRowsTakeTheHeightTheirConstraintsGive() {
        let (_, t, rows) = selfSizingTable(50)
        defer { withExtendedLifetime(rows) {} }
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 84)    // 12 + 60 + 12
        #expect(t.rectForRow(at: IndexPath(row: 3, section: 0)).minY == 252)
        #expect(t.rectForRow(at: IndexPath(row: 40, section: 0)).height == 50)   // not shown yet: the estimate
        #expect(t.visibleCells.count == 4)
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    /// A cell's content view follows the cell's size at once, as UIKit's (flexible width and
    /// height): the constraints inside it are never solved against its size from before.
    @Test func contentViewsFollowTheirCellsSize() {
        let cell = TallCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 300, height: 84)
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 300, height: 84))
        cell.layoutIfNeeded()
        #expect(cell.label.frame == CGRect(x: 16, y: 12, width: cell.label.frame.width, height: 60))
        let item = UICollectionViewCell(frame: .zero)
        item.frame = CGRect(x: 0, y: 0, width: 50, height: 40)
        #expect(item.contentView.frame.size == CGSize(width: 50, height: 40))
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    /// The expanding-cell idiom with self-sizing rows: a cell's constraint changes, then
    /// beginUpdates/endUpdates; the row on screen is measured again (84 → 124), the rows below move
    /// down by the difference, and a row off screen keeps its measured height.
    @Test func endUpdatesMeasuresTheRowsOnScreenAgain() throws {
        let (st, t, rows) = selfSizingTable(50)
        defer { withExtendedLifetime(rows) {} }
        let cell = try #require(t.cellForRow(at: IndexPath(row: 1, section: 0)) as? TallCell)
        let tall = try #require(cell.label.constraints.first { $0.firstAttribute == .height })
        tall.constant = 100
        t.beginUpdates()
        t.endUpdates()
        #expect(t.rectForRow(at: IndexPath(row: 1, section: 0)).height == 124)   // 12 + 100 + 12
        #expect(abs(t.rectForRow(at: IndexPath(row: 2, section: 0)).minY - 208) < 1e-9)
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 84)     // unchanged, still measured
        #expect(t.rectForRow(at: IndexPath(row: 40, section: 0)).height == 50)    // never shown: the estimate
        var time = 0.1
        for _ in 0..<30 { time += 1.0 / 60; st.frame(time) }
        #expect(cell.frame.height == 124 && cell.label.frame.height == 100)
    }

    /// Scrolled to the middle of 100 self-sizing rows estimated at 50 (they measure 84), then
    /// dragged and scrolled back up: each row that comes in from above is measured 34 points
    /// taller, and the offset takes the difference, so the rows on screen move only as the
    /// finger and the offset move them.
    @Test func rowsMeasuredAboveTheVisibleOnesDoNotMoveThem() {
        let (st, t, rows) = selfSizingTable(100)
        defer { withExtendedLifetime(rows) {} }
        t.contentOffset = CGPoint(x: 0, y: 2500)
        st.frame(0.1)
        let first = t.indexPathsForVisibleRows!.first!
        var tracked = t.cellForRow(at: IndexPath(row: first.row + 1, section: 0))!
        func onScreen() -> CGFloat { tracked.frame.minY - t.contentOffset.y }
        // The offset scrolled up by 30 points a frame: the tracked row comes down 30 a frame.
        var y = onScreen(), time = 0.1, measuredAbove = 0
        for _ in 0..<4 {
            let before = t.rectForRow(at: IndexPath(row: t.indexPathsForVisibleRows!.first!.row - 1, section: 0)).height
            time += 1.0 / 60
            t.contentOffset = CGPoint(x: 0, y: t.contentOffset.y - 30)
            st.frame(time)
            if before == 50 && t.rectForRow(at: IndexPath(row: t.indexPathsForVisibleRows!.first!.row, section: 0)).height == 84 { measuredAbove += 1 }
            #expect(onScreen() == y + 30)
            y = onScreen()
        }
        // A finger dragging down 20 points a frame: the row follows the finger exactly.
        tracked = t.cellForRow(at: IndexPath(row: t.indexPathsForVisibleRows!.first!.row + 1, section: 0))!
        y = onScreen()
        st.input(.pointerDown(CGPoint(x: 150, y: 50)), at: 1); st.frame(1)
        for i in 1...8 {
            let now = 1 + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 150, y: 50 + 20 * Double(i))), at: now); st.frame(now)
            if i > 2 { #expect(onScreen() == y + 20, "frame \(i)") }
            y = onScreen()
        }
        st.input(.pointerCancel(CGPoint(x: 150, y: 210)), at: 1.3); st.frame(1.3)
        #expect(measuredAbove > 0)
        #expect((0..<first.row).contains { t.rectForRow(at: IndexPath(row: $0, section: 0)).height == 84 })
    }

    @Test func misuseIsReportedWithADefinedResult() {
        let st = ViewStage(300, 300)
        var captured: [String] = []
        st.engine.reportSink = { captured.append($0) }
        let rows = Rows([3])
        let t = make(st, rows, cell: UIView.self)          // not a cell class: nothing registered
        #expect(t.visibleCells.count == 3)                  // plain cells stand in
        #expect(captured.first?.hasPrefix("UITableView.dequeueReusableCell: unable to dequeue a cell with identifier row") == true)
        captured = []
        t.scrollToRow(at: IndexPath(row: 9, section: 0), at: .top, animated: false)
        t.selectRow(at: IndexPath(row: 0, section: 4), animated: false, scrollPosition: .none)
        rows.heights[IndexPath(row: 1, section: 0)] = .nan
        t.reloadData()
        st.frame(0.1)
        #expect(captured.count == 3)
        #expect(captured[0].contains("out-of-bounds row (9)") && captured[1].contains("is not a row"))
        #expect(captured[2].contains("nan") && t.rectForRow(at: IndexPath(row: 1, section: 0)).height == 0)
        t.endUpdates()
        #expect(captured.last == "UITableView.endUpdates: called without a matching beginUpdates (ignored)")
    }

    @Test func builtInStylesPlaceTheirLabels() {
        let st = ViewStage(320, 100)
        let c = UITableViewCell(style: .value1, reuseIdentifier: nil)
        c.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        c.textLabel?.text = "Wi-Fi"
        c.detailTextLabel?.text = "Home"
        c.accessoryType = .disclosureIndicator
        st.show(c)
        let d = c.detailTextLabel!.frame
        #expect(c.contentView.frame.width == 296)                              // 320 less the chevron's 8 and 16 around it
        #expect(d.maxX == 290 && c.detailTextLabel?.textAlignment == .right)     // 6 before the chevron
        #expect(c.textLabel!.frame.minX == 16)
        let s = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        s.frame = CGRect(x: 0, y: 50, width: 320, height: 50)
        s.textLabel?.text = "Title"
        s.detailTextLabel?.text = "Detail"
        st.show(s)
        #expect(s.detailTextLabel!.frame.minY == s.textLabel!.frame.maxY)
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        // A grouped table's title: 13-point grey capitals (the look is set before the label is made).
        let h = UITableViewHeaderFooterView(reuseIdentifier: nil)
        h.look = .groupedHeader
        #expect(h.textLabel?.font.pointSize == 13 && h.textLabel?.textColor == .secondaryLabel)
        // The chevron is drawn: grey pixels right of the content.
        let bmp = st.render(at: 0.1)
        let white = Color(hex: 0xFFFFFF).premultipliedPixel
        let greys = (8...35).filter { y in (296...304).contains { x in bmp[x, y] != white } }
        #expect(greys.count >= 8)
    }

    /// The inset-grouped look (grey capitals over white groups with rounded ends, the footer's
    /// grey text, the four cell styles, chevron, checkmark and info buttons), and the same in
    /// editing mode (red minus controls, content indented 38 points).
    @Test(arguments: [false, true]) func insetGroupedStylesGolden(editing: Bool) {
        let st = ViewStage(390, 500)
        let rows = StyleRows()
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 500), style: .insetGrouped)
        t.dataSource = rows
        t.delegate = rows
        st.show(t)
        t.isEditing = editing
        #expect(Snapshot.verify(st.render(at: 0.5, scale: 2), named: editing ? "insetGroupedEditing" : "insetGrouped") == nil)
    }
}
