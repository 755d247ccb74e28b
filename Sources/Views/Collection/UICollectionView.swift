import Foundation
import Layers

/// A scroll view of items placed by a layout (UIKit's `UICollectionView`), made only for what is
/// visible and recycled as it scrolls: cells that leave the bounds go back to their reuse queue,
/// and `dequeueReusableCell` hands them out again after `prepareForReuse()`.
///
/// Selection follows touches: a touch highlights the cell under it, lifting it there selects it
/// (a scroll that starts cancels both). `performBatchUpdates` animates inserted items in, deleted
/// ones out (fades) and the others to their new places, as UIKit does.
open class UICollectionView: UIScrollView {
    /// Where `scrollToItem` puts an item (UIKit's `UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        /// The position bits, UIKit's values.
        public let rawValue: UInt
        /// A position from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top edge at the top of the bounds.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the bounds' vertical centre.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the bounds.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the bounds.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item's centre at the bounds' horizontal centre.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the bounds.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout that places the items. Setting it detaches the old one and lays the items out
    /// anew at the next layout pass (not animated; UIKit's `setCollectionViewLayout(_:animated:)`
    /// is not offered).
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutIsValid = false
            setNeedsLayout()
        }
    }
    /// Supplies counts and cells (weak, as in UIKit). Setting it reloads the data.
    open weak var dataSource: UICollectionViewDataSource? { didSet { reloadData() } }
    /// Whether a tap highlights and selects the item under it. Default: true.
    open var allowsSelection = true
    /// Whether taps add to the selection (a tap on a selected item deselects it) instead of moving it.
    /// Default: false.
    open var allowsMultipleSelection = false
    /// The selected items, in index path order; nil when none is selected.
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    var layoutIsValid = false
    private var counts: [Int] = []
    private var countsAreLoaded = false
    private var queues = ReuseQueues<UICollectionViewCell>()
    private var visible: [IndexPath: UICollectionViewCell] = [:]
    private var selected: Set<IndexPath> = []
    private var highlighted: IndexPath?
    /// Cells made so far (reuse keeps this near the number visible).
    public var cellsCreated: Int { queues.created }
    var batch: BatchUpdates?
    /// The completions of the open batch and of the batches merged into it, in call order.
    var batchCompletions: [(Bool) -> Void] = []
    /// Bumped each time the layout is prepared; a cell remembers the one it was placed for.
    private var layoutGeneration = 0
    private var appliedGeneration: [ObjectIdentifier: Int] = [:]

    /// A collection view with `frame` whose items `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }
    /// Flipbook has no nibs: this makes a collection view with a default flow layout, for subclasses
    /// that declare the initializer.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: Cells

    /// Makes cells of `cellClass` for `identifier` (a UICollectionViewCell subclass).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        queues.register(cellClass, for: identifier)
    }

    /// A recycled cell for `identifier` (after `prepareForReuse()`), or a new one of the registered
    /// class, made at the frame of the item it is dequeued for (so `init(frame:)` can size its
    /// parts from `bounds`, as on iOS), after `awakeFromNib()`. An unregistered identifier is reported (UIKit raises) and
    /// gives a plain cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = queues.pop(identifier) {
            cell.prepareForReuse()
            return cell
        }
        let type: UICollectionViewCell.Type
        if let t = queues.registeredType(for: identifier) {
            type = t
        } else {
            CAEngine.current.report("UICollectionView.dequeueReusableCell: could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier")
            type = UICollectionViewCell.self
        }
        let cell = type.init(registeredWithFrame: frameForNewCell)
        cell.reuseIdentifier = identifier
        cell.awakeFromNib()
        queues.made(cell)
        return cell
    }

    /// The most items a collection view lays out, over all its sections: a data source reporting
    /// more (up to `Int.max`) is reported in one line and the items past the limit are not shown.
    /// UIKit documents no limit but lays out every item's attributes too; at about 250 bytes each,
    /// a million is a quarter of a gigabyte.
    public static let maximumItemCount = 1_000_000

    /// The number of sections the data source reports (asked once per reload; capped at 1,000,000).
    open var numberOfSections: Int { loadCounts(); return counts.count }
    /// The number of items the data source reports for `section`; 0 for a section that does not exist.
    open func numberOfItems(inSection section: Int) -> Int {
        loadCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }
    private func loadCounts() {
        guard !countsAreLoaded else { return }
        countsAreLoaded = true
        counts = freshCounts()
    }
    /// The data source's counts, at most 1,000,000 sections and `maximumItemCount` items in all
    /// (the sections past the limit keep 0 items); passing a limit is reported once per reload.
    func freshCounts() -> [Int] {
        guard let ds = dataSource else { return [] }
        let (counts, reported) = cappedCounts(sections: ds.numberOfSections(in: self), limit: Self.maximumItemCount) {
            ds.collectionView(self, numberOfItemsInSection: $0)
        }
        if reported && !reportedLimit {
            reportedLimit = true
            CAEngine.current.report("UICollectionView: the data source reports more than a collection view lays out (at most 1,000,000 sections and \(Self.maximumItemCount) items in all); the rest are not shown")
        }
        return counts
    }
    private var reportedLimit = false

    /// Forgets every cell and count and asks the data source again at the next layout.
    open func reloadData() {
        for (_, cell) in visible { recycle(cell) }
        visible = [:]
        selected = []
        highlighted = nil
        countsAreLoaded = false
        layoutIsValid = false
        setNeedsLayout()
    }

    /// The cell shown for the item, or nil when it has no cell (off screen or not laid out yet).
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visible[indexPath] }
    /// The index path of a visible cell, or nil when the cell is not one of the visible ones.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }
    /// The cells on screen, in index path order.
    open var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap { visible[$0] } }
    /// The index paths of the cells on screen, sorted.
    open var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted() }
    /// The layout's attributes for the item (preparing the layout first if it was invalidated).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }
    /// The item whose frame contains `point` (content coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let hits = collectionViewLayout.layoutAttributesForElements(in: CGRect(x: point.x, y: point.y, width: 0.001, height: 0.001)) ?? []
        return hits.filter { !$0.isHidden && $0.frame.contains(point) }.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    // MARK: Layout and recycling

    func prepareLayoutIfNeeded() {
        guard !layoutIsValid else { return }
        layoutIsValid = true
        layoutGeneration += 1
        loadCounts()
        collectionViewLayout.collectionView = self
        isPreparingLayout = true
        collectionViewLayout.prepare()
        isPreparingLayout = false
        let size = collectionViewLayout.collectionViewContentSize
        if UIScrollView.isValid(size) { contentSize = size }
    }

    /// The layout is asked `shouldInvalidateLayout(forBoundsChange:)` before new bounds take
    /// effect, as on iOS, so a layout comparing them with `collectionView.bounds` sees the old ones
    /// (a springy layout reads the scroll's step that way).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            if newValue != super.bounds, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                layoutIsValid = false
            }
            super.bounds = newValue
        }
    }

    /// A new frame is a bounds change too (it reaches the layer without the `bounds` setter).
    open override var frame: CGRect {
        get { super.frame }
        set {
            let newBounds = CGRect(origin: bounds.origin, size: newValue.size)
            if newBounds != super.bounds, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
                layoutIsValid = false
            }
            super.frame = newValue
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        prepareLayoutIfNeeded()
        updateVisibleCells()
    }

    override func scrollViewDidScroll() {
        if lastLaidOutSize != bounds.size { layoutIsValid = false }
        prepareLayoutIfNeeded()
        updateVisibleCells()
    }
    private var lastLaidOutSize = CGSize.zero
    /// True while the layout's `prepare()` runs (its own settings do not invalidate it again).
    var isPreparingLayout = false
    /// The frame the next cell made from a registered class starts with: the frame of the item
    /// being shown, so a cell's `init(frame:)` sees its real size, as on iOS.
    private var frameForNewCell = CGRect.zero

    /// The layout's stopping point first, then the delegate's (UIScrollView's release).
    override func proposedTargetContentOffset(_ natural: CGPoint, velocity: CGPoint) -> CGPoint {
        let t = collectionViewLayout.targetContentOffset(forProposedContentOffset: natural, withScrollingVelocity: velocity)
        return t.x.isFinite && t.y.isFinite ? t : natural
    }

    /// Makes the cells the bounds show, places them, and recycles the ones they no longer show.
    func updateVisibleCells() {
        guard dataSource != nil else { return }
        lastLaidOutSize = bounds.size
        var attributes = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        // The focused cell stays while it has the focus, in view or not (the focus engine may
        // have made it before the scroll that brings it in).
        if let f = window?.focusedView as? UICollectionViewCell, f.superview === self,
           let ip = visible.first(where: { $0.value === f })?.key, !attributes.contains(where: { $0.indexPath == ip }),
           let a = collectionViewLayout.layoutAttributesForItem(at: ip) {
            attributes.append(a)
        }
        // Cells that left go back to their queues first, so the ones that arrive reuse them.
        let shown = Set(attributes.map(\.indexPath))
        for (ip, cell) in visible where !shown.contains(ip) {
            recycle(cell)
            visible[ip] = nil
        }
        for a in attributes {
            // A cell keeps what its owner did to it (seed 004 expands one to full screen) until it
            // is shown anew or the layout changes, as UIKit applies attributes only then.
            if let cell = visible[a.indexPath], appliedGeneration[ObjectIdentifier(cell)] == layoutGeneration { continue }
            let cell = visible[a.indexPath] ?? makeCell(at: a.indexPath, frame: a.frame)
            visible[a.indexPath] = cell
            UIView.performWithoutAnimation { cell.apply(a) }
            appliedGeneration[ObjectIdentifier(cell)] = layoutGeneration
        }
    }

    // MARK: Focus

    /// Items within one bounds' length past the visible rect towards `heading` that have no cell,
    /// with their frames (content coordinates): the focus engine's candidates beyond the edge.
    func itemsWithoutCells(towards heading: UIFocusHeading) -> [(IndexPath, CGRect)] {
        guard dataSource != nil else { return [] }
        prepareLayoutIfNeeded()
        var r = bounds
        if heading.contains(.left) { r.origin.x -= r.width; r.size.width *= 2 }
        if heading.contains(.right) { r.size.width *= 2 }
        if heading.contains(.up) { r.origin.y -= r.height; r.size.height *= 2 }
        if heading.contains(.down) { r.size.height *= 2 }
        let attributes = collectionViewLayout.layoutAttributesForElements(in: r) ?? []
        return attributes.filter { !$0.isHidden && visible[$0.indexPath] == nil }.map { ($0.indexPath, $0.frame) }
    }

    /// Makes and places the cell for `ip` before it is scrolled into view, so the focus can move
    /// to it; it stays while it has the focus (see `updateVisibleCells`).
    func makeCellForFocus(at ip: IndexPath) -> UICollectionViewCell? {
        if let cell = visible[ip] { return cell }
        guard let a = collectionViewLayout.layoutAttributesForItem(at: ip) else { return nil }
        let cell = makeCell(at: ip, frame: a.frame)
        visible[ip] = cell
        UIView.performWithoutAnimation { cell.apply(a) }
        appliedGeneration[ObjectIdentifier(cell)] = layoutGeneration
        return cell
    }

    private func makeCell(at ip: IndexPath, frame: CGRect) -> UICollectionViewCell {
        frameForNewCell = frame
        let cell = dataSource!.collectionView(self, cellForItemAt: ip)
        frameForNewCell = .zero
        if cell.superview !== self { addSubview(cell) }
        cell.isSelected = selected.contains(ip)
        cell.isHighlighted = highlighted == ip
        (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: ip)
        return cell
    }

    func recycle(_ cell: UICollectionViewCell) {
        appliedGeneration[ObjectIdentifier(cell)] = nil
        cell.removeFromSuperview()
        cell.isHighlighted = false
        cell.isSelected = false
        if let id = cell.reuseIdentifier { queues.push(cell, for: id) }
    }

    // MARK: Selection

    /// Selects the item (nil deselects all); without `allowsMultipleSelection` the previous selection
    /// goes. Scrolls it to `scrollPosition` unless that is empty. Does not call the delegate, as in UIKit.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let ip = indexPath else { return deselectAll() }
        if !allowsMultipleSelection { deselectAll(except: ip) }
        selected.insert(ip)
        visible[ip]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: ip, at: scrollPosition, animated: animated) }
    }
    /// Deselects the item without calling the delegate. `animated` is ignored (the cell's
    /// `isSelected` changes at once).
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.isSelected = false
    }
    private func deselectAll(except keep: IndexPath? = nil) {
        for ip in selected where ip != keep { deselectItem(at: ip, animated: false) }
    }

    /// Scrolls so the item sits at `position` (within the content's limits).
    /// An item that does not exist gets UIKit's message (one line) and is ignored.
    open func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let sections = numberOfSections
        guard indexPath.count == 2, (0..<sections).contains(indexPath.section) else {
            let which = indexPath.count == 2 ? "section (\(indexPath.section))" : "index path \(indexPath)"
            return CAEngine.current.report("UICollectionView.scrollToItem: Attempted to scroll the collection view to an out-of-bounds \(which) when there are only \(sections) sections (ignored)")
        }
        let items = numberOfItems(inSection: indexPath.section)
        guard (0..<items).contains(indexPath.item) else {
            return CAEngine.current.report("UICollectionView.scrollToItem: Attempted to scroll the collection view to an out-of-bounds item (\(indexPath.item)) when there are only \(items) items in section \(indexPath.section) (ignored)")
        }
        guard let f = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var o = contentOffset
        let b = bounds.size
        if position.contains(.left) { o.x = f.minX }
        if position.contains(.centeredHorizontally) { o.x = f.midX - b.width / 2 }
        if position.contains(.right) { o.x = f.maxX - b.width }
        if position.contains(.top) { o.y = f.minY }
        if position.contains(.centeredVertically) { o.y = f.midY - b.height / 2 }
        if position.contains(.bottom) { o.y = f.maxY - b.height }
        let r = offsetRange
        o = CGPoint(x: min(max(o.x, r.lo.x), r.hi.x), y: min(max(o.y, r.lo.y), r.hi.y))
        setContentOffset(o, animated: animated)
    }

    private func cellIndexPath(for touches: Set<UITouch>) -> IndexPath? {
        guard let t = touches.first else { return nil }
        return indexPathForItem(at: t.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, let ip = cellIndexPath(for: touches) else { return }
        let d = delegate as? UICollectionViewDelegate
        guard d?.collectionView(self, shouldHighlightItemAt: ip) ?? true else { return }
        highlighted = ip
        visible[ip]?.isHighlighted = true
        d?.collectionView(self, didHighlightItemAt: ip)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let ip = highlighted else { return }
        unhighlight()
        guard cellIndexPath(for: touches) == ip else { return }
        let d = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection && selected.contains(ip) {
            deselectItem(at: ip, animated: false)
            d?.collectionView(self, didDeselectItemAt: ip)
            return
        }
        selectByUser(ip)
    }
    /// The focused `cell` was pressed (Enter, Space, the pad's X): selected as a tap selects it.
    func selectFromFocus(_ cell: UICollectionViewCell) {
        guard allowsSelection, let ip = indexPath(for: cell) else { return }
        selectByUser(ip)
    }
    /// A selection the user made (a tap or a focused press): asks the delegate, moves a single
    /// selection, and reports what changed.
    private func selectByUser(_ ip: IndexPath) {
        let d = delegate as? UICollectionViewDelegate
        guard d?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
        let previous = allowsMultipleSelection ? [] : selected.subtracting([ip])
        selectItem(at: ip, animated: false, scrollPosition: [])
        for p in previous.sorted() { d?.collectionView(self, didDeselectItemAt: p) }
        d?.collectionView(self, didSelectItemAt: ip)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { unhighlight() }
    private func unhighlight() {
        guard let ip = highlighted else { return }
        highlighted = nil
        visible[ip]?.isHighlighted = false
        (delegate as? UICollectionViewDelegate)?.collectionView(self, didUnhighlightItemAt: ip)
    }

    // MARK: Batch updates (see UICollectionView+Updates.swift)

    func replaceVisible(_ map: [IndexPath: UICollectionViewCell]) { visible = map }
    var visibleMap: [IndexPath: UICollectionViewCell] { visible }
    func replaceSelection(_ s: Set<IndexPath>) { selected = s }
    var selection: Set<IndexPath> { selected }
    func setCounts(_ c: [Int]) { counts = c; countsAreLoaded = true }
    var loadedCounts: [Int] { loadCounts(); return counts }
    func makeCellForUpdate(at ip: IndexPath, frame: CGRect) -> UICollectionViewCell { makeCell(at: ip, frame: frame) }
}

extension UICollectionView {
    /// The axis a flow layout lays out along (UIKit names the type on the collection view).
    public typealias ScrollDirection = UICollectionViewFlowLayout.ScrollDirection
}
