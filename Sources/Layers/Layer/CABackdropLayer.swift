import Foundation

/// A layer that shows what lies behind it, blurred, saturated and tinted: the backdrop of
/// `UIVisualEffectView`. (Apple's class of this name is private; its behaviour is public through
/// UIKit's blur and vibrancy effects. The values here are Flipbook's.)
///
/// The backdrop is everything drawn before this layer in the frame (its ancestors' own drawing
/// and the sublayers below it), inside the layer's bounds; the compositor re-draws that part of
/// the tree, blurs it (a Gaussian of σ = `blurRadius` / 2 points, as shadows), scales its
/// saturation, lays `tintColor` over it and clips it to the rounded bounds, then draws the
/// layer's background, content and sublayers over it. It is drawn live, every frame, so it
/// follows whatever moves behind it. Cost: O(pixels of the bounds grown by the blur's reach),
/// independent of the radius.
///
/// All three values animate (a blur that fades in is a radius and a tint animating together).
/// With `masksBackdropToSublayers` the backdrop shows only where the sublayers draw, in their
/// alpha, instead of the sublayers themselves: vibrancy.
open class CABackdropLayer: CALayer {
    /// The backdrop's values, presented and animated together with the layer's.
    public struct Values: Equatable, Sendable {
        /// The blur's radius in points: a Gaussian of σ = radius / 2. Animatable. Default: 0.
        public var blurRadius: CGFloat = 0
        /// A colour laid over the blurred backdrop (source over). Animatable. Default: nil.
        public var tintColor: CGColor?
        /// 1 keeps the backdrop's colours, 0 makes them grey, above 1 strengthens them (luminance
        /// kept: Rec. 709 weights). Animatable. Default: 1.
        public var saturation: CGFloat = 1
        /// Show the backdrop only in the sublayers' alpha, instead of the sublayers. Default: false.
        public var masksBackdropToSublayers = false
        /// No blur, no tint, saturation 1: the backdrop unchanged.
        public init() {}
    }
    /// The model values.
    public internal(set) var backdrop = Values()
    /// The values on screen at the last frame.
    public internal(set) var presentedBackdrop = Values()

    public override init() { super.init() }
    /// A copy of `layer` (a presentation layer), as Core Animation makes them.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let b = layer as? CABackdropLayer { backdrop = b.backdrop; presentedBackdrop = b.presentedBackdrop }
    }

    /// The blur's radius in points. Animatable. Default: 0 (no blur).
    public var blurRadius: CGFloat { get { backdrop.blurRadius } set { set(\.blurRadius, newValue, "backdropBlurRadius") } }
    /// The tint over the blur. Animatable. Default: nil.
    public var tintColor: CGColor? { get { backdrop.tintColor } set { set(\.tintColor, newValue, "backdropTintColor") } }
    /// The backdrop's saturation. Animatable. Default: 1.
    public var saturation: CGFloat { get { backdrop.saturation } set { set(\.saturation, newValue, "backdropSaturation") } }
    /// Show the backdrop only where the sublayers draw (vibrancy). Default: false.
    public var masksBackdropToSublayers: Bool {
        get { backdrop.masksBackdropToSublayers }
        set { backdrop.masksBackdropToSublayers = newValue; presentedBackdrop.masksBackdropToSublayers = newValue }
    }

    /// Writes one model value and runs the key's action, as base properties do (no redraw: the
    /// backdrop is drawn by the compositor, not recorded).
    private func set<T: Equatable>(_ path: WritableKeyPath<Values, T>, _ value: T, _ key: String) {
        let old = backdrop[keyPath: path]
        guard old != value else { return }
        let before = actionStartValue(forKey: key, oldModel: old)
        backdrop[keyPath: path] = value
        modelValueDidChange(key)
        runAction(forKey: key, from: before, oldModel: old)
    }

    open override func presentContent() { presentedBackdrop = backdrop }
    open override func copyPresentedContent(from layer: CALayer) {
        if let b = layer as? CABackdropLayer { backdrop = b.presentedBackdrop; presentedBackdrop = b.presentedBackdrop }
    }

    open override func contentDescription() -> [String] {
        ["backdrop blur \(backdrop.blurRadius) saturation \(backdrop.saturation)" + (backdrop.tintColor.map { " tint \($0)" } ?? "")]
    }

    open override func tracedValues() -> [(String, TraceValue)] {
        super.tracedValues() + [("backdropBlurRadius", .number(Double(presentedBackdrop.blurRadius))),
                                ("backdropSaturation", .number(Double(presentedBackdrop.saturation)))]
    }

    open override func presentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        switch key {
        case .backdropBlurRadius: return .number(Double(presentedBackdrop.blurRadius))
        case .backdropTintColor: return AnimationValue(presentedBackdrop.tintColor ?? .clear)
        case .backdropSaturation: return .number(Double(presentedBackdrop.saturation))
        default: return super.presentedValue(for: key)
        }
    }

    open override func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        switch key {
        case .backdropBlurRadius: if let n = value.number { presentedBackdrop.blurRadius = CGFloat(n) }
        case .backdropTintColor: if let c: CGColor = value.other() { presentedBackdrop.tintColor = c }
        case .backdropSaturation: if let n = value.number { presentedBackdrop.saturation = CGFloat(n) }
        default: super.setPresentedValue(value, for: key)
        }
    }

    override func contentModelValue(for key: AnimationKeyPath) -> AnimationValue? {
        switch key {
        case .backdropBlurRadius: return .number(Double(blurRadius))
        case .backdropTintColor: return AnimationValue(tintColor ?? .clear)
        case .backdropSaturation: return .number(Double(saturation))
        default: return nil
        }
    }

    override func setContentModelValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        switch key {
        case .backdropBlurRadius: if let n = value.number { blurRadius = CGFloat(n) }
        case .backdropTintColor: if let c: CGColor = value.other() { tintColor = c }
        case .backdropSaturation: if let n = value.number { saturation = CGFloat(n) }
        default: break
        }
    }
}
