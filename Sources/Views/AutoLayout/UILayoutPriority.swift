import Foundation

/// How much a constraint matters, 1…1000, as UIKit's `UILayoutPriority`: 1000 is required, lower
/// values are preferences the layout gives up in order, highest first.
///
/// Each distinct value is its own level (LayoutSolver's `Strength`): one constraint at 750 wins
/// over any number at 250, as on iOS.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority's value.
    public var rawValue: Float

    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750, a button's resistance to being squeezed.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510, the priority at which a drag may resize a scene.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500, the priority of a scene's size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490, where a drag may not resize a scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250, how much a button hugs its content.
    public static let defaultLow = UILayoutPriority(250)
    /// 50, the level at which `systemLayoutSizeFitting` asks for the smallest size.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Orders by value.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority raised by `rhs` (`.defaultHigh + 1`).
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }

    /// The priority lowered by `rhs` (`.required - 1`).
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}
