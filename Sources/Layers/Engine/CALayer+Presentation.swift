import Foundation
import CRasterKernels

extension CALayer {
    /// The layer as it appears on screen at the last frame: a copy with the presentation values
    /// (model + animations), whose sublayers and mask are presentation layers too, each with its
    /// presentation superlayer. The copy is made on demand and owned by the caller, so the copy
    /// returned here has no superlayer (Core Animation's render tree keeps the whole tree alive;
    /// ask the root for its presentation and walk down to see a layer among its presentation
    /// ancestors). Nil before the layer was first drawn, as on Apple's platforms.
    public func presentation() -> Self? {
        guard hasBeenPresented else { return nil }
        return makePresentationCopy(parent: nil) as? Self
    }

    private func makePresentationCopy(parent: CALayer?) -> CALayer {
        var root: CALayer?
        walkTree(parent) { layer, copiedParent, isMask in
            let copy = type(of: layer).init(layer: layer)
            copy.modelValues = layer.presented
            copy.modelLayerRef = layer
            copy.copyPresentedContent(from: layer)
            copy.customValues = layer.presentedCustomValues
            if let copiedParent {
                if isMask {
                    copiedParent.mask = copy
                } else {
                    copy.superlayer = copiedParent
                    copiedParent.sublayerList = (copiedParent.sublayerList ?? []) + [copy]
                }
            } else {
                root = copy
            }
            return copy
        }
        return root!
    }

    /// The model layer of a presentation copy; the layer itself for a model layer.
    public func model() -> Self { (modelLayerRef as? Self) ?? self }

    /// Evaluates this subtree's animations at media time `time` into `presented`, once per frame.
    /// - Complexity: O(layers + animations); each layer's time comes from its parent's, handed down
    ///   the walk (an explicit stack: any depth).
    func updatePresentation(at time: Double, engine: CAEngine) {
        var memo = EasingMemo()
        // The subtree's root queues nothing (nothing here holds it alive through a flush); each
        // run of sublayers flushes what it queued before the walk returns.
        presentTree(parentTime: superlayer?.localTime(fromMedia: time) ?? time, timeRuns: true, engine: engine, memo: &memo,
                    depth: 0, queues: false)
    }

    /// Levels presented by plain recursion before a subtree goes on an explicit stack: recursion is
    /// the cheaper walk (no stack array, no retains), the stack the one no depth can overflow.
    private static let recursionLimit = 128

    /// Depth first — a layer, its mask's subtree, its sublayers' in order. `queues`: the caller
    /// holds this layer alive until it flushes `memo` (`applyAnimations(…queues:)`).
    private func presentTree(parentTime: Double, timeRuns: Bool, engine: CAEngine, memo: inout EasingMemo, depth: Int,
                             queues: Bool) {
        guard depth < Self.recursionLimit else {
            // The same order on the tree walk's explicit stack.
            return walkTree((time: parentTime, runs: timeRuns)) { layer, parent, _ in
                layer.present(parentTime: parent.time, timeRuns: parent.runs, engine: engine, memo: &memo, queues: false)
            }
        }
        let (t, runs) = present(parentTime: parentTime, timeRuns: timeRuns, engine: engine, memo: &memo, queues: queues)
        // A mask is held by this layer alone, which user code may take it from: it queues nothing.
        mask?.presentTree(parentTime: t, timeRuns: runs, engine: engine, memo: &memo, depth: depth + 1, queues: false)
        if let subs = sublayers {
            // `subs` keeps the children alive for the loop, so each is borrowed from its slot, not
            // retained and released: those two atomic operations were a fifth of the phase over
            // 10,000 layers (a `for child in subs` loop copies each reference out). `subs` also
            // keeps them alive while their queued writes wait (EasingMemo), so this run of
            // siblings flushes what it queued before `subs` goes.
            let mark = memo.queued
            subs.withUnsafeBufferPointer { children in
                guard let base = children.baseAddress else { return }
                let slots = UnsafeRawPointer(base)
                let count = children.count
                for i in 0..<count {
                    // Siblings ahead are asked for before they are needed (a hint): their objects
                    // `objectsAhead` away, then the animation lists of those `listsAhead` away,
                    // whose objects are in cache by then.
                    if i &+ Self.objectsAhead < count { Self.prefetchObject(slots, at: i &+ Self.objectsAhead) }
                    if i &+ Self.listsAhead < count { Self.prefetchList(slots, at: i &+ Self.listsAhead) }
                    let child = Unmanaged<CALayer>.fromOpaque(slots.load(fromByteOffset: i * MemoryLayout<CALayer>.stride,
                                                                         as: UnsafeRawPointer.self))
                    child._withUnsafeGuaranteedRef {
                        $0.presentTree(parentTime: t, timeRuns: runs, engine: engine, memo: &memo, depth: depth + 1, queues: true)
                    }
                    if memo.queued - mark >= EasingMemo.run { memo.flush(downTo: mark) }
                }
            }
            memo.flush(downTo: mark)
        }
    }

