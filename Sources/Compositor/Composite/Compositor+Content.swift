import Foundation
import Layers
import Raster

extension Compositor {
    /// Fills the layer's background (with its corner radius) straight into the target: a solid
    /// fill costs about what copying a cached bitmap would.
    func drawBackground(_ v: LayerValues, toBitmap: Transform, opacity: Double, into target: Target) {
        guard let bg = v.backgroundColor, bg.alpha > 0, !v.bounds.isEmpty else { return }
        canvas(target).fill(v.boundsShape(), transform: toBitmap, rule: .nonZero, paint: .solid(bg.rasterColor), opacity: opacity)
    }

    /// Draws the layer's own content: its cached bitmap; or its recording, played straight into
    /// the target when the layer is opaque and only scaled and moved there (text stays upright only
    /// then; opacity < 1 would double-blend where fill and stroke overlap), else rasterized into a
    /// scratch bitmap of the layer's space first, exactly as a cache would have been.
    /// `toWhole` is `toBitmap` as a whole-frame composite has it (`Target.deviceToWholeBitmap`),
    /// for the images.
    func drawContent(_ i: Int, toBitmap: Transform, toWhole: Transform, opacity: Double, into target: Target) {
        switch nodes[i].content {
        case .none:
            return
        case .image(let image):
            draw(image.bitmap, imageToWhole: image.toLocal.concatenating(toWhole), opacity: opacity, into: target)
        case .drawing(let list):
            let axisAligned = toBitmap.b == 0 && toBitmap.c == 0 && toBitmap.a == scale && toBitmap.d == scale
            if opacity >= 1 && axisAligned {
                list.play(into: DisplayList.Target(bitmap: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin),
                          transform: toBitmap, scratch: scratch, images: (toWhole, target.wholeShift))
                return
            }
            guard let (bitmap, toLayerBitmap) = Self.layerBitmap(covering: visibleExtent(i, toBitmap: toBitmap, target: target), scale: scale)
            else { return }
            list.play(into: DisplayList.Target(bitmap: bitmap, clip: bitmap.bounds), transform: toLayerBitmap, scratch: scratch)
            draw(bitmap, imageToWhole: (toLayerBitmap.inverted ?? .identity).concatenating(toWhole), opacity: opacity, into: target)
        }
    }

