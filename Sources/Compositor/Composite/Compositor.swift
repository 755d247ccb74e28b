import Foundation
import Layers
import Raster
import RasterIO

/// Turns a `RenderSnapshot` into pixels. Reads only the snapshot: it may run on any thread, one
/// composite at a time per instance (it owns its scratch: pooled bitmaps and masks, the
/// rasterizer's buffers), and two instances never share anything mutable.
///
/// Order and semantics follow Core Animation: shadow, background (with cornerRadius), content,
/// sublayers sorted by zPosition (stable), then the border on top. Opacity applies to the layer
/// and its sublayers as a group; `masksToBounds` clips to the rounded bounds; a `mask` layer's
/// alpha masks the layer. A layer under a perspective transform is drawn flat into its own plane
/// and that image is mapped through the projection (as Core Animation flattens non-transform
/// layers). Cached content is composited as a bitmap; recorded content (content that changes every
/// frame) is played straight into the frame when the layer is opaque and axis-aligned there.
public final class Compositor {
    var pool = ScratchPool<Bitmap>()
    var maskPool = ScratchPool<Mask>()
    /// The rasterizer scratch every canvas of this compositor borrows.
    let scratch = Canvas(Bitmap(width: 1, height: 1)!)
    /// The snapshot being composited.
    var nodes: [RenderNode] = []
    /// Faces of this frame's flips and curls made before the bands, read-only while they run
    /// (`preparedFace(of:node:)`); empty outside a banded frame.
    var prepared: [Int: PreparedFace] = [:]
    /// Pixels per point of the snapshot being composited.
    var scale = 1.0
    /// Pixels of the scratch bitmaps isolated groups took since this compositor was made (tests
    /// read it: nested groups over the same pixels must not take a scratch per level).
    var isolatedPixels = 0
    /// `drawDirect` walks open now, and the most open at once since this compositor was made
    /// (tests read it: a chain of plain layers is one walk, not a call per level).
    private var nestedWalks = 0
    private(set) var deepestNesting = 0
    /// The snapshot's root node.
    var rootIndex = 0
    /// The pixels of the whole composite's bitmap (a backdrop's blur reads no farther).
    var frameBounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// While a backdrop is drawn: the backdrop layer's node, where the walk of what lies behind it
    /// stops (`Compositor+Backdrop.swift`); nil otherwise.
    var stopAt: Int?
    /// True once the walk reached `stopAt`: nothing more is drawn.
    var stopped = false
    /// Device pixels per point of the walk running now: the snapshot's scale, or a backdrop's
    /// reduced resolution while what lies behind it is drawn (a backdrop behind a backdrop is
    /// drawn at its own fraction of that).
    var walkScale = 1.0

    public init() {}

    /// What went wrong in frames since the last `takeFailures()` (a stack that could not be had),
    /// one line each, for the caller to report on its own thread (`CAEngine.report`).
    private var failures: [String] = []

    /// The failures kept since the last call, emptied.
    public func takeFailures() -> [String] {
        defer { failures.removeAll() }
        return failures
    }

    /// Composites `snapshot` into `bitmap`, whose pixel (0, 0) is the snapshot's device pixel
    /// (0, 0); only pixels inside `clip` (default: the whole bitmap) change. Pixels in the clip
    /// are cleared first unless the first thing drawn covers the bitmap opaquely.
    /// - Complexity: O(nodes + pixels drawn).
    public func composite(_ snapshot: RenderSnapshot, into bitmap: Bitmap, clip: PixelRect? = nil) {
        // The walk below recurses once per level that is drawn apart (a group, clip, mask,
        // projection or transition); levels drawn straight into their parent's target are steps
        // of one walk (`drawDirect`). A tree deeper than a thread's stack would allow if every
        // level were drawn apart is composited on a thread of its own whose stack fits the depth
        // (the compositor touches no shared state, so any thread will do; only the pages used are
        // touched); ordinary trees stay on the caller's thread.
        if snapshot.depth > Self.depthOnCallersStack {
            let size = min(1 << 36, (snapshot.depth + 64) * Self.stackPerLevel)
            if size > stackLimit || !Self.runOnThread(stackSize: size, { [self] in compositeHere(snapshot, into: bitmap, clip: clip) }) {
                // Kept, not printed: this may be a worker thread; the frame's driver reports it.
                failures.append("a layer tree \(snapshot.depth) levels deep needs a \(size >> 20) MiB stack, which could not be had; the frame is left blank")
                bitmap.clear()
            }
            return
        }
        compositeHere(snapshot, into: bitmap, clip: clip)
    }

