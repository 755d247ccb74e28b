import Foundation
import Layers

/// What the bounds show: cells for the visible rows, the visible headers and footers (a plain
/// table's top header stuck to the top, its bottom footer to the bottom), made or recycled as they come and go. Self-sizing rows
/// are measured here, when they first show, and their estimates corrected in the geometry.
extension UITableView {
    /// The reuse identifier of the header and footer views the table makes for titles.
    static let titleViewIdentifier = "UITableView.title"

    /// Makes the cells and section views the bounds show, places them, and recycles the rest.
    /// - Complexity: O(log n + visible) per call, plus a solve per newly measured row.
    func updateVisibleContent() {
        // While a row is dragged by its reorder control the rows stay where the drag put them.
        guard dataSource != nil, reorder == nil else { return }
        var g = loadGeometry()
        // A self-sized row that turns out taller or shorter moves what follows it, so the rows
        // shown are asked again; three passes settle any realistic estimate.
        for pass in 0..<4 {
            let (rows, heads, feet) = shownElements(in: g)
            let wanted = Set(rows)
            for (ip, cell) in visible where !wanted.contains(ip) {
                recycle(cell)
                visible[ip] = nil
            }
            var remeasured = false
            // A row measured whose top is above the bounds' top changes the height above what
            // shows: the offset moves by as much, so the rows on screen stay put (as UIKit does
            // when rows scrolled in from above are sized).
            var above = 0.0
            for ip in rows {
                let cell = visible[ip] ?? makeVisibleCell(at: ip)
                let f = g.flat(ip)
                if !g.measured[f] {
                    g.measured[f] = true
                    let width = max(0, bounds.width - 2 * rowInsetX)
                    UIView.performWithoutAnimation { cell.bounds.size.width = width }
                    let h = Double(cell.fittingHeight(forWidth: width))
                    if h != g.sums.heights[f] {
                        if g.span(f).y < Double(bounds.minY) { above += h - g.sums.heights[f] }
                        g.sums.set(f, h)
                        remeasured = true
                    }
                }
            }
            if remeasured && pass < 3 {
                geometry = g
                applyContentSize()
                keepRowsInPlace(above)
                continue
            }
            if above != 0 {
                geometry = g
                applyContentSize()
                keepRowsInPlace(above)
            }
            geometry = g
            applyContentSize()
            for ip in rows { if let c = visible[ip] { place(c, at: ip, in: g) } }
            showSectionViews(headers: heads, footers: feet, in: g)
            return
        }
    }

    /// Moves the offset by `above`, the height gained above the rows on screen, but not past the
    /// top edge (rows that shrank near the top would otherwise leave the offset above the
    /// content, with nothing to bring it back at rest).
    private func keepRowsInPlace(_ above: Double) {
        guard above != 0 else { return }
        let y = bounds.minY, lo = -adjustedContentInset.top
        shiftContentOffset(byY: max(y + CGFloat(above), min(lo, y)) - y)
    }

    /// The rows, headers and footers with some height in the bounds; in a plain table also the
    /// header of the section at the top and the footer of the one at the bottom, which float.
    func shownElements(in g: TableGeometry) -> (rows: [IndexPath], headers: [Int], footers: [Int]) {
        let shown = g.elements(from: Double(bounds.minY), to: Double(bounds.maxY))
        var rows: [IndexPath] = [], heads: [Int] = [], feet: [Int] = []
        for i in shown where g.sums.heights[i] > 0 {
            switch g.element(i) {
            case .row(let ip): rows.append(ip)
            case .header(let s): heads.append(s)
            case .footer(let s): feet.append(s)
            }
        }
        if style == .plain, let first = shown.first, let last = shown.last {
            let top = Self.section(of: g.element(first)), bottom = Self.section(of: g.element(last))
            if g.sums.heights[g.headerIndex(top)] > 0 && !heads.contains(top) { heads.insert(top, at: 0) }
            if g.sums.heights[g.footerIndex(bottom)] > 0 && !feet.contains(bottom) { feet.append(bottom) }
        }
        return (rows, heads, feet)
    }

    static func section(of e: TableGeometry.Element) -> Int {
        switch e {
        case .header(let s), .footer(let s): s
        case .row(let ip): ip.section
        }
    }

    /// Puts a visible cell at its row (without animation) with the table's separator and corners.
    /// `animated`: inside an animation block, the frame animates.
    func place(_ cell: UITableViewCell, at ip: IndexPath, in g: TableGeometry, animated: Bool = false) {
        var f = rect(g.span(ip), inset: rowInsetX)
        // A cell sliding in inside its card's clip (UITableView+Updates.swift) is placed in the clip's coordinates.
        if let clip = cell.superview, clip !== self, clip.superview === self { f = f.offsetBy(dx: -clip.frame.minX, dy: -clip.frame.minY) }
        let body = { [self] in
            if cell.frame != f { cell.frame = f }
            let last = ip.row == g.rowCount(ip.section) - 1
            cell.separatorInset = separatorInset
            cell.separator.backgroundColor = separatorColor
            cell.separator.isHidden = separatorStyle == .none || (style != .plain && last)
            guard style == .insetGrouped else { return }
            var corners: CACornerMask = []
            if ip.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
            cell.layer.cornerRadius = corners.isEmpty ? 0 : 10
            cell.layer.maskedCorners = corners
            if !corners.isEmpty { cell.clipsToBounds = true }   // the rounded ends clip; a cell's own choice stays otherwise
        }
        if animated { body() } else { UIView.performWithoutAnimation(body) }
    }

