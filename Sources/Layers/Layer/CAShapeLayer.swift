import Foundation
import Raster

/// A layer that fills and strokes a path, as Core Animation's `CAShapeLayer`.
///
/// `strokeStart`/`strokeEnd` trim the stroke by arc length over the whole path, as Core Animation
/// does; the fill is never trimmed. The path is drawn in the layer's bounds coordinates and is not
/// clipped to the bounds. Defaults: fill opaque black, no stroke, lineWidth 1, butt caps, miter
/// joins, miterLimit 10, strokeStart 0, strokeEnd 1, fill rule non-zero.
open class CAShapeLayer: CALayer {
    /// The shape's own values, presented and animated together with the layer's.
    public struct Values: Equatable {
        /// The outline filled and stroked, in the layer's coordinates. Default: nil.
        public var path: CGPath?
        /// The fill's colour; nil fills nothing. Animatable. Default: opaque black.
        public var fillColor: CGColor? = .black
        /// Which parts of a self-crossing path are inside. Default: `.nonZero`.
        public var fillRule: CAShapeLayerFillRule = .nonZero
        /// The stroke's colour; nil strokes nothing. Animatable. Default: nil.
        public var strokeColor: CGColor?
        /// The stroke's width in points. Animatable. Default: 1.
        public var lineWidth: CGFloat = 1
        /// How open ends of the stroke look. Default: `.butt`.
        public var lineCap: CAShapeLayerLineCap = .butt
        /// How corners of the stroke look. Default: `.miter`.
        public var lineJoin: CAShapeLayerLineJoin = .miter
        /// Miter joins longer than this many half line widths become bevels. Default: 10.
        public var miterLimit: CGFloat = 10
        /// Where along the path (0…1 of its length) the stroke starts. Animatable. Default: 0.
        public var strokeStart: CGFloat = 0
        /// Where along the path (0…1 of its length) the stroke ends: animate 0 → 1 to draw the path.
        /// Animatable. Default: 1.
        public var strokeEnd: CGFloat = 1
        /// Lengths of dashes and gaps, alternating, in points; nil draws a solid line. Default: nil.
        public var lineDashPattern: [NSNumber]?
        /// How far into the dash pattern the stroke starts. Animatable. Default: 0.
        public var lineDashPhase: CGFloat = 0

    }
    /// The model values of the shape properties below.
    public internal(set) var shape = Values()
    /// The shape values on screen at the last frame.
    public internal(set) var presentedShape = Values()

