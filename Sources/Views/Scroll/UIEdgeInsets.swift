import Foundation
import Layers

/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`).
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset of each edge in points; positive values shrink a rectangle, negative ones grow it.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Insets of each edge, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// All insets zero.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// All insets zero.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown by negative ones), as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom))
    }
}
