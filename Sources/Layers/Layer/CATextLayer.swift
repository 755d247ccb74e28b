import Foundation
import Raster

/// A layer that draws one string, as Core Animation's `CATextLayer`.
///
/// The layer records its text as a `TextBlock`; the display step's font service (HarfBuzz and FreeType, in
/// DejaVu Sans unless `font` names a registered face; "bold" or "mono" in the name choose the other
/// bundled faces) rasterizes it. Text starts at the top of the bounds, aligned horizontally by
/// `alignmentMode`; with `isWrapped` it breaks at spaces to fit the width.
open class CATextLayer: CALayer {
    /// The text values, presented and animated with the layer's.
    public struct Values: Equatable, Sendable {
        /// The text drawn. Default: nil.
        public var string: String?
        /// Default: 36, as Core Animation.
        public var fontSize: CGFloat = 36
        /// Default: opaque white.
        public var foregroundColor: CGColor? = .white
        /// How each line sits horizontally: `.center`, `.right`, or at the left for the others. Default: `.natural`.
        public var alignmentMode: CATextLayerAlignmentMode = .natural
        /// Whether lines break at spaces to fit the bounds' width. Default: false.
        public var isWrapped = false
        /// How a line too wide for the bounds is shortened with "…". Default: `.none` (cut).
        public var truncationMode: CATextLayerTruncationMode = .none
        /// "DejaVuSans" (default), "bold" or "mono" (any name containing those words).
        public var fontName: String?
    }
    /// The model values of the text properties.
    @exclusivity(unchecked) public internal(set) var text = Values()

    public override init() { super.init() }
    /// A copy of `layer` (a presentation layer), as Core Animation makes them.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let t = layer as? CATextLayer { text = t.text }
    }

    /// The text drawn. Default: nil.
    public var string: String? { get { text.string } set { updateText(\.string, newValue, "string") } }
    /// The text size in points. Animatable. Default: 36.
    public var fontSize: CGFloat { get { text.fontSize } set { updateText(\.fontSize, newValue, "fontSize") } }
    /// The text colour. Animatable. Default: opaque white.
    public var foregroundColor: CGColor? { get { text.foregroundColor } set { updateText(\.foregroundColor, newValue, "foregroundColor") } }
    /// How lines are aligned in the bounds. Default: `.natural` (left).
    public var alignmentMode: CATextLayerAlignmentMode { get { text.alignmentMode } set { updateText(\.alignmentMode, newValue, "alignmentMode") } }
    /// When true long lines wrap at spaces to the bounds' width. Default: false.
    public var isWrapped: Bool { get { text.isWrapped } set { updateText(\.isWrapped, newValue, "isWrapped") } }
    /// Where a line too wide for the bounds is shortened with an ellipsis ("…"): `.start`, `.middle`
    /// or `.end`; `.none` cuts it at the bounds. With `.end` or `.middle`, wrapped text cut at the
    /// bottom of the bounds ends its last line with "…". Default: `.none`.
    public var truncationMode: CATextLayerTruncationMode {
        get { text.truncationMode } set { updateText(\.truncationMode, newValue, "truncationMode") }
    }
    /// The font, by name (Apple's `font` takes a CTFont, CGFont or name; the name form ports).
    public var font: String? { get { text.fontName } set { updateText(\.fontName, newValue, "font") } }

    private func updateText<T: Equatable>(_ path: WritableKeyPath<Values, T>, _ value: T, _ key: String) {
        guard text[keyPath: path] != value else { return }
        changeContent(forKey: key, old: text[keyPath: path]) { text[keyPath: path] = value }
    }

    open override func modelValueDidChange(_ key: String) {
        super.modelValueDidChange(key)
        if key == "bounds" { setNeedsDisplay() }
    }

    /// The text values on screen at the last frame.
    @exclusivity(unchecked) public internal(set) var presentedText = Values()
    open override func presentContent() { presentedText = text }
    open override func copyPresentedContent(from layer: CALayer) {
        if let t = layer as? CATextLayer { text = t.presentedText; presentedText = t.presentedText }
    }
    open override var drawsContent: Bool { !(presentedText.string ?? "").isEmpty }
    open override func contentDescription() -> [String] { ["string \"\(text.string ?? "")\" fontSize \(text.fontSize)"] }

    open override func tracedValues() -> [(String, TraceValue)] {
        super.tracedValues() + [("string", .text(presentedText.string ?? ""))]
    }
    open override func presentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        switch key {
        case .fontSize: return .number(Double(presentedText.fontSize))
        case .foregroundColor: return AnimationValue(presentedText.foregroundColor ?? .clear)
        default: return super.presentedValue(for: key)
        }
    }
    open override func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        switch key {
        case .fontSize: if let n = value.number { presentedText.fontSize = CGFloat(n) }
        case .foregroundColor: if let c: CGColor = value.other() { presentedText.foregroundColor = c }
        default: super.setPresentedValue(value, for: key)
        }
    }
    open override func presentedContentSnapshot() -> LayerContentSnapshot { LayerContentSnapshot(presentedText) }
    open override func drawPresentedContent(in context: LayerDrawingContext) {
        guard let block = textBlock(scale: context.scale, bounds: presented.bounds) else { return }
        let b = presented.bounds
        // Rasterized by the display step's font service; placed on whole pixels wherever it is drawn.
        context.drawText(block, corner: Point(Double(b.minX), Double(b.minY)))
    }

    /// What the layer's presented text values ask to be drawn at `scale` pixels per point, in a
    /// block as wide as the bounds and at most as tall; nil when there is nothing to draw (no
    /// string or colour, a size or bounds under a pixel, NaN or infinite values).
    func textBlock(scale: Double, bounds: CGRect) -> TextBlock? {
        let text = presentedText
        guard let s = text.string, !s.isEmpty, let color = text.foregroundColor,
              let w = Int(exactly: (Double(bounds.width) * scale).rounded(.up)), w >= 1,
              let h = Int(exactly: (Double(bounds.height) * scale).rounded(.up)), h >= 1 else { return nil }
        let px = Int(saturating: Double(text.fontSize) * scale, rounding: .toNearestOrAwayFromZero)
        guard px >= 1 else { return nil }
        let alignment: TextBlock.Alignment
        switch text.alignmentMode {
        case .center: alignment = .center
        case .right: alignment = .right
        default: alignment = .left
        }
        return TextBlock(string: s, fontName: text.fontName ?? "", pixelSize: px, color: color.rasterColor, alignment: alignment,
                         wraps: text.isWrapped, width: min(w, Bitmap.maxDimension), maxHeight: h, truncation: text.truncationMode.truncation)
    }
}

/// Horizontal alignment of a text layer's lines.
public enum CATextLayerAlignmentMode: String, Sendable {
    /// Core Animation's modes: `.center` and `.right` place each line so; `.natural`, `.left` and `.justified` start it at the left (no justification).
    case natural, left, right, center, justified
}

/// Where a text layer shortens a line too wide for its bounds (Core Animation's `CATextLayerTruncationMode`).
public enum CATextLayerTruncationMode: String, Sendable {
    /// Core Animation's modes: `.none` cuts the line at the bounds; `.start` ("…end"), `.end`
    /// ("Start…") and `.middle` ("Sta…nd") put an ellipsis where characters were left out.
    case none, start, end, middle

    /// The raster text block's truncation.
    var truncation: TextBlock.Truncation {
        switch self {
        case .none: return .none
        case .start: return .head
        case .end: return .tail
        case .middle: return .middle
        }
    }
}
