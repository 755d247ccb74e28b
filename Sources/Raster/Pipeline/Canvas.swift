/// The drawing entry point: fills paths, polygons and masks, and draws bitmaps, into a bitmap.
///
/// The layer renderer keeps one canvas per target bitmap and calls it for every layer; a canvas
/// carries a clip rectangle, an optional clip mask (e.g. a rounded-rect `masksToBounds`) and a
/// scratch context (rasterizer cells, row buffers) reused across calls so that a warm canvas does
/// not allocate. Copies share that scratch: use one canvas per thread.
///
/// Coordinates: canvas pixel (0, 0) is bitmap pixel `origin`; a canvas made from a `BitmapView`
/// has its origin at the view's corner and the view as its clip. Pixel centres are at +0.5.
public struct Canvas {
    public let bitmap: Bitmap
    /// Bitmap pixel of canvas coordinate (0, 0). Default (0, 0).
    public var origin: (x: Int, y: Int)
    /// Pixels that may change, in bitmap coordinates; always cut to the bitmap's bounds when used.
    /// Default: the whole bitmap.
    public var clip: PixelRect
    /// A coverage mask multiplied into everything drawn; pixels outside it are clipped away.
    /// Its byte (0, 0) covers canvas pixel `maskOrigin`. Default nil.
    public var mask: Mask?
    public var maskOrigin: (x: Int, y: Int) = (0, 0)
    /// Added to a bitmap pixel's coordinates where a gradient's dither threshold is looked up.
    /// Why: a scratch bitmap cut to a band or damage clip starts elsewhere than the same scratch
    /// in a whole-frame composite; shifted back, its gradients dither as the whole frame's do.
    /// Default (0, 0).
    public var ditherShift: (x: Int, y: Int) = (0, 0)
    /// How drawn pixels combine with the bitmap's (Core Graphics' blend mode). `.normal`
    /// (source-over) takes the canvas's fast paths; any other mode goes through `BlendPainter`.
    /// Default: `.normal`.
    public var blendMode: BlendMode = .normal
    let scratch: CanvasScratch

    /// A canvas over the whole bitmap.
    public init(_ bitmap: Bitmap) {
        self.bitmap = bitmap; origin = (0, 0); clip = bitmap.bounds; scratch = CanvasScratch()
    }
    /// A canvas over a view: coordinates start at the view's corner; nothing outside it changes.
    public init(_ view: BitmapView) {
        self.init(view.bitmap)
        origin = (view.rect.x0, view.rect.y0); clip = view.rect
    }

    /// Fills a path.
    ///
    /// The call behind shape-layer fills, layer backgrounds and gradient layers: flattens the
    /// path (to `Flattener.defaultTolerance`, 1/80 device px, with balanced vertices), scan-converts it with exact-area antialiasing and
    /// composites the paint source-over.
    /// - Parameters:
    ///   - transform: user → canvas space, applied to the path and to a gradient's geometry.
    ///     Default identity.
    ///   - rule: default `.nonZero`.
    ///   - opacity: 0…1, multiplies the paint's alpha. Default 1.
    /// - Complexity: O(path elements + edge cells + painted pixels).
    public func fill(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                     paint: Paint, opacity: Double = 1) {
        let device = transform.concatenating(.translation(Double(origin.x), Double(origin.y)))
        scratch.polygons.removeAll()
        path.flatten(into: &scratch.polygons, transform: device, tolerance: Flattener.defaultTolerance, clip: Rect(effectiveClip))
        fillDevice(scratch.polygons, rule: rule, paint: paint, paintTransform: device, opacity: opacity)
    }

    /// Fills polygons given in canvas coordinates (gradient geometry too is in canvas coordinates).
    ///
    /// Why: outlines that are already device-space polygons (the stroker's output, glyph outlines,
    /// tests) skip flattening. Parameters and defaults as `fill(_:transform:rule:paint:opacity:)`.
    /// - Complexity: O(points + edge cells + painted pixels).
    public func fill(_ polygons: Polygons, rule: FillRule = .nonZero, paint: Paint, opacity: Double = 1) {
        if origin == (0, 0) {
            fillDevice(polygons, rule: rule, paint: paint, paintTransform: .identity, opacity: opacity)
        } else {
            var moved = polygons
            for i in moved.points.indices { moved.points[i].x += Double(origin.x); moved.points[i].y += Double(origin.y) }
            fillDevice(moved, rule: rule, paint: paint,
                       paintTransform: .translation(Double(origin.x), Double(origin.y)), opacity: opacity)
        }
    }

    /// Paints through a coverage mask whose byte (0, 0) lands on canvas pixel `at`.
    ///
    /// Why: shadows are a blurred mask filled with the shadow colour; masked layers likewise.
    /// - Parameters:
    ///   - paint: gradient geometry in canvas coordinates.
    ///   - opacity: 0…1. Default 1.
    /// - Complexity: O(mask pixels inside the clip).
    public func fill(mask m: Mask, at: (x: Int, y: Int), paint: Paint, opacity: Double = 1) {
        let lim = 1 << 40   // far off any bitmap; keeps the sums below from overflowing
        let ox = origin.x + Swift.max(-lim, Swift.min(lim, at.x)), oy = origin.y + Swift.max(-lim, Swift.min(lim, at.y))
        let area = effectiveClip.intersection(PixelRect(x: ox, y: oy, width: m.width, height: m.height))
        guard !area.isEmpty, let target = makeTarget(opacity: opacity) else { return }
        func run<S: SpanSink>(_ sink: inout S) {
            for y in area.y0..<area.y1 {
                sink.maskSpan(y: y, x: area.x0, coverage: m.bytes + (y - oy) * m.stride + (area.x0 - ox), count: area.width)
            }
        }
        if blendMode != .normal {
            switch paint {
            case .solid(let c):
                var s = BlendPainter(target: target, shader: SolidShader(pixel: c.premultipliedPixel), mode: blendMode)
                run(&s)
            case .gradient(let g):
                var s = BlendPainter(target: target, shader: gradientShader(g, transform: .translation(Double(origin.x), Double(origin.y))),
                                     mode: blendMode)
                run(&s)
            }
            return
        }
        switch paint {
        case .solid(let c):
            var s = SolidPainter(target: target, color: c.premultipliedPixel)
            run(&s)
        case .gradient(let g):
            var s = Painter(target: target, shader: gradientShader(g, transform: .translation(Double(origin.x), Double(origin.y))))
            run(&s)
        }
    }