    /// How far ahead of the sibling being presented its later siblings' objects and animation lists
    /// are prefetched. Why: over many layers the animate phase waits on memory, not arithmetic —
    /// each layer is a cache miss for its object, then one for its animation list (read through a
    /// pointer in the object), chased one after another; asked for ahead, they overlap.
    private static let objectsAhead = 8, listsAhead = 4
    /// The lines of a layer's object the animate phase reads first: its timing, animation list,
    /// flags and the first animated values (CALayer's stored properties are ordered for this).
    private static let objectLines = 3
    /// The lines of an animation list of two entries (the common case; more are read as they come).
    private static let listLines = (32 + 2 * MemoryLayout<AnimationEntry>.stride + 63) / 64

    @inline(__always)
    private static func prefetchObject(_ slots: UnsafeRawPointer, at i: Int) {
        let object = slots.load(fromByteOffset: i &* MemoryLayout<CALayer>.stride, as: UnsafeRawPointer.self)
        for line in 0..<objectLines { fb_prefetch(object + line &* 64) }
    }

    @inline(__always)
    private static func prefetchList(_ slots: UnsafeRawPointer, at i: Int) {
        let child = Unmanaged<CALayer>.fromOpaque(slots.load(fromByteOffset: i &* MemoryLayout<CALayer>.stride,
                                                             as: UnsafeRawPointer.self))
        child._withUnsafeGuaranteedRef { layer in
            // The array's one word, its storage's address, read without a retain.
            let storage = withUnsafeBytes(of: &layer.animationList) { $0.load(as: UnsafeRawPointer.self) }
            for line in 0..<listLines { fb_prefetch(storage + line &* 64) }
        }
    }

    /// One layer's presentation; returns its local time and whether time runs there, for its children.
    private func present(parentTime: Double, timeRuns parentRuns: Bool, engine: CAEngine,
                         memo: inout EasingMemo, queues: Bool) -> (time: Double, runs: Bool) {
        let local = timing.local(parentTime)
        lastLayerTime = local
        let timeRuns = parentRuns && timing.speed != 0
        // Presentation = model + animations. The model is copied whole only when it changed; else
        // only the fields animations wrote last frame differ from it and are restored.
        if modelChangedSincePresent {
            presented = modelValues
            modelChangedSincePresent = false
            animatedFields = []
        }
        if !customValues.isEmpty || !presentedCustomValues.isEmpty { presentedCustomValues = customValues }
        presentContent()
        if !animationList.isEmpty || !animatedFields.isEmpty {
            applyAnimations(atLayerTime: local, timeRuns: timeRuns, engine: engine, memo: &memo, queues: queues)
        }
        if presentsAfterAnimations { presentAfterAnimations() }
        hasBeenPresented = true
        return (local, timeRuns)
    }
}

extension CALayer {
    /// Copies `fields` of the model into the presentation values, field by field through the
    /// property table (the whole value when `.other` is among them).
    /// - Complexity: O(fields set); no copy of the whole `LayerValues` unless `.other`.
    func restorePresented(_ fields: LayerValues.Fields) {
        if fields.isEmpty { return }
        if fields.contains(.other) { presented = modelValues; return }
        var bits = fields.rawValue
        let rows = LayerProperty.all
        while bits != 0 {
            rows[bits.trailingZeroBitCount].restore(&presented, modelValues)
            bits &= bits &- 1
        }
    }
}
