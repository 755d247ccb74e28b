import Foundation
import Raster

/// Where a layer draws its own content: a recorder of drawing calls in the layer's space.
///
/// The display step hands one to `drawPresentedContent(in:)` on the main thread; the recording
/// (a `DisplayList` of values) is then rasterized into the layer's cached bitmap, or, for content
/// that changes every frame, played by the compositor straight into the frame. Drawing code never
/// sees pixels, so it may not assume when or on which thread they are made.
public final class LayerDrawingContext {
    /// Pixels per point the content will be shown at (text is laid out for it).
    public let scale: Double
    /// What was drawn so far.
    /// What was drawn so far outside any transparency layer still open (a layer left open when
    /// drawing ends is dropped, as Core Graphics drops it).
    public var list: DisplayList { outer.first ?? current }
    /// The list being recorded into: `list`, or an open transparency layer's.
    private var current = DisplayList()

    /// Makes a text block's pixels (the font service's `FontLibrary.rasterize`), given by whoever
    /// records: Layers has no fonts. Nil: text is not drawn.
    public let textRasterizer: ((TextBlock) -> Bitmap?)?

    /// An empty recording for content shown at `scale` pixels per point; text drawn into it is
    /// rasterized by `textRasterizer`.
    public init(scale: Double, textRasterizer: ((TextBlock) -> Bitmap?)? = nil) {
        self.scale = scale
        self.textRasterizer = textRasterizer
    }

    /// Records `ops` as they are (the drawing calls of Layers' content types).
    func record(_ body: (inout DisplayList) -> Void) { body(&current) }

    /// The lists set aside while a transparency layer records into a fresh one.
    private var outer: [DisplayList] = []
    /// Records into a fresh list until `endLayer()` (a Core Graphics transparency layer).
    func beginLayer() { outer.append(current); current = DisplayList() }
    /// The layer's list, recording into the list before it again; nil when no layer is open.
    func endLayer() -> DisplayList? {
        guard let previous = outer.popLast() else { return nil }
        defer { current = previous }
        return current
    }

    /// Records `block`'s pixels with their top-left corner at `corner` (layer space), placed on
    /// whole device pixels wherever the recording is played. Nothing without a text rasterizer.
    func drawText(_ block: TextBlock, corner: Point) {
        guard let textRasterizer, let glyphs = textRasterizer(block) else { return }
        current.drawAligned(glyphs, corner: corner)
    }
}

/// A subclass's presented content values, compared to decide whether a cached drawing of them is
/// still good.
public struct LayerContentSnapshot: Equatable {
    let value: Any?
    let equals: (Any?) -> Bool
    /// A snapshot of one `Equatable` value (put several in a tuple-like struct to compare them together).
    public init<T: Equatable>(_ v: T) {
        value = v
        equals = { ($0 as? T) == v }
    }
    /// The snapshot of a layer with no content values of its own: always equal to itself.
    public static let none = LayerContentSnapshot(0)
    /// Equal when both hold equal values of the same type.
    public static func == (a: Self, b: Self) -> Bool { a.equals(b.value) }
}
