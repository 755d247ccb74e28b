import Foundation
import Layers

/// Auto Layout on a view: anchors for making constraints, the constraints it holds, and the
/// hooks that keep the tree's `LayoutEngine` told of changes.
extension UIView {
    /// The left edge (the leading edge: left-to-right only).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The right edge (the trailing edge: left-to-right only).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }

    /// The first baseline (a label's first line; a view without text: its bottom).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    /// The last baseline (a label's last line; a view without text: its bottom).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }

    /// The active constraints held by this view: those activated with it as the items' nearest
    /// common ancestor, and those added to it with `addConstraint(_:)`.
    public var constraints: [NSLayoutConstraint] { heldConstraints }

    /// Activates `constraint`, held by this view, as UIKit's `addConstraint(_:)` (the view must
    /// contain its items; otherwise it is held by their common ancestor, with one reported line).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.activate(in: self) }

    /// `addConstraint(_:)` for each, in order.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }

    /// Deactivates `constraint` if this view holds it.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.holder === self { constraint.isActive = false }
    }

    /// `removeConstraint(_:)` for each.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    /// The topmost ancestor (the view itself without a superview). - Complexity: O(depth).
    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// The nearest view that is both this view or an ancestor of it and `other` or an ancestor of
    /// it; nil in different trees. - Complexity: O(depth).
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        // Bring both to the same depth, then climb together: no set, nothing allocated.
        func depth(_ view: UIView) -> Int {
            var n = 0, v = view.superview
            while let s = v { n += 1; v = s.superview }
            return n
        }
        var a: UIView? = self, b: UIView? = other
        var da = depth(self), db = depth(other)
        while da > db, let x = a { a = x.superview; da -= 1 }
        while db > da, let y = b { b = y.superview; db -= 1 }
        while let x = a, let y = b {
            if x === y { return x }
            a = x.superview
            b = y.superview
        }
        return nil
    }

    /// Makes sure this (root) view has a layout engine, and that it re-solves.
    func ensureLayoutEngine() {
        if layoutEngine == nil { layoutEngine = LayoutEngine() }
        layoutEngine?.isDirty = true
    }

    /// Before `layoutSubviews`: re-solves the tree if it has an engine and something changed.
    func applyConstraintLayout() {
        guard LayoutEngineCount.any else { return }
        let root = rootView
        root.layoutEngine?.layout(root: root)
    }

    /// An input of the tree's layout changed (a pinned frame, the translating flag): re-solve in
    /// the next layout pass.
    func layoutInputDidChange() {
        guard LayoutEngineCount.any else { return }
        let root = rootView
        guard let engine = root.layoutEngine else { return }
        engine.isDirty = true
        (superview ?? self).setNeedsLayout()
    }

    /// After this view was added to a superview: an engine it kept as a root moves to the new root.
    func joinLayoutEngine() {
        guard layoutEngine != nil else { return }
        layoutEngine = nil
        rootView.ensureLayoutEngine()
        superview?.setNeedsLayout()
    }

    /// Before this view leaves its superview: the old tree re-solves, and the view keeps an engine
    /// of its own for the constraints inside it (joined to its next tree when added again).
    func leaveLayoutEngine() {
        guard LayoutEngineCount.any else { return }
        let root = rootView
        guard let engine = root.layoutEngine else { return }
        engine.isDirty = true
        superview?.setNeedsLayout()
        ensureLayoutEngine()
    }
}
