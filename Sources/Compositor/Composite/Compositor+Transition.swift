import Foundation
import Layers
import Raster

extension Compositor {
    /// Draws the old snapshot and the live new state as the transition dictates, clipped to the
    /// layer's bounds: fade crossfades; push moves both; moveIn brings the new over the old; reveal
    /// slides the old away.
    func drawTransition(_ i: Int, _ v: LayerValues, _ t: TransitionState, toDevice: CATransform3D, into target: Target) {
        let p = t.progress
        if t.type == .flip { return drawFlip(i, v, t, toDevice: toDevice, into: target) }
        if t.type == .curlUp || t.type == .curlDown { return drawCurl(i, v, t, toDevice: toDevice, into: target) }
        let affine = Transform(affine: toDevice.planeProjection)
        // Over what a whole-frame composite would draw, even in a band: a moved face brings in
        // pixels from outside the band.
        let extent = Self.deviceRect(v.bounds, affine).intersection(target.wholeClip)
        guard !extent.intersection(target.clip).isEmpty, let scratchBitmap = pool.take(width: extent.width, height: extent.height) else { return }
        defer { pool.give(back: scratchBitmap) }
        // Offsets in the layer's space: the new content starts one bounds-size away on the subtype's side.
        let w = Double(v.bounds.width), h = Double(v.bounds.height)
        let (dx, dy): (Double, Double) = {
            switch t.subtype ?? .fromLeft {
            case .fromRight: return (w, 0)
            case .fromTop: return (0, -h)
            case .fromBottom: return (0, h)
            default: return (-w, 0)
            }
        }()
        let oldTransform: Transform, newTransform: Transform
        var oldOpacity = 1.0, newOpacity = 1.0
        var newOnTop = true
        switch t.type {
        case .push:
            newTransform = .translation(dx * (1 - p), dy * (1 - p))
            oldTransform = .translation(-dx * p, -dy * p)
        case .moveIn:
            newTransform = .translation(dx * (1 - p), dy * (1 - p))
            oldTransform = .identity
        case .reveal:
            newTransform = .identity
            oldTransform = .translation(-dx * p, -dy * p)
            newOnTop = false
        default: // fade
            newTransform = .identity
            oldTransform = .identity
            oldOpacity = 1 - p
            newOpacity = p
        }
        // Only the rows this band (or damage rectangle) shows are drawn into the scratch: a band
        // used to draw both faces whole, which made every extra band cost the whole transition.
        let need = extent.intersection(target.clip)
        let shown = Target(bitmap: scratchBitmap, origin: (extent.x0, extent.y0), clip: need)
        let toScratch = affine.concatenating(shown.deviceToBitmap)
        func drawOld() {
            draw(t.old.bitmap, imageToBitmap: t.old.toLocal.concatenating(oldTransform).concatenating(toScratch), opacity: oldOpacity, into: shown)
        }
        func drawNew() {
            guard let layerBitmap = pool.take(width: extent.width, height: extent.height) else { return }
            defer { pool.give(back: layerBitmap) }
            var flat = v
            flat.opacity = 1
            // Under a band: the new face's rows that land in `need` once moved by newTransform
            // (its device offset), with two pixels of margin for the bilinear filter, drawn with
            // the whole extent as the unclipped region so the scratch inside samples as a whole
            // composite's. A whole composite draws the whole extent, as before.
            let delta = affine.applyVector(Point(newTransform.tx, newTransform.ty))
            var source = extent
            if need != extent, abs(delta.x) < 1e6, abs(delta.y) < 1e6 {   // false for NaN and infinities too
                // Rows only: the image walk and the rasterizer start a row's spans at the clip's left
                // side, so a band narrowed in x would sample the face differently from the whole.
                source = PixelRect(x0: extent.x0, y0: Int((Double(need.y0) - delta.y - 2).rounded(.down)),
                                   x1: extent.x1, y1: Int((Double(need.y1) - delta.y + 2).rounded(.up)))
                    .intersection(extent)
            }
            guard !source.isEmpty else { return }
            drawIsolated(i, flat, toDevice: toDevice, into: Target(bitmap: layerBitmap, origin: (extent.x0, extent.y0), clip: source, unclipped: extent))
            // The new state was drawn in place; move it in the layer's space by newTransform.
            if t.type == .fade {
                // A crossfade is a premultiplied lerp: old·(1 − p) is in the scratch; add new·p.
                scratchBitmap.addScaled(layerBitmap, by: newOpacity, in: shown.bitmapClip)
                return
            }
            let shift = affine.inverted.map { $0.concatenating(newTransform).concatenating(affine) } ?? .identity
            draw(layerBitmap, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(shift).concatenating(shown.deviceToBitmap),
                 opacity: newOpacity, into: shown)
        }
        if newOnTop { drawOld(); drawNew() } else { drawNew(); drawOld() }
        draw(scratchBitmap, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(target.deviceToBitmap),
             opacity: Double(v.opacity), into: target)
    }