    /// Asks the data source for the row's cell and adds it under the section views.
    func makeVisibleCell(at ip: IndexPath) -> UITableViewCell {
        let cell = dataSource!.tableView(self, cellForRowAt: ip)
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.isSelected = selected.contains(ip)
        cell.isHighlighted = highlighted == ip
        cell.alpha = 1
        cell.layer.zPosition = 0
        // A grouped table's cells stand on the grouped background (UIKit gives them its
        // secondary colour unless the cell chose one): the same white in the light appearance,
        // dark grey on black in the dark.
        if style != .plain, cell.backgroundColor === UIColor.systemBackground { cell.backgroundColor = .secondarySystemGroupedBackground }
        showEditing(cell, at: ip, animated: false)
        visible[ip] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: ip)
        return cell
    }

    /// Gives the cell its editing control in editing mode (the delegate's style, by default
    /// `.delete` for rows the data source can edit) and takes it away outside it.
    func showEditing(_ cell: UITableViewCell, at ip: IndexPath, animated: Bool) {
        if isEditing {
            cell.editingStyleShown = tableDelegate?.tableView(self, editingStyleForRowAt: ip) ?? (dataSource?.tableView(self, canEditRowAt: ip) == false ? .none : .delete)
            cell.canMove = cell.showsReorderControl && dataSource?.tableView(self, canMoveRowAt: ip) == true
        }
        if cell.isEditing != isEditing { cell.setEditing(isEditing, animated: animated) }
    }

    /// Gives a cell back to its queue (a cell without an identifier is dropped).
    func recycle(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.layer.removeAllAnimations()
        cell.isHighlighted = false
        cell.isSelected = false
        if let id = cell.reuseIdentifier { cellQueues.push(cell, for: id) }
    }

    func recycleHeader(_ v: UIView) {
        v.removeFromSuperview()
        if let h = v as? UITableViewHeaderFooterView, let id = h.reuseIdentifier { headerQueues.push(h, for: id) }
    }

    /// Shows `heads` and `feet`, recycling the section views no longer shown.
    /// `animated`: inside an animation block, views already shown move there animated (new ones
    /// appear in place).
    func showSectionViews(headers heads: [Int], footers feet: [Int], in g: TableGeometry, animated: Bool = false) {
        for (s, v) in headers where !heads.contains(s) { recycleHeader(v); headers[s] = nil }
        for (s, v) in footers where !feet.contains(s) { recycleHeader(v); footers[s] = nil }
        for s in heads {
            let existing = headers[s]
            guard let v = existing ?? sectionView(s, header: true) else { continue }
            headers[s] = v
            var f = rect(g.span(g.headerIndex(s)), inset: 0)
            if style == .plain {
                // Sticky: the header stays at the top while its section shows, then is pushed up
                // by the section's end.
                let end = CGFloat(g.sectionSpan(s).y + g.sectionSpan(s).height)
                f.origin.y = min(max(f.minY, bounds.minY + adjustedContentInset.top), end - f.height)
            }
            move(v, to: f, animated: animated && existing != nil)
        }
        for s in feet {
            let existing = footers[s]
            guard let v = existing ?? sectionView(s, header: false) else { continue }
            footers[s] = v
            var f = rect(g.span(g.footerIndex(s)), inset: 0)
            if style == .plain {
                // Sticky: the footer stays at the bottom while its section shows, then is pushed
                // down by the section's header.
                let top = CGFloat(g.sectionSpan(s).y + g.sums.heights[g.headerIndex(s)])
                f.origin.y = max(min(f.minY, bounds.maxY - adjustedContentInset.bottom - f.height), top)
            }
            move(v, to: f, animated: animated && existing != nil)
        }
    }

    private func move(_ v: UIView, to f: CGRect, animated: Bool) {
        guard v.frame != f else { return }
        if animated { v.frame = f } else { UIView.performWithoutAnimation { v.frame = f } }
    }

    /// The delegate's view for a section's header or footer, or a title view for its title.
    private func sectionView(_ s: Int, header: Bool) -> UIView? {
        let d = tableDelegate
        var v = header ? d?.tableView(self, viewForHeaderInSection: s) : d?.tableView(self, viewForFooterInSection: s)
        if v == nil, let title = header ? dataSource?.tableView(self, titleForHeaderInSection: s) : dataSource?.tableView(self, titleForFooterInSection: s) {
            let t = headerQueues.pop(Self.titleViewIdentifier) ?? UITableViewHeaderFooterView(reuseIdentifier: Self.titleViewIdentifier)
            t.look = !header ? .footer : (style == .plain ? .plainHeader : .groupedHeader)
            t.layoutInsetX = rowInsetX
            t.textLabel?.text = header && style != .plain ? title.uppercased() : title
            v = t
        }
        guard let view = v else { return nil }
        if view.superview !== self { addSubview(view) }
        view.layer.zPosition = 1
        return view
    }
}
