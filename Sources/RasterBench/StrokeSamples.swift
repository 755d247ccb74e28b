#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// Named stroke scenes shared by the golden-image tests and the benchmarks, so both draw exactly
/// the same geometry.
///
/// Each scene is a path in user space, a stroke style, a transform to device pixels and a canvas
/// size; render it by filling `scene.outline()` with the non-zero rule. The scenes cover the stroke
/// features one at a time: round caps blown up, trims across a closed ring's start point, each join,
/// dashes with a phase, and the dots and hairlines that are easy to lose.
public enum StrokeSamples {
    /// One scene: what to stroke, how, and on what canvas.
    public struct Scene: Sendable {
        /// A name fit for a golden file (`roundCapsAtLargeScale`).
        public var name: String
        public var path: Path
        public var style: StrokeStyle
        /// User space to device pixels. Default: identity.
        public var transform: Transform
        /// Canvas size in device pixels.
        public var width: Int
        public var height: Int

        public init(name: String, path: Path, style: StrokeStyle, transform: Transform = .identity,
                    width: Int, height: Int) {
            self.name = name
            self.path = path
            self.style = style
            self.transform = transform
            self.width = width
            self.height = height
        }

        /// The stroke outline in device pixels, ready for a non-zero fill.
        /// - Complexity: that of `Path.stroked`.
        public func outline(tolerance: Double = Flattener.defaultTolerance) -> Polygons {
            path.stroked(style, transform: transform, tolerance: tolerance)
        }
    }

    /// Every golden scene, in a stable order.
    public static var all: [Scene] {
        [roundCapsAtLargeScale(), ellipticalPenUnderNonUniformScale(), ringTrimmedAcrossTwelveOClock(), ovalTrimmedAcrossThreeOClock(),
         join(.miter), join(.round), join(.bevel), dashesWithPhase(), roundDotsAlongACircle(),
         hairline(width: 0.1), hairline(width: 0.5)]
    }

    /// Two short round-capped segments scaled up 24×, so the caps' flattening is visible: 256 × 256.
    public static func roundCapsAtLargeScale() -> Scene {
        var p = Path()
        p.move(to: Point(2, 3)); p.line(to: Point(8, 3))
        p.move(to: Point(3, 7)); p.line(to: Point(7, 8.5))
        return Scene(name: "roundCapsAtLargeScale", path: p, style: StrokeStyle(width: 3, cap: .round),
                     transform: .scale(24, 24), width: 256, height: 256)
    }

    /// A round-capped diagonal segment under a non-uniform scale (8 × 3): the pen becomes an ellipse
    /// 32 px wide and 12 px tall, as Core Graphics strokes in user space: 160 × 96.
    public static func ellipticalPenUnderNonUniformScale() -> Scene {
        var p = Path()
        p.move(to: Point(4, 10)); p.line(to: Point(16, 22))
        return Scene(name: "ellipticalPenUnderNonUniformScale", path: p, style: StrokeStyle(width: 4, cap: .round),
                     transform: .scale(8, 3), width: 160, height: 96)
    }

    /// A ring drawn from 12 o'clock clockwise (as the countdown scene draws it) with
    /// `strokeStart = 0.8`, `strokeEnd = 1.0`: the arc ends exactly at 12 o'clock, round caps,
    /// width 10: 128 × 128.
    public static func ringTrimmedAcrossTwelveOClock() -> Scene {
        Scene(name: "ringTrimmedAcrossTwelveOClock",
              path: ringFromTwelveOClock(center: Point(64, 64), radius: 48).trimmed(from: 0.8, to: 1.0),
              style: StrokeStyle(width: 10, cap: .round), width: 128, height: 128)
    }

    /// An oval (`addEllipse`, which starts at 3 o'clock) trimmed to 0.8…1.0 plus 0…0.2: one visible
    /// arc that crosses the path's start point, drawn as two trims because `strokeStart > strokeEnd`
    /// draws nothing. Butt caps make a seam at 3 o'clock visible if the halves do not meet: 128 × 128.
    public static func ovalTrimmedAcrossThreeOClock() -> Scene {
        var oval = Path()
        oval.addEllipse(in: Rect(x: 16, y: 24, width: 96, height: 80))
        var p = oval.trimmed(from: 0.8, to: 1.0)
        p.append(contentsOf: oval.trimmed(from: 0, to: 0.2))
        return Scene(name: "ovalTrimmedAcrossThreeOClock", path: p, style: StrokeStyle(width: 12), width: 128, height: 128)
    }

