import Foundation
import Layers

/// The edges of a rectangle, as UIKit's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Sendable {
    /// UIKit's bits: 1 top, 2 left, 4 bottom, 8 right.
    public let rawValue: UInt
    /// An edge set from UIKit's raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that begins only from an edge of the window (UIKit's `UIScreenEdgePanGestureRecognizer`):
/// the touch must go down within `edgeWidth` points of one of `edges`, then move as a pan does.
/// UIKit does not publish its edge zone; Flipbook uses 20 points (decided, documented here).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from. Default: none (it never begins), as UIKit.
    open var edges: UIRectEdge = []
    /// How far from an edge a touch may start. Default: 20 points.
    open var edgeWidth: CGFloat = 20

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        // Only where the gesture's first touch went down counts.
        guard let t = touches.first, trackedTouches.count == touches.count else { return }
        let p = t.locationInWindow
        let size = view?.window?.bounds.size ?? UIScreen.main.bounds.size
        let nearEdge = (edges.contains(.left) && p.x <= edgeWidth) || (edges.contains(.right) && p.x >= size.width - edgeWidth)
            || (edges.contains(.top) && p.y <= edgeWidth) || (edges.contains(.bottom) && p.y >= size.height - edgeWidth)
        if !nearEdge { state = .failed }
    }
}
