import Foundation
import Raster

extension FontLibrary {
    /// The pixels of `block`: its lines (hard breaks at `"\n"`, then, when it wraps, soft ones at
    /// spaces) one under the other, each as tall as the face's line or its own glyphs, placed by the
    /// block's alignment in its width. The bitmap is as tall as the lines (at most `maxHeight`), not
    /// more: a tall layer with one line of text does not allocate and clear its whole height.
    /// Nil when there is nothing to draw (an empty string, a size or width under 1).
    ///
    /// What a text layer records is rasterized here, by the display step that owns the fonts
    /// (`LayerDrawingContext.textRasterizer`), on the thread that runs it.
    public func rasterize(_ block: TextBlock) -> Bitmap? {
        guard !block.string.isEmpty, block.pixelSize >= 1, block.width >= 1, block.maxHeight >= 1 else { return nil }
        let face = FontLibrary.face(for: block.fontName), px = block.pixelSize
        let width = min(block.width, Bitmap.maxDimension)
        let paragraphs = block.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = block.wraps ? paragraphs.flatMap { wrap($0, width: width, face: face, pixelSize: px) } : paragraphs
        let lineHeight = max(1, measure("", face: face, pixelSize: px).height)
        let heights = lines.map { max(lineHeight, measure($0, face: face, pixelSize: px).height) }
        let needed = heights.reduce(0) { $0 &+ $1 }
        guard let out = Bitmap(width: width, height: min(block.maxHeight, needed, Bitmap.maxDimension)) else { return nil }
        let canvas = Canvas(out)
        var y = 0
        for (line, lh) in zip(lines, heights) {
            guard y < out.height else { break }
            if let glyphs = render(line, face: face, pixelSize: px, color: block.color) {
                let x: Int
                switch block.alignment {
                case .center: x = (out.width - glyphs.width) / 2
                case .right: x = out.width - glyphs.width
                case .left: x = 0
                }
                canvas.draw(glyphs, transform: .translation(Double(x), Double(y)), opacity: 1)
            }
            y += lh
        }
        return out
    }

    /// `s` broken at spaces into lines no wider than `width` (a word wider than that keeps a line of its own).
    private func wrap(_ s: String, width: Int, face: Face, pixelSize: Int) -> [String] {
        var lines: [String] = [], current = ""
        for word in s.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && measure(candidate, face: face, pixelSize: pixelSize).width > width {
                lines.append(current); current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
