import Foundation

/// How a line ends (Core Graphics' `CGLineCap`). Default: `.butt`.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How lines meet (Core Graphics' `CGLineJoin`). Default: `.miter`.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// Which points a fill covers (Core Graphics' `CGPathFillRule`). Default: `.winding`.
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
/// What `drawPath(using:)` paints (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

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
    }
    private var state = GState()
    private var saved: [GState] = []
    /// The current path, in base (layer) coordinates.
    private var path = CGMutablePath()
    private let target: LayerDrawingContext?

    /// Fills and strokes performed (a view that painted nothing has 0).
    public private(set) var drawingOperations = 0
    /// Set by `UIView.draw(_:)`'s default implementation.
    public var baseDrawWasCalled = false

    /// A context that paints into a layer's content bitmap.
    public init(drawingInto target: LayerDrawingContext) { self.target = target }
    /// A context that paints nowhere (measures and tests).
    public init() { target = nil }

    // MARK: Graphics state

    public func saveGState() { saved.append(state) }
    /// Restores the last saved state; an unbalanced restore does nothing.
    public func restoreGState() { if let s = saved.popLast() { state = s } }

    public var ctm: CGAffineTransform { state.ctm }
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.translatedBy(x: x, y: y) }
    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.scaledBy(x: x, y: y) }
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotatedBy(angle) }
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Non-finite or negative widths become 0 (nothing is stroked), never a trap.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.isFinite && width > 0 ? width : 0 }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { state.dashPhase = phase; state.dashes = lengths }
    /// Multiplies the alpha of everything drawn afterwards (0…1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 1 : max(0, min(1, alpha)) }

    // MARK: Path construction (points go through the CTM as they are added)

    public func beginPath() { path = CGMutablePath() }
    public var isPathEmpty: Bool { path.isEmpty }
    public var currentPointOfPath: CGPoint { path.currentPoint }
    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: state.ctm) }
    /// Core Graphics' arc: `clockwise` refers to y-up space, so in a view's flipped (y-down) context
    /// `clockwise: true` turns visually counter-clockwise, exactly as on iOS.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    public func addPath(_ other: CGPath) { path.addPath(other, transform: state.ctm) }
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
    public func clip(to rects: [CGRect]) { beginPath(); addRects(rects); clip() }

    // MARK: Painting (each consumes the current path, as in Core Graphics)

    public func fillPath(using rule: CGPathFillRule = .winding) {
        paint(fill: true, evenOdd: rule == .evenOdd, stroke: false)
    }
    public func strokePath() { paint(fill: false, evenOdd: false, stroke: true) }
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: paint(fill: true, evenOdd: false, stroke: false)
        case .eoFill: paint(fill: true, evenOdd: true, stroke: false)
        case .stroke: paint(fill: false, evenOdd: false, stroke: true)
        case .fillStroke: paint(fill: true, evenOdd: false, stroke: true)
        case .eoFillStroke: paint(fill: true, evenOdd: true, stroke: true)
        }
    }
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count { move(to: points[i]); addLine(to: points[i + 1]); i += 2 }
        strokePath()
    }

    private func paint(fill: Bool, evenOdd: Bool, stroke: Bool) {
        defer { beginPath() }
        guard !path.isEmpty else { return }
        if fill {
            drawingOperations += 1
            target?.fill(path, ctm: .identity, color: faded(state.fillColor), evenOdd: evenOdd, clippedTo: state.clip)
        }
        if stroke && state.lineWidth > 0 {
            drawingOperations += 1
            // The path is stored in base space; stroke it in user space so the CTM scales the pen.
            let m = state.ctm
            guard m.a * m.d - m.b * m.c != 0 else { return }
            var inverse = m.inverted()
            guard let user = path.copy(using: &inverse) else { return }
            target?.stroke(user, ctm: m, color: faded(state.strokeColor), lineWidth: state.lineWidth,
                           lineCap: CAShapeLayerLineCap(state.lineCap), lineJoin: CAShapeLayerLineJoin(state.lineJoin),
                           miterLimit: state.miterLimit, dashes: state.dashes, dashPhase: state.dashPhase, clippedTo: state.clip)
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
