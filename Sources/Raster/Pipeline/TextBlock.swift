/// A block of text to be made into pixels: what a text layer records when it draws.
///
/// Raster has no fonts. A `TextBlock` says only what to draw — the string, a font name, a pixel
/// size, a colour, how lines align and whether they wrap, and the most pixels it may cover — and
/// the font service that owns the faces (RasterIO's `FontLibrary.rasterize(_:)`) lays it out and
/// rasterizes it. Why: the model (Layers) records its drawing without reaching font or file code;
/// the display step, which does, hands the recorder its rasterizer.
public struct TextBlock: Hashable, Sendable {
    /// Where each line sits horizontally in the block's width.
    public enum Alignment: Hashable, Sendable { case left, center, right }
    /// Where a line too wide for the block loses characters to an ellipsis ("…").
    public enum Truncation: Hashable, Sendable {
        /// Lines are cut at the block's edges.
        case none
        /// "…end of the line"
        case head
        /// "Start of the…"
        case tail
        /// "Start…line"
        case middle
    }
    /// The text; `"\n"` breaks lines.
    public var string: String
    /// The face's name as the font service understands it (empty: its default face).
    public var fontName: String
    /// The font's size in pixels (≥ 1).
    public var pixelSize: Int
    /// The glyphs' colour.
    public var color: Color
    /// How each line is placed across `width`.
    public var alignment: Alignment
    /// When true, lines also break at spaces to fit `width`.
    public var wraps: Bool
    /// The block's width in pixels: lines align and wrap within it (1…`Bitmap.maxDimension`).
    public var width: Int
    /// The most rows the block may cover; lines below it are cut.
    public var maxHeight: Int
    /// How a line wider than `width` is shortened; with `.tail` or `.middle`, a block whose lines
    /// do not all fit in `maxHeight` ends its last shown line with "…" too. Default: `.none`.
    public var truncation: Truncation

    /// A block of `string` in `fontName` at `pixelSize`, `width` pixels wide and at most `maxHeight` tall.
    public init(string: String, fontName: String, pixelSize: Int, color: Color, alignment: Alignment, wraps: Bool,
                width: Int, maxHeight: Int, truncation: Truncation = .none) {
        (self.string, self.fontName, self.pixelSize, self.color) = (string, fontName, pixelSize, color)
        (self.alignment, self.wraps, self.width, self.maxHeight, self.truncation) = (alignment, wraps, width, maxHeight, truncation)
    }
}
