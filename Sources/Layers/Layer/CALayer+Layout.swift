import Foundation

extension CALayer {
    /// Marks the layer so `layoutSublayers` runs in the frame's layout phase.
    public func setNeedsLayout() { needsLayoutFlag = true }
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Runs `layoutSublayers` now on this subtree's layers that need it, top-down.
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        sublayers?.forEach { $0.layoutIfNeeded() }
    }
}

extension CALayer {
    /// `displayIfNeeded()` on this layer, its mask and its sublayers.
    func displayTreeIfNeeded() {
        displayIfNeeded()
        mask?.displayTreeIfNeeded()
        sublayers?.forEach { $0.displayTreeIfNeeded() }
    }
}
