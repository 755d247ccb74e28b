import Foundation
import Raster

/// A layer that fills its bounds (and rounded corners) with a colour gradient, as Core Animation's
/// `CAGradientLayer`.
///
/// `startPoint` and `endPoint` are in unit coordinates of the bounds. Axial gradients run from start
/// to end; radial ones are ellipses centred at `startPoint` whose radii reach `endPoint`; conic ones
/// turn about `startPoint` from the direction of `endPoint`. `locations` nil spreads the colours
/// evenly. Defaults: no colours, start (0.5, 0), end (0.5, 1), axial.
open class CAGradientLayer: CALayer {
    /// The gradient values, presented and animated with the layer's.
    public struct Values: Equatable {
        /// The colours of the gradient, in order; nil or empty draws nothing. Default: nil.
        public var colors: [CGColor]?
        /// Where each colour sits along the gradient, 0…1, one per colour; nil spreads them evenly. Default: nil.
        public var locations: [NSNumber]?
        /// Where the gradient starts (the centre for radial and conic), in unit coordinates of the bounds.
        /// Default: (0.5, 0), the top centre.
        public var startPoint = CGPoint(x: 0.5, y: 0)
        /// Where the gradient ends (the radii for radial, the start angle for conic), in unit coordinates
        /// of the bounds. Default: (0.5, 1), the bottom centre.
        public var endPoint = CGPoint(x: 0.5, y: 1)
        /// Axial, radial or conic. Default: `.axial`.
        public var type: CAGradientLayerType = .axial
    }
    /// The model values of the gradient properties.
    public internal(set) var gradient = Values()
    /// The values on screen at the last frame.
    public internal(set) var presentedGradient = Values()

    public override init() { super.init() }
    /// A copy of `layer` (a presentation layer), as Core Animation makes them.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let g = layer as? CAGradientLayer { gradient = g.gradient; presentedGradient = g.presentedGradient }
    }

    /// The colours (Apple's property is `[Any]?` of CGColor; CGColor values port as they are).
    public var colors: [CGColor]? { get { gradient.colors } set { set(\.colors, newValue, "colors") } }
    /// Where each colour sits along the gradient, 0…1; nil spaces them evenly. Animatable. Default: nil.
    public var locations: [NSNumber]? { get { gradient.locations } set { set(\.locations, newValue, "locations") } }
    /// Where the gradient starts, in unit coordinates of the bounds. Animatable. Default: (0.5, 0).
    public var startPoint: CGPoint { get { gradient.startPoint } set { set(\.startPoint, newValue, "startPoint") } }
    /// Where the gradient ends, in unit coordinates of the bounds. Animatable. Default: (0.5, 1).
    public var endPoint: CGPoint { get { gradient.endPoint } set { set(\.endPoint, newValue, "endPoint") } }
    /// Axial (along the line), radial (ellipse) or conic (around the start point). Default: `.axial`.
    public var type: CAGradientLayerType { get { gradient.type } set { set(\.type, newValue, "type") } }

    private func set<T: Equatable>(_ p: WritableKeyPath<Values, T>, _ v: T, _ key: String) {
        guard gradient[keyPath: p] != v else { return }
        changeContent(forKey: key, old: gradient[keyPath: p]) { gradient[keyPath: p] = v }
    }

    open override func modelValueDidChange(_ key: String) {
        super.modelValueDidChange(key)
        if key == "bounds" { setNeedsDisplay() }
    }

    open override var drawsContent: Bool { !(presentedGradient.colors ?? []).isEmpty }
    /// Every colour opaque: the gradient (padded outside its stops) covers the bounds opaquely.
    open override var drawsOpaqueContent: Bool {
        guard let c = presentedGradient.colors, !c.isEmpty else { return false }
        return c.allSatisfy { $0.alpha >= 1 } && (presented.cornerRadius == 0 || presented.maskedCorners.isEmpty)
    }
    /// The gradient and the corners it is drawn within: a change of either redraws the cache.
    private struct DrawnGradient: Equatable {
        var gradient: Values, cornerRadius: CGFloat, corners: CACornerMask
    }
    open override func presentedContentSnapshot() -> LayerContentSnapshot {
        LayerContentSnapshot(DrawnGradient(gradient: presentedGradient, cornerRadius: presented.cornerRadius, corners: presented.maskedCorners))
    }
    open override func presentedContentExtent() -> CGRect { presented.bounds }
    open override func drawPresentedContent(in context: LayerDrawingContext) {
        let g = presentedGradient, b = presented.bounds
        guard let colors = g.colors, !colors.isEmpty, !b.isEmpty else { return }
        let area = presented.boundsShape()
        func unit(_ p: CGPoint) -> Point { Point(Double(b.minX + p.x * b.width), Double(b.minY + p.y * b.height)) }
        let kind: Gradient.Kind = g.type == .radial ? .radial : g.type == .conic ? .conic : .linear
        let gradient = Gradient(kind: kind, colors: colors.map(\.rasterColor), locations: g.locations?.map { $0.doubleValue },
                                startPoint: unit(g.startPoint), endPoint: unit(g.endPoint))
        context.record { $0.fill(area, paint: .gradient(gradient)) }
    }

    open override func presentContent() { presentedGradient = gradient }

    open override func contentDescription() -> [String] {
        ["\(gradient.type.rawValue) gradient, \(gradient.colors?.count ?? 0) colours"]
    }

    open override func tracedValues() -> [(String, TraceValue)] {
        let colors = (presentedGradient.colors ?? []).flatMap { [$0.red, $0.green, $0.blue, $0.alpha].map(Double.init) }
        return super.tracedValues() + [("colors", .numbers(colors))]
    }

    open override func presentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        let g = presentedGradient
        switch key {
        case .colors: return AnimationValue(g.colors ?? [])
        case .locations: return .numbers((g.locations ?? []).map(\.doubleValue))
        case .startPoint: return .point(g.startPoint)
        case .endPoint: return .point(g.endPoint)
        default: return super.presentedValue(for: key)
        }
    }

    open override func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        switch key {
        case .colors: if let c: [CGColor] = value.other() { presentedGradient.colors = c }
        case .locations: if let n = value.numbers { presentedGradient.locations = n.map { NSNumber(value: $0) } }
        case .startPoint: if let p = value.point { presentedGradient.startPoint = p }
        case .endPoint: if let p = value.point { presentedGradient.endPoint = p }
        default: super.setPresentedValue(value, for: key)
        }
    }
    open override func copyPresentedContent(from layer: CALayer) {
        if let g = layer as? CAGradientLayer { gradient = g.presentedGradient; presentedGradient = g.presentedGradient }
    }
}

/// The shape of a gradient: axial, radial or conic.
public enum CAGradientLayerType: String, Sendable {
    /// Colours change along the line from `startPoint` to `endPoint`.
    case axial
    /// Ellipses centred at `startPoint`, reaching `endPoint`.
    case radial
    /// Colours turn about `startPoint`, starting in the direction of `endPoint`.
    case conic
}
