import Foundation
import Layers

/// Autoresizing: when a view's size changes, subviews with an `autoresizingMask` follow it, as
/// UIKit's springs and struts do (Auto Layout is out of scope; code that builds views by hand
/// uses masks, `layoutSubviews` or `viewDidLayoutSubviews`).
///
/// UIKit's rule, from `UIView.AutoresizingMask`'s documentation: along each axis the parts marked
/// flexible (the leading margin, the size, the trailing margin) share the change of the superview's
/// length in proportion to their current lengths ("the larger the flexible portion … the more it
/// grows"); when they are all zero they share it equally. Unmarked parts keep their lengths, so a
/// view with no mask keeps its frame (pinned to the top left). A size never goes below 0.
///
/// Applied at once, when `frame` or `bounds` sets a new size (not in the layout pass), inside the
/// caller's animation block if any, so autoresized frames animate with their superview. A view
/// under a non-identity transform is resized by its center and bounds (its frame is undefined).
/// The walk down the tree uses an explicit stack: a resized subview resizes its own subviews.
extension UIView {
    /// Which parts of the view's frame grow or shrink with its superview.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// UIKit's bits: 1, 2, 4 for the left margin, width and right margin; 8, 16, 32 for top, height, bottom.
        public let rawValue: UInt
        /// Makes a mask from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The space left of the view follows the superview's width.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The view's width follows the superview's width.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The space right of the view follows the superview's width.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The space above the view follows the superview's height.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The view's height follows the superview's height.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The space below the view follows the superview's height.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes the subviews by their masks after this view's size changed from `oldSize`, and
    /// theirs in turn.
    /// - Complexity: O(views resized).
    func autoresizeSubviews(from oldSize: CGSize) {
        var pending: [(view: UIView, oldSize: CGSize)] = [(self, oldSize)]
        while let (view, old) = pending.popLast() {
            let new = view.layer.bounds.size
            guard view.autoresizesSubviews, old != new else { continue }
            for sub in view.subviews where !sub.autoresizingMask.isEmpty {
                let subOld = sub.layer.bounds.size
                sub.autoresize(from: old, to: new)
                pending.append((sub, subOld))
            }
        }
    }

    /// Moves and sizes this view for its superview's size going from `old` to `new`.
    private func autoresize(from old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        let size = layer.bounds.size, anchor = layer.anchorPoint, position = layer.position
        let (x, width) = Self.share(start: position.x - anchor.x * size.width, length: size.width,
                                    in: old.width, becoming: new.width,
                                    flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.share(start: position.y - anchor.y * size.height, length: size.height,
                                     in: old.height, becoming: new.height,
                                     flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        let newPosition = CGPoint(x: x + anchor.x * width, y: y + anchor.y * height)
        guard newPosition.x.isFinite, newPosition.y.isFinite, width.isFinite, height.isFinite else { return }
        if width != size.width || height != size.height {
            ViewAnimation.noteOldValue(layer, "bounds", layer.bounds)
            layer.bounds.size = CGSize(width: width, height: height)
        }
        if newPosition != position {
            ViewAnimation.noteOldValue(layer, "position", position)
            layer.position = newPosition
        }
    }

    /// One axis: the view at `start` with `length` inside a superview `old` long that becomes
    /// `new` long; the flexible parts (margin before, length, margin after) share the change in
    /// proportion to their lengths, or equally when those are all zero.
    static func share(start: Double, length: Double, in old: Double, becoming new: Double,
                      flexible: (before: Bool, length: Bool, after: Bool)) -> (start: Double, length: Double) {
        let delta = new - old
        let count = (flexible.before ? 1 : 0) + (flexible.length ? 1 : 0) + (flexible.after ? 1 : 0)
        guard count > 0, delta != 0 else { return (start, length) }
        let total = (flexible.before ? start : 0) + (flexible.length ? length : 0) + (flexible.after ? old - start - length : 0)
        func change(_ isFlexible: Bool, _ part: Double) -> Double {
            guard isFlexible else { return 0 }
            return total != 0 && total.isFinite ? delta * part / total : delta / Double(count)
        }
        return (start + change(flexible.before, start), max(0, length + change(flexible.length, length)))
    }
}