    /// The new faces of the flips and curls in `snapshot`, and each curl's curled page: drawn once
    /// per frame before the bands (which would otherwise each draw them whole) and then only read
    /// by every band's compositor (`prepared`). The same calls a band makes, so the same pixels.
    public func preparedFaces(of snapshot: RenderSnapshot) -> [Int: PreparedFace] {
        var faces: [Int: PreparedFace] = [:]
        for i in Self.faceNodes(of: snapshot) { faces[i] = preparedFace(of: snapshot, node: i) }
        return faces
    }

    /// The nodes of `snapshot` whose flip or curl has a face to prepare, in order. A hidden node
    /// draws nothing (`drawNode`), so its face would go unused.
    /// - Complexity: O(nodes).
    public static func faceNodes(of snapshot: RenderSnapshot) -> [Int] {
        snapshot.nodes.indices.filter { i in
            guard snapshot.nodes[i].isVisible, let t = snapshot.nodes[i].transition else { return false }
            return t.type == .flip || t.type == .curlUp || t.type == .curlDown
        }
    }

    /// The prepared face of node `i` of `snapshot` (one of `faceNodes(of:)`); nil when it draws
    /// none this frame. Faces of one frame may be made by different compositors at once: each
    /// reads only the snapshot and its own scratch, and any compositor makes the same pixels.
    public func preparedFace(of snapshot: RenderSnapshot, node i: Int) -> PreparedFace? {
        guard snapshot.nodes.indices.contains(i), let t = snapshot.nodes[i].transition else { return nil }
        begin(snapshot)
        defer { nodes = [] }
        return makeFace(i, t)
    }

    /// The face of node `i` of `snapshot` (one of `faceNodes(of:)`) started: its flat face drawn,
    /// a curl's page not yet curled, for `FrameCompositor` to share out in rows (`PageCurlWork`);
    /// nil when it draws none this frame. Like `preparedFace`, any compositor on any thread.
    public func startedFace(of snapshot: RenderSnapshot, node i: Int) -> StartedFace? {
        guard snapshot.nodes.indices.contains(i), let t = snapshot.nodes[i].transition else { return nil }
        begin(snapshot)
        defer { nodes = [] }
        return startFace(i, t)
    }

    /// What a flip or curl at node `i` draws besides its old face: the live subtree flat over its
    /// bounds (a flip's only from half way, when it shows) and a curl's curled page. The prepared
    /// one when the frame has it.
    func face(_ i: Int, _ t: TransitionState) -> PreparedFace? {
        prepared[i] ?? makeFace(i, t)
    }

    private func makeFace(_ i: Int, _ t: TransitionState) -> PreparedFace? {
        startFace(i, t)?.finished()
    }

    private func startFace(_ i: Int, _ t: TransitionState) -> StartedFace? {
        if t.type == .flip {
            guard t.progress >= 0.5, let new = drawFlatImage(i) else { return nil }
            return StartedFace(flat: new, curl: nil)
        }
        guard let new = drawFlatImage(i) else { return nil }
        let up = t.type == .curlUp
        let page = up ? t.old : new
        let progress = up ? t.progress : 1 - t.progress
        if let binding = t.binding {
            return StartedFace(flat: new, curl: Self.boundCurlWork(page: page, otherFace: up ? new : t.old, back: t.back,
                                                                    binding, bounds: nodes[i].values.bounds, progress: progress))
        }
        let curl = PageCurl(width: page.bitmap.width, height: page.bitmap.height, progress: progress,
                            direction: Self.curlDirection(t.subtype))
        return StartedFace(flat: new, curl: PageCurlWork(page: page.bitmap, curl: curl))
    }

