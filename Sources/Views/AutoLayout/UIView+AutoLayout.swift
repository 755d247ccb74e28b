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

    /// The active constraints held by this view (those whose nearest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { heldConstraints }

    /// The topmost ancestor (the view itself without a superview). - Complexity: O(depth).
    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// The nearest view that is both this view or an ancestor of it and `other` or an ancestor of
    /// it; nil in different trees. - Complexity: O(depth).
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()   // membership only
        var v: UIView? = self
        while let view = v { mine.insert(ObjectIdentifier(view)); v = view.superview }
        v = other
        while let view = v {
            if mine.contains(ObjectIdentifier(view)) { return view }
            v = view.superview
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
