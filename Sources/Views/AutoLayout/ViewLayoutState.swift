import Foundation

/// What Auto Layout keeps per view beyond its constraints: one stored value on `UIView`
/// (`layoutState`), so the view's file does not grow a field per feature.
struct ViewLayoutState {
    /// Content hugging per axis (horizontal, vertical). UIKit's defaults: 250; labels and image
    /// views 251.
    var hugging: (Float, Float) = (250, 250)
    /// True while the view's layer runs its layout (`UIView.layoutSublayers(of:)`): a subview
    /// added then does not mark the view for layout again (UIView+Hierarchy.swift).
    var isLayingOut = false
    /// Compression resistance per axis. Default: 750, as UIKit.
    var compression: (Float, Float) = (750, 750)
    /// The intrinsic size must be read again (set by `invalidateIntrinsicContentSize()`).
    var intrinsicIsStale = true
    /// The view has variables in its tree's layout engine: a change of its intrinsic size
    /// re-solves; otherwise the size is only marked stale (a label's text set every frame in a
    /// view no constraint names costs no walk of the tree).
    var isEngineItem = false
    /// The margins as set (`layoutMargins`). Default: 8 on each edge, as UIKit.
    var margins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// Whether margins take at least the superview's where they overlap. Default: false.
    var preservesSuperviewMargins = false
    /// Whether margins are measured from the safe area's edges. Default: true, as UIKit.
    var insetsMarginsFromSafeArea = true
    /// Guides added with `addLayoutGuide`, in order.
    var guides: [UILayoutGuide] = []
    /// The guides UIKit makes for every view, made on first use.
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var readableGuide: UILayoutGuide?
    /// A window's safe-area insets (`UIWindow.simulatedSafeAreaInsets`). Default: zero.
    var windowSafeArea = UIEdgeInsets.zero
    /// An arranged subview hidden inside an animation block: `isHidden` answers true while the
    /// layer stays shown until the block's animations end (UIStackView).
    var deferredHidden: Bool?
    /// `updateConstraints()` is due before the next layout (`setNeedsUpdateConstraints()`).
    var needsUpdateConstraints = false
    /// On a root: some view in the tree may need `updateConstraints()` (walked before layout).
    var constraintUpdatesPending = false
}
