import Foundation
import Raster

/// How a line ends (Core Graphics' `CGLineCap`). Default: `.butt`.
public enum CGLineCap: Int32, Sendable {
    /// Flat, at the end point.
    case butt
    /// A half circle beyond the end.
    case round
    /// A half square beyond the end.
    case square
}
/// How lines meet (Core Graphics' `CGLineJoin`). Default: `.miter`.
public enum CGLineJoin: Int32, Sendable {
    /// Pointed, up to the miter limit (then bevelled).
    case miter
    /// Rounded.
    case round
    /// Cut off.
    case bevel
}
/// Which points a fill covers (Core Graphics' `CGPathFillRule`). Default: `.winding`.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the winding number is not zero.
    case winding
    /// Inside where a ray crosses the outline an odd number of times.
    case evenOdd
}
/// What `drawPath(using:)` paints (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the winding rule.
    case fill
    /// Fill with the even-odd rule.
    case eoFill
    /// Stroke only.
    case stroke
    /// Fill (winding), then stroke.
    case fillStroke
    /// Fill (even-odd), then stroke.
    case eoFillStroke
}

/// A Core Graphics drawing context over a layer's content bitmap, as `CGContext` in `draw(_:)`.
///
/// Coordinates are the view's (y down, as UIKit's flipped context). As in Core Graphics, points of
/// the current path are transformed by the CTM when they are added, and a stroke's width by the CTM
/// at the time of the stroke. Graphics state defaults: fill and stroke black, line width 1, butt
/// caps, miter joins, miter limit 10, alpha 1, identity CTM.
public final class CGContext {
    struct GState {
        var ctm = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var lineWidth: CGFloat = 1
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashes: [CGFloat] = []
        var alpha: CGFloat = 1
        /// The clip path's region (nil: unclipped).
        var clip: LayerClip?
        /// How painting combines with what is drawn. Default: `.normal`.
        var blendMode = CGBlendMode.normal
        /// The shadow painting casts (nil: none).
        var shadow: DisplayList.Shadow?
    }
    var state = GState()
    private var saved: [GState] = []
    /// The state and saved-state depth at each open transparency layer's start.
    var layerStates: [(GState, Int)] = []
    /// How many states are saved.
    var savedDepth: Int { saved.count }
    /// Drops saved states above `depth` (a transparency layer ended with saves left open).
    func dropSavedStates(to depth: Int) { if saved.count > depth { saved.removeLast(saved.count - depth) } }
    /// The current path, in base (layer) coordinates.
    var path = CGMutablePath()
    let target: LayerDrawingContext?
    /// The bitmap a bitmap context draws into (`makeImage()`, its size); nil for a view's context.
    public var bitmapBacking: CGBitmapBacking?

    /// Fills and strokes performed (a view that painted nothing has 0).
    public internal(set) var drawingOperations = 0
    /// Set by `UIView.draw(_:)`'s default implementation.
    public var baseDrawWasCalled = false

    /// A context that paints into a layer's content bitmap.
    public init(drawingInto target: LayerDrawingContext) { self.target = target }
    /// A context that paints nowhere (measures and tests).
    public init() { target = nil }

    // MARK: Graphics state

    /// Pushes the graphics state (transform, colours, line settings, clip); `restoreGState()` pops it.
    public func saveGState() { saved.append(state) }
    /// Restores the last saved state; an unbalanced restore does nothing (inside a transparency
    /// layer, one past the layer's start does nothing).
    public func restoreGState() {
        if let (_, depth) = layerStates.last, saved.count <= depth + 1 { return }
        if let s = saved.popLast() { state = s }
    }