    /// The largest stack a deep tree may ask for (tests lower it to see the failure).
    var stackLimit = 1 << 36

    /// Levels composited on the caller's stack (a Swift Testing thread's is 512 KiB).
    static let depthOnCallersStack = 200
    /// A generous bound on the stack one level of the walk uses (a debug build measured ~17 KiB).
    static let stackPerLevel = 64 << 10

    /// Runs `work` on a new POSIX thread with a stack of `stackSize` bytes and waits for it; false
    /// when no such thread could be made. (Foundation's `Thread.stackSize` does not reach sizes
    /// this large.)
    private static func runOnThread(stackSize: Int, _ work: @escaping () -> Void) -> Bool {
        guard let thread = WorkerPool.startThread(stackSize: stackSize, work) else { return false }
        pthread_join(thread, nil)
        return true
    }

    private func compositeHere(_ snapshot: RenderSnapshot, into bitmap: Bitmap, clip: PixelRect?) {
        // Scratch never needs more pixels than the target: what a larger frame left is let go.
        pool.trim(toPixels: bitmap.width * bitmap.height)
        maskPool.trim(toPixels: bitmap.width * bitmap.height)
        let region = (clip ?? bitmap.bounds).intersection(bitmap.bounds)
        guard !region.isEmpty, !snapshot.nodes.isEmpty else { return }
        begin(snapshot)
        frameBounds = bitmap.bounds
        defer { nodes = [] }
        let s = CGFloat(scale)
        let toDevice = CATransform3DMakeScale(s, s, 1)
        // Clearing 8 MB is wasted when the first thing drawn covers the whole frame opaquely.
        if !firstDrawCoversOpaquely(snapshot.root, toDevice: toDevice, bitmap: bitmap) {
            if region == bitmap.bounds { bitmap.clear() } else { bitmap.clear(region) }
        }
        draw(snapshot.root, parent: nil, parentToDevice: toDevice,
             into: Target(bitmap: bitmap, origin: (0, 0), clip: region, unclipped: region == bitmap.bounds ? nil : bitmap.bounds))
    }

    /// Composites one node's subtree as an isolated group (clipped, masked, at its values' opacity)
    /// into `bitmap` through `toDevice`: a transition's old appearance.
    func compositeIsolated(_ snapshot: RenderSnapshot, node: Int, toDevice: CATransform3D, into bitmap: Bitmap) {
        begin(snapshot)
        frameBounds = bitmap.bounds
        defer { nodes = [] }
        drawIsolated(node, nodes[node].values, toDevice: toDevice, into: Target(bitmap: bitmap, origin: (0, 0), clip: bitmap.bounds))
    }

    func begin(_ snapshot: RenderSnapshot) {
        nodes = snapshot.nodes
        scale = snapshot.scale
        rootIndex = snapshot.root
        (stopAt, stopped, walkScale) = (nil, false, snapshot.scale)
    }

