import Foundation
import Layers

/// The layer a view makes when its `layerClass` is `CALayer`: a plain layer whose own content is
/// whatever the view draws in `draw(_:)`, and whose custom keys ask their action before the value
/// changes (as Core Animation does, so seed 003 reads the old `progress` in `action(for:forKey:)`).
///
/// Why a subclass: the view must paint into the layer's content recording, which only a layer's
/// `drawPresentedContent(in:)` can do. A view that does not override `draw(_:)` is found out on its
/// first draw (the base implementation runs and nothing is painted) and costs nothing afterwards.
final class UIViewBackingLayer: CALayer {
    override var drawsContent: Bool { hasContentsImage || ((delegate as? UIView)?.drawsOwnContent ?? false) }
    override func presentedContentExtent() -> CGRect { presented.bounds }

    override func drawPresentedContent(in context: LayerDrawingContext) {
        if hasContentsImage { super.drawPresentedContent(in: context) } // the contents image (an image view's, animated too)
        guard let view = delegate as? UIView, view.drawsOwnContent else { return }
        let cg = CGContext(drawingInto: context)
        UIGraphicsPushContext(cg)
        view.withTraitsAsCurrent { view.draw(presented.bounds) }
        UIGraphicsPopContext()
        if cg.baseDrawWasCalled && cg.drawingOperations == 0 {
            // Nothing of its own to draw: stop caching an empty bitmap from the next frame on.
            view.drawsOwnContent = false
        }
    }

    /// Custom keys (not layer properties): the delegate is asked for the action while the layer
    /// still holds the old value, then the value is stored, then the action runs.
    override func setValue(_ value: Any?, forKey key: String) {
        guard case .custom = AnimationKeyPath(key), hasBeenPresented, !CATransaction.disableActions() else {
            return super.setValue(value, forKey: key)
        }
        let action = self.action(forKey: key)
        CATransaction.performWithoutAnimation { super.setValue(value, forKey: key) }
        action?.run(forKey: key, object: self, arguments: nil)
    }
}