    /// A page view controller's leaf (`PageCurlBinding`) curled by `progress`: the spine placed in
    /// `page`'s pixels, the lower (vertical spine) or right (horizontal) corner leading, the back
    /// drawn from the other face (two pages side by side), the back page, or the print seen
    /// through. The faces are taken to share one pixel grid up to a translation (all are drawn
    /// at the frame's scale), so the back is found by one offset.
    static func boundCurl(page: NodeImage, otherFace: NodeImage, back: NodeImage?, _ binding: PageCurlBinding,
                          bounds: CGRect, progress: Double) -> Bitmap? {
        boundCurlWork(page: page, otherFace: otherFace, back: back, binding, bounds: bounds, progress: progress)?.makeAll()
    }

    /// `boundCurl`'s work, not yet made.
    static func boundCurlWork(page: NodeImage, otherFace: NodeImage, back: NodeImage?, _ binding: PageCurlBinding,
                              bounds: CGRect, progress: Double) -> PageCurlWork? {
        guard let toPixels = page.toLocal.inverted else { return nil }
        let f = binding.spine.isFinite ? min(1, max(0, binding.spine)) : 0
        let local = binding.vertical ? Point(Double(bounds.minX) + f * Double(bounds.width), Double(bounds.minY))
                                     : Point(Double(bounds.minX), Double(bounds.minY) + f * Double(bounds.height))
        let at = toPixels.apply(local)
        let spine = PageCurl.Spine(vertical: binding.vertical, position: binding.vertical ? at.x : at.y, leafAfter: binding.leafAfter)
        let curl = PageCurl(width: page.bitmap.width, height: page.bitmap.height, progress: progress,
                            direction: binding.vertical ? (1, 0.3) : (0.3, 1), spine: spine)
        let backImage = binding.backIsNewFace ? otherFace : back
        guard let b = backImage, let fromLocal = b.toLocal.inverted else { return PageCurlWork(page: page.bitmap, curl: curl) }
        let o = fromLocal.apply(page.toLocal.apply(Point(0, 0)))
        return PageCurlWork(page: page.bitmap, curl: curl, back: b.bitmap, backOffset: (o.x, o.y))
    }

    /// The edge a curl lifts first, as the direction `Bitmap.curled` takes (pixels, y down): the
    /// subtype names the edge (Apple documents no subtypes for its private page-curl types; default
    /// and `.fromBottom`: the bottom edge), each tilted so that one corner leads, as iOS's curl does
    /// (bottom: the right corner; right: the bottom corner; left: the bottom corner; top: the right).
    static func curlDirection(_ subtype: CATransitionSubtype?) -> (x: Double, y: Double) {
        switch subtype {
        case .fromRight?: (1, 0.3)
        case .fromLeft?: (-1, 0.3)
        case .fromTop?: (0.3, -1)
        default: (0.3, 1)
        }
    }

    /// The live subtree drawn flat over its bounds in its own space.
    private func drawFlatImage(_ i: Int) -> NodeImage? {
        let v = nodes[i].values
        guard let (bitmap, toBitmap) = Self.layerBitmap(covering: v.bounds, scale: scale) else { return nil }
        drawIsolated(i, v.flatInOwnSpace, toDevice: CATransform3DMakeAffineTransform(CGAffineTransform(toBitmap)),
                     into: Target(bitmap: bitmap, origin: (0, 0), clip: bitmap.bounds))
        return NodeImage(bitmap: bitmap, toLocal: toBitmap.inverted ?? .identity)
    }

