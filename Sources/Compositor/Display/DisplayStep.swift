import Foundation
import Layers
import Raster
import RasterIO

/// The render phase's main-thread half: walks the layer tree, runs everything that may call user
/// code or needs the main thread (`draw(in:)`, the delegate's drawing, text layout, content and
/// shadow caching, a transition's old appearance) and produces an immutable `RenderSnapshot` for a
/// `Compositor`.
///
/// A layer's own content is recorded as a `DisplayList` and rasterized into a cached bitmap that is
/// reused until a content value, the bounds, the scale or `setNeedsDisplay` changes it; content
/// that changed on each of the last two frames goes into the snapshot as the recording itself,
/// which the compositor plays straight into the frame. Moving, turning or fading a layer redraws
/// nothing here.
public final class DisplayStep {
    /// Content drawings since the step was made: cache redraws and recordings played straight into
    /// frames (tests count them).
    public private(set) var contentDraws = 0
    /// Rasterizes old appearances of transitions and the caches' recordings.
    let compositor = Compositor()

    public init() {}

    /// The snapshot of `root`'s presentation values, with content drawn for `scale` pixels per point.
    /// - Complexity: O(layers); content is drawn only where it changed.
    public func snapshot(of root: CALayer, scale: Double) -> RenderSnapshot {
        var tree = SnapshotTree(scale: scale)
        tree.nodes.reserveCapacity(64)
        _ = append(root, visible: true, depth: 0, to: &tree)
        // Replicators' instances, the deepest first (found last), so an outer replicator copies
        // its inner ones' instances with the rest of its sublayers (DisplayStep+Replicator.swift).
        while let r = tree.replicators.popLast() { replicate(r, in: &tree) }
        return RenderSnapshot(nodes: tree.nodes, root: 0, scale: scale, depth: tree.maxDepth)
    }

    /// The snapshot being built.
    struct SnapshotTree {
        let scale: Double
        var nodes: [RenderNode] = []
        var maxDepth = 0
        /// Replicator layers met, with their node, visibility and depth.
        var replicators: [(layer: CAReplicatorLayer, index: Int, visible: Bool, depth: Int)] = []
        /// Nodes replicators added so far (bounded by `DisplayStep.maxReplicatedNodes`).
        var replicatedNodes = 0
        init(scale: Double) { self.scale = scale }
    }

    /// Appends `top`'s subtree (mask included) to the tree; returns its node's index.
    func append(_ top: CALayer, visible: Bool, depth: Int, to tree: inout SnapshotTree) -> Int {
        let scale = tree.scale
        let topIndex = tree.nodes.count
        tree.nodes.append(node(for: top, scale: scale, visible: visible, coverageMask: false))
        // An explicit stack, not recursion: a tree 1500 levels deep overflowed the call stack.
        var stack: [(layer: CALayer, index: Int, visible: Bool, depth: Int)] = [(top, topIndex, visible && tree.nodes[topIndex].isVisible, depth)]
        while let (layer, index, visible, depth) = stack.popLast() {
            tree.maxDepth = max(tree.maxDepth, depth)
            if let subs = layer.sublayers, !subs.isEmpty {
                var children: [Int] = []
                children.reserveCapacity(subs.count)
                for s in subs {
                    children.append(tree.nodes.count)
                    tree.nodes.append(node(for: s, scale: scale, visible: visible, coverageMask: false))
                    stack.append((s, tree.nodes.count - 1, visible && tree.nodes[tree.nodes.count - 1].isVisible, depth + 1))
                }
                tree.nodes[index].sublayers = children
                if let r = layer as? CAReplicatorLayer { tree.replicators.append((r, index, visible, depth)) }
            }
            if let mask = layer.mask {
                let coverage = visible && Self.coverageMaskCandidate(layer, tree.nodes[index])
                tree.nodes[index].mask = tree.nodes.count
                tree.nodes.append(node(for: mask, scale: scale, visible: visible, coverageMask: coverage))
                stack.append((mask, tree.nodes.count - 1, visible && tree.nodes[tree.nodes.count - 1].isVisible, depth + 1))
            }
        }
        return topIndex
    }

    /// One layer's node: its values always; content, shadow and transition only when it and its
    /// ancestors are visible (nothing of it is drawn otherwise).
    private func node(for layer: CALayer, scale: Double, visible ancestorsVisible: Bool, coverageMask: Bool) -> RenderNode {
        let v = layer.presented
        var n = RenderNode(values: v)
        n.isTransformLayer = layer is CATransformLayer || v.replicator.preservesDepth
        n.shadowPathBounds = layer.shadowPath.map { $0.boundingBoxOfPath }
        if let shape = layer as? CAShapeLayer { n.shape = ShapeValues(shape.presentedShape) }
        if let backdrop = layer as? CABackdropLayer { n.backdrop = BackdropValues(backdrop.presentedBackdrop) }
        let visible = ancestorsVisible && n.isVisible
        if visible, let (t, p) = layer.activeTransition() {
            // Before this layer's content and its sublayers' caches are redrawn in their new state.
            n.transition = transitionState(t, progress: p, scale: scale)
        }
        n.drawsContent = layer.drawsContent
        if visible {
            n.content = coverageMask ? record(layer, scale: scale) : content(of: layer, v, scale: scale)
            if layer.isPresentationCopy, case .none = n.content, let frozen = frozenContent(of: layer, v) {
                n.content = .image(frozen)
                n.drawsContent = true
            }
        }
        if n.drawsContent { n.contentExtent = layer.presentedContentExtent() }
        if visible, let emitter = layer as? CAEmitterLayer, let sprites = emitter.presentedSprites() {
            n.sprites = sprites
            n.contentExtent = n.drawsContent ? n.contentExtent.union(CGRect(sprites.bounds)) : CGRect(sprites.bounds)
            n.drawsContent = true
        }
        n.drawsOpaqueContent = n.drawsContent && layer.drawsOpaqueContent
        if visible, v.shadowOpacity > 0, let color = v.shadowColor, color.alpha > 0 {
            n.shadow = shadow(of: layer, n, color: color, scale: scale)
        }
        return n
    }

