import Foundation

/// The animatable and drawable state of a `CALayer`, as a value.
///
/// A layer's model is one `LayerValues`; each frame the animate phase computes the presentation
/// values (model + running animations) into another, and the compositor reads only those
/// snapshots, never live layer objects. Defaults are Core Animation's.
public struct LayerValues: Equatable, Sendable {
    // Declaration order is memory order: the most often animated fields first, so they share the
    // cache line next to the layer's own hot fields (CALayer), the transforms last.
    /// Where the anchor point sits in the superlayer's coordinates. Default: (0, 0).
    public var position: CGPoint = .zero
    /// Default: 1.
    public var opacity: Float = 1
    /// When true the layer and its sublayers are not drawn. Default: false.
    public var isHidden = false
    /// The layer's own coordinate space: its size and the origin its sublayers are placed against. Default: `.zero`.
    public var bounds: CGRect = .zero
    /// Default: (0.5, 0.5), the centre, in unit coordinates of the bounds.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Sublayers draw in ascending `zPosition`, then in order. Default: 0.
    public var zPosition: CGFloat = 0
    /// The colour filling the bounds (with `cornerRadius`). Default: nil (clear).
    public var backgroundColor: CGColor?
    /// The radius of the rounded corners of the background, border and clip. Default: 0.
    public var cornerRadius: CGFloat = 0
    /// The corners `cornerRadius` rounds; the others stay square. Default: all four.
    public var maskedCorners = CACornerMask.all
    /// The width of the border drawn inside the bounds, over the sublayers. Default: 0.
    public var borderWidth: CGFloat = 0
    /// Default: opaque black.
    public var borderColor: CGColor? = .black
    /// When true the content and sublayers are clipped to the (rounded) bounds. Default: false.
    public var masksToBounds = false
    /// Default: opaque black.
    public var shadowColor: CGColor? = .black
    /// Default: 0 (no shadow).
    public var shadowOpacity: Float = 0
    /// Default: (0, −3), as on iOS.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// Default: 3.
    public var shadowRadius: CGFloat = 3
    /// Applied about the anchor point. Default: identity.
    public var transform = CATransform3D.identity
    /// Applied to the sublayers, about the layer's centre. Default: identity.
    public var sublayerTransform = CATransform3D.identity
    /// A `CAReplicatorLayer`'s instance values; the defaults on every other layer. Kept out of
    /// line (one pointer, nil at the defaults), so the layers that are not replicators copy and
    /// compare no more than before.
    public var replicator: ReplicatorValues {
        get { replicatorStorage?.value ?? .defaults }
        set { replicatorStorage = newValue == .defaults ? nil : Boxed(newValue) }
    }
    private var replicatorStorage: Boxed<ReplicatorValues>?
    /// A `CAEmitterLayer`'s animatable values; the defaults on every other layer, kept out of line
    /// as `replicator` is.
    public var emitter: EmitterValues {
        get { emitterStorage?.value ?? .defaults }
        set { emitterStorage = newValue == .defaults ? nil : Boxed(newValue) }
    }
    private var emitterStorage: Boxed<EmitterValues>?
    /// The image shown in the bounds (`contents`), or a crossfade between two. Default: none.
    public var contents = LayerContents()
    /// The part of the image shown, in unit coordinates of the image. Default: (0, 0, 1, 1), all of it.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The part of the image that stretches (the rest keeps its size: a nine-part image), in unit
    /// coordinates of the part `contentsRect` shows. Default: (0, 0, 1, 1), all of it stretches.
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The shape of rounded corners: circular arcs or the continuous curve. Default: `.circular`.
    public var cornerCurve = CALayerCornerCurve.circular

    /// Core Animation's defaults.
    public init() {}
}

extension LayerValues {
    /// A set of `LayerValues` fields: which presentation values animations wrote in a frame, so the
    /// next frame restores only those from the model instead of copying the whole value. A field's
    /// bit is its row's place in `LayerProperty.all` (`LayerProperty.field`); the top bit is the rest.
    struct Fields: OptionSet {
        let rawValue: UInt64
        /// Anything else, or not known: the whole value is restored.
        static let other = Fields(rawValue: 1 << 63)
        static let all = Fields(rawValue: .max)
    }
}
