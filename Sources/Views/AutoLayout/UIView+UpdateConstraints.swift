import Foundation
import Layers

/// The update-constraints pass, as UIKit's: views that asked (`setNeedsUpdateConstraints()`) get
/// `updateConstraints()` — a view controller's root view its controller's
/// `updateViewConstraints()` — subviews before superviews, before the tree is laid out. Then each
/// view's layout runs `viewWillLayoutSubviews()`, the constraints' frames, `layoutSubviews()`,
/// `viewDidLayoutSubviews()`.
extension UIView {
    /// Asks for `updateConstraints()` before the next layout (and asks for that layout).
    /// - Complexity: O(depth) (the root is told a view in its tree is waiting).
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        rootView.layoutState.constraintUpdatesPending = true
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due before the next layout.
    public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }

    /// Runs the updates due in this view's subtree now, subviews before superviews.
    /// - Complexity: O(views in the subtree) when any update is due there.
    public func updateConstraintsIfNeeded() {
        var order: [UIView] = []
        forEachInSubtree { order.append($0) }   // parents before children: reversed, children first
        if superview == nil { layoutState.constraintUpdatesPending = false }
        for view in order.reversed() where view.layoutState.needsUpdateConstraints {
            view.layoutState.needsUpdateConstraints = false
            if let vc = view.owningViewController { vc.updateViewConstraints() } else { view.updateConstraints() }
        }
    }

    /// Before a view's layout: the tree's due updates run first (when this view asked, or when a
    /// layout engine is live and the root says one is waiting).
    func updateConstraintsBeforeLayout() {
        if layoutState.needsUpdateConstraints {
            rootView.updateConstraintsIfNeeded()
            return
        }
        guard LayoutEngineCount.any else { return }
        let root = rootView
        if root.layoutState.constraintUpdatesPending { root.updateConstraintsIfNeeded() }
    }
}
