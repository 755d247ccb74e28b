extension Int {
    /// `value` rounded by `rule`, with NaN as `nan` and values beyond ±2⁶² clamped: a conversion from
    /// a user's `Double` (a font size, a count, a repeat) that cannot trap, where `Int(_:)` would.
    @inlinable
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero, nan: Int = 0) {
        if value.isNaN { self = nan; return }
        let limit = 4.611686018427388e18 // 2⁶²
        self = Int(Swift.max(-limit, Swift.min(limit, value)).rounded(rule))
    }
}
