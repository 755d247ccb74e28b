import Foundation
import Raster

/// How painting combines with what is already drawn (Core Graphics' `CGBlendMode`, every case,
/// the same raw values). The separable and non-separable modes follow the W3C compositing
/// formulas, the others Porter-Duff, on premultiplied colour (Raster's `BlendMode`; `plusDarker`'s
/// alpha is Flipbook's reading of Apple's formula, see `BlendMode.plusDarker`). Default: `.normal`.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// Source over (the default).
    case normal = 0
    /// Source × destination: darkens.
    case multiply = 1
    /// The inverse of multiplying the inverses: lightens.
    case screen = 2
    /// Multiply or screen, as the destination is dark or light.
    case overlay = 3
    /// The darker of the two per channel.
    case darken = 4
    /// The lighter of the two per channel.
    case lighten = 5
    /// Brightens the destination to reflect the source.
    case colorDodge = 6
    /// Darkens the destination to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens, as the source is dark or light, softly.
    case softLight = 8
    /// Multiply or screen, as the source is dark or light.
    case hardLight = 9
    /// The difference of the two per channel.
    case difference = 10
    /// As difference, with less contrast.
    case exclusion = 11
    /// The source's hue with the destination's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the destination's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the destination's luminosity (tints a grey picture).
    case color = 14
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity = 15
    /// Transparent where painted.
    case clear = 16
    /// The source replaces the destination where painted.
    case copy = 17
    /// The source where the destination is.
    case sourceIn = 18
    /// The source where the destination is not.
    case sourceOut = 19
    /// The source over the destination, only where the destination is.
    case sourceAtop = 20
    /// The destination over the source.
    case destinationOver = 21
    /// The destination where the source is.
    case destinationIn = 22
    /// The destination where the source is not: painting erases.
    case destinationOut = 23
    /// The destination over the source, only where the source is.
    case destinationAtop = 24
    /// Each where the other is not.
    case xor = 25
    /// The sum of the inverses, inverted: darkens, clamped at black.
    case plusDarker = 26
    /// The sum, clamped.
    case plusLighter = 27

    /// The rasterizer's mode.
    public var rasterMode: BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .clear: return .clear
        case .copy: return .copy
        case .sourceIn: return .sourceIn
        case .sourceOut: return .sourceOut
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationIn: return .destinationIn
        case .destinationOut: return .destinationOut
        case .destinationAtop: return .destinationAtop
        case .xor: return .xor
        case .plusLighter: return .plusLighter
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .plusDarker: return .plusDarker
        }
    }
}

/// What a bitmap context (Views' `UIGraphicsBeginImageContextWithOptions`) adds to a context:
/// its size and its pixels. Layers only records; the bitmap is made above it.
public protocol CGBitmapBacking: AnyObject {
    /// Width and height in pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// An image of what the context has drawn so far (nil when it has no pixels).
    func makeImage(of context: CGContext) -> CGImage?
    /// Called after each drawing op is recorded outside any transparency layer (a context over
    /// the caller's memory plays it there at once). Default: nothing (the pixels are made when an
    /// image is asked for).
    func contextDidDraw(_ context: CGContext)
    /// True when the base space's y axis points up in the pixels (Core Graphics' own bitmap
    /// contexts), so text is drawn through the flip as Core Graphics draws it. Default: false.
    var flipsVertically: Bool { get }
}

extension CGBitmapBacking {
    /// Nothing: the pixels are made when an image is asked for.
    public func contextDidDraw(_ context: CGContext) {}
    /// False: y points down, as in UIKit's image contexts.
    public var flipsVertically: Bool { false }
}

extension CGContext {
    // MARK: Compositing state