    public override init() { super.init() }
    /// A copy of `layer` (a presentation layer), as Core Animation makes them.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let s = layer as? CAShapeLayer { shape = s.shape; presentedShape = s.presentedShape }
    }

    /// The outline filled and stroked, in the layer's coordinates. Animatable (point by point when
    /// the paths have the same elements). Default: nil.
    public var path: CGPath? {
        get { shape.path }
        set { changeContent(forKey: "path", old: shape.path) { shape.path = newValue.map { CGPath(path: $0.path) } } }
    }
    /// The fill's colour; nil fills nothing. Animatable. Default: opaque black.
    public var fillColor: CGColor? { get { shape.fillColor } set { set(\.fillColor, newValue, "fillColor") } }
    /// Which parts of a self-crossing path are inside. Default: `.nonZero`.
    public var fillRule: CAShapeLayerFillRule { get { shape.fillRule } set { set(\.fillRule, newValue, "fillRule") } }
    /// The stroke's colour; nil strokes nothing. Animatable. Default: nil.
    public var strokeColor: CGColor? { get { shape.strokeColor } set { set(\.strokeColor, newValue, "strokeColor") } }
    /// The stroke's width in points. Animatable. Default: 1.
    public var lineWidth: CGFloat { get { shape.lineWidth } set { set(\.lineWidth, newValue, "lineWidth") } }
    /// How open ends of the stroke look. Default: `.butt`.
    public var lineCap: CAShapeLayerLineCap { get { shape.lineCap } set { set(\.lineCap, newValue, "lineCap") } }
    /// How corners of the stroke look. Default: `.miter`.
    public var lineJoin: CAShapeLayerLineJoin { get { shape.lineJoin } set { set(\.lineJoin, newValue, "lineJoin") } }
    /// Miter joins longer than this many half line widths become bevels. Default: 10.
    public var miterLimit: CGFloat { get { shape.miterLimit } set { set(\.miterLimit, newValue, "miterLimit") } }
    /// Where along the path (0…1 of its length) the stroke starts. Animatable. Default: 0.
    public var strokeStart: CGFloat { get { shape.strokeStart } set { set(\.strokeStart, newValue, "strokeStart") } }
    /// Where along the path (0…1 of its length) the stroke ends: animate 0 → 1 to draw the path.
    /// Animatable. Default: 1.
    public var strokeEnd: CGFloat { get { shape.strokeEnd } set { set(\.strokeEnd, newValue, "strokeEnd") } }
    /// Lengths of dashes and gaps, alternating, in points; nil draws a solid line. Default: nil.
    public var lineDashPattern: [NSNumber]? { get { shape.lineDashPattern } set { set(\.lineDashPattern, newValue, "lineDashPattern") } }
    /// How far into the dash pattern the stroke starts. Animatable. Default: 0.
    public var lineDashPhase: CGFloat { get { shape.lineDashPhase } set { set(\.lineDashPhase, newValue, "lineDashPhase") } }

    /// The shape's own properties by key-value coding name, as their accessors' types (numbers
    /// as `CGFloat`), so `setValue(_:forKeyPath: "strokeEnd")` and `value(forKeyPath:)` work as
    /// on iOS (ported animation helpers set the model this way).
    override func ownValue(forKey key: String) -> Any?? {
        switch key {
        case "path": return .some(path)
        case "fillColor": return .some(fillColor)
        case "strokeColor": return .some(strokeColor)
        case "lineWidth": return .some(lineWidth)
        case "miterLimit": return .some(miterLimit)
        case "strokeStart": return .some(strokeStart)
        case "strokeEnd": return .some(strokeEnd)
        case "lineDashPhase": return .some(lineDashPhase)
        case "lineDashPattern": return .some(lineDashPattern)
        default: return nil
        }
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> String? {
        func number(_ write: (CGFloat) -> Void) -> String {
            guard let v = value.flatMap(AnimationValue.boxing)?.number, v.isFinite else { return "finite number" }
            write(CGFloat(v))
            return ""
        }
        func color(_ write: (CGColor?) -> Void) -> String {
            if value == nil { write(nil); return "" }
            guard let c = value as? CGColor else { return "CGColor" }
            write(c)
            return ""
        }
        switch key {
        case "path":
            if value == nil { path = nil; return "" }
            guard let p = value as? CGPath else { return "CGPath" }
            path = p
            return ""
        case "fillColor": return color { fillColor = $0 }
        case "strokeColor": return color { strokeColor = $0 }
        case "lineWidth": return number { lineWidth = $0 }
        case "miterLimit": return number { miterLimit = $0 }
        case "strokeStart": return number { strokeStart = $0 }
        case "strokeEnd": return number { strokeEnd = $0 }
        case "lineDashPhase": return number { lineDashPhase = $0 }
        case "lineDashPattern":
            if value == nil { lineDashPattern = nil; return "" }
            guard let p = value as? [NSNumber] else { return "[NSNumber]" }
            lineDashPattern = p
            return ""
        default: return nil
        }
    }

    private func set<T: Equatable>(_ p: WritableKeyPath<Values, T>, _ v: T, _ key: String) {
        guard shape[keyPath: p] != v else { return }
        changeContent(forKey: key, old: shape[keyPath: p]) { shape[keyPath: p] = v }
    }

    open override var drawsContent: Bool { presentedShape.path.map { !$0.isEmpty } ?? false }
    open override func presentedContentSnapshot() -> LayerContentSnapshot { LayerContentSnapshot(presentedShape) }
    open override func presentedContentExtent() -> CGRect {
        guard let path = presentedShape.path, !path.isEmpty else { return .null }
        let s = presentedShape
        var pen = s.strokeColor != nil && s.lineWidth > 0 ? s.pen : nil
        // A NaN limit bevels, as 0 does; as a key it would never equal itself.
        if pen?.miterLimit.isNaN == true { pen?.miterLimit = 0 }
        let key = ExtentKey(path: path.path, pen: pen)
        if let memo = extentMemo, memo.key == key { return memo.extent }
        // Half the width, more at square caps' corners and at the path's mitered corners.
        let reach = key.pen.map { path.path.strokeReach($0) } ?? 0
        let extent = path.boundingBoxOfPath.insetBy(dx: -reach - 1, dy: -reach - 1)
        extentMemo = (key, extent)
        return extent
    }

    /// What a content extent is worked out from: the path and the pen (dashes aside), nil without a stroke.
    private struct ExtentKey: Equatable { var path: Raster.Path; var pen: StrokeStyle? }
    /// The last content extent and its key. The display step asks every frame, and a path's bounds
    /// and corners cost O(elements); comparing a path with itself is O(1).
    private var extentMemo: (key: ExtentKey, extent: CGRect)?
    open override func drawPresentedContent(in context: LayerDrawingContext) {
        let s = presentedShape
        guard let path = s.path?.path else { return }
        context.record { list in
            if let fill = s.fillColor, fill.alpha > 0 {
                list.fill(path, rule: s.fillRule == .evenOdd ? .evenOdd : .nonZero, paint: .solid(fill.rasterColor))
            }
            // The stroke is trimmed by arc length over the whole path, as Core Animation trims.
            if let stroke = s.strokeColor, stroke.alpha > 0, s.lineWidth > 0, s.strokeEnd > s.strokeStart {
                list.stroke(path, style: s.strokeStyle, trim: (Double(s.strokeStart), Double(s.strokeEnd)), color: stroke.rasterColor)
            }
        }
    }

    open override func presentContent() { presentedShape = shape }

    open override func contentDescription() -> [String] {
        let s = shape
        var out = ["path \(s.path.map { "\($0.path.elements.count) elements" } ?? "nil")"]
        if let c = s.strokeColor { out.append("stroke \(c) width \(s.lineWidth)") }
        if s.strokeStart != 0 || s.strokeEnd != 1 { out.append("strokeStart \(s.strokeStart) strokeEnd \(s.strokeEnd)") }
        return out
    }

    open override func tracedValues() -> [(String, TraceValue)] {
        let s = presentedShape
        return super.tracedValues() + [("strokeStart", .number(Double(s.strokeStart))), ("strokeEnd", .number(Double(s.strokeEnd))),
                                       ("lineWidth", .number(Double(s.lineWidth)))]
    }

    open override func presentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        let s = presentedShape
        switch key {
        case .strokeStart: return .number(Double(s.strokeStart))
        case .strokeEnd: return .number(Double(s.strokeEnd))
        case .lineWidth: return .number(Double(s.lineWidth))
        case .lineDashPhase: return .number(Double(s.lineDashPhase))
        case .miterLimit: return .number(Double(s.miterLimit))
        case .strokeColor: return AnimationValue(s.strokeColor ?? .clear)
        case .fillColor: return AnimationValue(s.fillColor ?? .clear)
        case .path: return AnimationValue((s.path ?? CGPath()).path)
        default: return super.presentedValue(for: key)
        }
    }

    open override func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        switch key {
        case .strokeStart: if let n = value.number { presentedShape.strokeStart = CGFloat(n) }
        case .strokeEnd: if let n = value.number { presentedShape.strokeEnd = CGFloat(n) }
        case .lineWidth: if let n = value.number { presentedShape.lineWidth = CGFloat(n) }
        case .lineDashPhase: if let n = value.number { presentedShape.lineDashPhase = CGFloat(n) }
        case .miterLimit: if let n = value.number { presentedShape.miterLimit = CGFloat(n) }
        case .strokeColor: if let c: CGColor = value.other() { presentedShape.strokeColor = c }
        case .fillColor: if let c: CGColor = value.other() { presentedShape.fillColor = c }
        case .path: if let p: Raster.Path = value.other() { presentedShape.path = CGPath(path: p) }
        default: super.setPresentedValue(value, for: key)
        }
    }
    override func contentModelValue(for key: AnimationKeyPath) -> AnimationValue? {
        switch key {
        case .strokeEnd: return .number(Double(strokeEnd))
        case .strokeStart: return .number(Double(strokeStart))
        default: return nil
        }
    }
    override func setContentModelValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        guard let n = value.number.map({ CGFloat($0) }) else { return }
        switch key {
        case .strokeEnd: strokeEnd = n
        case .strokeStart: strokeStart = n
        default: break
        }
    }
    open override func copyPresentedContent(from layer: CALayer) {
        if let s = layer as? CAShapeLayer { shape = s.presentedShape; presentedShape = s.presentedShape }
    }
}


