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
        var lines = block.wraps ? paragraphs.flatMap { wrap($0, width: width, face: face, pixelSize: px) } : paragraphs
        let lineHeight = max(1, measure("", face: face, pixelSize: px).height)
        var heights = lines.map { max(lineHeight, measure($0, face: face, pixelSize: px).height) }
        if block.truncation != .none {
            // Lines that start below the block's height are dropped, and the last one shown says
            // so (UIKit truncates a label's last line at its tail). A line that starts inside the
            // block is shown, cut at the bottom if it must be: a label sized from the font's line
            // height in points can be a pixel shorter than the lines measured in pixels.
            var shown = 0, used = 0
            while shown < lines.count && used < block.maxHeight { used += heights[shown]; shown += 1 }
            if shown < lines.count {
                lines = Array(lines[..<shown]); heights = Array(heights[..<shown])
                if block.truncation != .head { lines[shown - 1] += Self.ellipsis }
            }
            lines = lines.map { truncate($0, to: width, mode: block.truncation, face: face, pixelSize: px) }
        }
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

    /// "…", what a shortened line shows in place of the characters it lost.
    static let ellipsis = "\u{2026}"

    /// `line` shortened to fit `width` pixels by `mode`: as many characters as fit are kept with an
    /// ellipsis at the head, the tail or the middle (the middle keeps one more character before the
    /// ellipsis than after it, when odd). A line that fits is returned as it is; one that ends in
    /// an ellipsis already (the last line shown of a block cut short) keeps it at the tail.
    /// - Complexity: O(log characters) measurements.
    func truncate(_ line: String, to width: Int, mode: TextBlock.Truncation, face: Face, pixelSize: Int) -> String {
        guard mode != .none, measure(line, face: face, pixelSize: pixelSize).width > width else { return line }
        let ellipsis = Self.ellipsis
        let marked = line.hasSuffix(ellipsis) && mode != .head
        let chars = Array(marked ? String(line.dropLast()) : line)
        func shortened(_ kept: Int) -> String {
            switch mode {
            case .head: return ellipsis + String(chars.suffix(kept))
            case .middle where !marked:
                let front = (kept + 1) / 2
                return String(chars.prefix(front)) + ellipsis + String(chars.suffix(kept - front))
            default: return String(chars.prefix(kept)).trimmingTrailingSpaces + ellipsis
            }
        }
        // The most characters kept whose shortened line fits (0: the ellipsis alone).
        var low = 0, high = chars.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(shortened(mid), face: face, pixelSize: pixelSize).width <= width { low = mid } else { high = mid - 1 }
        }
        return shortened(low)
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

private extension String {
    /// The string without the spaces at its end ("Tap to…", not "Tap to …").
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
