import Foundation
import Layers
import Raster

/// The device pixels whose colour may differ between the frames of two snapshots: what a retained
/// frame must re-composite (and the window upload) to show the newer one.
///
/// Rule: the two trees must have the same shape (node count, sublayers, masks, transform layers);
/// then a node is *changed* when anything the compositor reads from it differs — its presented
/// values (geometry, transform, opacity, colours, flags…), its content (another cached bitmap, or
/// a recording: recorded content changes every frame by definition), its shadow bitmap, its shape,
/// its content extent. A changed node damages its whole subtree's device bounds in both snapshots
/// (transformed, with shadows, borders and content beyond the bounds, one pixel of antialiasing
/// margin on each side). A change inside a mask damages the mask's owner instead (the outermost
/// owner when masks nest). Anything not tracked exactly gives `nil` — repaint everything: another
/// tree shape or scale, a changed node under perspective or a CATransformLayer, any transition.
///
/// The result is a short list of disjoint rectangles inside the frame, so tiles made from them
/// never overlap (two workers never touch one pixel).
public enum FrameDamage {
    /// Most rectangles kept; more are merged pairwise (least area added first).
    public static let maxRects = 8

    /// The damage from `old` to `new` inside `frame`, or nil when the whole frame must be redrawn.
    /// - Complexity: O(nodes), plus O(rects²) to merge.
    public static func between(_ old: RenderSnapshot, _ new: RenderSnapshot, frame: PixelRect) -> [PixelRect]? {
        between(old, new, frame: frame, oldPlaces: nil).rects
    }

    /// `between(_:_:frame:)`, given `old`'s placement when it is known (the last frame's new one)
    /// and returning `new`'s for the next frame: each snapshot is placed once, not twice.
    static func between(_ old: RenderSnapshot, _ new: RenderSnapshot, frame: PixelRect,
                        oldPlaces known: Placement?) -> (rects: [PixelRect]?, newPlaces: Placement?) {
        guard old.scale == new.scale, old.root == new.root, old.nodes.count == new.nodes.count, !new.nodes.isEmpty else { return (nil, nil) }
        for i in new.nodes.indices {
            let a = old.nodes[i], b = new.nodes[i]
            guard a.sublayers == b.sublayers, a.mask == b.mask, a.isTransformLayer == b.isTransformLayer else { return (nil, nil) }
        }
        let oldPlaces = known ?? Placement(old), newPlaces = Placement(new)
        return (rects(old, new, oldPlaces, newPlaces, frame: frame), newPlaces)
    }

    private static func rects(_ old: RenderSnapshot, _ new: RenderSnapshot, _ oldPlaces: Placement, _ newPlaces: Placement,
                              frame: PixelRect) -> [PixelRect]? {
        guard oldPlaces.complete, newPlaces.complete else { return nil }
        var rects: [PixelRect] = []
        for i in new.nodes.indices where changed(old.nodes[i], new.nodes[i]) {
            // Nodes outside the walk (not reachable from the root) draw nothing.
            guard newPlaces.reached[i] else { continue }
            let target = newPlaces.paintRoot[i]
            guard let oldToDevice = oldPlaces.toDevice[target], let newToDevice = newPlaces.toDevice[target] else { return nil }
            rects.append(subtreeBounds(old, target, oldToDevice).intersection(frame))
            rects.append(subtreeBounds(new, target, newToDevice).intersection(frame))
        }
        rects = rects.filter { !$0.isEmpty }
        // A backdrop shows what lies behind it, blurred: damage within its reach changes its pixels.
        let backdrops = new.nodes.indices.filter { new.nodes[$0].backdrop != nil && newPlaces.reached[$0] }
        if !backdrops.isEmpty && !rects.isEmpty {
            var added = true, passes = 0
            while added && passes <= backdrops.count {   // a backdrop over a backdrop: one pass each at most
                added = false
                passes += 1
                for j in backdrops {
                    let target = newPlaces.paintRoot[j]
                    guard let toDevice = newPlaces.toDevice[j], let rootToDevice = newPlaces.toDevice[target] else { return nil }
                    let reach = new.nodes[j].backdrop!.reach(areaScale: toDevice.a * toDevice.d - toDevice.b * toDevice.c)
                    let own = subtreeBounds(new, j, toDevice).intersection(frame)
                    let reached = PixelRect(x0: own.x0 - reach, y0: own.y0 - reach, x1: own.x1 + reach, y1: own.y1 + reach)
                    let whole = subtreeBounds(new, target, rootToDevice).intersection(frame)
                    if rects.contains(where: { !$0.intersection(reached).isEmpty && !whole.isEmpty })
                        && !rects.contains(where: { $0.intersection(whole) == whole }) {
                        rects.append(whole)
                        added = true
                    }
                }
            }
        }
        return merged(rects)
    }