extension CAShapeLayer.Values {
    /// The stroke's pen in Raster's terms (width, caps, joins, miter limit, dashes).
    public var strokeStyle: StrokeStyle {
        var style = pen
        style.dashes = (lineDashPattern ?? []).map { $0.doubleValue }
        style.dashPhase = Double(lineDashPhase)
        return style
    }

    /// `strokeStyle` without its dashes: width, caps, joins and miter limit.
    var pen: StrokeStyle {
        var style = StrokeStyle(width: Double(lineWidth))
        style.cap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        style.join = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        style.miterLimit = Double(miterLimit)
        return style
    }
}

/// Which regions of a path are filled: non-zero winding or even-odd.
public enum CAShapeLayerFillRule: String, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero = "non-zero"
    /// Inside where a ray crosses the outline an odd number of times.
    case evenOdd = "even-odd"
}
/// The look of a stroke's open ends: flat at the end, a half circle, or a half square beyond it.
public enum CAShapeLayerLineCap: String, Sendable {
    /// Flat, at the end point.
    case butt
    /// A half circle beyond the end.
    case round
    /// A half square beyond the end.
    case square
}
/// The look of a stroke's corners: pointed (up to `miterLimit`), rounded or cut off.
public enum CAShapeLayerLineJoin: String, Sendable {
    /// Pointed, up to `miterLimit` (then bevelled).
    case miter
    /// Rounded.
    case round
    /// Cut off.
    case bevel
}
