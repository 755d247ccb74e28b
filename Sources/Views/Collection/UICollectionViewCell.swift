import Foundation
import Layers

/// A view a collection view shows, reuses and recycles (UIKit's `UICollectionReusableView`).
open class UICollectionReusableView: UIView {
    /// The identifier it was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// Called before a recycled view is handed out again: reset what the last item set. Default: nothing.
    open func prepareForReuse() {}
    /// Applies a layout's attributes (frame, transform, alpha, zIndex, hidden).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        let a = layoutAttributes
        transform = .identity
        bounds = CGRect(origin: .zero, size: a.frame.size)
        center = a.center
        transform = a.transform
        alpha = a.alpha
        isHidden = a.isHidden
        layer.zPosition = CGFloat(a.zIndex)
    }
}

/// One item of a collection view (UIKit's `UICollectionViewCell`): put its views in
/// `contentView`; `isSelected` and `isHighlighted` follow the user's touches.
///
/// `init(frame:)` is `required` here: the collection view makes registered classes from their
/// metatype, which Swift allows only through a required initializer (UIKit uses the Objective-C
/// runtime). A subclass that overrides it writes `required override init(frame:)` — the
/// compiler's fix-it adds the word.
open class UICollectionViewCell: UICollectionReusableView {
    /// Fills the cell; subviews go here. Laid out to the cell's bounds.
    public let contentView = UIView()
    open var isSelected = false
    open var isHighlighted = false

    public required override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(contentView)
        contentView.frame = bounds
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }
}
