import Foundation
import Layers

/// SF Symbols by name, as iOS code asks for them (`UIImage(systemName: "heart.fill")`): Apple's symbol
/// font is not Flipbook's to ship, so the common symbols of animation samples are drawn here as
/// paths in their spirit — chevrons, arrows, marks, hearts, stars, shapes, media controls, a
/// magnifying glass, a sun, a person, a bin — as template images, tinted like Apple's.
///
/// Sizes follow the symbol configuration: a symbol is `pointSize` (default 17, the body text size)
/// tall at `.medium` scale, 0.8× at `.small`, 1.3× at `.large`; strokes thicken with the weight
/// (`.regular` ≈ a twelfth of the point size). A name Flipbook does not draw gives nil, as an
/// unknown name does on iOS, and one line saying so (`UIImage.systemSymbolNames` lists the rest).
extension UIImage {
    /// How a symbol image is sized and weighted (UIKit's `UIImage.SymbolConfiguration`).
    public final class SymbolConfiguration: Equatable, @unchecked Sendable {
        /// The symbol's scale next to text of its point size (UIKit's `SymbolScale`).
        public enum SymbolScale: Int, Sendable {
            /// `.medium`.
            case `default` = -1
            /// Not set: `.medium`.
            case unspecified = 0
            /// 0.8 × the medium size.
            case small = 1
            /// The size of text of the point size.
            case medium = 2
            /// 1.3 × the medium size.
            case large = 3
        }
        /// The stroke weights, as UIKit's `SymbolWeight` raw values.
        public enum SymbolWeight: Int, Sendable {
            /// Not set: `.regular`.
            case unspecified = 0
            /// The thinnest.
            case ultraLight = 1
            /// Thin.
            case thin = 2
            /// Light.
            case light = 3
            /// Regular (the default).
            case regular = 4
            /// Medium.
            case medium = 5
            /// Semibold.
            case semibold = 6
            /// Bold.
            case bold = 7
            /// Heavy.
            case heavy = 8
            /// The heaviest.
            case black = 9
        }

        /// The point size of the text the symbol sits with; nil: 17.
        public let pointSize: CGFloat?
        /// The stroke weight; nil: `.regular`.
        public let weight: SymbolWeight?
        /// The scale; nil: `.medium`.
        public let scale: SymbolScale?

