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
        transform3D = a.transform3D
        alpha = a.alpha
        isHidden = a.isHidden
        layer.zPosition = CGFloat(a.zIndex)
    }
}

/// One item of a collection view (UIKit's `UICollectionViewCell`): put its views in
/// `contentView`; `isSelected` and `isHighlighted` follow the user's touches.
///
/// A subclass overrides `init(frame:)` and `init?(coder:)` as on iOS; the collection view makes
/// registered classes through `init(registeredWithFrame:)`, which such a subclass inherits and
/// which calls its override.
open class UICollectionViewCell: UICollectionReusableView {
    /// Fills the cell; subviews go here. Laid out to the cell's bounds.
    public let contentView = UIView()
    /// Whether the item is selected; the collection view sets it on taps and `selectItem`. Override
    /// the observer to change the cell's look. Default: false.
    open var isSelected = false
    /// Whether a touch is down on the item (set between touch-down and lift or cancel). Default: false.
    open var isHighlighted = false

    /// An empty cell in `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        // As UIKit's: the content view follows the cell's size at once (W+H), so the constraints
        // inside it are never solved against its size from before the cell was resized.
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        contentView.frame = bounds
    }
    /// How a collection view makes a cell of a registered class: `init(frame:)`, the subclass's
    /// override when it has one. A required convenience initializer, which Swift hands down to
    /// every subclass that overrides `init(frame:)` and `init?(coder:)` (as iOS cell code does) or
    /// declares no initializer; see `UITableViewCell.init(registeredWithReuseIdentifier:)` for why.
    public required convenience init(registeredWithFrame frame: CGRect) {
        self.init(frame: frame)
    }
    /// Flipbook has no nibs: makes an empty cell with its `contentView`, for subclasses that declare it.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        // As UIKit's: the content view follows the cell's size at once (W+H), so the constraints
        // inside it are never solved against its size from before the cell was resized.
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// Cells take the D-pad focus (tvOS's collection views).
    open override var canBecomeFocused: Bool { true }

    /// The tvOS look: a focused cell grows by 8% and casts a shadow; it settles back when the focus
    /// leaves. A subclass that overrides this and calls super keeps it.
    open override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        guard context.nextFocusedView === self || context.previouslyFocusedView === self else { return }
        let focused = context.nextFocusedView === self
        if focused { superview?.bringSubviewToFront(self) }
        coordinator.addCoordinatedAnimations {
            self.transform = focused ? CGAffineTransform(scaleX: 1.08, y: 1.08) : .identity
            self.layer.shadowOpacity = focused ? 0.45 : 0
            self.layer.shadowRadius = focused ? 14 : 0
            self.layer.shadowOffset = CGSize(width: 0, height: focused ? 10 : 0)
        }
    }
}