    /// A bitmap to draw into: device pixel (x, y) is bitmap pixel (x − origin.x, y − origin.y).
    struct Target {
        let bitmap: Bitmap
        let origin: (x: Int, y: Int)
        /// Device-space pixels that may be written.
        let clip: PixelRect
        /// The pixels a whole-frame composite would let this target write, when a band or damage
        /// clip made `clip` smaller (nil: `clip`). Scratch that is not tile-local (a transition's
        /// moved face, content rasterized for the visible part only) is sized from it, so a band
        /// gets exactly the pixels a whole composite gets.
        var unclipped: PixelRect? = nil
        /// `unclipped`, else `clip`.
        var wholeClip: PixelRect { unclipped ?? clip }
        /// A coverage mask over everything drawn; byte (0, 0) covers bitmap pixel `maskOrigin`.
        var mask: Mask? = nil
        var maskOrigin: (x: Int, y: Int) = (0, 0)
        /// The origin this target has in a whole-frame composite, when a band or damage clip moved
        /// it (nil: `origin`). Images are resampled in that bitmap's pixels and moved here by whole
        /// pixels, so a band (whole rows) resamples as the whole frame does. A clip that cuts an
        /// image's rows left of its edge still starts the image walk there (see docs/ARCHITECTURE.md).
        var wholeOrigin: (x: Int, y: Int)? = nil
        /// Device space → this bitmap's pixels.
        var deviceToBitmap: Transform { .translation(Double(-origin.x), Double(-origin.y)) }
        /// Device space → the pixels of this target's bitmap in a whole-frame composite.
        var deviceToWholeBitmap: Transform {
            let o = wholeOrigin ?? origin
            return .translation(Double(-o.x), Double(-o.y))
        }
        /// Where the whole composite's bitmap pixel (0, 0) lies in this bitmap.
        var wholeShift: (x: Int, y: Int) {
            let o = wholeOrigin ?? origin
            return (o.x - origin.x, o.y - origin.y)
        }
        var bitmapClip: PixelRect { PixelRect(x0: clip.x0 - origin.x, y0: clip.y0 - origin.y, x1: clip.x1 - origin.x, y1: clip.y1 - origin.y) }
    }

