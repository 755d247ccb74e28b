import Foundation
import Layers

/// The view tree: adding, ordering and removing subviews keeps the layer tree in step (a subview's
/// layer is a sublayer of its superview's layer, in the same order among the subview layers).
extension UIView {
    /// Adds `view` on top of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` in `subviews` (clamped to 0…count).
    /// A view that is this view or one of its ancestors is refused with one reported line (UIKit
    /// raises on such a cycle).
    public func insertSubview(_ view: UIView, at index: Int) {
        // A view without subviews can only be an ancestor of itself: no walk up for the usual case.
        var steps = 0
        if view === self || (!view.subviews.isEmpty && isDescendant(of: view, steps: &steps)) {
            CAEngine.current.report("addSubview refused: \(type(of: view)) is \(view === self ? "the view itself" : "an ancestor of this \(type(of: self))")")
            return
        }
        let oldWindow = view.window, newWindow = window
        if view.superview !== self { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        let wasHere = view.superview === self
        if !wasHere { view.detachFromSuperview() }
        // Taken out so the array stays uniquely referenced: inserting does not copy it (a view
        // filled with n subviews costs O(n), not O(n²)); appending does not scan it.
        var list = subviews
        setSubviews([])
        if wasHere, let k = list.firstIndex(where: { $0 === view }) { list.remove(at: k) }
        let i = max(0, min(index, list.count))
        list.insert(view, at: i)
        setSubviews(list)
        view.setSuperview(self)
        if oldWindow !== newWindow { steps += view.setWindow(newWindow) }
        newWindow?.hierarchySteps += steps
        view.joinLayoutEngine()
        // Place the layer just below the next subview's layer, or on top of all sublayers.
        if i + 1 < list.count {
            layer.insertSublayer(view.layer, below: list[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        if !wasHere {
            didAddSubview(view)
            view.didMoveToSuperview()
            if oldWindow !== newWindow { view.propagateDidMoveToWindow() }
            view.updateTraitsFromAbove()
        }
        // A view adding subviews during its own layout (a controller's `viewDidLayoutSubviews`,
        // a `layoutSubviews` that builds its parts) is not laid out again for it: on iOS such
        // code settles after one pass and the animations it starts run; marked, it would be laid
        // out every frame. The new subview is laid out later in the same pass.
        if !layoutState.isLayingOut { setNeedsLayout() }
    }

    /// Inserts `view` just above `sibling`.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let j = view.superview === self ? (subviews.firstIndex { $0 === view }! < i ? i : i + 1) : i + 1
        insertSubview(view, at: j)
    }

    /// Inserts `view` just below `sibling`.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let j = view.superview === self ? (subviews.firstIndex { $0 === view }! < i ? i - 1 : i) : i
        insertSubview(view, at: j)
    }

    /// Moves `view` to the front of the subviews.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count - 1)
    }

    /// Moves `view` to the back of the subviews.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indexes.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let a = subviews[index1], b = subviews[index2]
        insertSubview(a, at: index2)
        insertSubview(b, at: index1)
    }

    /// Removes the view from its superview (and its layer from the superlayer).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { propagateWillMove(toWindow: nil) }
        parent.willRemoveSubview(self)
        detachFromSuperview()
        if let oldWindow { oldWindow.hierarchySteps += setWindow(nil) }
        didMoveToSuperview()
        if oldWindow != nil { propagateDidMoveToWindow() }
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        leaveLayoutEngine()
        var list = parent.subviews
        parent.setSubviews([])          // uniquely referenced: removed in place, not copied
        if let k = list.lastIndex(where: { $0 === self }) { list.remove(at: k) }
        parent.setSubviews(list)
        setSuperview(nil)
        layer.removeFromSuperlayer()
    }

    /// Records `w` as the window of this view and of every view below it, down to (not into) a
    /// nested `UIWindow`, whose views stay in it. An explicit stack; O(views updated).
    /// - Returns: the number of views updated.
    private func setWindow(_ w: UIWindow?) -> Int {
        var stack: [UIView] = [self]
        var count = 0
        while let v = stack.popLast() {
            count += 1
            v.windowCache = w
            if v is UIWindow { continue }
            stack.append(contentsOf: v.subviews)
        }
        return count
    }

    private func propagateWillMove(toWindow w: UIWindow?) {
        forEachInSubtree { $0.willMove(toWindow: w) }
    }
    private func propagateDidMoveToWindow() {
        forEachInSubtree { $0.didMoveToWindow() }
    }

    /// Visits this view and every view below it, depth first in subview order, with an explicit
    /// stack (deep hierarchies must not overflow the call stack). A view's subviews are read after
    /// its visit.
    func forEachInSubtree(_ visit: (UIView) -> Void) {
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            visit(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
    }

    /// True when the view is `view` or inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var steps = 0
        return isDescendant(of: view, steps: &steps)
    }

    /// `isDescendant(of:)`, adding the views it passed to `steps`.
    private func isDescendant(of view: UIView, steps: inout Int) -> Bool {
        var v: UIView? = self
        while let x = v {
            steps += 1
            if x === view { return true }
            v = x.superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first search from this view (itself included).
    public func viewWithTag(_ tag: Int) -> UIView? {
        var found: UIView?
        var stack: [UIView] = [self]
        while found == nil, let v = stack.popLast() {
            if v.tag == tag { found = v }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return found
    }
}