    /// The flip: the old face turns from 0 to 90° about the layer's centre, then the new face from
    /// −90° to 0, under perspective (eye at twice the larger side), so a face is never seen from
    /// behind. Not clipped: the turning page leaves the bounds as a real card does.
    func drawFlip(_ i: Int, _ v: LayerValues, _ t: TransitionState, toDevice: CATransform3D, into target: Target) {
        let p = t.progress
        let showingOld = p < 0.5
        guard let face = showingOld ? t.old : face(i, t)?.flat else { return }
        let b = v.bounds
        let angle = CGFloat(showingOld ? p * Double.pi : (p - 1) * Double.pi)
        var turn = CATransform3DIdentity
        turn.m34 = -1 / (2 * max(b.width, b.height, 1))
        switch t.subtype ?? .fromLeft {
        case .fromRight: turn = CATransform3DRotate(turn, -angle, 0, 1, 0)
        case .fromTop: turn = CATransform3DRotate(turn, -angle, 1, 0, 0)
        case .fromBottom: turn = CATransform3DRotate(turn, angle, 1, 0, 0)
        default: turn = CATransform3DRotate(turn, angle, 0, 1, 0)
        }
        // Face pixel → layer space → turned about the centre → device → target bitmap.
        let toCenter = CATransform3DMakeTranslation(-b.midX, -b.midY, 0), back = CATransform3DMakeTranslation(b.midX, b.midY, 0)
        let pixelToLocal = CATransform3DMakeAffineTransform(CGAffineTransform(face.toLocal))
        var m = CATransform3DConcat(pixelToLocal, toCenter)
        m = CATransform3DConcat(m, turn)
        m = CATransform3DConcat(m, back)
        m = CATransform3DConcat(m, toDevice)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(-target.origin.x), CGFloat(-target.origin.y), 0))
        guard v.opacity > 0 else { return }
        canvas(target).draw(face.bitmap, projective: m.planeProjection, opacity: min(1, Double(v.opacity)))
    }

    /// A page curl. curlUp ("pageCurl"): the old page lifts from its bottom edge and rolls up over a
    /// cylinder, showing the new content beneath. curlDown ("pageUnCurl"): the new page unrolls down
    /// from the top over the old one (the same motion backwards in time).
    func drawCurl(_ i: Int, _ v: LayerValues, _ t: TransitionState, toDevice: CATransform3D, into target: Target) {
        guard let face = face(i, t) else { return }
        let up = t.type == .curlUp
        let (under, page) = up ? (face.flat, t.old) : (t.old, face.flat)
        // Resampled in the whole composite's pixels, as any image in a scratch (`Target.wholeOrigin`).
        let toWhole = Transform(affine: toDevice.planeProjection).concatenating(target.deviceToWholeBitmap)
        draw(under.bitmap, imageToWhole: under.toLocal.concatenating(toWhole), opacity: Double(v.opacity), into: target)
        guard let curled = face.curled else { return }
        draw(curled, imageToWhole: page.toLocal.concatenating(toWhole), opacity: Double(v.opacity), into: target)
    }
}

extension LayerValues {
    /// The values that draw a layer flat over its bounds in its own space: no transform, opacity or
    /// shadow of its own (a transition's face: the new one live, the old one frozen).
    var flatInOwnSpace: LayerValues {
        var flat = self
        flat.transform = .identity
        flat.opacity = 1
        flat.anchorPoint = .zero
        flat.position = bounds.origin
        flat.shadowOpacity = 0
        return flat
    }
}

/// A flip's or curl's new face drawn flat, and a curl's curled page, made once per frame for all
/// the bands (`Compositor.preparedFace(of:node:)`, made on the pool by `FrameCompositor`).
public struct PreparedFace {
    let flat: NodeImage
    let curled: Bitmap?
}

/// A flip's or curl's face started (`Compositor.startedFace(of:node:)`): the new face drawn flat,
/// a curl's page still to curl, which `FrameCompositor` shares out in rows among its workers.
public struct StartedFace {
    let flat: NodeImage
    /// The curl still to make (every row shaded, then smoothed); nil for a flip.
    public let curl: PageCurlWork?

    /// The face, once `curl` is made.
    public var prepared: PreparedFace { PreparedFace(flat: flat, curled: curl?.result) }

    /// The face, the curl made here on this thread.
    func finished() -> PreparedFace {
        curl?.makeAll()
        return prepared
    }
}