    /// A canvas over the target's writable pixels with its mask, borrowing this compositor's scratch.
    func canvas(_ target: Target) -> Canvas {
        var c = canvas(target.bitmap, target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
        // Gradients dither by the whole composite's pixels, so a band's scratch dithers as the frame's.
        c.ditherShift = (-target.wholeShift.x, -target.wholeShift.y)
        return c
    }

    func canvas(_ bitmap: Bitmap, _ clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) -> Canvas {
        var c = Canvas(bitmap, reusingScratchOf: scratch)
        c.clip = clip.intersection(bitmap.bounds)
        c.mask = mask
        c.maskOrigin = maskOrigin
        return c
    }

    /// Draws `image` with `imageToBitmap` mapping its pixel space into the target's pixels.
    func draw(_ image: Bitmap, imageToBitmap: Transform, opacity: Double, into target: Target) {
        guard opacity > 0 else { return }
        canvas(target).draw(image, transform: imageToBitmap, opacity: min(1, opacity))
    }

    /// Draws `image` with `imageToWhole` mapping its pixel space into the target's bitmap as a
    /// whole-frame composite places it (`Target.deviceToWholeBitmap`): resampled there, moved by
    /// whole pixels, so bands give the whole frame's bytes.
    func draw(_ image: Bitmap, imageToWhole: Transform, opacity: Double, into target: Target) {
        guard opacity > 0 else { return }
        canvas(target).draw(image, transform: imageToWhole, shift: target.wholeShift, opacity: min(1, opacity))
    }

    func draw(_ i: Int, parent: LayerValues?, parentToDevice: CATransform3D, into target: Target) {
        if stopAt != nil && reachesStop(i) { return }
        let v = nodes[i].values
        guard nodes[i].isVisible else { return }
        let toDevice = CATransform3DConcat(CALayer.transformToSuperlayer(v, parent), parentToDevice)
        if !drawSpecial(i, v, toDevice: toDevice, into: target) {
            drawDirect(i, v, toDevice: toDevice, opacity: Double(v.opacity), into: target)
        }
    }

    /// Draws node `i` when it needs more than drawing straight into the target — a transform
    /// layer, a transition, a projection, a mask, a clip or an opacity group — and says whether it
    /// did; false leaves it to `drawDirect`.
    private func drawSpecial(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) -> Bool {
        if nodes[i].isTransformLayer {
            drawIn3D(i, v, toDevice: toDevice, into: target)
            return true
        }
        if let transition = nodes[i].transition, toDevice.planeProjection.isAffine {
            drawTransition(i, v, transition, toDevice: toDevice, into: target)
            return true
        }
        if let b = nodes[i].backdrop, b.masksToSublayers, toDevice.planeProjection.isAffine {
            drawVibrant(i, v, b, toDevice: toDevice, into: target)
            return true
        }
        let projection = toDevice.planeProjection
        let group = v.opacity < 1 && !nodes[i].sublayers.isEmpty || nodes[i].tint != nil
        if !projection.isAffine {
            drawFlattened(i, v, toDevice: toDevice, into: target)
        } else if coverageMaskApplies(i, v, toDevice: toDevice, target: target) {
            drawThroughCoverageMask(i, v, toDevice: toDevice, into: target)
        } else if group || v.masksToBounds || nodes[i].mask != nil {
            drawIsolated(i, v, toDevice: toDevice, into: target)
        } else {
            return false
        }
        return true
    }

    /// A step of `drawDirect`'s walk: a node to draw (its parent −1 for the walk's own node,
    /// whose values were passed in), or the border a node draws over its sublayers.
    private enum DirectStep {
        case node(Int, parent: Int, parentToDevice: CATransform3D)
        case border(Int, toDevice: CATransform3D, opacity: Double)
    }

    /// The layer's shadow, own content, sublayers and border, straight into the target.
    ///
    /// Sublayers drawn straight into the same target are expanded here from an explicit stack, in
    /// the order calls would draw them (own drawing, sublayers in z order, then the border): a
    /// chain 100,000 deep cost a call frame per level, about 4.8 KB of stack each (480 MB), where
    /// a step is about 150 bytes. Groups, clips, masks, projections and transitions still call
    /// `drawSpecial`, which comes back here for what they hold.
    func drawDirect(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, opacity: Double, into target: Target) {
        nestedWalks += 1
        deepestNesting = max(deepestNesting, nestedWalks)
        defer { nestedWalks -= 1 }
        drawOwn(i, v, toDevice: toDevice, opacity: opacity, into: target)
        var steps: [DirectStep] = [.border(-1, toDevice: toDevice, opacity: opacity)]
        for s in zOrdered(nodes[i].sublayers).reversed() { steps.append(.node(s, parent: -1, parentToDevice: toDevice)) }
        while let step = steps.popLast() {
            switch step {
            case let .border(n, toDevice, opacity):
                if stopped { continue }
                drawBorder(n < 0 ? v : nodes[n].values, toDevice: toDevice, opacity: opacity, into: target)
            case let .node(n, parent, parentToDevice):
                if stopAt != nil && reachesStop(n) { continue }
                let nv = nodes[n].values
                guard nodes[n].isVisible else { continue }
                let nToDevice = CATransform3DConcat(CALayer.transformToSuperlayer(nv, parent < 0 ? v : nodes[parent].values), parentToDevice)
                if drawSpecial(n, nv, toDevice: nToDevice, into: target) { continue }
                let nOpacity = Double(nv.opacity)
                drawOwn(n, nv, toDevice: nToDevice, opacity: nOpacity, into: target)
                steps.append(.border(n, toDevice: nToDevice, opacity: nOpacity))
                for s in zOrdered(nodes[n].sublayers).reversed() { steps.append(.node(s, parent: n, parentToDevice: nToDevice)) }
            }
        }
    }

    /// True when the walk must not draw node `n`: a backdrop's walk has reached its layer (`n`
    /// is it, or comes after it).
    private func reachesStop(_ n: Int) -> Bool {
        if n == stopAt { stopped = true }
        return stopped
    }

    /// The layer's shadow, backdrop, background and content (what it draws under its sublayers).
    func drawOwn(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, opacity: Double, into target: Target) {
        let affine = Transform(affine: toDevice.planeProjection)
        let toBitmap = affine.concatenating(target.deviceToBitmap)
        let toWhole = affine.concatenating(target.deviceToWholeBitmap)   // `toBitmap` unless a band moved the target
        if v.shadowOpacity > 0, let color = v.shadowColor, color.alpha > 0, let shadow = nodes[i].shadow {
            let offset = Transform.translation(Double(v.shadowOffset.width), Double(v.shadowOffset.height))
            draw(shadow.bitmap, imageToWhole: shadow.toLocal.concatenating(offset).concatenating(toWhole), opacity: opacity, into: target)
        }
        if let b = nodes[i].backdrop, !b.masksToSublayers { drawBackdrop(i, v, b, toDevice: toDevice, opacity: opacity, into: target) }
        // A frame that re-composites only its damage still visits every node: what cannot reach
        // the clip is not built (rounded-rectangle and border paths, sines, a cull per curve).
        if Self.frameMayReach(v, affine, target.clip) { drawBackground(v, toBitmap: toBitmap, opacity: opacity, into: target) }
        if contentMayReach(i, affine, target.clip) {
            drawContent(i, toBitmap: toBitmap, toWhole: toWhole, opacity: opacity, into: target)
        }
        if let sprites = nodes[i].sprites, Self.mayReach(nodes[i].contentExtent, affine, target.clip) {
            canvas(target).draw(sprites, transform: toWhole, shift: target.wholeShift, opacity: opacity)
        }
    }

    /// The layer's border (drawn over its sublayers).
    private func drawBorder(_ v: LayerValues, toDevice: CATransform3D, opacity: Double, into target: Target) {
        guard v.borderWidth > 0, let color = v.borderColor, color.alpha > 0 else { return }
        let affine = Transform(affine: toDevice.planeProjection)
        guard Self.frameMayReach(v, affine, target.clip) else { return }
        let c = canvas(target)
        let outline = v.boundsShape(inset: Double(v.borderWidth) / 2)
            .stroked(StrokeStyle(width: Double(v.borderWidth)), transform: affine.concatenating(target.deviceToBitmap), clip: c.visibleRect)
        if !outline.isEmpty { c.fill(outline, rule: .nonZero, paint: .solid(color.rasterColor), opacity: opacity) }
    }

    /// `mayReach` for the layer's bounds grown by its border: where its background and border lie.
    private static func frameMayReach(_ v: LayerValues, _ affine: Transform, _ clip: PixelRect) -> Bool {
        mayReach(v.bounds.insetBy(dx: -max(0, v.borderWidth), dy: -max(0, v.borderWidth)), affine, clip)
    }

    /// False when anything drawn inside `rect` (layer space) lies wholly outside `clip` (device
    /// pixels) through `affine`, so it can be skipped without changing a pixel. The background
    /// lies in the bounds, the border within its width of them (a border wider than half a side
    /// reaches past them). Not finite: true.
    /// Why: a frame that re-composites only its damage still visits every node, and building each
    /// one's rounded-rectangle and border paths was most of the window's compositing for the
    /// light scenes (BENCHMARKS.md, 2026-11-26).
    static func mayReach(_ rect: CGRect, _ affine: Transform, _ clip: PixelRect) -> Bool {
        guard affine.a.isFinite, affine.b.isFinite, affine.c.isFinite, affine.d.isFinite, affine.tx.isFinite, affine.ty.isFinite,
              rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return true }
        return !deviceRect(rect, affine).intersection(clip).isEmpty
    }

