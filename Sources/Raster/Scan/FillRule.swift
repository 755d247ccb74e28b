/// Which points a self-overlapping outline encloses.
///
/// Default everywhere: `.nonZero`, as Core Graphics' `fillPath` and `CAShapeLayer.fillRule` default.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (`kCAFillRuleNonZero`).
    case nonZero
    /// Inside where the winding number is odd (`kCAFillRuleEvenOdd`).
    case evenOdd
}
