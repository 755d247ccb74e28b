import Foundation
import Layers

/// Sizes, insets and spacings per item or section, asked of the collection view's delegate.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// The size of the item at `indexPath`. Default: the layout's `itemSize`.
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    /// The margins of `section`. Default: the layout's `sectionInset`.
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    /// The least space between lines of `section`. Default: the layout's `minimumLineSpacing`.
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// The least space between items in a line of `section`. Default: the layout's `minimumInteritemSpacing`.
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

public extension UICollectionViewDelegateFlowLayout {
    /// Default: the layout's `itemSize` (`.zero` for another layout class).
    func collectionView(_ c: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (layout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    /// Default: the layout's `sectionInset` (`.zero` for another layout class).
    func collectionView(_ c: UICollectionView, layout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (layout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    /// Default: the layout's `minimumLineSpacing` (0 for another layout class).
    func collectionView(_ c: UICollectionView, layout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (layout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    /// Default: the layout's `minimumInteritemSpacing` (0 for another layout class).
    func collectionView(_ c: UICollectionView, layout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (layout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
}

/// Items in lines, lines in sections (UIKit's `UICollectionViewFlowLayout`). Scrolling vertically,
/// items fill a row left to right and rows stack down; horizontally, items fill a column top to
/// bottom and columns go right. A line's leftover space is spread between its items (a line of
/// one item is centred), except the section's last line, which keeps the minimum spacing from the
/// start (UIKit's own last-line rule is not documented; unconfirmed). Items are centred across the
/// line's thickness. Defaults: itemSize 50×50, spacings 10, no insets, vertical.
/// - Complexity: `prepare()` O(items); `layoutAttributesForElements(in:)` O(log n + visible).
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The direction the content scrolls: items fill rows that stack down (`.vertical`) or columns
    /// that stack right (`.horizontal`).
    public enum ScrollDirection: Int, Sendable {
        /// Items fill rows left to right; rows stack down.
        case vertical = 0
        /// Items fill columns top to bottom; columns go right.
        case horizontal = 1
    }

    /// The direction the content scrolls. Default: `.vertical`.
    open var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }
    /// Every item's size in points, unless the delegate's `sizeForItemAt` answers. Default: 50×50.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Flipbook sizes every item (no self-sizing): `.zero` is the only value, as `estimatedItemSize` off.
    open var estimatedItemSize = CGSize.zero
    /// The least space between lines (rows when vertical, columns when horizontal), in points. Default: 10.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items in one line, in points. Default: 10.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Margins around each section's items, in points. Default: `.zero`.
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }

    private var attributes: [UICollectionViewLayoutAttributes] = []
    /// The scrolling coordinate where each attribute's line begins (non-decreasing: searchable).
    private var lineStarts: [CGFloat] = []
    private var byIndexPath: [IndexPath: Int] = [:]
    private var contentSize = CGSize.zero

    public override init() { super.init() }

    open override var collectionViewContentSize: CGSize { computeIfNeeded(); return contentSize }

    /// Whether the items must be placed again before the next answer.
    private var needsCompute = true

    /// Marks the items to be placed at the first question after it, so settings a subclass
    /// changes in its `prepare()` after calling `super.prepare()` (the usual order) are the ones
    /// used, in the same frame.
    open override func prepare() { needsCompute = true }

    /// Places every item with the current settings when something changed since the last time.
    private func computeIfNeeded() {
        guard needsCompute else { return }
        needsCompute = false
        attributes = []; lineStarts = []; byIndexPath = [:]; contentSize = .zero; thicknessCache = nil
        guard let cv = collectionView else { return }
        let flow = cv.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        // Along = the direction items fill a line; across = the direction lines stack (scrolling).
        let available = vertical ? cv.bounds.width : cv.bounds.height
        var cursor: CGFloat = 0
        for section in 0..<cv.numberOfSections {
            let asked = (inset: flow?.collectionView(cv, layout: self, insetForSectionAt: section) ?? sectionInset,
                         line: flow?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing,
                         item: flow?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing)
            let i = asked.inset
            if !reportedNonFinite, !([i.top, i.left, i.bottom, i.right, asked.line, asked.item].allSatisfy(\.isFinite)) {
                reportedNonFinite = true
                CAEngine.current.report("UICollectionViewFlowLayout: a section inset or spacing is not finite (\(i), line \(asked.line), item \(asked.item)); it counts as 0")
            }
            let inset = UIEdgeInsets(top: Self.bounded(i.top), left: Self.bounded(i.left), bottom: Self.bounded(i.bottom), right: Self.bounded(i.right))
            let lineSpacing = Self.finite(asked.line), itemSpacing = Self.finite(asked.item)
            let (startAlong, endAlong) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
            cursor += vertical ? inset.top : inset.left
            let room = max(0, available - startAlong - endAlong)
            var line: [(IndexPath, CGSize)] = []
            var used: CGFloat = 0
            let count = cv.numberOfItems(inSection: section)
            func flush(last: Bool) {
                guard !line.isEmpty else { return }
                let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
                let lengths = line.map { vertical ? $0.1.width : $0.1.height }
                let total = lengths.reduce(0, +)
                var gap = itemSpacing, pos = startAlong
                if line.count == 1 && !last { pos = startAlong + (room - total) / 2 }
                else if line.count > 1 && !last { gap = (room - total) / CGFloat(line.count - 1) }
                for (i, (ip, size)) in line.enumerated() {
                    let a = UICollectionViewLayoutAttributes(forCellWith: ip)
                    let cross = cursor + (thickness - (vertical ? size.height : size.width)) / 2
                    a.frame = vertical ? CGRect(x: pos, y: cross, width: size.width, height: size.height)
                                       : CGRect(x: cross, y: pos, width: size.width, height: size.height)
                    byIndexPath[ip] = attributes.count
                    attributes.append(a)
                    lineStarts.append(cursor)
                    pos += lengths[i] + gap
                }
                cursor += thickness
                line = []; used = 0
            }
            for item in 0..<count {
                let ip = IndexPath(item: item, section: section)
                var size = flow?.collectionView(cv, layout: self, sizeForItemAt: ip) ?? itemSize
                if !UIScrollView.isValid(size) { size = .zero }
                let length = vertical ? size.width : size.height
                if !line.isEmpty && used + itemSpacing + length > room {
                    flush(last: false)
                    cursor += lineSpacing
                }
                used += (line.isEmpty ? 0 : itemSpacing) + length
                line.append((ip, size))
            }
            flush(last: true)
            cursor += vertical ? inset.bottom : inset.right
        }
        contentSize = vertical ? CGSize(width: available, height: cursor) : CGSize(width: cursor, height: available)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // Attributes are in line order and line starts never decrease: skip the lines that end
        // before the rect (a line is at most the thickest item thick), then walk until past it.
        computeIfNeeded()
        let lo = scrollDirection == .vertical ? rect.minY : rect.minX, hi = scrollDirection == .vertical ? rect.maxY : rect.maxX
        var a = 0, b = attributes.count
        while a < b {
            let m = (a + b) / 2
            if lineStarts[m] + maxThickness < lo { a = m + 1 } else { b = m }
        }
        var out: [UICollectionViewLayoutAttributes] = []
        var i = a
        while i < attributes.count {
            if lineStarts[i] > hi { break }
            if attributes[i].frame.intersects(rect) { out.append(attributes[i]) }
            i += 1
        }
        return out
    }
    /// The thickest item, so the search never starts after a tall item that still reaches the rect.
    private var maxThickness: CGFloat {
        if let cached = thicknessCache { return cached }
        let t = attributes.map { scrollDirection == .vertical ? $0.frame.height : $0.frame.width }.max() ?? 0
        thicknessCache = t
        return t
    }
    private var thicknessCache: CGFloat?

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        computeIfNeeded()
        return byIndexPath[indexPath].map { attributes[$0] }
    }

    open override func invalidateLayout() {
        thicknessCache = nil
        needsCompute = true
        super.invalidateLayout()
    }

    /// A length the layout can add up: negative and non-finite lengths count as 0, and lengths
    /// past 1e15 points as 1e15 (sums of them stay finite).
    static func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(0, v), 1e15) : 0 }
    /// An inset the layout can add up: non-finite counts as 0, and magnitudes past 1e15 points
    /// as 1e15 (negative insets stay, as UIKit allows them).
    static func bounded(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(-1e15, v), 1e15) : 0 }
    private var reportedNonFinite = false
}
