import Foundation

/// The direction a focus move goes, as UIKit's `UIFocusHeading` (same raw values).
///
/// The focus ring hands the arrow-key and D-pad headings to the focused view first
/// (`UIView.handleFocusedMove(_:)`), so a control that uses left and right itself (a slider) can
/// take them; Tab's `.next` always moves the focus.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
}