    /// True when the compositor could draw `a` and `b` differently (their subtrees aside).
    static func changed(_ a: RenderNode, _ b: RenderNode) -> Bool {
        guard a.values == b.values, a.drawsContent == b.drawsContent, a.drawsOpaqueContent == b.drawsOpaqueContent,
              a.contentExtent == b.contentExtent, a.shadowPathBounds == b.shadowPathBounds, a.shape == b.shape, a.backdrop == b.backdrop,
              a.transition == nil, b.transition == nil, same(a.shadow, b.shadow), a.tint == b.tint,
              a.sprites == nil, b.sprites == nil /* particles move every frame they show */ else { return true }
        switch (a.content, b.content) {
        case (.none, .none): return false
        case (.image(let x), .image(let y)): return !same(x, y)
        default: return true // recorded content is recorded afresh every frame it shows
        }
    }

    private static func same(_ a: NodeImage?, _ b: NodeImage?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return x.bitmap === y.bitmap && x.toLocal == y.toLocal
        default: return false
        }
    }

    /// Where each node lands: its map to device space (nil under perspective, a transform layer or
    /// a transition, where damage is not tracked), and the node whose subtree bounds a change
    /// to it must damage (itself, or the outermost owner of a mask it belongs to).
    struct Placement {
        var toDevice: [Transform?]
        var paintRoot: [Int]
        var reached: [Bool]
        /// False when the walk met something it cannot place (a node reached twice).
        var complete = true

        init(_ snapshot: RenderSnapshot) {
            let nodes = snapshot.nodes
            toDevice = Array(repeating: nil, count: nodes.count)
            paintRoot = Array(nodes.indices)
            reached = Array(repeating: false, count: nodes.count)
            let s = CGFloat(snapshot.scale)
            // (node, parent's values, parent's map as a 3D transform, trackable so far, paint root)
            var stack: [(Int, LayerValues?, CATransform3D, Bool, Int?)] = [(snapshot.root, nil, CATransform3DMakeScale(s, s, 1), true, nil)]
            while let (i, parent, parentToDevice, trackable, owner) = stack.popLast() {
                guard !reached[i] else { complete = false; return }
                reached[i] = true
                let node = nodes[i]
                let m = CATransform3DConcat(CALayer.transformToSuperlayer(node.values, parent), parentToDevice)
                let projection = m.planeProjection
                let tracked = trackable && projection.isAffine && !node.isTransformLayer && node.transition == nil
                toDevice[i] = tracked ? Transform(affine: projection) : nil
                paintRoot[i] = owner ?? i
                for sub in node.sublayers { stack.append((sub, node.values, m, tracked, owner)) }
                if let mask = node.mask {
                    var maskParent = node.values
                    maskParent.sublayerTransform = .identity
                    stack.append((mask, maskParent, m, tracked, owner ?? i))
                }
            }
        }
    }

    /// The device pixels node `i`'s subtree may touch, as the compositor draws it through
    /// `toDevice`: bounds, content, cached content and shadow images, sublayers unless clipped.
    static func subtreeBounds(_ snapshot: RenderSnapshot, _ i: Int, _ toDevice: Transform) -> PixelRect {
        let nodes = snapshot.nodes
        var result = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var stack: [(Int, Transform)] = [(i, toDevice)]
        while let (i, toDevice) = stack.popLast() {
            let node = nodes[i], v = node.values
            var local = v.bounds
            if node.drawsContent, !node.contentExtent.isNull { local = local.union(node.contentExtent) }
            if case .image(let image) = node.content { local = local.union(imageRect(image, offset: .zero)) }
            if v.shadowOpacity > 0 {
                let r = Double(v.shadowRadius) * 1.5 + 1
                let shape = node.shadowPathBounds ?? local
                local = local.union(shape.offsetBy(dx: v.shadowOffset.width, dy: v.shadowOffset.height).insetBy(dx: -r, dy: -r))
                if let shadow = node.shadow { local = local.union(imageRect(shadow, offset: v.shadowOffset)) }
            }
            let own = Compositor.deviceRect(local, toDevice)
            result = result.isEmpty ? own : result.union(own)
            guard !v.masksToBounds else { continue }
            for s in node.sublayers {
                let m = CALayer.transformToSuperlayer(nodes[s].values, v).planeProjection
                guard m.isAffine else { return PixelRect(x0: -1 << 30, y0: -1 << 30, x1: 1 << 30, y1: 1 << 30) }
                stack.append((s, Transform(affine: m).concatenating(toDevice)))
            }
        }
        return result
    }

    /// An image's pixel rectangle in its layer's space, moved by `offset`.
    static func imageRect(_ image: NodeImage, offset: CGSize) -> CGRect {
        let b = Compositor.cornerBounds(x0: 0, y0: 0, x1: Double(image.bitmap.width), y1: Double(image.bitmap.height), image.toLocal)
        guard b.finite else { return .null }
        return CGRect(x: b.lo.x + Double(offset.width), y: b.lo.y + Double(offset.height), width: b.hi.x - b.lo.x, height: b.hi.y - b.lo.y)
    }

    /// `rects` as at most `maxRects` disjoint rectangles covering them: overlapping ones are
    /// joined, then the pair whose union adds the least area, until few enough remain. That loop
    /// is cubic in its count, so more than `binnedAbove` rectangles (a frame where hundreds of
    /// views move) are first joined by bins (`binned`): linear, then the loop on at most 25.
    public static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out = rects.filter { !$0.isEmpty }
        if out.count > binnedAbove { out = binned(out) }
        func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool { !a.intersection(b).isEmpty }
        func area(_ r: PixelRect) -> Int { r.width * r.height }
        while true {
            var joined = false
            outer: for a in out.indices {
                for b in out.indices where b > a && overlap(out[a], out[b]) {
                    out[a] = out[a].union(out[b])
                    out.remove(at: b)
                    joined = true
                    break outer
                }
            }
            if joined { continue }
            guard out.count > maxRects else { return out }
            var best = (0, 1, Int.max)
            for a in out.indices {
                for b in out.indices where b > a {
                    let cost = area(out[a].union(out[b])) - area(out[a]) - area(out[b])
                    if cost < best.2 { best = (a, b, cost) }
                }
            }
            out[best.0] = out[best.0].union(out[best.1])
            out.remove(at: best.1)
        }
    }

    /// Above this many rectangles, `merged` bins them first.
    static let binnedAbove = 24

    /// Each rectangle joins the bin of a 5×5 grid over all their bounds that holds its centre;
    /// the bins' unions (at most 25) cover every rectangle. - Complexity: O(n).
    static func binned(_ rects: [PixelRect]) -> [PixelRect] {
        guard let first = rects.first else { return [] }
        let bounds = rects.reduce(first) { $0.union($1) }
        let g = 5, w = max(1, bounds.width), h = max(1, bounds.height)
        var bins = [PixelRect?](repeating: nil, count: g * g)
        for r in rects {
            let cx = r.x0 / 2 + r.x1 / 2 - bounds.x0, cy = r.y0 / 2 + r.y1 / 2 - bounds.y0
            let i = min(g - 1, max(0, cx / (w / g + 1))), j = min(g - 1, max(0, cy / (h / g + 1)))
            bins[j * g + i] = bins[j * g + i].map { $0.union(r) } ?? r
        }
        return bins.compactMap { $0 }
    }
}
