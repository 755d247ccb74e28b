import Foundation

extension CALayer {
    /// Marks the layer so `layoutSublayers` runs in the frame's layout phase.
    public func setNeedsLayout() { needsLayoutFlag = true }
    /// Whether the layer is marked for layout (`setNeedsLayout()` called and the layout not run yet).
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Runs `layoutSublayers` now on this subtree's layers that need it, top-down (a layer's
    /// sublayers are read after its own layout, which may change them).
    public func layoutIfNeeded() {
        walkTree((), masks: false) { layer, _, _ in
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            return ()
        }
    }
}

extension CALayer {
    /// `displayIfNeeded()` on this layer, its mask and its sublayers.
    func displayTreeIfNeeded() {
        walkTree(()) { layer, _, _ in layer.displayIfNeeded(); return () }
    }
}
