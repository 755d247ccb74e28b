import Foundation
import Layers

/// Where one item shows and how (UIKit's `UICollectionViewLayoutAttributes`).
open class UICollectionViewLayoutAttributes {
    /// The item these attributes place.
    public let indexPath: IndexPath
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
    /// The cell's transform about its centre (scale a carousel's cards with it). Default: identity.
    open var transform: CGAffineTransform = .identity
    /// The cell's opacity, 0…1. Default: 1.
    open var alpha: CGFloat = 1
    /// The cell's stacking order: it becomes the cell layer's `zPosition`, and the higher one wins a
    /// hit test where cells overlap. Default: 0.
    open var zIndex = 0
    /// Whether the cell is hidden (and not hit by touches). Default: false.
    open var isHidden = false

    /// Attributes for the cell of `indexPath`, with a zero frame and default values.
    public required init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }
    /// A copy of the same class with the same values (a layout changes copies, not the ones it cached).
    open func copy() -> UICollectionViewLayoutAttributes {
        let c = Self(forCellWith: indexPath)
        c.frame = frame; c.transform = transform; c.alpha = alpha; c.zIndex = zIndex; c.isHidden = isHidden
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
    open func invalidateLayout() {
        collectionView?.layoutIsValid = false
        collectionView?.setNeedsLayout()
    }
}
