import Foundation
import Layers
import Raster
import RasterIO

/// Lines of attributed text laid out for drawing: runs of one font, colour and kerning, broken at
/// spaces to a width, each line as tall as its tallest font plus the paragraph's line spacing,
/// pieces sitting on a common baseline. What `NSAttributedString.draw`, `String.draw` and
/// `UILabel.attributedText` draw.
///
/// Measured in device pixels at `scale` (HarfBuzz's advances), then given in points. A run with
/// kerning is drawn a character at a time, each followed by the kerning (pair kerning inside it is
/// then lost); one without is drawn whole, a word at a time.
struct TextLayout {
    /// Text with one set of attributes.
    struct Run {
        var text: String
        var font: UIFont
        var color: CGColor
        var kern: CGFloat
        init(text: String, attributes: [NSAttributedString.Key: Any]) {
            self.text = text
            font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 12)
            color = (attributes[.foregroundColor] as? UIColor)?.cgColor ?? CGColor.black
            let k = (attributes[.kern] as? NSNumber)?.doubleValue ?? (attributes[.kern] as? Double) ?? (attributes[.kern] as? CGFloat).map(Double.init) ?? 0
            kern = k.isFinite ? CGFloat(k) : 0
        }
    }
    /// A word (with its trailing spaces) of one run, placed in its line.
    struct Piece {
        var text: String
        var run: Int
        var x: CGFloat
        var width: CGFloat
    }
    struct Line {
        var pieces: [Piece] = []
        /// Up to the last non-space character.
        var width: CGFloat = 0
        var height: CGFloat = 0
        var ascent: CGFloat = 0
        var top: CGFloat = 0
    }

    let runs: [Run]
    let scale: Double
    let alignment: NSTextAlignment
    private(set) var lines: [Line] = []
    /// The widest line and the lines' height, in points.
    private(set) var size: CGSize = .zero

    /// The pixels per point text is drawn at in `ctx`: its recording's scale times the CTM's.
    static func scale(of ctx: CGContext) -> Double { ctx.textScale }

    /// Lays out `runs` broken at spaces to `maxWidth` points (nil: only at line breaks).
    /// - Complexity: O(characters) measurements.
    init(runs: [Run], paragraph: NSParagraphStyle, maxWidth: CGFloat?, scale: Double) {
        self.runs = runs
        self.scale = scale
        alignment = paragraph.alignment
        let limit = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var line = Line(), glued = false
        func finish() {
            if line.height == 0, let last = runs.last { (line.height, line.ascent) = metrics(of: last) }
            lines.append(line)
            line = Line()
        }
        for (index, run) in runs.enumerated() {
            let (height, ascent) = metrics(of: run)
            let paragraphs = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (p, paragraph) in paragraphs.enumerated() {
                if p > 0 { finish(); glued = false }
                for word in Self.words(of: String(paragraph)) {
                    let full = width(of: word, run: run), inked = width(of: Self.trimmed(word), run: run)
                    // A word continued from the run before (no space between) stays on its line.
                    if let limit, !line.pieces.isEmpty, !glued, (line.pieces.last.map { $0.x + $0.width } ?? 0) + inked > limit {
                        finish()
                    }
                    let x = line.pieces.last.map { $0.x + $0.width } ?? 0
                    line.pieces.append(Piece(text: word, run: index, x: x, width: full))
                    line.width = max(line.width, x + inked)
                    line.height = max(line.height, height)
                    line.ascent = max(line.ascent, ascent)
                    glued = !(word.last?.isWhitespace ?? true)
                }
                if paragraph.isEmpty { line.height = max(line.height, height); line.ascent = max(line.ascent, ascent) }
            }
        }
        if !line.pieces.isEmpty || line.height > 0 || lines.isEmpty { finish() }
        var y: CGFloat = 0
        for i in lines.indices {
            if i > 0 { y += paragraph.lineSpacing }
            lines[i].top = y
            y += lines[i].height
        }
        size = CGSize(width: lines.map(\.width).max() ?? 0, height: runs.isEmpty ? 0 : y)
    }

    /// Keeps the first `count` lines (at least one).
    mutating func keepLines(_ count: Int) {
        guard lines.count > max(1, count) else { return }
        lines.removeLast(lines.count - max(1, count))
        size = CGSize(width: lines.map(\.width).max() ?? 0, height: (lines.last.map { $0.top + $0.height }) ?? 0)
    }

    /// Words with the spaces after them.
    static func words(of text: String) -> [String] {
        var out: [String] = [], current = ""
        for ch in text {
            if !ch.isWhitespace, let last = current.last, last.isWhitespace { out.append(current); current = "" }
            current.append(ch)
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
    static func trimmed(_ word: String) -> String {
        var s = Substring(word)
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }

    func pixelSize(_ font: UIFont) -> Int { max(1, Int(saturating: Double(font.pointSize) * scale, rounding: .toNearestOrAwayFromZero)) }

    /// A line's height and ascent in `run`'s font, in points.
    func metrics(of run: Run) -> (CGFloat, CGFloat) {
        let px = FontLibrary.shared.lineHeight(face: run.font.face, pixelSize: pixelSize(run.font))
        let h = CGFloat(Double(px > 0 ? px : pixelSize(run.font)) / scale)
        return (h, h * 1901 / 2384)
    }

    /// `text`'s advance in `run`'s font and kerning, in points.
    func width(of text: String, run: Run) -> CGFloat {
        guard !text.isEmpty else { return 0 }
        let px = pixelSize(run.font)
        if run.kern == 0 { return CGFloat(Double(FontLibrary.shared.measure(text, face: run.font.face, pixelSize: px).width) / scale) }
        return text.reduce(0) { $0 + CGFloat(Double(FontLibrary.shared.measure(String($1), face: run.font.face, pixelSize: px).width) / scale) + run.kern }
    }

    /// Draws the lines with the layout's top-left corner at `origin`, each placed by the
    /// alignment across `width` (nil: at the left).
    func draw(in ctx: CGContext, at origin: CGPoint, width: CGFloat?) {
        for line in lines {
            let free = (width ?? line.width) - line.width
            let dx: CGFloat = alignment == .center ? free / 2 : alignment == .right ? free : 0
            for piece in line.pieces {
                let run = runs[piece.run]
                let (h, ascent) = metrics(of: run)
                let top = origin.y + line.top + line.ascent - ascent
                if run.kern == 0 {
                    draw(piece.text, run: run, height: h, at: CGPoint(x: origin.x + dx + piece.x, y: top), in: ctx)
                } else {
                    var x = origin.x + dx + piece.x
                    for ch in piece.text {
                        draw(String(ch), run: run, height: h, at: CGPoint(x: x, y: top), in: ctx)
                        x += self.width(of: String(ch), run: run)
                    }
                }
            }
        }
    }

    private func draw(_ text: String, run: Run, height: CGFloat, at point: CGPoint, in ctx: CGContext) {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty, run.color.alpha > 0 else { return }
        let px = pixelSize(run.font)
        let measured = FontLibrary.shared.measure(trimmed, face: run.font.face, pixelSize: px)
        // As tall as the line or the glyphs, whichever is more (an underscore hangs below the line).
        let tall = max(Int((Double(height) * scale).rounded(.up)), measured.height)
        let block = TextBlock(string: trimmed, fontName: run.font.fontName, pixelSize: px, color: run.color.rasterColor, alignment: .left,
                              wraps: false, width: max(1, min(measured.width + 1, Bitmap.maxDimension)),
                              maxHeight: max(1, min(tall, Bitmap.maxDimension)))
        // The block is made at `scale` (the context's `textScale`) pixels per point; the context
        // places it through the CTM.
        ctx.drawText(block, at: point)
    }
}