    /// A polyline with a 90° turn, a 45° turn and a sharp 160° turn (segments meeting at 20°, a
    /// miter 5.8 widths long, inside the default limit of 10), width 10: 200 × 150.
    /// - Parameter join: the join to show; the scene is named `miterJoins`, `roundJoins` or `bevelJoins`.
    public static func join(_ join: StrokeStyle.LineJoin) -> Scene {
        let back = 205 * Double.pi / 180  // 20° off the reverse of the 45° segment
        var p = Path()
        p.move(to: Point(20, 120))
        p.line(to: Point(20, 30))
        p.line(to: Point(80, 30))
        p.line(to: Point(130, 80))
        p.line(to: Point(130 + 90 * cos(back), 80 + 90 * sin(back)))
        let name: String
        switch join {
        case .miter: name = "miterJoins"
        case .round: name = "roundJoins"
        case .bevel: name = "bevelJoins"
        }
        return Scene(name: name, path: p, style: StrokeStyle(width: 10, join: join), width: 200, height: 150)
    }

    /// Dashes `[12, 6, 2, 6]` with phase 5 and square caps along a line, a rounded rectangle and a
    /// quadratic curve; width 4: 200 × 120.
    public static func dashesWithPhase() -> Scene {
        var p = Path()
        p.move(to: Point(10, 12)); p.line(to: Point(190, 12))
        p.addRoundedRect(Rect(x: 10, y: 28, width: 120, height: 80), cornerRadius: 20)
        p.move(to: Point(140, 110)); p.quad(to: Point(190, 30), control: Point(200, 110))
        return Scene(name: "dashesWithPhase", path: p,
                     style: StrokeStyle(width: 4, cap: .square, dashes: [12, 6, 2, 6], dashPhase: 5),
                     width: 200, height: 120)
    }

    /// Twelve zero-length dashes as round dots (width 6) around a circle of radius 24; the
    /// pattern's period is a twelfth of the circumference, so the last dot falls on the first: 64 × 64.
    public static func roundDotsAlongACircle() -> Scene {
        var p = Path()
        p.addEllipse(in: Rect(x: 8, y: 8, width: 48, height: 48))
        return Scene(name: "roundDotsAlongACircle", path: p,
                     style: StrokeStyle(width: 6, cap: .round, dashes: [0, 2 * Double.pi * 24 / 12]),
                     width: 64, height: 64)
    }

    /// A straight line `width` px wide across a 64 × 16 canvas at a slight slope: its coverage is
    /// proportionally faint, never zero.
    public static func hairline(width: Double) -> Scene {
        var p = Path()
        p.move(to: Point(4, 6)); p.line(to: Point(60, 10))
        let label = "\(width)".replacingDots()
        return Scene(name: "hairline\(label)px", path: p, style: StrokeStyle(width: width), width: 64, height: 16)
    }

    /// The ring the countdown and progress scenes draw: from 12 o'clock, clockwise, closed.
    public static func ringFromTwelveOClock(center: Point, radius: Double) -> Path {
        var p = Path()
        p.addArc(center: center, radius: radius, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2, clockwise: true)
        p.close()
        return p
    }

    /// A zigzag polyline of `segments` segments for benchmarks (a million must stroke in linear time).
    /// - Complexity: O(segments).
    public static func zigzag(segments: Int, step: Double = 0.01, amplitude: Double = 0.5) -> Path {
        var p = Path()
        p.reserveCapacity(segments + 1)
        p.move(to: .zero)
        for i in stride(from: 1, through: segments, by: 1) {
            p.line(to: Point(Double(i) * step, i & 1 == 0 ? 0 : amplitude))
        }
        return p
    }
}

private extension String {
    /// `0.1` → `0_1`, for file names.
    func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
