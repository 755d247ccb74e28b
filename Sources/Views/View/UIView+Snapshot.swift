import Foundation
import Layers

extension UIView {
    /// A new view that looks like this one: a frozen copy of its layer tree, for custom
    /// transitions that animate a picture of a view while the view itself changes or leaves
    /// (UIKit's `snapshotView(afterScreenUpdates:)`).
    ///
    /// The snapshot's frame is this view's bounds size at the origin; place it where you want it
    /// (`snapshot.frame = container.convert(view.frame, from: view.superview)`). It shows the view
    /// flat in its own space: the view's own transform, alpha and shadow are not in the picture, as
    /// with UIKit, so the snapshot can be given its own. Later changes to the view do not change
    /// the snapshot's layers, colours, images, text or shapes. Content a view draws in `draw(_:)` is
    /// the drawing the view last made, shown while that drawing stays the view's current one.
    /// The snapshot ignores touches.
    ///
    /// - Parameter afterUpdates: false: the view as the screen shows it (its presentation values at
    ///   the last frame, mid-animation included); true: as its model says now, with changes made
    ///   since the last frame (UIKit renders pending changes first).
    /// - Returns: the snapshot view. A view that was never on screen, asked for with `afterUpdates`
    ///   false, gives an empty snapshot of its size (UIKit logs "Snapshotting a view that has not
    ///   been rendered results in an empty snapshot"; here the line goes to the engine's report).
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.isUserInteractionEnabled = false
        guard let copy = layer.snapshotCopy(afterUpdates: afterUpdates) else {
            CAEngine.current.report("snapshotting a view that has not been rendered results in an empty snapshot; pass afterScreenUpdates: true, or snapshot it after a frame")
            return snapshot
        }
        // The copy's bounds keep the view's origin (a scrolled view's content stays in place).
        snapshot.layer.addSublayer(copy)
        return snapshot
    }
}
