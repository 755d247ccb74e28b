/// Drawing recorded in one coordinate space (a layer's), to be played into any bitmap later under
/// a transform: what a layer's content is between the main thread, where it is drawn (user code,
/// text layout), and the compositor, which may rasterize it on another thread.
///
/// A list holds values only (paths, paints, immutable bitmaps). Playing it with transform `T` and
/// canvas settings `C` gives exactly the pixels the same calls made directly through `C` under `T`
/// would, so content can be cached as a bitmap or drawn straight into a frame from one recording.
public struct DisplayList: @unchecked Sendable {
    /// One recorded drawing call. `pathTransform` maps the path into the list's space before the
    /// playback transform (nil: the path is already in it).
    public enum Op {
        /// Fills a path; `clip` names an earlier `.clip` (nil: unclipped).
        case fill(Path, pathTransform: Transform?, rule: FillRule, paint: Paint, clip: Int?)
        /// Strokes a path, trimmed to `trim` (fractions of its length, nil: whole) first.
        case stroke(Path, pathTransform: Transform?, style: StrokeStyle, trim: (start: Double, end: Double)?, color: Color, clip: Int?)
        /// Draws an image whose pixel space maps into the list's space by `imageTransform`.
        case image(Bitmap, imageTransform: Transform)
        /// Draws an image unscaled, its corner at the device pixel nearest to `corner` (text).
        case alignedImage(Bitmap, corner: Point)
        /// Defines clip number n (the n-th `.clip`, from 0): the inside of the path, intersected
        /// with clip `intersecting`.
        case clip(Path, pathTransform: Transform?, rule: FillRule, intersecting: Int?)
        /// Defines the next clip from an image: its alpha, drawn under `imageTransform` (image pixel
        /// space → the list's), is the coverage, intersected with clip `intersecting`. Outside the
        /// image nothing shows.
        case clipMask(Bitmap, imageTransform: Transform, intersecting: Int?)
        /// Plays another list under `transform` (its space → this list's); its clips are its own.
        case group(DisplayList, transform: Transform)
        /// Draws a fill, stroke, image, text or group with Core Graphics' compositing state: its
        /// shadow first, then the op at `style.opacity` in `style.blendMode`.
        indirect case styled(Op, style: DrawStyle)
    }

    /// Core Graphics' compositing state for one op (`styled`).
    public struct DrawStyle: Sendable {
        /// How the op's pixels combine with what is under them. Default: `.normal`.
        public var blendMode: BlendMode
        /// Multiplies the op's alpha (0…1). Default: 1.
        public var opacity: Double
        /// The clip an image, text or group is drawn through (fills and strokes name their own).
        /// Default: nil (unclipped).
        public var clip: Int?
        /// A shadow cast by what the op draws. Default: nil.
        public var shadow: Shadow?
        public init(blendMode: BlendMode = .normal, opacity: Double = 1, clip: Int? = nil, shadow: Shadow? = nil) {
            self.blendMode = blendMode; self.opacity = opacity; self.clip = clip; self.shadow = shadow
        }
    }

    /// A shadow as Core Graphics casts it: the op's alpha, blurred, in `color`, moved by `offset`.
    public struct Shadow: Sendable {
        /// How far the shadow is moved, in the list's space (through the playback transform's
        /// linear part only), rounded to whole device pixels.
        public var offset: Point
        /// Core Graphics' blur, in the list's units: a Gaussian of σ = blur / 2 (as `shadowRadius`).
        public var blur: Double
        /// The shadow's colour; its alpha scales the shadow.
        public var color: Color
        /// True when only the shadow is drawn, not the op that casts it (a layer's shadow, which
        /// `CALayer.render(in:)` draws under the layer as the compositor does). Default: false.
        public var castOnly: Bool
        public init(offset: Point, blur: Double, color: Color, castOnly: Bool = false) {
            self.offset = offset; self.blur = blur; self.color = color; self.castOnly = castOnly
        }
    }

    public private(set) var ops: [Op] = []
    /// Number of `.clip` ops so far (the next clip's number).
    public private(set) var clipCount = 0

    public init() {}
    public var isEmpty: Bool { ops.isEmpty }

    public mutating func fill(_ path: Path, pathTransform: Transform? = nil, rule: FillRule = .nonZero, paint: Paint, clip: Int? = nil) {
        ops.append(.fill(path, pathTransform: pathTransform, rule: rule, paint: paint, clip: clip))
    }

    public mutating func stroke(_ path: Path, pathTransform: Transform? = nil, style: StrokeStyle, trim: (start: Double, end: Double)? = nil,
                                color: Color, clip: Int? = nil) {
        ops.append(.stroke(path, pathTransform: pathTransform, style: style, trim: trim, color: color, clip: clip))
    }

    public mutating func draw(_ image: Bitmap, imageTransform: Transform) {
        ops.append(.image(image, imageTransform: imageTransform))
    }

    public mutating func drawAligned(_ image: Bitmap, corner: Point) {
        ops.append(.alignedImage(image, corner: corner))
    }

    /// Records `op` drawn with `style` (as it is, when the style is the default one).
    public mutating func draw(_ op: Op, style: DrawStyle) {
        if style.blendMode == .normal, style.opacity >= 1, style.clip == nil, style.shadow == nil {
            ops.append(op)
        } else {
            ops.append(.styled(op, style: style))
        }
    }

    /// Records a clip made from an image's alpha and returns its number for later ops.
    public mutating func clip(mask image: Bitmap, imageTransform: Transform, intersecting previous: Int? = nil) -> Int {
        ops.append(.clipMask(image, imageTransform: imageTransform, intersecting: previous))
        clipCount += 1
        return clipCount - 1
    }

    /// Records a clip and returns its number for later ops.
    public mutating func clip(_ path: Path, pathTransform: Transform? = nil, rule: FillRule = .nonZero, intersecting previous: Int? = nil) -> Int {
        ops.append(.clip(path, pathTransform: pathTransform, rule: rule, intersecting: previous))
        clipCount += 1
        return clipCount - 1
    }
}

extension Path {
    /// The outline of this path's stroke in device space: trimmed to `start…end` of its length
    /// (each clamped to 0…1; nothing when end ≤ start) as Core Animation's strokeStart/strokeEnd
    /// trim, then stroked under `transform`; `clip` as for `stroked` (default nil: everything).
    public func strokeOutline(trimmedFrom start: Double, to end: Double, style: StrokeStyle, transform: Transform,
                              clip: Rect? = nil) -> Polygons {
        let s = max(0, min(1, start)), e = max(0, min(1, end))
        guard e > s else { return Polygons() }
        let trimmed = s <= 0 && e >= 1 ? self : self.trimmed(from: s, to: e)
        return trimmed.stroked(style, transform: transform, clip: clip)
    }
}