    /// Sets every pixel inside the clip (ignoring the mask) to `color` (default transparent).
    /// - Complexity: O(clip pixels).
    public func clear(_ color: Color = .clear) {
        bitmap.clear(clip.intersection(bitmap.bounds), to: color.premultipliedPixel)
    }

    /// The pixels drawing can change (the clip cut to the bitmap and the mask), in canvas
    /// coordinates: pass it as `clip:` to `Path.stroked` so that an outline skips the detail of
    /// what cannot be seen. An empty clip gives an empty rectangle at its corner.
    public var visibleRect: Rect {
        let c = effectiveClip
        return Rect(PixelRect(x: c.x0 - origin.x, y: c.y0 - origin.y, width: c.width, height: c.height))
    }

    // MARK: - Internals

    /// The clip cut to the bitmap and, with a mask, to the mask's extent.
    var effectiveClip: PixelRect {
        var c = clip.intersection(bitmap.bounds)
        if let m = mask {
            c = c.intersection(PixelRect(x: origin.x + maskOrigin.x, y: origin.y + maskOrigin.y, width: m.width, height: m.height))
        }
        return c
    }

    func makeTarget(opacity: Double) -> Target? {
        let op = opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, opacity))
        let k = UInt32((op * 255).rounded())
        guard k > 0 else { return nil }
        let c = effectiveClip
        scratch.reserveRows(Swift.max(1, c.width))
        var maskBase: UnsafePointer<UInt8>? = nil, maskStride = 0, mx = 0, my = 0
        if let m = mask {
            maskBase = UnsafePointer(m.bytes); maskStride = m.stride
            mx = origin.x + maskOrigin.x; my = origin.y + maskOrigin.y
        }
        return Target(pixels: bitmap.pixels, stride: bitmap.stride, opacity: k, maskBase: maskBase, maskStride: maskStride,
                      maskX: mx, maskY: my, srcRow: scratch.srcRow.base, covRow: scratch.covRow.base)
    }

    func gradientShader(_ g: Gradient, transform: Transform) -> GradientShader {
        var shader = GradientShader(g, lut: scratch.luts.lut(for: g), transform: transform)
        shader.ditherShift = ditherShift
        return shader
    }

    func fillDevice(_ polygons: Polygons, rule: FillRule, paint: Paint, paintTransform: Transform, opacity: Double) {
        guard let target = makeTarget(opacity: opacity) else { return }
        let clip = effectiveClip
        // An outline far larger than any real one is clipped to the clip (one pixel wider) first:
        // the scan sweeps every edge left of or across the clip on every row (Polygons+Clip.swift).
        var polygons = polygons
        if polygons.points.count > Polygons.clipBeforeScanThreshold, !clip.isEmpty,
           let clipped = polygons.clipped(to: Rect(x: Double(clip.x0) - 1, y: Double(clip.y0) - 1,
                                                   width: Double(clip.width) + 2, height: Double(clip.height) + 2)) {
            polygons = clipped
        }
        if blendMode != .normal {
            switch paint {
            case .solid(let c):
                var s = BlendPainter(target: target, shader: SolidShader(pixel: c.premultipliedPixel), mode: blendMode)
                scratch.rasterizer.fill(polygons, rule: rule, clip: clip, into: &s)
            case .gradient(let g):
                var s = BlendPainter(target: target, shader: gradientShader(g, transform: paintTransform), mode: blendMode)
                scratch.rasterizer.fill(polygons, rule: rule, clip: clip, into: &s)
            }
            return
        }
        switch paint {
        case .solid(let c):
            var s = SolidPainter(target: target, color: c.premultipliedPixel)
            scratch.rasterizer.fill(polygons, rule: rule, clip: clip, into: &s)
        case .gradient(let g):
            var s = Painter(target: target, shader: gradientShader(g, transform: paintTransform))
            scratch.rasterizer.fill(polygons, rule: rule, clip: clip, into: &s)
        }
    }
}

/// Reusable working memory for a canvas: the rasterizer, a polygon buffer, recent gradient
/// tables and two scratch rows. The rows are read for every painted shape, unchecked for
/// exclusivity like the rasterizer's scratch (one canvas per thread).
final class CanvasScratch {
    let rasterizer = Rasterizer()
    var polygons = Polygons()
    var luts = LUTCache()
    @exclusivity(unchecked) var srcRow = ScratchBuffer<UInt32>(capacity: 1024)
    @exclusivity(unchecked) var covRow = ScratchBuffer<UInt8>(capacity: 1024)
    func reserveRows(_ n: Int) { srcRow.reserve(n); covRow.reserve(n) }
    deinit { srcRow.deallocate(); covRow.deallocate() }
}
