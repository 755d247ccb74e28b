import Foundation
import Layers

/// Where one item shows and how (UIKit's `UICollectionViewLayoutAttributes`).
open class UICollectionViewLayoutAttributes {
    /// The item these attributes place.
    open var indexPath: IndexPath
    /// The item's frame in the collection view's content coordinates, before `transform`. Default: `.zero`.
    open var frame: CGRect = .zero
    /// The frame's centre; setting it moves the frame and keeps its size.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The frame's size; setting it keeps the centre.
    open var size: CGSize {
        get { frame.size }
        set { let c = center; frame.size = newValue; center = c }
    }
    /// The frame's size at the origin (UIKit's `bounds`); setting it sets `size`, keeping the centre.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// The cell's transform about its centre (scale a carousel's cards with it): the affine part
    /// of `transform3D`; setting it replaces `transform3D` with it. Default: identity.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The cell's 3-D transform about its centre (a cover-flow layout turns cards with it, its
    /// `m34` giving perspective). Default: identity.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The cell's opacity, 0…1. Default: 1.
    open var alpha: CGFloat = 1
    /// The cell's stacking order: it becomes the cell layer's `zPosition`, and the higher one wins a
    /// hit test where cells overlap. Default: 0.
    open var zIndex = 0
    /// Whether the cell is hidden (and not hit by touches). Default: false.
    open var isHidden = false

    /// Attributes for the cell of `indexPath`, with a zero frame and default values.
    public required init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }
    /// Attributes for the first item (set `indexPath`), as UIKit's `init()`.
    public convenience init() { self.init(forCellWith: IndexPath(item: 0, section: 0)) }
    /// A copy of the same class with the same values (a layout changes copies, not the ones it cached).
    open func copy() -> UICollectionViewLayoutAttributes {
        let c = Self(forCellWith: indexPath)
        c.frame = frame; c.transform3D = transform3D; c.alpha = alpha; c.zIndex = zIndex; c.isHidden = isHidden
        return c
    }
}

/// The open base of collection view layouts (UIKit's `UICollectionViewLayout`): subclass it and
/// answer `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`; return true from `shouldInvalidateLayout(forBoundsChange:)`
/// to be asked again while the content scrolls (a carousel that scales cards by position does).
open class UICollectionViewLayout {
    /// The collection view using this layout (weak); set when the layout is attached.
    public internal(set) weak var collectionView: UICollectionView?
    /// A layout not yet attached to a collection view.
    public init() {}

    /// Called before the collection view asks for attributes after an invalidation. Default: nothing.
    open func prepare() {}
    /// The size of all content, in points; the collection view's `contentSize`. Default: `.zero`.
    open var collectionViewContentSize: CGSize { .zero }
    /// The attributes of every item whose frame meets `rect` (content coordinates). Default: nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// The attributes of one item. Default: nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Default: false (only a size change invalidates).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let b = collectionView?.bounds else { return false }
        return b.size != newBounds.size
    }
    /// Marks the layout stale: the collection view calls `prepare()` again at its next layout pass.
    /// Settings a layout changes inside its own `prepare()` (an item size from the collection
    /// view's width) do not invalidate it again: they are in effect for the attributes it is
    /// about to answer, in the same frame, as on iOS.
    open func invalidateLayout() {
        guard let cv = collectionView, !cv.isPreparingLayout else { return }
        cv.layoutIsValid = false
        cv.setNeedsLayout()
    }

    /// Where scrolling should stop when the user lifts the finger: the collection view asks this
    /// first with where the content would come to rest (`proposedContentOffset`) and the finger's
    /// velocity in points per millisecond, then gives the answer to its delegate's
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`. A carousel snaps to an
    /// item here. Default: `proposedContentOffset`.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }
    /// Where the content should sit after the layout changed (an animated update, a new layout).
    /// Default: `proposedContentOffset`.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}
