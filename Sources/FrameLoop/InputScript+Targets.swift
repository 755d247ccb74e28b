import Flipbook

/// Named targets (`tap @NAME`): where they are on screen, and the line said when one is not.
extension InputScript {
    /// The centre of the named target in `root`'s coordinates (a stage's root: the window's points),
    /// as presented: the first layer, in a breadth-first walk of `root`'s presentation tree (its
    /// model tree before the first frame), whose `name` is `name` or whose view's
    /// `accessibilityIdentifier` is `name`, is not hidden, not fully transparent (with every layer
    /// above it; neither is hit-tested) and has its centre inside `root`'s bounds. Nil when no layer
    /// is so on screen.
    ///
    /// Apple names no such lookup; the breadth-first order makes the outermost match win (a
    /// control over a same-named label inside it), and earlier siblings before later ones.
    /// - Complexity: O(layers in the tree): the presentation tree is copied once per call.
    package static func centre(ofTarget name: String, in root: CALayer) -> CGPoint? {
        let tree = root.presentation() ?? root
        let visible = tree.bounds
        var queue: [CALayer] = [tree], head = 0
        while head < queue.count {
            let layer = queue[head]
            head += 1
            if layer.isHidden || layer.opacity <= 0 { continue }
            if layer.name == name || (layer.model().delegate as? UIView)?.accessibilityIdentifier == name {
                let b = layer.bounds
                let p = layer.convert(CGPoint(x: b.midX, y: b.midY), to: tree)
                if p.x.isFinite, p.y.isFinite, visible.contains(p) { return p }
            }
            queue += layer.sublayers ?? []
        }
        return nil
    }

    /// The line a player reports for a named target not on screen when its event was due (the
    /// event is skipped).
    package static func missingTarget(_ name: String, line: Int, time: Double) -> String {
        "script line \(line): no layer or view named \(OneLine.escape(name)) on screen at \(number((time * 1000).rounded() / 1000)) s; skipped"
    }
}
