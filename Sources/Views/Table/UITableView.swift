import Foundation
import Layers

/// A scrolling list of rows in sections (UIKit's `UITableView`), made only for what is visible and
/// recycled as it scrolls: rows that leave the bounds give their cells back to the reuse queues,
/// and `dequeueReusableCell` hands them out again after `prepareForReuse()`.
///
/// Where everything lies is one list of heights with running sums (`TableGeometry`): the row at an
/// offset, a row's rectangle and a self-sized row's correction each cost O(log n), so a frame's
/// work depends on what is visible, not on how many rows there are. Row updates animate as iOS's
/// do (UITableView+Updates.swift), rows swipe to show actions (UITableView+Swipe.swift), and touches
/// select (UITableView+Selection.swift).
open class UITableView: UIScrollView {
    /// The table's look (UIKit's `UITableView.Style`).
    public enum Style: Int, Sendable {
        /// Rows edge to edge, headers on grey bars that stick to the top while their section shows.
        case plain
        /// Sections as groups on a grey background, titles in small capitals above them.
        case grouped
        /// Groups inset 20 points from the sides with rounded corners (iOS 13's Settings).
        case insetGrouped
    }
    /// Where `scrollToRow` puts a row (UIKit's `UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable {
        /// The least scroll that shows the row whole (none when it already shows).
        case none
        /// The row's top at the top of the bounds.
        case top
        /// The row's centre at the bounds' centre.
        case middle
        /// The row's bottom at the bottom of the bounds.
        case bottom
    }
    /// Whether rows show separator lines (UIKit's `UITableViewCell.SeparatorStyle`).
    public enum SeparatorStyle: Int, Sendable {
        /// No lines.
        case none
        /// A hairline under each row, inset by `separatorInset`.
        case singleLine
    }

    /// A height that asks for the natural size: a row's from its cell (self-sizing), a header's
    /// from the table's style. UIKit's value.
    public static let automaticDimension: CGFloat = -1

    /// The look, fixed at creation.
    public let style: Style
    /// Supplies counts and cells (weak, as in UIKit). Setting it reloads the data.
    open weak var dataSource: UITableViewDataSource? { didSet { reloadData() } }
    /// Every row's height when the delegate gives none; `automaticDimension` sizes rows from their
    /// cells. Default: 44, UIKit's standard row. (Since iOS 11 UIKit defaults to
    /// `automaticDimension` with built-in cells sizing to 44; the result for those cells is the
    /// same, and fixed heights keep large tables cheap.)
    open var rowHeight: CGFloat = 44 { didSet { invalidateGeometry() } }
    /// The height assumed for a self-sizing row until its cell is measured (when it first shows).
    /// Default: `automaticDimension`, which means 44.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    /// Every section header's height when the delegate gives none; `automaticDimension` takes the
    /// style's (plain: 28 with a title, else 0; grouped: 38 with a title, else 18, the first 35).
    /// Default: `automaticDimension`.
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    /// Every section footer's height when the delegate gives none; `automaticDimension` takes the
    /// style's (plain: 28 with a title, else 0; grouped: 38 with a title, else 18). Default: `automaticDimension`.
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    /// Whether rows show separators. Default: `.singleLine`.
    open var separatorStyle = SeparatorStyle.singleLine { didSet { setNeedsLayout() } }
    /// The separators' colour. Default: `UIColor.separator`.
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// The separators' insets, given to each cell it shows. Default: 16 on the left.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// Whether a tap highlights and selects the row under it. Default: true.
    open var allowsSelection = true
    /// Whether taps add to the selection (a tap on a selected row deselects it). Default: false.
    open var allowsMultipleSelection = false
    /// A view above the first section, as wide as the table, its height kept. Default: nil.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableHeaderView { addSubview(v) }; invalidateGeometry() }
    }
    /// A view below the last section, as wide as the table, its height kept. Default: nil.
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableFooterView { addSubview(v) }; invalidateGeometry() }
    }
    /// Whether the table is in editing mode: rows the data source can edit show a delete control
    /// (the delegate's `editingStyleForRowAt`), a tap on it reveals a Delete button that commits
    /// the deletion, and taps do not select (UIKit's `allowsSelectionDuringEditing`, false).
    /// Setting it is `setEditing(_:animated: false)`. Default: false.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    /// Enters or leaves editing mode; `animated` slides the controls in or out over 0.3 s.
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        closeSwipe(animated: animated)
        for (ip, cell) in visible { showEditing(cell, at: ip, animated: animated) }
    }
    private var editing = false

    /// Cells made so far (reuse keeps this near the number visible).
    public var cellsCreated: Int { cellQueues.created }

    /// Where everything lies, or nil until the next layout asks the data source.
    var geometry: TableGeometry?
    var cellQueues = ReuseQueues<UITableViewCell>()
    var headerQueues = ReuseQueues<UITableViewHeaderFooterView>()
    /// The cells on screen by row, and the section headers and footers.
    var visible: [IndexPath: UITableViewCell] = [:]
    var headers: [Int: UIView] = [:]
    var footers: [Int: UIView] = [:]
    var selected: Set<IndexPath> = []
    var highlighted: IndexPath?
    /// The open `beginUpdates` count and the changes announced in it.
    var updateDepth = 0
    var pending = TableUpdates()
    /// The completions of `performBatchUpdates` calls nested in the open group, in call order.
    var nestedCompletions: [(Bool) -> Void] = []
    private var reportedLimit = false
    private var selfSizingRows = false
    /// The open swipe, the pan that makes it, its gate, the offset a drag started from, and the
    /// action button a touch went down on (UITableView+Swipe.swift).
    var swipe: Swipe?
    let swipePan = UIPanGestureRecognizer()
    var swipeGate: SwipeGate?
    var swipeOrigin: CGFloat = 0
    var pressedAction: UIContextualAction?
    /// The row whose info button a touch went down on.
    var pressedDetail: IndexPath?
    /// The row being dragged by its reorder control (UITableView+Reorder.swift).
    var reorder: Reorder?

    /// A table of `style` with `frame`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        installSwipe()
    }
    /// A plain table.
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    /// Flipbook has no nibs: makes a plain table, for subclasses that declare the initializer.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        installSwipe()
    }

    /// The delegate as a table's delegate.
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    // MARK: Cells

    /// Makes cells of `cellClass` (a `UITableViewCell` subclass, `.default` style) for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        cellQueues.register(cellClass, for: identifier)
    }
    /// Makes header and footer views of `aClass` (a `UITableViewHeaderFooterView` subclass) for `identifier`.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerQueues.register(aClass, for: identifier)
    }

    /// A recycled cell for `identifier` (after `prepareForReuse()`), or a new one of the registered
    /// class. An unregistered identifier is reported (UIKit raises) and gives a `.default` cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        CAEngine.current.report("UITableView.dequeueReusableCell: unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        return makeCell(UITableViewCell.self, identifier)
    }
    /// A recycled cell for `identifier`, a new one when a class is registered for it, else nil
    /// (the older call: the data source then makes its own cell).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = cellQueues.pop(identifier) {
            cell.prepareForReuse()
            return cell
        }
        return cellQueues.registeredType(for: identifier).map { makeCell($0, identifier) }
    }
    private func makeCell(_ type: UITableViewCell.Type, _ identifier: String) -> UITableViewCell {
        let cell = type.init(registeredWithReuseIdentifier: identifier)
        cell.awakeFromNib()
        cellQueues.made(cell)
        return cell
    }
    /// A recycled header or footer view for `identifier`, a new one of the registered class, or
    /// nil when none is registered.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let v = headerQueues.pop(identifier) { v.prepareForReuse(); return v }
        guard let type = headerQueues.registeredType(for: identifier) else { return nil }
        let v = type.init(registeredWithReuseIdentifier: identifier)
        headerQueues.made(v)
        return v
    }

    // MARK: Data

    /// The most rows a table holds, over all its sections: a data source reporting more is reported
    /// in one line and the rows past the limit are not shown. UIKit documents no limit; a table
    /// keeps 17 bytes per row here (its height, a running sum, a flag), 170 MB at this limit.
    public static let maximumRowCount = 10_000_000

    /// The number of sections (from the data source, at the last reload or update).
    open var numberOfSections: Int { loadGeometry().sectionCount }
    /// The number of rows in `section`; 0 for a section that does not exist.
    open func numberOfRows(inSection section: Int) -> Int { loadGeometry().rowCount(section) }

    /// Forgets every cell, header and height and asks the data source again at the next layout.
    open func reloadData() {
        closeSwipe(animated: false)
        reorder = nil
        for (_, cell) in visible { recycle(cell) }
        visible = [:]
        for (_, v) in headers { recycleHeader(v) }
        for (_, v) in footers { recycleHeader(v) }
        headers = [:]
        footers = [:]
        selected = []
        highlighted = nil
        geometry = nil
        setNeedsLayout()
    }

    /// Whether some row sized itself in the last geometry (then heights depend on the width).
    var rowsSizeThemselves: Bool { selfSizingRows }

    /// Heights are asked again at the next layout; cells stay.
    func invalidateGeometry() {
        geometry = nil
        setNeedsLayout()
    }

    /// The data source's counts: at most 1,000,000 sections and `maximumRowCount` rows in all
    /// (the sections past the limit keep 0 rows); passing a limit is reported once.
    func freshCounts() -> [Int] {
        guard let ds = dataSource else { return [] }
        let (counts, over) = cappedCounts(sections: ds.numberOfSections(in: self), limit: Self.maximumRowCount) {
            ds.tableView(self, numberOfRowsInSection: $0)
        }
        if over && !reportedLimit {
            reportedLimit = true
            CAEngine.current.report("UITableView: the data source reports more than a table holds (at most 1,000,000 sections and \(Self.maximumRowCount) rows in all); the rest are not shown")
        }
        return counts
    }

    /// The geometry, asked of the data source and delegate when it was invalidated.
    @discardableResult
    func loadGeometry() -> TableGeometry {
        if let g = geometry { return g }
        let g = makeGeometry(counts: freshCounts()) { _ in nil }
        geometry = g
        applyContentSize()
        return g
    }

    /// A geometry for `counts`, every height asked anew except those `carried` gives (a row's
    /// measured height kept through an update).
    func makeGeometry(counts: [Int], carried: (IndexPath) -> Double?) -> TableGeometry {
        let d = tableDelegate
        let estimate = Double(estimatedRowHeight > 0 ? estimatedRowHeight : 44)
        selfSizingRows = false
        return TableGeometry(
            rowCounts: counts,
            top: Double(tableHeaderView?.bounds.height ?? 0), bottom: Double(tableFooterView?.bounds.height ?? 0),
            header: { s in self.sectionHeight(s, header: true) },
            row: { ip in
                let h = d?.tableView(self, heightForRowAt: ip) ?? self.rowHeight
                if h == UITableView.automaticDimension {
                    self.selfSizingRows = true
                    if let kept = carried(ip) { return (kept, true) }
                    return (estimate, false)
                }
                return (Self.checkedHeight(h, "row \(ip.row) in section \(ip.section)"), true)
            },
            footer: { s in self.sectionHeight(s, header: false) })
    }

    private func sectionHeight(_ s: Int, header: Bool) -> Double {
        let d = tableDelegate
        let asked = header ? d?.tableView(self, heightForHeaderInSection: s) : d?.tableView(self, heightForFooterInSection: s)
        if let h = asked, h != UITableView.automaticDimension { return Self.checkedHeight(h, header ? "header of section \(s)" : "footer of section \(s)") }
        let fixed = header ? sectionHeaderHeight : sectionFooterHeight
        if fixed != UITableView.automaticDimension { return Self.checkedHeight(fixed, header ? "sectionHeaderHeight" : "sectionFooterHeight") }
        let titled = (header ? dataSource?.tableView(self, titleForHeaderInSection: s) : dataSource?.tableView(self, titleForFooterInSection: s)) != nil
        switch style {
        case .plain: return titled ? 28 : 0
        case .grouped, .insetGrouped: return titled ? 38 : (header && s == 0 ? 35 : 18)
        }
    }

    /// A height from the user: negative, NaN or infinite ones are reported and taken as 0
    /// (UIKit asserts on them).
    static func checkedHeight(_ h: CGFloat, _ what: @autoclosure () -> String) -> Double {
        if h.isFinite && h >= 0 && h <= 1e7 { return Double(h) }
        CAEngine.current.report("UITableView: the height \(h) for the \(what()) is not a finite non-negative height (up to 10,000,000); 0 is used")
        return 0
    }

    func applyContentSize() {
        guard let g = geometry else { return }
        let size = CGSize(width: bounds.width, height: CGFloat(g.contentHeight))
        if UIScrollView.isValid(size) { contentSize = size }
    }

    // MARK: Geometry

    /// The horizontal inset of rows and section content (20 in `.insetGrouped`, else 0).
    var rowInsetX: CGFloat { style == .insetGrouped ? 20 : 0 }

    /// A flat element's rectangle in content coordinates.
    func rect(_ span: (y: Double, height: Double), inset: CGFloat) -> CGRect {
        CGRect(x: inset, y: CGFloat(span.y), width: max(0, bounds.width - 2 * inset), height: CGFloat(span.height))
    }
    /// The section's rectangle, header to footer, in content coordinates; `.zero` for a section
    /// that does not exist.
    open func rect(forSection section: Int) -> CGRect {
        let g = loadGeometry()
        guard (0..<g.sectionCount).contains(section) else { return .zero }
        return rect(g.sectionSpan(section), inset: 0)
    }
    /// The row's rectangle in content coordinates; `.zero` for a row that does not exist.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        let g = loadGeometry()
        guard g.contains(indexPath) else { return .zero }
        return rect(g.span(indexPath), inset: rowInsetX)
    }
    /// The section header's rectangle in content coordinates (where it lies, not where a sticky
    /// header floats); `.zero` for a section that does not exist.
    open func rectForHeader(inSection section: Int) -> CGRect {
        let g = loadGeometry()
        guard (0..<g.sectionCount).contains(section) else { return .zero }
        return rect(g.span(g.headerIndex(section)), inset: 0)
    }
    /// The section footer's rectangle in content coordinates; `.zero` for a section that does not exist.
    open func rectForFooter(inSection section: Int) -> CGRect {
        let g = loadGeometry()
        guard (0..<g.sectionCount).contains(section) else { return .zero }
        return rect(g.span(g.footerIndex(section)), inset: 0)
    }
    /// The row at `point` (content coordinates), or nil over a header, footer or nothing.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        let g = loadGeometry()
        guard point.x.isFinite, point.y.isFinite, g.sums.count > 0,
              Double(point.y) >= g.top, Double(point.y) < g.top + g.sums.total else { return nil }
        guard case .row(let ip) = g.element(g.sums.index(at: Double(point.y) - g.top)) else { return nil }
        return rectForRow(at: ip).contains(point) ? ip : nil
    }
    /// The rows whose rectangles meet `rect` (content coordinates), in order.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        let g = loadGeometry()
        guard UIView.isFinite(rect) else { return nil }
        return g.elements(from: Double(rect.minY), to: Double(rect.maxY)).compactMap {
            if case .row(let ip) = g.element($0) { return ip } else { return nil }
        }
    }

    /// The cell shown for the row, or nil when it has none (off screen or not laid out yet).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visible[indexPath] }
    /// The row of a visible cell, or nil when the cell is not one of the visible ones.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }
    /// The cells on screen, in row order.
    open var visibleCells: [UITableViewCell] { visible.keys.sorted().compactMap { visible[$0] } }
    /// The rows whose cells are on screen, sorted; nil when there are none (as UIKit).
    open var indexPathsForVisibleRows: [IndexPath]? { visible.isEmpty ? nil : visible.keys.sorted() }
    /// The view shown for the section's header, if it is on screen.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { headers[section] as? UITableViewHeaderFooterView }
    /// The view shown for the section's footer, if it is on screen.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { footers[section] as? UITableViewHeaderFooterView }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new width re-asks every height (self-sized rows measure again at it).
        if geometry != nil && contentSize.width != bounds.width && rowsSizeThemselves { geometry = nil }
        if geometry == nil { loadGeometry() } else if contentSize.width != bounds.width { applyContentSize() }
        if let v = tableHeaderView { v.frame = CGRect(x: 0, y: 0, width: bounds.width, height: v.bounds.height) }
        if let v = tableFooterView, let g = geometry {
            v.frame = CGRect(x: 0, y: CGFloat(g.contentHeight) - v.bounds.height, width: bounds.width, height: v.bounds.height)
        }
        updateVisibleContent()
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touchDown(touches) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { dragReorder(touches) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if reorder != nil { return endReorder(touches) }
        touchUp(touches)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if reorder != nil { return endReorder(touches) }
        unhighlight()
    }

    override func scrollViewDidScroll() {
        if swipe != nil { closeSwipe(animated: true) }      // any scroll closes an open row, as on iOS
        updateVisibleContent()
    }
}
