import Foundation

extension CALayer {
    /// Marks the layer so `layoutSublayers` runs in the frame's layout phase.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        markPending(layout: true, display: false)
    }
    /// Whether the layer is marked for layout (`setNeedsLayout()` called and the layout not run yet).
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Runs `layoutSublayers` now on this subtree's layers that need it, top-down (a layer's
    /// sublayers are read after its own layout, which may change them).
    public func layoutIfNeeded() {
        // Only subtrees with a layer waiting are entered: the others cost nothing a frame (two
        // whole-tree walks were 40 % of a frame of 10,000 animated layers, none needing layout).
        walkTree((), masks: false) { layer, _, _ in
            guard layer.layoutPendingBelow else { return nil }
            layer.layoutPendingBelow = false
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            return ()
        }
    }
}

extension CALayer {
    /// Marks this layer and its ancestors (through superlayers and mask owners) as having a layer
    /// below that waits for layout or display, up to the first already marked: the frame's walks
    /// enter only marked subtrees. Invariant: a layer whose flag is set, or whose descendant's is,
    /// is marked, and so are its ancestors; a layer added below another carries its marks up
    /// (`carryPendingMarks`). A mark outliving its cause (a subtree taken away) costs one visit.
    /// - Complexity: O(layers newly marked): each mark is set once until a walk clears it.
    func markPending(layout: Bool, display: Bool) {
        var node: CALayer? = self
        while let n = node, (layout && !n.layoutPendingBelow) || (display && !n.displayPendingBelow) {
            if layout { n.layoutPendingBelow = true }
            if display { n.displayPendingBelow = true }
            node = n.superlayer ?? n.maskOwner
        }
    }

    /// Called once this layer has a new superlayer or mask owner: its marks go up the new chain.
    func carryPendingMarks() {
        guard layoutPendingBelow || displayPendingBelow, let parent = superlayer ?? maskOwner else { return }
        parent.markPending(layout: layoutPendingBelow, display: displayPendingBelow)
    }

    /// `displayIfNeeded()` on this layer, its mask and its sublayers.
    func displayTreeIfNeeded() {
        walkTree(()) { layer, _, _ in
            guard layer.displayPendingBelow else { return nil }
            layer.displayPendingBelow = false
            layer.displayIfNeeded()
            return ()
        }
    }
}
