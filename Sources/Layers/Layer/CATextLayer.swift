import Foundation
import Raster
import RasterIO

/// A layer that draws one string, as Core Animation's `CATextLayer`.
///
/// Glyphs come from FreeType and HarfBuzz in DejaVu Sans (`font` names "bold" or "mono" choose
/// the other faces). Text starts at the top of the bounds, aligned horizontally by
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
        let b = presented.bounds
        guard let glyphs = renderText(scale: context.scale, bounds: b) else { return }
        // Laid out here (main thread, FreeType); placed on whole pixels wherever it is drawn.
        context.record { $0.drawAligned(glyphs, corner: Point(Double(b.minX), Double(b.minY))) }
    }

    /// The face named exactly by `font` (bundled or registered), else the DejaVu face its name
    /// suggests: "mono" in it gives Mono, "bold" Bold, anything else Sans.
    var face: FontLibrary.Face { FontLibrary.face(for: presentedText.fontName ?? "") }

    /// The text drawn at `scale` pixels per point into a bitmap as wide as the layer's bounds and as
    /// tall as its lines (at most the bounds), or nil when there is nothing to draw. Content cache entries hold the result until a text value or the
    /// bounds change.
    func renderText(scale: Double, bounds: CGRect) -> Bitmap? {
        let text = presentedText
        guard let s = text.string, !s.isEmpty, let color = text.foregroundColor,
              let w = Int(exactly: (Double(bounds.width) * scale).rounded(.up)), w >= 1,
              let h = Int(exactly: (Double(bounds.height) * scale).rounded(.up)), h >= 1 else { return nil }
        let px = Int(saturating: Double(text.fontSize) * scale, rounding: .toNearestOrAwayFromZero)
        guard px >= 1 else { return nil }
        let width = min(w, Bitmap.maxDimension)
        let fonts = FontLibrary.shared
        // Hard line breaks first, then (when wrapped) soft ones at spaces.
        let paragraphs = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = text.isWrapped ? paragraphs.flatMap { wrap($0, width: width, pixelSize: px) } : paragraphs
        let lineHeight = max(1, fonts.measure("", face: face, pixelSize: px).height)
        let heights = lines.map { max(lineHeight, fonts.measure($0, face: face, pixelSize: px).height) }
        // The bitmap is as tall as the lines, not the bounds: a tall layer with one line of text
        // does not allocate (and clear) its whole height; what is below the text is transparent.
        let needed = heights.reduce(0) { $0 &+ $1 }
        guard let out = Bitmap(width: width, height: min(h, needed, Bitmap.maxDimension)) else { return nil }
        let canvas = Canvas(out)
        var y = 0
        for (line, lh) in zip(lines, heights) {
            guard y < out.height else { break }
            if let glyphs = fonts.render(line, face: face, pixelSize: px, color: color.rasterColor) {
                let x: Int
                switch text.alignmentMode {
                case .center: x = (out.width - glyphs.width) / 2
                case .right: x = out.width - glyphs.width
                default: x = 0
                }
                canvas.draw(glyphs, transform: .translation(Double(x), Double(y)), opacity: 1)
            }
            y += lh
        }
        return out
    }

    private func wrap(_ s: String, width: Int, pixelSize: Int) -> [String] {
        var lines: [String] = [], current = ""
        for word in s.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && FontLibrary.shared.measure(candidate, face: face, pixelSize: pixelSize).width > width {
                lines.append(current); current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}

/// Horizontal alignment of a text layer's lines.
public enum CATextLayerAlignmentMode: String, Sendable {
    /// Core Animation's modes: `.center` and `.right` place each line so; `.natural`, `.left` and `.justified` start it at the left (no justification).
    case natural, left, right, center, justified
}
