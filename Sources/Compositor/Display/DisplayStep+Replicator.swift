import Foundation
import Layers
import Raster

/// A `CAReplicatorLayer`'s instances in the snapshot: its sublayers' nodes once per instance,
/// each top-level sublayer node carrying the instance's transform, alpha and colour.
///
/// Instance 0 is the sublayers' own nodes. Instance k > 0 is a copy of their nodes (the same
/// content bitmaps and recordings, nothing drawn again) when nothing under the replicator
/// animates or `instanceDelay` is 0; otherwise the nodes of presentation copies of the sublayers
/// evaluated k × instanceDelay seconds earlier (`CAReplicatorLayer.instanceSublayers`).
///
/// The instance transform is folded into each top-level node's own transform (its position moved
/// into it), so the node's map to the replicator's space is its own followed by the instance's
/// about the replicator's centre, and the replicator's sublayerTransform still applies after it;
/// under `preservesDepth` the replicator node is a transform layer and every instance's nodes
/// are sorted by depth together. The alpha multiplies the node's opacity; a colour other than
/// white is the node's `tint` (composited as a group and multiplied).
extension DisplayStep {
    /// The most nodes replicators add to one snapshot; instances past it are not drawn.
    static let maxReplicatedNodes = 1_000_000

    func replicate(_ r: (layer: CAReplicatorLayer, index: Int, visible: Bool, depth: Int), in tree: inout SnapshotTree) {
        let values = tree.nodes[r.index].values
        let rv = values.replicator
        let originals = tree.nodes[r.index].sublayers
        var children: [Int] = []
        children.reserveCapacity(originals.count * max(1, rv.drawnCount))
        for k in 0..<rv.drawnCount {
            let roots: [Int]
            if k == 0 {
                roots = originals
            } else {
                let before = tree.nodes.count
                if let copies = r.layer.instanceSublayers(k) {
                    roots = copies.map { append($0, visible: r.visible, depth: r.depth + 1, to: &tree) }
                } else {
                    roots = originals.map { Self.copySubtree($0, in: &tree.nodes) }
                }
                tree.replicatedNodes += tree.nodes.count - before
            }
            let transform = rv.transform(ofInstance: k, bounds: values.bounds)
            let color = rv.color(ofInstance: k)
            for s in roots { Self.place(&tree.nodes[s], transform: transform, color: color) }
            children += roots
            if tree.replicatedNodes > Self.maxReplicatedNodes { break }
        }
        tree.nodes[r.index].sublayers = children
    }

    /// Appends a copy of node `i`'s subtree (mask included) with its indices renumbered; returns
    /// the copy's index.
    /// - Complexity: O(nodes in the subtree), an explicit stack.
    static func copySubtree(_ i: Int, in nodes: inout [RenderNode]) -> Int {
        let top = nodes.count
        nodes.append(nodes[i])
        var stack = [(from: i, to: top)]
        while let (from, to) = stack.popLast() {
            var subs: [Int] = []
            subs.reserveCapacity(nodes[from].sublayers.count)
            for s in nodes[from].sublayers {
                subs.append(nodes.count)
                nodes.append(nodes[s])
                stack.append((s, nodes.count - 1))
            }
            nodes[to].sublayers = subs
            if let m = nodes[from].mask {
                nodes[to].mask = nodes.count
                nodes.append(nodes[m])
                stack.append((m, nodes.count - 1))
            }
        }
        return top
    }

    /// Puts node `n` where an instance goes: `transform` (in the replicator's space) after its own
    /// placement, its opacity times the colour's alpha, the colour's red, green and blue as its tint.
    static func place(_ n: inout RenderNode, transform: CATransform3D, color: (red: Double, green: Double, blue: Double, alpha: Double)) {
        if transform != .identity {
            var v = n.values
            // toSuperlayer = T(−anchor)·transform·T(position, z); with the instance's M after it:
            // transform' = transform·T(position, z)·M·T(0, 0, −z) at position 0 keeps z for sorting.
            let placed = CATransform3DConcat(CATransform3DConcat(v.transform, CATransform3DMakeTranslation(v.position.x, v.position.y, v.zPosition)), transform)
            v.transform = CATransform3DConcat(placed, CATransform3DMakeTranslation(0, 0, -v.zPosition))
            v.position = .zero
            n.values = v
        }
        if color.alpha < 1 { n.values.opacity = Float(Double(n.values.opacity) * color.alpha) }
        if color.red < 1 || color.green < 1 || color.blue < 1 {
            func q(_ c: Double) -> UInt16 { UInt16((c * 256).rounded()) }
            n.tint = SIMD4(q(color.red), q(color.green), q(color.blue), 256)
        }
    }
}
