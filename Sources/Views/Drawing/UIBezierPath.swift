import Foundation
import Layers
import Raster

/// A path with its own pen settings that fills and strokes into the current context, as UIKit's
/// `UIBezierPath`.
///
/// Angles are radians from 3 o'clock; `clockwise` is *visual* (y-down, as UIKit), which is the
/// opposite of `CGMutablePath.addArc`'s y-up flag. Defaults: lineWidth 1, butt caps, miter joins,
/// miterLimit 10, non-zero fill rule, no dashes.
open class UIBezierPath {
    private var storage = CGMutablePath()

    /// Default: 1.
    open var lineWidth: CGFloat = 1
    /// Default: `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// Default: `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// Default: 10.
    open var miterLimit: CGFloat = 10
    /// Default: false (non-zero winding).
    open var usesEvenOddFillRule = false
    private var dashes: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path with UIKit's defaults: line width 1, butt caps, miter joins.
    public init() {}
    /// A closed rectangle.
    public convenience init(rect: CGRect) { self.init(); storage.addRect(rect) }
    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(); storage.addEllipse(in: rect) }
    /// A rounded rectangle; the radius is clamped to half the shorter side, as in UIKit.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, min(abs(rect.width), abs(rect.height)) / 2))
        storage.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
    }
    /// A rectangle with only `corners` rounded, as UIKit's `init(roundedRect:byRoundingCorners:cornerRadii:)`.
    /// As UIKit since iOS 7, the corners are circular arcs of radius `cornerRadii.width` (the height
    /// is not read), clamped to half the shorter side; a radius that is not positive and finite
    /// gives sharp corners.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = cornerRadii.width.isFinite ? max(0, Double(cornerRadii.width)) : 0
        func radius(_ c: UIRectCorner) -> Double { corners.contains(c) ? r : 0 }
        var path = Raster.Path()
        path.addRoundedRect(Rect(rect.standardized), topLeft: radius(.topLeft), topRight: radius(.topRight),
                            bottomRight: radius(.bottomRight), bottomLeft: radius(.bottomLeft))
        storage = CGMutablePath(path: path)
    }
    /// An arc from `startAngle` to `endAngle`; `clockwise` is visual (y-down).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// A path with the elements of `cgPath`.
    public convenience init(cgPath: CGPath) { self.init(); storage.addPath(cgPath) }

    /// The path as Core Graphics sees it (a copy; setting it replaces the path).
    open var cgPath: CGPath {
        get { storage.copy() ?? CGPath() }
        set { storage = newValue.mutableCopy() ?? CGMutablePath() }
    }
    /// True when the path has no elements.
    open var isEmpty: Bool { storage.isEmpty }
    /// The smallest rectangle holding every point of the path, control points excluded.
    open var bounds: CGRect { storage.isEmpty ? .zero : storage.boundingBoxOfPath }
    /// Where the next segment starts.
    open var currentPoint: CGPoint { storage.currentPoint }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { storage.move(to: point) }
    /// A straight segment to `point`.
    open func addLine(to point: CGPoint) { storage.addLine(to: point) }
    /// A cubic Bézier segment to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// A quadratic Bézier segment to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { storage.addQuadCurve(to: endPoint, control: controlPoint) }
    /// Adds an arc, with a line from the current point to its start; `clockwise` is visual.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// Closes the subpath with a straight segment to its start.
    open func close() { storage.closeSubpath() }
    /// Empties the path.
    open func removeAllPoints() { storage = CGMutablePath() }
    /// Adds the subpaths of `other`.
    open func append(_ other: UIBezierPath) { storage.addPath(other.storage) }
    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        storage = storage.copy(using: &t)?.mutableCopy() ?? storage
    }
    /// Sets the dash pattern for `stroke()`: `count` lengths from `pattern`, starting `phase` into it.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashes = pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(0, count))) } ?? []
        dashPhase = phase
    }

    /// True when `point` is inside the path by the path's fill rule (`usesEvenOddFillRule`), open
    /// subpaths closed as a fill closes them; see `CGPath.contains(_:using:transform:)`.
    open func contains(_ point: CGPoint) -> Bool {
        storage.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Fills the path with the current context's fill colour, drawn with `blendMode` at `alpha`.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) { drawing(blendMode, alpha) { fill() } }

    /// Strokes the path as `stroke()`, drawn with `blendMode` at `alpha`.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) { drawing(blendMode, alpha) { stroke() } }

    /// Runs `draw` with the current context's blend mode and alpha set, then restores them.
    private func drawing(_ blendMode: CGBlendMode, _ alpha: CGFloat, _ draw: () -> Void) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        draw()
        ctx.restoreGState()
    }

    /// Fills the path with the current context's fill colour.
    open func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.beginPath()
        ctx.addPath(storage)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the inside of this path (UIKit's `addClip`).
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(storage)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and this path's pen settings.
    open func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: dashPhase, lengths: dashes)
        ctx.beginPath()
        ctx.addPath(storage)
        ctx.strokePath()
        ctx.restoreGState()
    }
}

/// The corners of a rectangle, as UIKit's `UIRectCorner`
/// (`UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The corners as bits.
    public let rawValue: UInt
    /// A corner set from its bits (top left 1, top right 2, bottom left 4, bottom right 8, as UIKit).
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}
