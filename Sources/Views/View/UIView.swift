import Foundation
import Layers

/// A rectangle on screen backed by a `CALayer` and acting as that layer's delegate, as UIKit's `UIView`.
///
/// Geometry and appearance properties read and write the layer (`frame`, `bounds`, `center` →
/// `position`, `transform`, `alpha` → `opacity`, `backgroundColor`, `isHidden`, `clipsToBounds` →
/// `masksToBounds`). As the layer's delegate the view answers `action(for:forKey:)`: no implicit
/// animation outside an animation block, the block's animation inside one (UIView+Animation).
/// Values that are not finite (a NaN frame) are ignored, so the view keeps its last good geometry.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer the view makes for itself. Default: `CALayer.self`; override to back a
    /// view by a `CAShapeLayer`, `CAGradientLayer`…
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer; its delegate is the view.
    public let layer: CALayer
    /// The views inside this one, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is a subview of.
    public private(set) weak var superview: UIView?
    /// An integer to find the view by (`viewWithTag(_:)`). Default: 0.
    open var tag = 0
    /// A string that identifies the view for tests and automation (UIKit's
    /// `UIAccessibilityIdentification`); nil by default. Several views may share one: a script's
    /// `tap @NAME` takes the first on screen (README, "Input scripts").
    open var accessibilityIdentifier: String?
    /// When false the view and its subviews get no touches. Default: true.
    open var isUserInteractionEnabled = true
    /// Set by the view controller whose root view this is.
    weak var owningViewController: UIViewController?
    var storedBackgroundColor: UIColor?
    /// False once a draw pass found that `draw(_:)` is not overridden (nothing to cache).
    @exclusivity(unchecked) var drawsOwnContent = true
    /// Whether Auto Layout takes the view's frame as given (true, the default, as in UIKit) or
    /// sets it from constraints (false). Flipbook pins such a view where its frame puts it; the
    /// autoresizing mask keeps moving the frame itself (AutoLayout/LayoutEngine.swift).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { layoutInputDidChange() } }
    }
    /// The active constraints this view holds (it is their items' nearest common ancestor).
    var heldConstraints: [NSLayoutConstraint] = []
    /// The tree's layout engine, kept by the root view once a constraint in the tree is activated.
    var layoutEngine: LayoutEngine?
    /// Set by the layout engine on views whose frames it reads: a change re-solves.
    var isLayoutInput = false
    /// Auto Layout's per-view settings: priorities, margins, guides, the update-constraints flag
    /// (AutoLayout/ViewLayoutState.swift).
    var layoutState = ViewLayoutState()

    /// A view at `frame` in its superview's coordinates, with a layer of `layerClass`.
    public init(frame: CGRect) {
        let cls: AnyClass = type(of: self).layerClass
        if cls == CALayer.self {
            layer = UIViewBackingLayer()
        } else if let layerType = cls as? CALayer.Type {
            layer = layerType.init(layer: NSNull()) // `init(layer:)` is the required initializer; NSNull copies nothing
        } else {
            layer = UIViewBackingLayer()
        }
        super.init()
        layer.delegate = self
        if Self.isFinite(frame) { layer.frame = frame }
        if type(of: self).requiresConstraintBasedLayout { layoutState.needsUpdateConstraints = true }
    }
    public convenience override init() { self.init(frame: .zero) }

    /// Releases the subviews with an explicit stack: each subview that nothing else holds has its
    /// own subviews taken before it is released, so no deinit recurses (Swift's own release of a
    /// 100,000-deep view tree overflowed the stack). The layers then go the same way (`CALayer`).
    deinit {
        var pending = subviews
        guard !pending.isEmpty else { return }
        subviews = []
        while var next = pending.popLast() {
            guard isKnownUniquelyReferenced(&next) else { continue }
            pending.append(contentsOf: next.subviews)
            next.subviews = []
        }   // `next` is released here, without subviews
    }
    /// Interface Builder archives are not supported; this makes a view with a zero frame so that
    /// UIKit subclasses' `required init?(coder:)` port unchanged.
    public required init?(coder: NSCoder) {
        layer = UIViewBackingLayer()
        super.init()
        layer.delegate = self
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (undefined under a non-identity transform, as in UIKit).
    open var frame: CGRect {
        get { layer.frame }
        set {
            guard Self.isFinite(newValue) else { return }
            ViewAnimation.noteOldValue(layer, "bounds", layer.bounds)
            ViewAnimation.noteOldValue(layer, "position", layer.position)
            let oldSize = layer.bounds.size, oldPosition = layer.position
            layer.frame = newValue
            autoresizeSubviews(from: oldSize)
            if isLayoutInput && (layer.bounds.size != oldSize || layer.position != oldPosition) { layoutInputDidChange() }
        }
    }
    /// The view's own coordinate space.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            guard Self.isFinite(newValue) else { return }
            ViewAnimation.noteOldValue(layer, "bounds", layer.bounds)
            let old = layer.bounds
            layer.bounds = newValue
            autoresizeSubviews(from: old.size)
            if isLayoutInput && layer.bounds != old { layoutInputDidChange() }
        }
    }
    /// The centre of the frame in the superview's coordinates (the layer's position).
    open var center: CGPoint {
        get { layer.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            ViewAnimation.noteOldValue(layer, "position", layer.position)
            let old = layer.position
            layer.position = newValue
            if isLayoutInput && newValue != old { layoutInputDidChange() }
        }
    }
    /// Applied about the centre. Default: identity.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else { return }
            ViewAnimation.noteOldValue(layer, "transform", layer.transform)
            layer.setAffineTransform(newValue)
        }
    }
    /// How UIKit Dynamics' collisions see the view (`UIDynamicItem`); override for `.ellipse` or
    /// `.path`. Default: `.rectangle`.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// The convex outline collisions use for `.path`, about the view's centre. Default: the
    /// bounds' rectangle.
    open var collisionBoundingPath: UIBezierPath {
        UIBezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }
    /// The layer's 3-D transform about the centre (UIKit's `transform3D`, iOS 13); `transform` is
    /// its affine part. Animatable in `UIView.animate`. A matrix with a value that is not finite is
    /// ignored. Default: identity.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set {
            let m = newValue
            guard [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34,
                   m.m41, m.m42, m.m43, m.m44].allSatisfy(\.isFinite) else { return }
            ViewAnimation.noteOldValue(layer, "transform", layer.transform)
            layer.transform = newValue
        }
    }

    // MARK: Appearance

    /// Opacity 0…1 (the layer's opacity). Default: 1. NaN is ignored.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard !newValue.isNaN else { return }
            ViewAnimation.noteOldValue(layer, "opacity", layer.opacity)
            layer.opacity = Float(max(0, min(1, newValue)))
        }
    }
    /// Default: nil (transparent).
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            storedBackgroundColor = newValue
            ViewAnimation.noteOldValue(layer, "backgroundColor", layer.backgroundColor ?? CGColor.clear)
            layer.backgroundColor = newValue?.resolved { traitCollection }
        }
    }
    /// Which parts of the frame follow the superview's size (UIView+Autoresizing.swift). Default: [].
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews are resized by their masks when this view's size changes. Default: true.
    open var autoresizesSubviews = true
    /// When true the view and its subviews are neither drawn nor hit. Default: false. A stack
    /// view's arranged subview collapses (UIStackView.swift).
    open var isHidden: Bool {
        get { layoutState.deferredHidden ?? layer.isHidden }
        set {
            if let stack = superview as? UIStackView, stack.arrangedSubview(self, setHidden: newValue) { return }
            layer.isHidden = newValue
        }
    }
    /// Clips subviews to the bounds (the layer's masksToBounds). Default: false.
    open var clipsToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }
    /// UIKit's drawing hint. Default: true. Kept for UIKit code; the renderer always blends.
    open var isOpaque = true
    /// The colour controls draw their active parts with; inherited from the superview when not set.
    /// Default: `.systemBlue`.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set { storedTintColor = newValue }
    }
    private var storedTintColor: UIColor?

    // MARK: Traits (View/UIView+Traits.swift)

    /// The appearance this view and the views below it take, whatever they would inherit;
    /// `.unspecified` (the default) inherits.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { updateTraitsFromAbove() } }
    }
    /// The appearance in effect here, kept by the hierarchy (UIView+Traits.swift): `.unspecified`
    /// until the view joins a window or a tree with an appearance.
    var effectiveStyle = UIUserInterfaceStyle.unspecified
    /// Called after the view's traits changed: its appearance (the screen's, or an override
    /// above it), or its first traits when it joins a window. `UITraitCollection.current` is the
    /// view's traits meanwhile, so `UIColor.label.cgColor` resolves as the view shows it.
    /// Default: nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Re-resolves the dynamic colours the view keeps (a label's text colour…) after its
    /// appearance changed; the background is done by the caller. Subclasses in Views override it.
    func applyTraitColors() {}

    /// Whether D-pad / keyboard focus can land on the view. Default: false (controls: when
    /// enabled; collection view cells: true).
    open var canBecomeFocused: Bool { false }
    /// True while this view has its window's focus.
    public var isFocused: Bool { window?.focusedView === self }
    /// The focus moved to or away from this view or one of its subviews: called on the view that
    /// lost it, the view that got it and each of their superviews (once each). Animate alongside
    /// with `coordinator.addCoordinatedAnimations`. Default: nothing.
    open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}
    /// Asked by the focus ring, while this view has the focus, before an arrow key or D-pad
    /// direction moves the focus away; return true to use the press yourself (the focus stays).
    ///
    /// Why: a focused slider steps its value with left and right, as a tvOS slider does, while up
    /// and down still leave it. Tab (`.next`) is never offered, so the focus can always leave.
    /// Default: false (the focus moves).
    open func handleFocusedMove(_ heading: UIFocusHeading) -> Bool { false }
    /// Offered, while this view has the focus and the focus (not the pointer) is what the pad
    /// drives, each left-stick axis change (`.leftX`, `.leftY`, value in −1…1, at media time
    /// `time`); return true to use it yourself, false to let the stick move the pointer.
    ///
    /// Why: tvOS has no pointer, and an expanded card scrubs its collapse with the stick (the
    /// `cities` scene). UIKit has no such method (tvOS reads sticks through GameController);
    /// Flipbook offers the stick here as it offers arrows to `handleFocusedMove(_:)`.
    /// Default: false.
    open func handleFocusedStick(_ axis: InputEvent.PadAxis, value: Double, at time: TimeInterval) -> Bool { false }

    // MARK: Responder chain

    open override var next: UIResponder? { owningViewController ?? superview }

    /// The window the view is in, if any (a window is its own).
    /// - Complexity: O(1): kept by the hierarchy changes that move the view between windows
    ///   (`addSubview` never walks up to the root; building a chain 100,000 deep top-down did).
    open var window: UIWindow? { windowCache }
    /// The nearest `UIWindow` at or above this view, set by `UIView+Hierarchy` whenever the view
    /// joins or leaves a window. Weak, as the superview links: a window released lets it go.
    weak var windowCache: UIWindow?

    // MARK: Layout

    /// Lays out subviews; called in the frame's layout phase after `setNeedsLayout` (or a bounds change).
    /// The default does nothing.
    open func layoutSubviews() {}
    /// Called once on a view made from a registered class by a collection view, after `init(frame:)`
    /// (UIKit calls it after loading a nib; Flipbook has no nibs, and seed code sets cells up here).
    /// Default: nothing.
    open func awakeFromNib() {}
    /// Updates the view's constraints before layout, after `setNeedsUpdateConstraints()`: override
    /// to change constraints in one place (call `super`). Views' updates run subviews first, then
    /// superviews, before the tree is laid out (AutoLayout/UIView+UpdateConstraints.swift).
    /// The default does nothing.
    open func updateConstraints() {}
    /// Whether the view needs constraint-based layout even without constraints of its own: true
    /// makes UIKit (and Flipbook) call `updateConstraints()` before the view's first layout.
    /// Default: false.
    open class var requiresConstraintBasedLayout: Bool { false }
    /// Marks the view for `layoutSubviews()` in the next frame's layout phase.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Lays out now if a layout is pending, in this view and below.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }
    /// The size that fits `size`; the default keeps the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: s)
    }
    /// The size the content would like, read by Auto Layout for a view whose frame comes from
    /// constraints (hugged and resisted at the view's priorities per axis); a component of
    /// `UIView.noIntrinsicMetric` (-1) has none. Default: (-1, -1). A subclass whose size changes
    /// calls `invalidateIntrinsicContentSize()` (AutoLayout/UIView+IntrinsicSize.swift).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    // MARK: Drawing

    /// Draws the view's content with Core Graphics calls into `UIGraphicsGetCurrentContext()`.
    /// Called when the content must be redrawn (first display, `setNeedsDisplay()`, a bounds change).
    /// The default draws nothing.
    open func draw(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.baseDrawWasCalled = true }
    /// Marks the content for redrawing before the next frame.
    open func setNeedsDisplay() { drawsOwnContent = true; layer.setNeedsDisplay() }
    /// Marks the content for redrawing; the whole content is redrawn, not only `rect`.
    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    // MARK: CALayerDelegate (declared here so subclasses can override them, as seed 003 does)

    /// The layer delegate's layout call: re-solves the tree's constraints if anything changed
    /// (setting the frames they decide), then runs `layoutSubviews()`, between the view
    /// controller's `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        let wasLayingOut = layoutState.isLayingOut
        layoutState.isLayingOut = true
        defer { layoutState.isLayingOut = wasLayingOut }
        withTraitsAsCurrent {
            updateConstraintsBeforeLayout()
            owningViewController?.viewWillLayoutSubviews()
            applyConstraintLayout()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
    }
    /// The layer delegate's display call. The default does nothing (content comes from `draw(_:)`).
    open func display(_ layer: CALayer) {}
    /// The action for a change of the layer's `event`: `NSNull()` outside animation blocks, the
    /// block's animation inside one (see `UIView.animate`).
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        ViewAnimation.action(for: self, layer: layer, forKey: event)
    }

    // MARK: Hit testing

    /// The deepest visible, interactive view containing `point` (in this view's coordinates), as
    /// UIKit: nil when this view is hidden, has alpha ≤ 0.01, has interaction disabled, is being
    /// animated by a block without `.allowUserInteraction`, or does not contain the point; subviews
    /// are searched front to back, each in its own coordinates (through its transform).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, !ViewAnimation.blocksInteraction(with: self),
              self.point(inside: point, with: event) else { return nil }
        for s in subviews.reversed() {
            // A view a property animator moves is hit where it is shown (isManualHitTestingEnabled false).
            let p = ViewAnimation.hitTestsPresentation(of: s) ? s.layer.convertFromSuperlayerAsPresented(point) : nil
            if let hit = s.hitTest(p ?? s.convert(point, from: self), with: event) { return hit }
        }
        return self
    }
    /// Whether `point` (in this view's coordinates) is inside the view. Default: inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    // MARK: Hierarchy callbacks (UIKit's names; the defaults do nothing)

    /// Called before the view joins or leaves a superview.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view joined or left a superview.
    open func didMoveToSuperview() {}
    /// Called before the view joins or leaves a window.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view joined or left a window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Replaces the subview list (hierarchy changes go through UIView+Hierarchy).
    func setSubviews(_ list: [UIView]) { subviews = list }
    func setSuperview(_ view: UIView?) { superview = view }

    // MARK: Gestures

    /// The recognizers attached to the view, in the order added; nil when none.
    public private(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// Attaches `recognizer` (taking it from another view): it sees the touches that hit this view
    /// or its subviews.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }
    /// Detaches `recognizer` from the view.
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers?.removeAll { $0 === recognizer }
        if gestureRecognizers?.isEmpty == true { gestureRecognizers = nil }
        recognizer.view = nil
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }
}
