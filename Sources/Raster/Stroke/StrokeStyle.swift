/// How a path is stroked: pen width, caps, joins and dashes, with Core Graphics' meanings and
/// defaults (`CGContext.setLineWidth`, `setLineCap`, `setLineJoin`, `setMiterLimit`, `setLineDash`).
public struct StrokeStyle: Hashable, Sendable {
    /// The shape at the open ends of subpaths and dashes.
    public enum LineCap: Hashable, Sendable {
        /// Ends flush with the end point.
        case butt
        /// A half disc of the pen's diameter around the end point.
        case round
        /// Extends half the width past the end point, squared off.
        case square
    }

    /// The shape where two segments meet.
    public enum LineJoin: Hashable, Sendable {
        /// The outer edges extended until they meet, or a bevel when the miter length over the width
        /// exceeds `miterLimit`.
        case miter
        /// A circular arc around the vertex.
        case round
        /// The outer corners joined by a straight line.
        case bevel
    }

    /// The pen's width in user space; the transform scales it with the path (a non-uniform scale
    /// gives an elliptical pen). Widths ≤ 0 or non-finite stroke nothing.
    ///
    /// Default: 1
    public var width: Double
    /// Default: `.butt`
    public var cap: LineCap
    /// Default: `.miter`
    public var join: LineJoin
    /// The largest ratio of miter length to width that is drawn as a miter; beyond it the join is
    /// beveled. A miter's length over the width is 1/sin(φ/2) for segments meeting at angle φ, so
    /// the default cuts joins sharper than about 11.5°.
    ///
    /// Default: 10 (Core Graphics')
    public var miterLimit: Double
    /// Alternating painted and unpainted lengths in user space, starting with a painted one. An odd
    /// count is repeated to make it even (as SVG and Core Graphics do). Empty, all-zero, or any
    /// negative or non-finite entry means solid.
    ///
    /// Default: `[]` (solid)
    public var dashes: [Double]
    /// How far into the dash pattern each subpath starts, in user space; negative phases count
    /// backwards, non-finite ones as 0.
    ///
    /// Default: 0
    public var dashPhase: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }

    /// How far a stroke's outline reaches from its path: half the width for round and bevel joins
    /// and butt or round caps, half the width × |miterLimit| for miter joins (a miter is drawn only
    /// while 1/cos(turn/2) ≤ |limit|; a NaN limit bevels), × √2 for square caps' corners. Culling
    /// (`ClipCull`) grows geometry by it.
    var reach: Double {
        let miter = join == .miter && !miterLimit.isNaN ? abs(miterLimit) : 1
        return width / 2 * Swift.max(Swift.max(1, miter), cap == .square ? 2.0.squareRoot() : 1)
    }

    /// The pattern the dasher uses: even length with a positive sum, or nil for a solid stroke.
    var effectiveDashes: [Double]? {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let sum = dashes.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        return dashes.count % 2 == 0 ? dashes : dashes + dashes
    }
}
