import Foundation
import Layers

/// A view that blurs what lies behind it, or shows vibrant content (UIKit's `UIVisualEffectView`).
///
/// Its layer is a `CABackdropLayer`: the backdrop — whatever the tree draws behind the view — is
/// blurred live every frame (see Compositor+Backdrop.swift for how, and what it costs: the view's
/// area plus the blur's reach). Add subviews to `contentView`, which fills the view.
///
/// `effect` animates: setting it inside `UIView.animate` or a `UIViewPropertyAnimator` animates
/// the blur's radius, tint and saturation from the old effect's values to the new one's (nil is
/// no blur: radius 0, clear tint, saturation 1), so a blur fades in or out, and a paused property
/// animator scrubs it with `fractionComplete`, as on iOS. Between a blur and a vibrancy effect
/// the view switches at once (UIKit does not animate that either).
open class UIVisualEffectView: UIView {
    /// The backdrop layer.
    open override class var layerClass: AnyClass { CABackdropLayer.self }

    /// The view to add content to; it fills the effect view.
    public let contentView = UIView(frame: .zero)

    /// The effect shown; nil shows the backdrop unchanged. Animatable. Default: the initializer's.
    open var effect: UIVisualEffect? { didSet { apply() } }

    /// An effect view showing `effect` (nil: none yet).
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        CATransaction.performWithoutAnimation { apply() }
    }

    /// An effect view in `frame` with no effect.
    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// Archives are not supported: there is no effect view to decode.
    public required init?(coder: NSCoder) { return nil }

    /// The backdrop layer's values for `effect`.
    private func apply() {
        guard let backdrop = layer as? CABackdropLayer else { return }
        let v = effect?.backdrop ?? CABackdropLayer.Values()
        backdrop.masksBackdropToSublayers = v.masksBackdropToSublayers
        backdrop.blurRadius = v.blurRadius
        backdrop.tintColor = v.tintColor ?? .clear
        backdrop.saturation = v.saturation
    }
}
