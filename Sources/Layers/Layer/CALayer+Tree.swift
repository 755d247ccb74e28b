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
}
