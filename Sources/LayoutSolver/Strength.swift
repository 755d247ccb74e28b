/// How much a constraint matters: required, or a priority below 1000 as in UIKit's
/// `UILayoutPriority`.
///
/// The scheme is lexicographic, as UIKit's priorities behave: every distinct priority below 1000 is
/// its own level of the objective, and the solver first minimizes the total error of the highest
/// level, then — without giving any of that up — the next, and so on. So one constraint at 750
/// beats any number of constraints at 250 (or at 749), which a single weighted sum cannot promise
/// (Kiwi's `strong`/`medium`/`weak` sum of 10⁶/10³/1 gives three levels that only dominate up to
/// a thousand constraints each). Within a level, each constraint's error counts by its size
/// (an equality's |lhs − rhs|, an inequality's amount of violation).
///
/// Priorities are compared as exact `Double`s: 250 and 250.5 are two levels.
public struct Strength: Hashable, Comparable, Sendable {
    /// The priority: 1000 is required; (0, 1000) is a preference. Validated when a constraint is
    /// added: NaN, infinity, 0 or below and anything above 1000 are refused.
    public let priority: Double

    /// A strength of `priority` (UIKit's scale: 1000 required, 750 high, 250 low, 50 fitting size).
    public init(_ priority: Double) {
        self.priority = priority
    }

    /// 1000: must hold; a set of required constraints that cannot all hold is refused.
    public static let required = Strength(1000)

    /// Whether this is 1000, a constraint that must hold.
    public var isRequired: Bool { priority == 1000 }

    /// Whether the priority is one the solver accepts: finite, above 0, at most 1000.
    public var isValid: Bool { priority.isFinite && priority > 0 && priority <= 1000 }

    /// Orders by priority.
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.priority < rhs.priority }
}
