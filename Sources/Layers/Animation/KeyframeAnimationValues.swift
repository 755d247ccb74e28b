import Foundation

/// How a keyframe animation moves between its values (Apple's `CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"linear"`, `"discrete"`, `"paced"`, `"cubic"`, `"cubicPaced"`).
    public let rawValue: String
    /// A mode from Core Animation's string; an unknown string interpolates linearly.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A mode from Core Animation's string, unlabelled.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between neighbours, at `keyTimes` (the default).
    public static let linear = CAAnimationCalculationMode("linear")
    /// Each value holds until the next key time; no interpolation.
    public static let discrete = CAAnimationCalculationMode("discrete")
    /// Constant speed: `keyTimes` and `timingFunctions` are ignored, segment times follow distances.
    public static let paced = CAAnimationCalculationMode("paced")
    /// A smooth Kochanek–Bartels spline through the values, at `keyTimes`.
    public static let cubic = CAAnimationCalculationMode("cubic")
    /// The cubic spline with paced segment times.
    public static let cubicPaced = CAAnimationCalculationMode("cubicPaced")
}

/// The value math of `CAKeyframeAnimation` (values, keyTimes, per-segment timing functions,
/// calculation modes, tension/continuity/bias), following Apple's CAKeyframeAnimation documentation.
///
/// Key times, per Apple: for `.linear` and `.cubic` one per value, from 0 to 1; for `.discrete`
/// n + 1 for n values, value i holding on [keyTimes[i], keyTimes[i+1]). Discrete animations given only
/// n key times are read like W3C step keyframes: value i holds from keyTimes[i] until the next key
/// time, the last value from its key time to the end (the same rule without the closing 1).
/// Key times that are missing, of the wrong count, not finite, outside 0…1 or decreasing are ignored and
/// the values spaced evenly (Apple leaves this undefined; even spacing is Apple's rule when keyTimes is
/// nil: i/(n−1), or i/n for discrete). Before the first key time the first value holds; after the last,
/// the last. `paced` and `cubicPaced` ignore key times and timing functions.
public struct KeyframeAnimationValues<Value: Interpolatable> {
    /// The keyframe values, in order; an empty array animates nothing.
    public var values: [Value] { didSet { times = computeKeyTimes() } }
    /// When each value is reached, as fractions 0…1 of the duration (see the rules above). nil: evenly spaced.
    public var keyTimes: [Double]? { didSet { times = computeKeyTimes() } }
    /// Easing per segment (n − 1 for n values); a missing entry means linear. Ignored when paced.
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values in between are computed. Default: `.linear`.
    public var calculationMode: CAAnimationCalculationMode { didSet { times = computeKeyTimes() } }
    /// `resolvedKeyTimes()`, worked out when the values, key times or mode change, not per frame:
    /// paced times measure every segment (a path's keyframes are its flattened vertices).
    private var times: [Double] = []
    /// Kochanek–Bartels parameters per keyframe for the cubic modes; missing entries are 0
    /// (0, 0, 0 is a Catmull–Rom spline).
    public var tensionValues: [Double]?, continuityValues: [Double]?, biasValues: [Double]?
    /// Add the animated value to the value beneath (Apple's `isAdditive`). Default: false.
    public var isAdditive: Bool
    /// Each repeat cycle adds the last keyframe value once per completed cycle.
    public var isCumulative: Bool