    /// A mask that the compositor will most likely rasterize straight into a coverage mask (a leaf
    /// shape layer without background, shadow or border, over a leaf layer): its content is kept as
    /// a recording, so no cache is drawn for it. The compositor makes the final decision.
    static func coverageMaskCandidate(_ layer: CALayer, _ n: RenderNode) -> Bool {
        guard let m = layer.mask as? CAShapeLayer, !n.values.masksToBounds,
              layer.sublayers?.isEmpty ?? true, m.sublayers?.isEmpty ?? true, m.mask == nil else { return false }
        let mv = m.presented, v = n.values
        let hasBackground = (v.backgroundColor?.alpha ?? 0) > 0
        guard v.opacity >= 1 || !(hasBackground && layer.drawsContent) else { return false }
        return (mv.backgroundColor?.alpha ?? 0) == 0 && mv.shadowOpacity == 0 && mv.borderWidth == 0
    }

    /// The layer's content for this frame: its cache, redrawn when its key changed; or, when the
    /// content changed on each of the last two frames, the recording itself.
    private func content(of layer: CALayer, _ v: LayerValues, scale: Double) -> NodeContent {
        let state = LayerDisplayState.of(layer)
        guard layer.drawsContent else { state.cache = nil; return .none }
        let key = ContentKey(bounds: v.bounds, scale: scale, content: layer.presentedContentSnapshot(), version: layer.contentVersion)
        let changed = layer.needsContentRedraw || state.lastKey != key
        state.streak = changed ? state.streak + 1 : 0
        state.lastKey = key
        layer.needsContentRedraw = false
        // Content changing every frame, or too big to cache (a layer far larger than any frame would
        // allocate and fill up to 16384² pixels), stays a recording: the compositor draws it
        // straight, clipped to what it is drawing. A cache hit needs neither test: the cache was
        // made under the same key, so its extent fitted.
        if state.streak < 2, let c = state.cache, c.key == key { return .image(c.image) }
        let extent = layer.presentedContentExtent()
        let tooBig = !extent.isNull && Double(extent.width) * Double(extent.height) * scale * scale > Self.maxCachePixels
        if state.streak >= 2 || tooBig {
            state.cache = nil
            let drawing = record(layer, scale: scale)
            contentDraws += 1
            layer.displayCount += 1
            return drawing
        }
        guard let (bitmap, toBitmap) = Self.layerBitmap(covering: extent, scale: scale) else {
            state.cache = nil
            return .none
        }
        if case let .drawing(list) = record(layer, scale: scale) {
            list.play(into: .init(bitmap: bitmap, clip: bitmap.bounds), transform: toBitmap, scratch: compositor.scratch)
        }
        contentDraws += 1
        layer.displayCount += 1
        let image = NodeImage(bitmap: bitmap, toLocal: toBitmap.inverted ?? .identity)
        state.cache = (key, image)
        return .image(image)
    }

    /// The most pixels a content cache gets (4096², a 64 MiB bitmap); larger content stays a recording.
    static let maxCachePixels = 16_777_216.0

    /// The layer's presented content, recorded (user drawing code and text layout run here).
    func record(_ layer: CALayer, scale: Double) -> NodeContent {
        let context = LayerDrawingContext(scale: scale, textRasterizer: FontLibrary.shared.rasterize)
        layer.drawPresentedContent(in: context)
        return .drawing(context.list)
    }

    /// A presentation copy's content as its model layer last drew it, when that drawing shows the
    /// copy's content values (drawing code that reads the view, not the layer, cannot be replayed
    /// for a copy).
    private func frozenContent(of copy: CALayer, _ v: LayerValues) -> NodeImage? {
        guard let model = copy.modelLayer, let state = model.displayState as? LayerDisplayState, let c = state.cache,
              c.key.bounds == v.bounds, c.key.content == copy.presentedContentSnapshot() else { return nil }
        return c.image
    }

    /// A transparent bitmap over `extent` of a layer's space at `scale`, and the map into it.
    static func layerBitmap(covering extent: CGRect, scale: Double) -> (Bitmap, Transform)? {
        guard !extent.isNull, !extent.isInfinite else { return nil }
        let px = PixelRect(covering: Rect(x: Double(extent.minX) * scale, y: Double(extent.minY) * scale,
                                          width: Double(extent.width) * scale, height: Double(extent.height) * scale))
        guard !px.isEmpty, let bitmap = Bitmap(width: min(px.width, Bitmap.maxDimension), height: min(px.height, Bitmap.maxDimension)) else {
            return nil
        }
        // Layer point p → bitmap pixel p·scale − px.origin.
        return (bitmap, Transform.scale(scale, scale).concatenating(.translation(Double(-px.x0), Double(-px.y0))))
    }
}