    /// The current transformation matrix: user space to the layer's space.
    public var ctm: CGAffineTransform { state.ctm }
    /// The same as `ctm` (the device is the layer).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }
    /// Moves user space by (x, y).
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.translatedBy(x: x, y: y) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }
    /// Applies `transform` before the current transformation.
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// The colour `fillPath()` and `fill(_:)` paint with. Default: opaque black.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    /// The colour `strokePath()` and `stroke(_:)` paint with. Default: opaque black.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// The fill colour from sRGB components (0…1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The stroke colour from sRGB components (0…1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Non-finite or negative widths become 0 (nothing is stroked), never a trap.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.isFinite && width > 0 ? width : 0 }
    /// The look of open stroke ends. Default: `.butt`.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// The look of stroke corners. Default: `.miter`.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Miter joins longer than this many half line widths become bevels. Default: 10.
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    /// Dash lengths, alternating dash and gap, starting `phase` into them; empty draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { state.dashPhase = phase; state.dashes = lengths }
    /// Multiplies the alpha of everything drawn afterwards (0…1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 1 : max(0, min(1, alpha)) }

    // MARK: Path construction (points go through the CTM as they are added)

    /// Empties the current path.
    public func beginPath() { path = CGMutablePath() }
    /// True when the current path has no elements.
    public var isPathEmpty: Bool { path.isEmpty }
    /// Where the current path's next segment starts (in the layer's space).
    public var currentPointOfPath: CGPoint { path.currentPoint }
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    /// A straight segment to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    /// Straight segments through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }
    /// A cubic Bézier segment to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    /// A quadratic Bézier segment to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: state.ctm) }
    /// Core Graphics' arc: `clockwise` refers to y-up space, so in a view's flipped (y-down) context
    /// `clockwise: true` turns visually counter-clockwise, exactly as on iOS.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    /// Core Graphics' tangent arc (the other `addArc`): see `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }
    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    /// A closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
    /// An ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    /// Adds the subpaths of `other`, through the current transformation.
    public func addPath(_ other: CGPath) { path.addPath(other, transform: state.ctm) }
    /// Closes the subpath with a straight segment to its start.
    public func closePath() { path.closeSubpath() }

    // MARK: Clipping (intersects with the current clip; restoreGState undoes it)

    /// Clips later drawing to the current path, which it consumes.
    public func clip(using rule: CGPathFillRule = .winding) {
        defer { beginPath() }
        guard let target else { return }
        state.clip = target.makeClip(path, ctm: .identity, evenOdd: rule == .evenOdd, intersecting: state.clip)
    }
    /// Clips later drawing to `rect` (in user space).
    public func clip(to rect: CGRect) { beginPath(); addRect(rect); clip() }
    /// Intersects the clip with the rectangles.
    public func clip(to rects: [CGRect]) { beginPath(); addRects(rects); clip() }

    // MARK: Painting (each consumes the current path, as in Core Graphics)

    /// Fills the current path in the fill colour and empties it. Default rule: non-zero winding.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        paint(fill: true, evenOdd: rule == .evenOdd, stroke: false)
    }
    /// Strokes the current path with the line settings and empties it.
    public func strokePath() { paint(fill: false, evenOdd: false, stroke: true) }
    /// Fills and/or strokes the current path as `mode` says, then empties it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: paint(fill: true, evenOdd: false, stroke: false)
        case .eoFill: paint(fill: true, evenOdd: true, stroke: false)
        case .stroke: paint(fill: false, evenOdd: false, stroke: true)
        case .fillStroke: paint(fill: true, evenOdd: false, stroke: true)
        case .eoFillStroke: paint(fill: true, evenOdd: true, stroke: true)
        }
    }
    /// Fills a rectangle (the current path is replaced).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills rectangles (the current path is replaced).
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    /// Strokes a rectangle (the current path is replaced).
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes a rectangle with a line `width` wide.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    /// Strokes a separate segment between each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count { move(to: points[i]); addLine(to: points[i + 1]); i += 2 }
        strokePath()
    }

    private func paint(fill: Bool, evenOdd: Bool, stroke: Bool) {
        defer { beginPath() }
        guard !path.isEmpty, target != nil, state.clip?.id != nil || state.clip == nil else {
            if !path.isEmpty && (fill || stroke) { drawingOperations += (fill ? 1 : 0) + (stroke && state.lineWidth > 0 ? 1 : 0) }
            return
        }
        // A clear colour still paints in the modes that replace or cut what is under it.
        let paintsClear = state.blendMode != .normal
        if fill {
            drawingOperations += 1
            let color = faded(state.fillColor)
            if color.alpha > 0 || paintsClear {
                record(.fill(path.path, pathTransform: nil, rule: evenOdd ? .evenOdd : .nonZero, paint: .solid(color.rasterColor), clip: state.clip?.id))
            }
        }
        if stroke && state.lineWidth > 0 {
            drawingOperations += 1
            // The path is stored in base space; stroke it in user space so the CTM scales the pen.
            let m = state.ctm
            guard m.a * m.d - m.b * m.c != 0 else { return }
            var inverse = m.inverted()
            guard let user = path.copy(using: &inverse) else { return }
            let color = faded(state.strokeColor)
            guard color.alpha > 0 || paintsClear, state.lineWidth.isFinite else { return }
            var style = StrokeStyle(width: Double(state.lineWidth))
            style.cap = StrokeStyle.LineCap(state.lineCap)
            style.join = StrokeStyle.LineJoin(state.lineJoin)
            style.miterLimit = Double(state.miterLimit)
            style.dashes = state.dashes.map(Double.init)
            style.dashPhase = Double(state.dashPhase)
            record(.stroke(user.path, pathTransform: Transform(m), style: style, trim: nil, color: color.rasterColor, clip: state.clip?.id))
        }
    }

    private func faded(_ c: CGColor) -> CGColor {
        state.alpha >= 1 ? c : CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * state.alpha)
    }
}

extension CAShapeLayerLineCap {
    /// The shape layer's cap for a Core Graphics cap.
    public init(_ cap: CGLineCap) { self = cap == .round ? .round : cap == .square ? .square : .butt }
}
extension CAShapeLayerLineJoin {
    /// The shape layer's join for a Core Graphics join.
    public init(_ join: CGLineJoin) { self = join == .round ? .round : join == .bevel ? .bevel : .miter }
}
