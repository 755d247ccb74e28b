#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference frame used to compare the fill pipeline with other renderers, and a timer loop.
///
/// Reference frame (1920×1080): a full-frame diagonal linear gradient #203060 → #E08040 from the
/// top-left to the bottom-right corner, then an arc stroke centred at (960, 540), radius 200,
/// width 10, round caps, from −90° sweeping 270° clockwise (y-down), painted with a linear
/// gradient #00FF80 → #FF00FF through the stroke's coverage. The arc's path is rebuilt every
/// frame, as an animated `strokeEnd` would force. Published figures for the same frame: Blend2D
/// about 1.2 ms, Cairo about 14 ms per frame on one core.
///
/// Measured (release build, one core of a shared 2-core AMD EPYC VM, 500 frames, 2026-11-22):
/// median 1.17–1.30 ms per frame, minimum 1.07 ms; medians rise to ~1.8 ms while other builds
/// compete for the cores. Nearly all of it is writing the 8 MB gradient (four pixels per
/// iteration from the LUT); scan conversion of the arc is about 5%.
///
/// Raster reads no clock: the caller passes `now` (seconds, monotonic).
public enum RasterBenchmark {
    public struct Result {
        /// Seconds per frame, in order.
        public var frameTimes: [Double]
        /// The last rendered frame, for checking what was measured.
        public var image: Bitmap
        /// Median of `frameTimes`.
        public var median: Double {
            let s = frameTimes.sorted()
            guard !s.isEmpty else { return 0 }
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
    }

    /// Renders the reference frame `frames` times into one reused canvas and times each frame.
    /// - Complexity: O(frames × 1920 × 1080).
    public static func run(frames: Int, now: () -> Double) -> Result {
        let bitmap = Bitmap(width: 1920, height: 1080)!   // within maxDimension
        let canvas = Canvas(bitmap)
        var times: [Double] = []
        times.reserveCapacity(Swift.max(0, frames))
        for _ in 0..<Swift.max(0, frames) {
            let t0 = now()
            renderReferenceFrame(canvas)
            times.append(now() - t0)
        }
        return Result(frameTimes: times, image: bitmap)
    }

    /// Draws the reference frame (see the type's summary) into `canvas`, whose size should be 1920×1080.
    public static func renderReferenceFrame(_ canvas: Canvas) {
        var background = Path()
        background.move(to: Point(0, 0)); background.line(to: Point(1920, 0))
        background.line(to: Point(1920, 1080)); background.line(to: Point(0, 1080)); background.close()
        canvas.fill(background, paint: .gradient(Gradient(colors: [Color(hex: 0x203060), Color(hex: 0xE08040)],
                                                          startPoint: Point(0, 0), endPoint: Point(1920, 1080))))
        let arc = strokedArcOutline(center: Point(960, 540), radius: 200, width: 10,
                                    start: -Double.pi / 2, sweep: 1.5 * Double.pi)
        canvas.fill(arc, paint: .gradient(Gradient(colors: [Color(hex: 0x00FF80), Color(hex: 0xFF00FF)],
                                                   startPoint: Point(760, 340), endPoint: Point(1160, 740))))
    }

    /// TEMPORARY until the geometry half's `Stroker` lands: the outline of a round-capped arc
    /// stroke built directly as an annulus sector plus two semicircle caps. Replace with
    /// `Stroker` output of an `addArc` path so the benchmark also measures stroking.
    static func strokedArcOutline(center c: Point, radius r: Double, width: Double, start: Double, sweep: Double) -> Path {
        let h = width / 2, end = start + sweep
        func at(_ a: Double, _ rr: Double) -> Point { Point(c.x + rr * cos(a), c.y + rr * sin(a)) }
        var p = Path()
        p.move(to: at(start, r + h))
        appendArc(&p, center: c, radius: r + h, from: start, to: end)
        appendArc(&p, center: at(end, r), radius: h, from: end, to: end + Double.pi)          // end cap
        appendArc(&p, center: c, radius: r - h, from: end, to: start)
        appendArc(&p, center: at(start, r), radius: h, from: start + Double.pi, to: start + 2 * Double.pi) // start cap
        p.close()
        return p
    }

    /// Appends a circular arc as cubic Béziers of at most 90° each (current point at its start).
    private static func appendArc(_ p: inout Path, center c: Point, radius r: Double, from a0: Double, to a1: Double) {
        let n = Swift.max(1, Int((abs(a1 - a0) / (Double.pi / 2)).rounded(.up)))
        let step = (a1 - a0) / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        var a = a0
        for _ in 0..<n {
            let b = a + step
            let p0 = Point(c.x + r * cos(a), c.y + r * sin(a)), p3 = Point(c.x + r * cos(b), c.y + r * sin(b))
            let c1 = Point(p0.x - k * sin(a), p0.y + k * cos(a)), c2 = Point(p3.x + k * sin(b), p3.y - k * cos(b))
            p.cubic(to: p3, control1: c1, control2: c2)
            a = b
        }
    }
}
