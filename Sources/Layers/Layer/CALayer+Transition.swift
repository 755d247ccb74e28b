import Foundation

/// What the model records for a CATransition and what the display step asks of it.
extension CALayer {
    /// The subtree as presented at the last animate phase, frozen: presentation copies (values and
    /// content values, each pointing back at its model layer through `model()`) of this layer and of
    /// every presented sublayer and mask. Nil before the layer was first presented.
    /// - Complexity: O(layers of the subtree); no pixels are touched.
    func frozenPresentation() -> CALayer? {
        guard hasBeenPresented else { return nil }
        let root = frozenCopy()
        // An explicit stack: deep trees must not overflow the call stack.
        var stack: [(model: CALayer, copy: CALayer)] = [(self, root)]
        while let (model, copy) = stack.popLast() {
            let subs = (model.sublayers ?? []).filter(\.hasBeenPresented)
            if !subs.isEmpty {
                let copies = subs.map { $0.frozenCopy() }
                for c in copies { c.superlayer = copy }
                copy.sublayerList = copies
                stack.append(contentsOf: zip(subs, copies).map { ($0, $1) })
            }
            if let mask = model.mask, mask.hasBeenPresented {
                let m = mask.frozenCopy()
                copy.mask = m
                stack.append((mask, m))
            }
        }
        return root
    }

    /// The subtree frozen for a snapshot view (`UIView.snapshotView(afterScreenUpdates:)`), its
    /// root placed flat at the origin of its own bounds: no position, transform, opacity or shadow
    /// of its own (as the snapshot's owner will place it), its sublayers, masks and clipping as they
    /// are. `afterUpdates` false: as last presented (what the screen shows), nil when the layer was
    /// never presented; true: as the model says now, with changes not yet committed and sublayers
    /// never presented included.
    /// - Complexity: O(layers of the subtree); no pixels are touched.
    package func snapshotCopy(afterUpdates: Bool) -> CALayer? {
        guard let root = afterUpdates ? frozenModel() : frozenPresentation() else { return nil }
        var v = root.presented
        v.position = CGPoint(x: v.bounds.width * v.anchorPoint.x, y: v.bounds.height * v.anchorPoint.y)
        v.transform = .identity
        v.opacity = 1
        v.shadowOpacity = 0
        root.modelValues = v
        root.presented = v
        root.modelChangedSincePresent = false
        return root
    }

    /// As `frozenPresentation()`, from model values, every sublayer and mask included.
    private func frozenModel() -> CALayer {
        func copy(_ model: CALayer) -> CALayer {
            let c = model.frozenCopy()
            c.modelValues = model.modelValues
            c.presented = model.modelValues
            c.customValues = model.customValues
            c.presentedCustomValues = model.customValues
            c.modelChangedSincePresent = false
            return c
        }
        let root = copy(self)
        var stack: [(model: CALayer, copy: CALayer)] = [(self, root)]
        while let (model, c) = stack.popLast() {
            if let subs = model.sublayers, !subs.isEmpty {
                let copies = subs.map(copy)
                for s in copies { s.superlayer = c }
                c.sublayerList = copies
                stack.append(contentsOf: zip(subs, copies).map { ($0, $1) })
            }
            if let mask = model.mask {
                let m = copy(mask)
                c.mask = m
                stack.append((mask, m))
            }
        }
        return root
    }

    private func frozenCopy() -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.modelValues = presented
        copy.presented = presented
        copy.modelChangedSincePresent = false
        copy.hasBeenPresented = true
        copy.modelLayerRef = self
        copy.copyPresentedContent(from: self)
        copy.customValues = presentedCustomValues
        copy.presentedCustomValues = presentedCustomValues
        return copy
    }

    /// The layer's running transition that shows at the last animate phase, and its progress
    /// (0…1); nil when none does (not begun, ended, or nothing recorded to transition from).
    package func activeTransition() -> (CATransition, Double)? {
        guard !animationList.isEmpty else { return nil }
        for a in animationList.lazy.map(\.animation) {
            guard let t = a as? CATransition, t.oldAppearance != nil || t.snapshot != nil,
                  t.resolvedBeginTime != nil, !t.hasEnded else { continue }
            let state = t.resolvedTiming.state(atParentTime: lastLayerTime)
            if let p = t.transitionProgress(state) { return (t, p) }
        }
        return nil
    }

    /// True for a presentation copy (a transition's frozen old appearance).
    package var isPresentationCopy: Bool { modelLayerRef != nil }
    /// The model layer a presentation copy shows (nil for a model layer or when it is gone).
    package var modelLayer: CALayer? { modelLayerRef }
}