    /// How later painting combines with what is drawn. Default: `.normal`. Saved with the state.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Later painting casts a shadow: its alpha blurred by `blur` (points, σ = blur / 2), moved by
    /// `offset` (points in the base space, unaffected by the CTM; positive height is down, as on
    /// iOS), in `color` (nil: no shadow). Non-finite values turn the shadow off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else { state.shadow = nil; return }
        state.shadow = DisplayList.Shadow(offset: Point(Double(offset.width), Double(offset.height)), blur: Double(max(0, blur)),
                                          color: color.rasterColor)
    }
    /// A shadow in Core Graphics' default colour, black at one third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// The current compositing state for one op (`opacity` for ops whose colour does not carry the alpha).
    func drawStyle(opacity: Double = 1, clip: Int? = nil) -> DisplayList.DrawStyle {
        DisplayList.DrawStyle(blendMode: state.blendMode.rasterMode, opacity: opacity, clip: clip, shadow: state.shadow)
    }

    /// Records `op` with the current blend mode and shadow.
    func record(_ op: DisplayList.Op, opacity: Double = 1, clip: Int? = nil) {
        let style = drawStyle(opacity: opacity, clip: clip)
        target?.record { $0.draw(op, style: style) }
        if layerStates.isEmpty { bitmapBacking?.contextDidDraw(self) }
    }

    /// False when the clip is empty (nothing can be drawn).
    var clipIsOpen: Bool { state.clip == nil || state.clip?.id != nil }

    // MARK: Clearing

    /// Makes `rect` (user space) transparent, whatever the blend mode (Core Graphics' `clear(_:)`).
    public func clear(_ rect: CGRect) {
        saveGState()
        setBlendMode(.clear)
        state.shadow = nil
        fill(rect)
        restoreGState()
    }

    // MARK: Images

    /// Draws `image` scaled into `rect` (user space) the way Core Graphics does: its first row at
    /// the rectangle's maximum y. In a UIKit context (y down) that is upside down, as on iOS —
    /// flip the CTM first (`translateBy(x: 0, y: h)`, `scaleBy(x: 1, y: -1)`), or use
    /// `UIImage.draw(in:)`, which draws upright. An empty or non-finite rectangle draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard clipIsOpen, r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite else { return }
        let sx = Double(r.width) / Double(image.width), sy = Double(r.height) / Double(image.height)
        let flipped = Transform(a: sx, b: 0, c: 0, d: -sy, tx: Double(r.minX), ty: Double(r.maxY))
        drawImage(image.bitmap, userTransform: flipped)
    }

    /// Draws a bitmap whose pixel space maps into user space by `userTransform`, through the CTM,
    /// at the context's alpha (UIImage's upright drawing uses it).
    public func drawImage(_ bitmap: Bitmap, userTransform: Transform) {
        guard clipIsOpen else { return }
        drawingOperations += 1
        record(.image(bitmap, imageTransform: userTransform.concatenating(Transform(state.ctm))), opacity: Double(state.alpha),
               clip: state.clip?.id)
    }

    /// Intersects the clip with `mask` drawn into `rect` (user space, Core Graphics' orientation
    /// as `draw(_:in:)`): an image with transparency masks by its alpha; an opaque one by its
    /// grey level (white shows, black hides), as a DeviceGray mask. Outside `rect` nothing shows.
    public func clip(to rect: CGRect, mask: CGImage) {
        beginPath()
        guard let target, clipIsOpen else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite else {
            state.clip = LayerClip(id: nil)
            return
        }
        let sx = Double(r.width) / Double(mask.width), sy = Double(r.height) / Double(mask.height)
        let flipped = Transform(a: sx, b: 0, c: 0, d: -sy, tx: Double(r.minX), ty: Double(r.maxY))
        let coverage = mask.bitmap.isOpaque ? mask.bitmap.alphaFromGrey() : mask.bitmap
        let previous = state.clip?.id
        var id = 0
        target.record { id = $0.clip(mask: coverage, imageTransform: flipped.concatenating(Transform(state.ctm)), intersecting: previous) }
        state.clip = LayerClip(id: id)
    }

    // MARK: Text

    /// Pixels per point text is made at in this context: the recording's scale times the CTM's
    /// (the square root of its determinant's size), at most 64 (1 where it is not finite or 0).
    public var textScale: Double {
        let m = state.ctm
        let k = contentScale * Double(abs(m.a * m.d - m.b * m.c)).squareRoot()
        return k.isFinite && k > 0 ? min(k, 64) : 1
    }

    /// Records `block`'s pixels (made by the context's text rasterizer, taken to be made at
    /// `textScale` pixels per point) with their top-left corner at `point` in user space, through
    /// the CTM, with the context's clip, alpha, blend mode and shadow.
    ///
    /// A CTM that only moves and scales evenly places the glyphs on whole device pixels, as made
    /// (crisp, and the bytes text always had); one that turns, flips or stretches draws them
    /// through the whole CTM, resampled, as Core Graphics draws text in a rotated context.
    public func drawText(_ block: TextBlock, at point: CGPoint) {
        guard clipIsOpen, let target, let rasterize = target.textRasterizer, let glyphs = rasterize(block) else { return }
        drawingOperations += 1
        let m = state.ctm
        let corner = point.applying(m)
        guard corner.x.isFinite, corner.y.isFinite else { return }
        if m.b == 0, m.c == 0, m.a == m.d, m.a > 0, bitmapBacking?.flipsVertically != true {
            record(.alignedImage(glyphs, corner: Point(corner)), opacity: Double(state.alpha), clip: state.clip?.id)
            return
        }
        let k = textScale
        let toBase = Transform.scale(1 / k, 1 / k).concatenating(.translation(Double(point.x), Double(point.y))).concatenating(Transform(m))
        record(.image(glyphs, imageTransform: toBase), opacity: Double(state.alpha), clip: state.clip?.id)
    }

    /// Records another drawing (a layer's content, `CALayer.render(in:)`) under the CTM, with the
    /// context's clip, alpha and blend mode.
    public func drawRecording(_ list: DisplayList, opacity: CGFloat = 1) {
        guard clipIsOpen, !list.isEmpty else { return }
        drawingOperations += 1
        let a = Double(state.alpha * (opacity.isFinite ? max(0, min(1, opacity)) : 1))
        record(.group(list, transform: Transform(state.ctm)), opacity: a, clip: state.clip?.id)
    }

    // MARK: Transparency layers

    /// Starts a transparency layer (Core Graphics' function): what is drawn until
    /// `endTransparencyLayer()` is composited as one picture then, with the alpha, blend mode,
    /// shadow and clip in effect now; inside, those start at their defaults (the CTM is kept).
    /// `auxiliaryInfo` is ignored (iOS code passes nil). Layers nest.
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        layerStates.append((state, savedDepth))
        target?.beginLayer()
        saveGState()
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        state.clip = nil
    }
    /// Starts a transparency layer whose bounds are `rect` (Flipbook's layer covers the whole context).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) { beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo) }

    /// Ends the innermost transparency layer and composites it (states saved inside it and not
    /// restored are dropped). Without one open: one reported line, nothing done.
    public func endTransparencyLayer() {
        guard let (outerState, depth) = layerStates.popLast() else {
            CAEngine.current.report("CGContext.endTransparencyLayer: no transparency layer is open; nothing ended")
            return
        }
        let inner = target?.endLayer()
        dropSavedStates(to: depth)
        state = outerState
        guard let inner, !inner.isEmpty, clipIsOpen else { return }
        drawingOperations += 1
        record(.group(inner, transform: .identity), opacity: Double(state.alpha), clip: state.clip?.id)
    }

    // MARK: Bitmap contexts

    /// An image of what a bitmap context has drawn so far; nil for a context that is not a bitmap
    /// (a view's `draw(_:)`), as Core Graphics answers.
    public func makeImage() -> CGImage? { bitmapBacking?.makeImage(of: self) }
    /// A bitmap context's width in pixels (0 for others).
    public var width: Int { bitmapBacking?.pixelWidth ?? 0 }
    /// A bitmap context's height in pixels (0 for others).
    public var height: Int { bitmapBacking?.pixelHeight ?? 0 }
    /// Pixels per point of the recording (a bitmap context's scale; 1 without one).
    public var contentScale: Double { target?.scale ?? 1 }
    /// What the context has recorded outside any open transparency layer (a bitmap context plays
    /// it into its pixels).
    public var recording: DisplayList? { target?.list }
}

extension Bitmap {
    /// True when every pixel's alpha is 255.
    var isOpaque: Bool {
        for y in 0..<height { for p in row(y) where p >> 24 != 255 { return false } }
        return true
    }
    /// A white bitmap whose alpha is this one's grey level (the mean of red, green and blue).
    func alphaFromGrey() -> Bitmap {
        let out = Bitmap(width: width, height: height)!   // same valid sides
        for y in 0..<height {
            let src = row(y), dst = out.row(y)
            for x in 0..<width {
                let p = src[x]
                let g = (Pixel.r(p) + Pixel.g(p) + Pixel.b(p) + 1) / 3
                dst[x] = Pixel.pack(r: g, g: g, b: g, a: g)
            }
        }
        return out
    }
}