    /// The value rule of a keyframe animation; every argument but `values` is optional as in Core Animation.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [CAMediaTimingFunction]? = nil,
                calculationMode: CAAnimationCalculationMode = .linear, tensionValues: [Double]? = nil,
                continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode; self.tensionValues = tensionValues
        self.continuityValues = continuityValues; self.biasValues = biasValues
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
        times = computeKeyTimes()
    }

    /// The animated value at progress `fraction` (the animation's own timing function already applied),
    /// or nil when there are no values (the animation then has no effect).
    /// - Parameters:
    ///   - fraction: the progress through the animation, 0…1, after its timing function.
    ///   - iteration: the repeat cycle, for `isCumulative`.
    ///   - current: the render-tree value beneath this animation, for `isAdditive`.
    /// - Complexity: O(log n) for n values (the segment is found by halving; key times are kept).
    public func value(atFraction fraction: Double, iteration: Double = 0, current: Value) -> Value? {
        guard let last = values.last else { return nil }
        var v = rawValue(atFraction: fraction.isNaN ? 0 : fraction)
        if isCumulative && iteration > 0 { v = v.adding(last.scaled(by: iteration)) }
        return isAdditive ? current.addingAdditive(v) : v
    }

    /// The start time (0…1) of each value under the current mode.
    /// - Complexity: O(1); kept up to date as the values, key times and mode change.
    public func resolvedKeyTimes() -> [Double] { times }

    private func computeKeyTimes() -> [Double] {
        let n = values.count
        guard n > 1 else { return n == 1 ? [0] : [] }
        switch calculationMode {
        case .discrete:
            if let k = keyTimes, (k.count == n || k.count == n + 1), Self.isValid(k) { return Array(k.prefix(n)) }
            return (0..<n).map { Double($0) / Double(n) }
        case .paced, .cubicPaced:
            if let paced = pacedTimes() { return paced }
            return even(n)
        default:
            if let k = keyTimes, k.count == n, Self.isValid(k) { return k }
            return even(n)
        }
    }

    private func even(_ n: Int) -> [Double] { (0..<n).map { Double($0) / Double(n - 1) } }

    private static func isValid(_ k: [Double]) -> Bool {
        k.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } && zip(k, k.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Cumulative distance fractions, or nil when the type has no distance or all values coincide.
    private func pacedTimes() -> [Double]? {
        var acc = [0.0]
        for (a, b) in zip(values, values.dropFirst()) {
            guard let d = a.interpolationDistance(to: b), d.isFinite, d >= 0 else { return nil }
            acc.append(acc.last! + d)
        }
        let total = acc.last!
        guard total > 0 else { return nil }
        return acc.map { $0 / total }
    }

    private func rawValue(atFraction p: Double) -> Value {
        let n = values.count
        if n == 1 { return values[0] }
        // Last keyframe whose time is ≤ p (the first when p is before all of them): times never
        // decrease, so it is found by halving.
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        let i = lo
        if calculationMode == .discrete || i == n - 1 || p < times[0] { return values[i] }

        let span = times[i + 1] - times[i]
        var s = span > 0 ? (p - times[i]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced,
           let fns = timingFunctions, i < fns.count {
            s = fns[i].value(at: s)
        }
        switch calculationMode {
        case .cubic, .cubicPaced: return hermite(segment: i, s: s, times: times)
        default: return values[i].interpolated(to: values[i + 1], fraction: s)
        }
    }

    /// Kochanek–Bartels segment i → i+1 at local parameter s, written as the chord interpolation plus
    /// tangent corrections so non-vector types (transforms) still start from their own interpolation.
    private func hermite(segment i: Int, s: Double, times: [Double]) -> Value {
        let p0 = values[i], p1 = values[i + 1]
        let m0 = tangent(at: i, outgoing: true, times: times)
        let m1 = tangent(at: i + 1, outgoing: false, times: times)
        let s2 = s * s, s3 = s2 * s
        let h01 = -2 * s3 + 3 * s2, h10 = s3 - 2 * s2 + s, h11 = s3 - s2
        return p0.interpolated(to: p1, fraction: h01).adding(m0.scaled(by: h10)).adding(m1.scaled(by: h11))
    }

    /// Kochanek & Bartels (1984) tangent at keyframe k, with the end keyframes duplicated and the
    /// uneven-spacing correction 2·Δ/(Δ₋ + Δ₊).
    private func tangent(at k: Int, outgoing: Bool, times: [Double]) -> Value {
        let n = values.count
        func param(_ a: [Double]?) -> Double { a.flatMap { k < $0.count && $0[k].isFinite ? $0[k] : nil } ?? 0 }
        let t = param(tensionValues), c = param(continuityValues), b = param(biasValues)
        let zero = additiveZero(like: values[k])
        let dPrev = k > 0 ? values[k].subtracting(values[k - 1]) : zero
        let dNext = k < n - 1 ? values[k + 1].subtracting(values[k]) : zero
        let (wPrev, wNext): (Double, Double) = outgoing
            ? ((1 - t) * (1 + b) * (1 + c) / 2, (1 - t) * (1 - b) * (1 - c) / 2)
            : ((1 - t) * (1 + b) * (1 - c) / 2, (1 - t) * (1 - b) * (1 + c) / 2)
        var m = dPrev.scaled(by: wPrev).adding(dNext.scaled(by: wNext))
        if k > 0 && k < n - 1 {
            let before = times[k] - times[k - 1], after = times[k + 1] - times[k]
            if before + after > 0 { m = m.scaled(by: 2 * (outgoing ? after : before) / (before + after)) }
        }
        return m
    }
}

extension KeyframeAnimationValues {
    /// The animated value for a timing state, with the animation-wide curve applied before the
    /// per-segment timing functions (Apple: `timingFunction` paces the whole keyframe animation). Nil
    /// when the animation contributes nothing at that time or has no values.
    public func value(for state: MediaTimingState, curve: ProgressCurve, current: Value) -> Value? {
        guard let eased = curve.fraction(for: state) else { return nil }
        return value(atFraction: eased, iteration: state.iteration, current: current)
    }

    /// `value(for:curve:current:)` with a timing function's curve; nil means linear.
    public func value(for state: MediaTimingState, timingFunction: CAMediaTimingFunction?, current: Value) -> Value? {
        value(for: state, curve: ProgressCurve(timingFunction), current: current)
    }
}

// Apple's pre-Swift-4.2 global names for the calculation modes.
/// `CAAnimationCalculationMode.linear` under its Objective-C name.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `CAAnimationCalculationMode.discrete` under its Objective-C name.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `CAAnimationCalculationMode.paced` under its Objective-C name.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `CAAnimationCalculationMode.cubic` under its Objective-C name.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `CAAnimationCalculationMode.cubicPaced` under its Objective-C name.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