    /// `mayReach` for node `i`'s content: a cached image reaches its content extent and its own
    /// pixel rectangle (rounded out to whole cache pixels, which a magnifying transform makes wider
    /// than the margin); a recording, played straight into the target, has no extent to trust
    /// (`draw(in:)` may paint past the bounds) and is always drawn.
    func contentMayReach(_ i: Int, _ affine: Transform, _ clip: PixelRect) -> Bool {
        switch nodes[i].content {
        case .none: return false
        case .drawing: return true
        case .image(let image):
            var extent = FrameDamage.imageRect(image, offset: .zero)
            if nodes[i].drawsContent { extent = extent.union(nodes[i].contentExtent) }
            return extent.isNull || Self.mayReach(extent, affine, clip)
        }
    }

    /// Group opacity, masksToBounds and mask layers: the subtree is drawn into a scratch bitmap over
    /// its device bounds, clipped and masked there, then composited with the layer's opacity.
    func drawIsolated(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) {
        if drawGroupChain(i, v, toDevice: toDevice, into: target) { return }
        let affine = Transform(affine: toDevice.planeProjection)
        let bounds = subtreeDeviceBounds(i, v, toDevice: affine)
        let extent = bounds.intersection(target.clip)
        guard !extent.isEmpty else { return }
        // A whole-frame composite's scratch starts at the corner of `bounds` within the whole
        // clip; under a band or damage clip it starts at the clipped corner, and images are
        // resampled in the whole composite's scratch pixels (`Target.wholeOrigin`), so a band
        // gives the whole frame's bytes (#17 item 1).
        let whole = bounds.intersection(target.wholeClip)
        guard let scratchBitmap = pool.take(width: extent.width, height: extent.height) else { return }
        defer { pool.give(back: scratchBitmap) }
        isolatedPixels += extent.width * extent.height
        // Square corners whose bounds land on whole device pixels (a scroll view, a plain clipping
        // view): the clip is a pixel rectangle, so the subtree is drawn clipped to it and no
        // coverage mask is made. The mask would be 255 inside and 0 outside: the same bytes, without
        // a frame-sized allocation, a fill and a multiply per frame.
        let pixelClip = v.masksToBounds && v.cornerRadius <= 0 ? Self.wholePixels(Rect(v.bounds), affine) : nil
        let moved = target.unclipped != nil && !whole.isEmpty && (whole.x0, whole.y0) != (extent.x0, extent.y0)
        var sub = Target(bitmap: scratchBitmap, origin: (extent.x0, extent.y0), clip: pixelClip.map { extent.intersection($0) } ?? extent,
                         unclipped: target.unclipped.map { u in pixelClip.map { bounds.intersection(u).intersection($0) } ?? bounds.intersection(u) })
        if moved { sub.wholeOrigin = (whole.x0, whole.y0) }
        drawDirect(i, v, toDevice: toDevice, opacity: 1, into: sub)
        if v.masksToBounds, pixelClip == nil, let coverage = Bitmap(width: scratchBitmap.width, height: scratchBitmap.height) {
            canvas(coverage, coverage.bounds).fill(v.boundsShape(), transform: affine.concatenating(sub.deviceToBitmap), rule: .nonZero,
                                                   paint: .solid(.white), opacity: 1)
            scratchBitmap.multiplyAlpha(by: coverage)
        }
        if let mask = nodes[i].mask, let maskBitmap = pool.take(width: extent.width, height: extent.height) {
            defer { pool.give(back: maskBitmap) }
            var maskTarget = Target(bitmap: maskBitmap, origin: (extent.x0, extent.y0), clip: extent, unclipped: target.unclipped.map { bounds.intersection($0) })
            if moved { maskTarget.wholeOrigin = (whole.x0, whole.y0) }
            // The mask lives in the layer's own coordinate space (no sublayerTransform applies).
            var owner = v
            owner.sublayerTransform = .identity
            draw(mask, parent: owner, parentToDevice: toDevice, into: maskTarget)
            scratchBitmap.multiplyAlpha(by: maskBitmap)
        }
        if let tint = nodes[i].tint { scratchBitmap.multiplyChannels(by: tint) }
        draw(scratchBitmap, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(target.deviceToBitmap),
             opacity: Double(v.opacity), into: target)
    }

    /// The device pixels `rect` covers when `t` keeps it an axis-aligned rectangle whose edges lie
    /// on whole pixels (within 1e-9); nil otherwise (turned, skewed or fractional edges).
    static func wholePixels(_ rect: Rect, _ t: Transform) -> PixelRect? {
        guard t.b == 0, t.c == 0, !rect.isEmpty else { return nil }
        let xs = [t.a * rect.minX + t.tx, t.a * rect.maxX + t.tx], ys = [t.d * rect.minY + t.ty, t.d * rect.maxY + t.ty]
        func whole(_ v: Double) -> Int? { abs(v - v.rounded()) <= 1e-9 && abs(v) < 1e9 ? Int(v.rounded()) : nil }
        guard let x0 = whole(xs.min()!), let x1 = whole(xs.max()!), let y0 = whole(ys.min()!), let y1 = whole(ys.max()!) else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    func zOrdered(_ subs: [Int]) -> [Int] {
        guard subs.contains(where: { nodes[$0].values.zPosition != 0 }) else { return subs }
        return subs.enumerated().sorted { (nodes[$0.element].values.zPosition, $0.offset) < (nodes[$1.element].values.zPosition, $1.offset) }
            .map(\.element)
    }
}