        private init(_ pointSize: CGFloat?, _ weight: SymbolWeight?, _ scale: SymbolScale?) {
            self.pointSize = pointSize.flatMap { $0.isFinite && $0 > 0 ? min($0, 1000) : nil }
            self.weight = weight
            self.scale = scale
        }
        /// Symbols sized for text of `pointSize` points.
        public convenience init(pointSize: CGFloat) { self.init(pointSize, nil, nil) }
        /// Symbols of `weight`.
        public convenience init(weight: SymbolWeight) { self.init(nil, weight, nil) }
        /// Symbols at `scale`.
        public convenience init(scale: SymbolScale) { self.init(nil, nil, scale) }
        /// Symbols sized for text of `pointSize` points, of `weight`.
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize, weight, nil) }
        /// Symbols sized for text of `pointSize` points, of `weight`, at `scale`.
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize, weight, scale)
        }
        /// This configuration with what `other` sets put over it (UIKit's `applying(_:)`).
        public func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(other.pointSize ?? pointSize, other.weight ?? weight, other.scale ?? scale)
        }
        /// Equal when they set the same size, weight and scale.
        public static func == (a: SymbolConfiguration, b: SymbolConfiguration) -> Bool {
            a.pointSize == b.pointSize && a.weight == b.weight && a.scale == b.scale
        }

        /// The symbol's height in points.
        var side: CGFloat {
            let base = pointSize ?? 17
            switch scale ?? .medium {
            case .small: return base * 0.8
            case .large: return base * 1.3
            default: return base
            }
        }
        /// The stroke width in points.
        var lineWidth: CGFloat {
            let w: CGFloat = [0.045, 0.05, 0.06, 0.07, 0.085, 0.095, 0.105, 0.12, 0.135, 0.15][(weight ?? .regular).rawValue]
            return max(0.5, side * w)
        }
    }

    /// The symbol called `name`, or nil (with one line) when Flipbook does not draw it.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The symbol called `name` sized and weighted by `configuration`, or nil (with one line) when
    /// Flipbook does not draw it.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        guard let image = Self.symbol(name, configuration ?? SymbolConfiguration(pointSize: 17)) else {
            CAEngine.current.report("UIImage(systemName: \"\(name)\"): Flipbook draws no such symbol (it draws \(UIImage.systemSymbolNames.count): see UIImage.systemSymbolNames); nil")
            return nil
        }
        guard let cg = image.cgImage else { return nil }
        self.init(cgImage: cg, scale: image.scale)
        renderingMode = .alwaysTemplate
        symbolName = name
        symbolConfiguration = configuration
    }

    /// The same symbol drawn with `configuration` applied over its own (UIKit's method); an image that
    /// is not a symbol is returned as it is.
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        guard let name = symbolName else { return self }
        let merged = (symbolConfiguration ?? SymbolConfiguration(pointSize: 17)).applying(configuration)
        return UIImage(systemName: name, withConfiguration: merged) ?? self
    }

    /// The symbol names `init(systemName:)` draws, sorted.
    public static var systemSymbolNames: [String] { symbolShapes.keys.sorted() }

    // MARK: Drawing

    /// A shape in a unit square (y down), stroked or filled.
    private struct Shape {
        /// The shape's width for a height of 1.
        var aspect: CGFloat = 1
        var filled = false
        var build: (UIBezierPath, CGFloat) -> Void // path in a 1-high box of width `aspect`; arg: stroke width in units
    }

    private static func symbol(_ name: String, _ configuration: SymbolConfiguration) -> UIImage? {
        guard let shape = symbolShapes[name] else { return nil }
        let side = configuration.side, line = configuration.lineWidth
        let size = CGSize(width: (side * shape.aspect + line).rounded(.up), height: (side + line).rounded(.up))
        return UIGraphicsImageRenderer(size: size).image { _ in
            let path = UIBezierPath()
            shape.build(path, line / side)
            let scale = CGAffineTransform(translationX: (size.width - side * shape.aspect) / 2, y: (size.height - side) / 2).scaledBy(x: side, y: side)
            path.apply(scale)
            UIColor.black.set()
            if shape.filled {
                path.fill()
            } else {
                path.lineWidth = line
                path.lineCapStyle = .round
                path.lineJoinStyle = .round
                path.stroke()
            }
        }
    }

    private static func polyline(_ p: UIBezierPath, _ points: [(CGFloat, CGFloat)], close: Bool = false) {
        guard let first = points.first else { return }
        p.move(to: CGPoint(x: first.0, y: first.1))
        for q in points.dropFirst() { p.addLine(to: CGPoint(x: q.0, y: q.1)) }
        if close { p.close() }
    }

    private static func heart(_ p: UIBezierPath) {
        p.move(to: CGPoint(x: 0.5, y: 0.92))
        p.addCurve(to: CGPoint(x: 0.02, y: 0.32), controlPoint1: CGPoint(x: 0.22, y: 0.72), controlPoint2: CGPoint(x: 0.02, y: 0.55))
        p.addArc(withCenter: CGPoint(x: 0.26, y: 0.3), radius: 0.24, startAngle: .pi, endAngle: -0.2, clockwise: true)
        p.addLine(to: CGPoint(x: 0.5, y: 0.24))
        p.addArc(withCenter: CGPoint(x: 0.74, y: 0.3), radius: 0.24, startAngle: .pi + 0.2, endAngle: 0, clockwise: true)
        p.addCurve(to: CGPoint(x: 0.5, y: 0.92), controlPoint1: CGPoint(x: 0.98, y: 0.55), controlPoint2: CGPoint(x: 0.78, y: 0.72))
        p.close()
    }

    private static func star(_ p: UIBezierPath) {
        var pts: [(CGFloat, CGFloat)] = []
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 0.5 : 0.21, a = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            pts.append((0.5 + r * cos(a), 0.54 + r * sin(a)))
        }
        polyline(p, pts, close: true)
    }

    private static let symbolShapes: [String: Shape] = {
        var s: [String: Shape] = [:]
        func chevron(_ pts: [(CGFloat, CGFloat)], aspect: CGFloat = 1) -> Shape { Shape(aspect: aspect) { p, _ in polyline(p, pts) } }
        s["chevron.down"] = chevron([(0.1, 0.3), (0.5, 0.7), (0.9, 0.3)])
        s["chevron.up"] = chevron([(0.1, 0.7), (0.5, 0.3), (0.9, 0.7)])
        s["chevron.right"] = chevron([(0.15, 0.1), (0.45, 0.5), (0.15, 0.9)], aspect: 0.6)
        s["chevron.left"] = chevron([(0.45, 0.1), (0.15, 0.5), (0.45, 0.9)], aspect: 0.6)
        s["chevron.forward"] = s["chevron.right"]
        s["chevron.backward"] = s["chevron.left"]
        s["xmark"] = Shape { p, _ in polyline(p, [(0.15, 0.15), (0.85, 0.85)]); polyline(p, [(0.85, 0.15), (0.15, 0.85)]) }
        s["plus"] = Shape { p, _ in polyline(p, [(0.5, 0.1), (0.5, 0.9)]); polyline(p, [(0.1, 0.5), (0.9, 0.5)]) }
        s["minus"] = Shape { p, _ in polyline(p, [(0.1, 0.5), (0.9, 0.5)]) }
        s["checkmark"] = Shape { p, _ in polyline(p, [(0.1, 0.55), (0.38, 0.82), (0.9, 0.18)]) }
        s["arrow.up"] = Shape { p, _ in polyline(p, [(0.5, 0.9), (0.5, 0.1)]); polyline(p, [(0.18, 0.42), (0.5, 0.1), (0.82, 0.42)]) }
        s["arrow.down"] = Shape { p, _ in polyline(p, [(0.5, 0.1), (0.5, 0.9)]); polyline(p, [(0.18, 0.58), (0.5, 0.9), (0.82, 0.58)]) }
        s["arrow.left"] = Shape { p, _ in polyline(p, [(0.9, 0.5), (0.1, 0.5)]); polyline(p, [(0.42, 0.18), (0.1, 0.5), (0.42, 0.82)]) }
        s["arrow.right"] = Shape { p, _ in polyline(p, [(0.1, 0.5), (0.9, 0.5)]); polyline(p, [(0.58, 0.18), (0.9, 0.5), (0.58, 0.82)]) }
        s["line.3.horizontal"] = Shape { p, _ in for y in [0.2, 0.5, 0.8] as [CGFloat] { polyline(p, [(0.1, y), (0.9, y)]) } }
        s["heart"] = Shape { p, _ in heart(p) }
        s["heart.fill"] = Shape(filled: true) { p, _ in heart(p) }
        s["star"] = Shape { p, _ in star(p) }
        s["star.fill"] = Shape(filled: true) { p, _ in star(p) }
        s["circle"] = Shape { p, _ in p.append(UIBezierPath(ovalIn: CGRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))) }
        s["circle.fill"] = Shape(filled: true) { p, _ in p.append(UIBezierPath(ovalIn: CGRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))) }
        s["square"] = Shape { p, _ in p.append(UIBezierPath(roundedRect: CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerRadius: 0.16)) }
        s["square.fill"] = Shape(filled: true) { p, _ in p.append(UIBezierPath(roundedRect: CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerRadius: 0.16)) }
        s["play.fill"] = Shape(aspect: 0.85, filled: true) { p, _ in polyline(p, [(0.12, 0.08), (0.8, 0.5), (0.12, 0.92)], close: true) }
        s["pause.fill"] = Shape(aspect: 0.8, filled: true) { p, _ in
            p.append(UIBezierPath(roundedRect: CGRect(x: 0.1, y: 0.08, width: 0.22, height: 0.84), cornerRadius: 0.05))
            p.append(UIBezierPath(roundedRect: CGRect(x: 0.48, y: 0.08, width: 0.22, height: 0.84), cornerRadius: 0.05))
        }
        s["stop.fill"] = Shape(filled: true) { p, _ in p.append(UIBezierPath(roundedRect: CGRect(x: 0.12, y: 0.12, width: 0.76, height: 0.76), cornerRadius: 0.1)) }
        s["ellipsis"] = Shape(aspect: 1.2, filled: true) { p, _ in
            for x in [0.18, 0.6, 1.02] as [CGFloat] { p.append(UIBezierPath(ovalIn: CGRect(x: x - 0.09, y: 0.41, width: 0.18, height: 0.18))) }
        }
        s["magnifyingglass"] = Shape { p, _ in
            p.append(UIBezierPath(ovalIn: CGRect(x: 0.08, y: 0.08, width: 0.6, height: 0.6)))
            polyline(p, [(0.6, 0.6), (0.92, 0.92)])
        }
        s["sun.max.fill"] = Shape(filled: true) { p, _ in
            p.append(UIBezierPath(ovalIn: CGRect(x: 0.28, y: 0.28, width: 0.44, height: 0.44)))
            for k in 0..<8 {
                let a = CGFloat(k) * .pi / 4
                let ray = UIBezierPath(roundedRect: CGRect(x: -0.045, y: 0.34, width: 0.09, height: 0.14), cornerRadius: 0.045)
                ray.apply(CGAffineTransform(translationX: 0.5, y: 0.5).rotated(by: a))
                p.append(ray)
            }
        }
        s["person.fill"] = Shape(filled: true) { p, _ in
            p.append(UIBezierPath(ovalIn: CGRect(x: 0.3, y: 0.05, width: 0.4, height: 0.4)))
            p.move(to: CGPoint(x: 0.08, y: 0.95))
            p.addCurve(to: CGPoint(x: 0.92, y: 0.95), controlPoint1: CGPoint(x: 0.08, y: 0.42), controlPoint2: CGPoint(x: 0.92, y: 0.42))
            p.close()
        }
        s["trash"] = Shape { p, _ in
            polyline(p, [(0.1, 0.22), (0.9, 0.22)])
            polyline(p, [(0.36, 0.22), (0.38, 0.08), (0.62, 0.08), (0.64, 0.22)])
            polyline(p, [(0.2, 0.22), (0.26, 0.92), (0.74, 0.92), (0.8, 0.22)])
        }
        return s
    }()
}
