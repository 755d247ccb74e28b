import Foundation
import Raster
@testable import RasterIO
import Testing

/// Text blocks: truncation keeps as many characters as fit beside the ellipsis, where the mode says.
@Suite struct TextBlockTests {
    let fonts = FontLibrary.shared
    let px = 15

    func width(_ s: String) -> Int { fonts.measure(s, face: .regular, pixelSize: px).width }

    @Test(arguments: [TextBlock.Truncation.tail, .head, .middle])
    func aLineTooWideKeepsTheMostCharactersThatFit(mode: TextBlock.Truncation) {
        let line = "Tap to morph the square"
        for limit in [width(line) - 1, width(line) / 2, width("Tap…"), width("…"), 3] {
            let cut = fonts.truncate(line, to: limit, mode: mode, face: .regular, pixelSize: px)
            #expect(cut.contains("…"), "\(mode) at \(limit): \(cut)")
            #expect(width(cut) <= limit || cut == "…", "\(mode) at \(limit): \(cut) is \(width(cut)) wide")
            let kept = cut.replacingOccurrences(of: "…", with: "")
            switch mode {
            case .tail: #expect(cut.hasSuffix("…") && line.hasPrefix(kept))
            case .head: #expect(cut.hasPrefix("…") && line.hasSuffix(kept))
            default:
                let parts = cut.components(separatedBy: "…")
                #expect(parts.count == 2 && line.hasPrefix(parts[0]) && line.hasSuffix(parts[1]) && parts[0].count >= parts[1].count)
            }
            // One more character would not fit (the count is the most that does).
            let more: String
            switch mode {
            case .tail: more = String(line.prefix(kept.count + 1)) + "…"
            case .head: more = "…" + String(line.suffix(kept.count + 1))
            default:
                let n = kept.count + 1, front = (n + 1) / 2
                more = String(line.prefix(front)) + "…" + String(line.suffix(n - front))
            }
            if kept.count + 1 < line.count && !more.contains(" …") { #expect(width(more) > limit, "\(mode) at \(limit): \(more) also fits") }
        }
        #expect(fonts.truncate(line, to: width(line), mode: mode, face: .regular, pixelSize: px) == line)
        #expect(fonts.truncate(line, to: 10, mode: .none, face: .regular, pixelSize: px) == line)
    }

    @Test func wrappedTextCutAtTheBottomEndsItsLastLineWithAnEllipsis() throws {
        let line = fonts.measure("", face: .regular, pixelSize: px).height
        let block = TextBlock(string: "one two three four five six seven", fontName: "", pixelSize: px, color: Color(r: 1, g: 1, b: 1),
                              alignment: .left, wraps: true, width: width("one two thr"), maxHeight: 2 * line, truncation: .tail)
        let cut = try #require(fonts.rasterize(block))
        var clipped = block
        clipped.truncation = .none
        let plain = try #require(fonts.rasterize(clipped))
        #expect(cut.height == 2 * line && plain.height == 2 * line)
        // The first line is the same; the second differs (an ellipsis after "three").
        func rows(_ b: Bitmap, _ r: Range<Int>) -> [UInt32] { r.flatMap { y in (0..<b.width).map { b[$0, y] } } }
        #expect(rows(cut, 0..<line) == rows(plain, 0..<line))
        #expect(rows(cut, line..<2 * line) != rows(plain, line..<2 * line))
    }
}
