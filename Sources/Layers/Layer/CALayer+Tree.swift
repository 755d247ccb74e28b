import Foundation

extension CALayer {
    /// Visits this layer and every layer below it, depth first — a layer, then its mask's subtree,
    /// then its sublayers' in order — with an explicit stack, so no depth a user can build
    /// overflows the call stack (recursion did at ~1500 levels).
    ///
    /// `visit` gets the layer, the value its parent's visit returned (`state` for this layer), and
    /// whether the layer is its parent's mask; it returns the value for the layer's children, or
    /// nil to skip them. It runs before the layer's children are read, so it may change them, as
    /// layout does.
    /// - Complexity: O(layers visited); the stack holds at most the pending siblings of one path.
    func walkTree<State>(_ state: State, masks: Bool = true, _ visit: (CALayer, State, _ isMask: Bool) -> State?) {
        var stack: [(CALayer, State, Bool)] = [(self, state, false)]
        while let (layer, s, isMask) = stack.popLast() {
            guard let childState = visit(layer, s, isMask) else { continue }
            if let subs = layer.sublayers {
                for sub in subs.reversed() { stack.append((sub, childState, false)) }
            }
            if masks, let m = layer.mask { stack.append((m, childState, true)) }
        }
    }

    /// True when `layer` is this layer or above it (through superlayers and mask owners): adding it
    /// below this layer would make a cycle.
    /// - Complexity: O(depth of this layer); O(1) when `layer` has no sublayers and no mask (it
    ///   cannot be anyone's ancestor then), which is how trees are usually built.
    func hasAncestorOrSelf(_ layer: CALayer) -> Bool {
        if layer !== self, (layer.sublayers?.isEmpty ?? true), layer.mask == nil { return false }
        var node: CALayer? = self
        while let n = node {
            if n === layer { return true }
            node = n.superlayer ?? n.maskOwner
        }
        return false
    }

    /// Lets go of `layer`'s sublayers and mask, and of theirs, with an explicit stack: each layer
    /// that nothing else holds has its own children taken before it is released, so its deinit finds
    /// nothing to release and no release recurses (Swift releases a child array's elements inside
    /// the parent's deinit; a chain ~50,000 deep overflowed the 8 MB main stack). Layers still held
    /// elsewhere keep their subtrees. Called from `deinit`.
    /// - Complexity: O(layers released); the stack holds the pending siblings.
    static func releaseSubtree(_ layer: CALayer) {
        var pending: [CALayer] = layer.sublayers ?? []
        if pending.isEmpty, layer.mask == nil { return }
        layer.sublayerList = nil
        if let m = layer.mask { pending.append(m); layer.mask = nil }
        while var next = pending.popLast() {
            guard isKnownUniquelyReferenced(&next) else { continue }
            if let subs = next.sublayers { pending.append(contentsOf: subs); next.sublayerList = nil }
            if let m = next.mask { pending.append(m); next.mask = nil }
        }   // `next` is released here, childless
    }
}
