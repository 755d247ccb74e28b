import Foundation
import Layers

/// Where one item shows and how (UIKit's `UICollectionViewLayoutAttributes`).
open class UICollectionViewLayoutAttributes {
    public let indexPath: IndexPath
    open var frame: CGRect = .zero
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var size: CGSize {
        get { frame.size }
        set { let c = center; frame.size = newValue; center = c }
    }
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false

    public required init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }
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
    public internal(set) weak var collectionView: UICollectionView?
    public init() {}

    /// Called before the collection view asks for attributes after an invalidation. Default: nothing.
    open func prepare() {}
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Default: false (only a size change invalidates).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let b = collectionView?.bounds else { return false }
        return b.size != newBounds.size
    }
    open func invalidateLayout() {
        collectionView?.layoutIsValid = false
        collectionView?.setNeedsLayout()
    }
}