    /// The part of a node's content extent that can land in the target: all of it when that is no
    /// bigger than a few targets (so ordinary frames are drawn exactly as before), else only what
    /// the target's clip shows, mapped back into the layer (with two pixels of margin for
    /// filtering). A layer far larger than the frame no longer rasterizes its whole content.
    /// The clip is the one a whole-frame composite has, so a band rasterizes the same pixels.
    func visibleExtent(_ i: Int, toBitmap: Transform, target: Target) -> CGRect {
        let extent = nodes[i].contentExtent
        let whole = target.wholeClip
        let clip = PixelRect(x0: whole.x0 - target.origin.x, y0: whole.y0 - target.origin.y, x1: whole.x1 - target.origin.x, y1: whole.y1 - target.origin.y)
        let pixels = Double(extent.width) * Double(extent.height) * scale * scale
        guard pixels > 4 * Double(max(1, clip.width * clip.height)), let back = toBitmap.inverted else { return extent }
        let corners = [Point(Double(clip.x0), Double(clip.y0)), Point(Double(clip.x1), Double(clip.y0)),
                       Point(Double(clip.x0), Double(clip.y1)), Point(Double(clip.x1), Double(clip.y1))].map(back.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard (xs + ys).allSatisfy(\.isFinite), !extent.isNull, !extent.isInfinite,
              [extent.minX, extent.minY, extent.width, extent.height].allSatisfy(\.isFinite) else { return extent }
        let margin = 2 / scale
        let seen = CGRect(x: xs.min()! - margin, y: ys.min()! - margin,
                          width: xs.max()! - xs.min()! + 2 * margin, height: ys.max()! - ys.min()! + 2 * margin)
        return extent.intersection(seen)
    }

    /// A transparent bitmap over `extent` of a layer's space at `scale`, and the map into it.
    static func layerBitmap(covering extent: CGRect, scale: Double) -> (Bitmap, Transform)? {
        DisplayStep.layerBitmap(covering: extent, scale: scale)
    }

    /// The device pixels a subtree may touch (bounds, content and shadow; sublayers unless clipped).
    func subtreeDeviceBounds(_ i: Int, _ v: LayerValues, toDevice: Transform) -> PixelRect {
        // An explicit stack: the bounds of a subtree thousands of levels deep must not recurse.
        var result: PixelRect?
        var stack: [(Int, LayerValues, Transform)] = [(i, v, toDevice)]
        while let (i, v, toDevice) = stack.popLast() {
            var local = v.bounds
            if nodes[i].drawsContent { local = local.union(nodes[i].contentExtent) }
            if v.shadowOpacity > 0 {
                let r = Double(v.shadowRadius) * 1.5 + 1
                let shape = nodes[i].shadowPathBounds ?? local
                local = local.union(shape.offsetBy(dx: v.shadowOffset.width, dy: v.shadowOffset.height).insetBy(dx: -r, dy: -r))
            }
            let own = Self.deviceRect(local, toDevice)
            result = result.map { $0.union(own) } ?? own
            guard !v.masksToBounds else { continue }
            for s in nodes[i].sublayers where !nodes[s].values.isHidden {
                let sv = nodes[s].values
                let m = CALayer.transformToSuperlayer(sv, v).planeProjection
                guard m.isAffine else { return PixelRect(x0: -1 << 20, y0: -1 << 20, x1: 1 << 20, y1: 1 << 20) }
                stack.append((s, sv, Transform(affine: m).concatenating(toDevice)))
            }
        }
        return result!
    }

    /// A subtree's extent in the layer's own coordinates (for drawing it flat).
    func subtreeLocalBounds(_ i: Int, _ v: LayerValues) -> CGRect {
        var local = v.bounds
        if nodes[i].drawsContent { local = local.union(nodes[i].contentExtent) }
        if v.masksToBounds { return local }
        for s in nodes[i].sublayers {
            let sv = nodes[s].values
            let m = CALayer.transformToSuperlayer(sv, v).planeProjection
            guard m.isAffine else { continue }
            let r = subtreeLocalBounds(s, sv)
            let d = Self.deviceRect(r, Transform(affine: m))
            local = local.union(CGRect(x: d.x0, y: d.y0, width: d.width, height: d.height))
        }
        return local
    }

    /// The bounding box of the rectangle's corners (x0, y0), (x1, y0), (x0, y1), (x1, y1) under
    /// `t`, taken in that order as `Array.min()` and `max()` take them (a NaN corner is passed over
    /// the same way), and whether all eight coordinates are finite. No allocation: the compositor
    /// asks this of every node of every frame.
    static func cornerBounds(x0: Double, y0: Double, x1: Double, y1: Double, _ t: Transform) -> (lo: Point, hi: Point, finite: Bool) {
        let first = t.apply(Point(x0, y0))
        var lo = first, hi = first, finite = first.isFinite
        func add(_ q: Point) {
            let p = t.apply(q)
            if p.x < lo.x { lo.x = p.x }
            if p.y < lo.y { lo.y = p.y }
            if hi.x < p.x { hi.x = p.x }
            if hi.y < p.y { hi.y = p.y }
            finite = finite && p.isFinite
        }
        add(Point(x1, y0)); add(Point(x0, y1)); add(Point(x1, y1))
        return (lo, hi, finite)
    }

    static func deviceRect(_ r: CGRect, _ t: Transform) -> PixelRect {
        guard !r.isNull, !r.isEmpty || r.width > 0 || r.height > 0 else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        let b = cornerBounds(x0: Double(r.minX), y0: Double(r.minY), x1: Double(r.maxX), y1: Double(r.maxY), t)
        var px = PixelRect(covering: Rect(x: b.lo.x, y: b.lo.y, width: b.hi.x - b.lo.x, height: b.hi.y - b.lo.y))
        px.x0 -= 1; px.y0 -= 1; px.x1 += 1; px.y1 += 1 // antialiased edges
        return px
    }

    /// True when the first layer drawn (the root's background, or else the root's first sublayer
    /// when the root draws nothing itself) is opaque, axis-aligned and covers the bitmap.
    func firstDrawCoversOpaquely(_ root: Int, toDevice: CATransform3D, bitmap: Bitmap) -> Bool {
        func covers(_ i: Int, _ parent: LayerValues?, _ parentToDevice: CATransform3D) -> Bool {
            let v = nodes[i].values
            guard !v.isHidden, v.opacity >= 1, nodes[i].mask == nil, v.cornerRadius == 0, v.shadowOpacity == 0 else { return false }
            let m = CATransform3DConcat(CALayer.transformToSuperlayer(v, parent), parentToDevice).planeProjection
            guard m.isAffine, m.m12 == 0, m.m21 == 0, m.m11 > 0, m.m22 > 0 else { return false }
            let opaque = (v.backgroundColor?.alpha ?? 0) >= 1 || nodes[i].drawsOpaqueContent
            guard opaque else { return false }
            let x0 = Double(v.bounds.minX) * m.m11 + m.m31, y0 = Double(v.bounds.minY) * m.m22 + m.m32
            let x1 = Double(v.bounds.maxX) * m.m11 + m.m31, y1 = Double(v.bounds.maxY) * m.m22 + m.m32
            return x0 <= 0 && y0 <= 0 && x1 >= Double(bitmap.width) && y1 >= Double(bitmap.height)
        }
        let v = nodes[root].values
        if (v.backgroundColor?.alpha ?? 0) > 0 || nodes[root].drawsContent { return covers(root, nil, toDevice) }
        guard let first = zOrdered(nodes[root].sublayers).first, !v.isHidden, v.opacity >= 1, nodes[root].mask == nil else { return false }
        let rootToDevice = CATransform3DConcat(CALayer.transformToSuperlayer(v, nil), toDevice)
        return covers(first, v, rootToDevice)
    }
}

extension Transform {
    /// The affine part of a projective map that has no perspective.
    init(affine p: ProjectiveTransform) {
        self.init(a: p.m11, b: p.m12, c: p.m21, d: p.m22, tx: p.m31, ty: p.m32)
    }
}
