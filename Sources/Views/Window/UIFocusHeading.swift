import Foundation

/// The direction a focus move goes, as UIKit's `UIFocusHeading` (same raw values).
///
/// The focus ring hands the arrow-key and D-pad headings to the focused view first
/// (`UIView.handleFocusedMove(_:)`), so a control that uses left and right itself (a slider) can
/// take them; Tab's `.next` always moves the focus.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
    /// The heading bits, UIKit's values.
    public let rawValue: UInt
    /// A heading from UIKit's raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The up arrow or the D-pad's up.
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    /// The down arrow or the D-pad's down.
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    /// The left arrow or the D-pad's left.
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    /// The right arrow or the D-pad's right.
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    /// Tab: the next focusable view in reading order (top to bottom, then left to right), wrapping.
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    /// UIKit's backwards step; Flipbook never sends it (Shift-Tab is not mapped).
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
}
