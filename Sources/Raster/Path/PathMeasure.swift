/// A path with the arc length of every segment measured once, for trimming it many times: a
/// `strokeEnd` animation trims the same path on every frame, and measuring is the costly part
/// (Gauss–Legendre quadrature on each curve) while cutting touches only two segments.
public struct PathMeasure: Sendable {
    /// The measured path.
    public let path: Path
    /// The total length of the path's finite subpaths, closing lines included.
    public let length: Double
    private let subs: [Subpath]
    private let lengths: [[Double]]
    private let subLengths: [Double]

    /// Measures `path`.
    /// - Complexity: O(segments).
    public init(_ path: Path) {
        self.path = path
        subs = path.subpaths.filter(\.isFinite)
        lengths = subs.map { $0.segments.map { $0.length() } }
        subLengths = lengths.map { ls in ls.reduce(0, +) }
        length = subLengths.reduce(0, +)
    }

    /// The clamped fractions, or nil when they select nothing.
    static func range(_ start: Double, _ end: Double) -> (Double, Double)? {
        func clamp(_ v: Double) -> Double { v > 0 ? Swift.min(v, 1) : 0 }  // NaN → 0
        let f0 = clamp(start), f1 = clamp(end)
        return f0 < f1 ? (f0, f1) : nil
    }

    /// The same as `Path.trimmed(from:to:)` on the measured path, without measuring again.
    /// - Complexity: O(segments of the subpaths in range).
    public func trimmed(from start: Double, to end: Double) -> Path {
        guard let (f0, f1) = PathMeasure.range(start, end) else { return Path() }
        if f0 == 0 && f1 == 1 { return path }
        let s0 = f0 * length, s1 = f1 * length
        var out = Path()
        var offset = 0.0
        for (i, sub) in subs.enumerated() {
            let a = offset, b = offset + subLengths[i]
            offset = b
            if a > s1 { break }
            if subLengths[i] == 0 {
                if s0 <= a { sub.appendElements(to: &out) }
                continue
            }
            let lo = Swift.max(s0, a), hi = Swift.min(s1, b)
            guard lo < hi else { continue }
            if lo <= a && hi >= b {
                sub.appendElements(to: &out)
            } else {
                sub.appendPiece(from: lo - a, to: hi - a, lengths: lengths[i], to: &out)
            }
        }
        return out
    }
}
