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
    ///   since the last frame (UIKit renders pending changes first: a pending layout runs before
    ///   the picture is taken).
    /// - Returns: the snapshot view. A view that was never on screen, asked for with `afterUpdates`
    ///   false, gives an empty snapshot of its size (UIKit logs "Snapshotting a view that has not
    ///   been rendered results in an empty snapshot"; here the line goes to the engine's report).
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        // UIKit commits pending changes first: the view's pending layout runs now.
        if afterUpdates { layoutIfNeeded() }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.isUserInteractionEnabled = false
        guard let copy = layer.snapshotCopy(afterUpdates: afterUpdates) else {
            CAEngine.current.report("snapshotting a view that has not been rendered results in an empty snapshot; pass afterScreenUpdates: true, or snapshot it after a frame")
            return snapshot
        }
        if afterUpdates { drawPendingContent(into: copy) }
        // The copy's bounds keep the view's origin (a scrolled view's content stays in place).
        snapshot.layer.addSublayer(copy)
        return snapshot
    }

    /// Gives each copied layer of a view that draws its own content (`draw(_:)`) that drawing as
    /// its contents image, drawn now at the screen's scale: UIKit renders pending updates before
    /// a snapshot taken after them, and a copy cannot call its view's `draw(_:)` later. `copy`
    /// mirrors this view's layer tree (sublayers and masks in order). An explicit stack.
    private func drawPendingContent(into copy: CALayer) {
        let scale = Double(UIScreen.main.scale)
        var stack: [(CALayer, CALayer)] = [(layer, copy)]
        while let (model, c) = stack.popLast() {
            if let view = model.delegate as? UIView, view.layer === model, view.drawsOwnContent, !model.hasContentsImage,
               model.bounds.width > 0, model.bounds.height > 0 {
                let cg = ImageContextBacking.makeContext(bounds: model.bounds, scale: scale, opaque: false,
                                                         who: "snapshotView(afterScreenUpdates:)")
                UIGraphicsPushContext(cg)
                view.withTraitsAsCurrent { view.draw(model.bounds) }
                UIGraphicsPopContext()
                if cg.drawingOperations > 0, let image = (cg.bitmapBacking as? ImageContextBacking)?.makeImage(of: cg) {
                    CATransaction.performWithoutAnimation {
                        c.contents = image
                        c.contentsScale = CGFloat(scale)
                    }
                }
            }
            stack.append(contentsOf: zip(model.sublayers ?? [], c.sublayers ?? []))
            if let m = model.mask, let cm = c.mask { stack.append((m, cm)) }
        }
    }
}
