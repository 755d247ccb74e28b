import Raster
import TestSupport
import Testing

/// `SpanSink.solidSpansAreMasks`: the rasterizer sends the short full runs between two runs of edge
/// cells inside one mask span to a sink that says a full mask draws what a full solid span does
/// (`SolidPainter`: an opaque colour at full opacity without a clip mask). The coverage must be the same, and so
/// must the bytes the painter's two blends give a coverage of 255.
@Suite struct RasterizerMergedSpansTests {
    /// Records coverage per pixel and the number of spans; `merges` is what it says for
    /// `solidSpansAreMasks`.
    struct Recorder: SpanSink {
        let width: Int, merges: Bool
        var cov: [UInt8]
        var spans = 0, maskSpans = 0, lastY = Int.min, lastEnd = Int.min, disorder = 0
        init(width: Int, height: Int, merges: Bool) {
            self.width = width; self.merges = merges; cov = Array(repeating: 0, count: width * height)
        }
        var solidSpansAreMasks: Bool { merges }
        private mutating func order(_ y: Int, _ x: Int, _ n: Int) {
            if y < lastY || (y == lastY && x < lastEnd) || n <= 0 { disorder += 1 }
            lastY = y; lastEnd = x + n; spans += 1
        }
        mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
            order(y, x, count)
            for i in 0..<count { cov[y * width + x + i] = coverage }
        }
        mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
            order(y, x, count); maskSpans += 1
            for i in 0..<count { cov[y * width + x + i] = coverage[i] }
        }
    }

    /// Thin dashes round an ellipse (many contours: the checked sweep), some cut by the clip on
    /// every side, under both rules.
    @Test func mergedSpansGiveTheSameCoverageInFewerSpans() {
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: -20, y: 10, width: 300, height: 180))
        let outline = ellipse.stroked(StrokeStyle(width: 5, dashes: [13, 6]))
        let clip = PixelRect(x: 0, y: 0, width: 240, height: 170)
        for rule in [FillRule.nonZero, .evenOdd] {
            var plain = Recorder(width: 240, height: 170, merges: false)
            var merged = Recorder(width: 240, height: 170, merges: true)
            Rasterizer().fill(outline, rule: rule, clip: clip, into: &plain)
            Rasterizer().fill(outline, rule: rule, clip: clip, into: &merged)
            #expect(plain.disorder == 0 && merged.disorder == 0)
            #expect(merged.cov == plain.cov)
            #expect(merged.spans < plain.spans, "no run was merged")
            #expect(plain.cov.contains(255))
        }
    }

    /// The painter's claim, for colours opaque, translucent and 0 over any pixels: a full mask
    /// of any length blends to the bytes of a full solid span.
    @Test func aFullMaskBlendsAsAFullSolidSpan() {
        var rng = SeededRandom(seed: 37)
        let colors = [Pixel.pack(r: 240, g: 128, b: 48, a: 255), Pixel.pack(r: 60, g: 30, b: 90, a: 128),
                      Pixel.pack(r: 1, g: 0, b: 2, a: 3), 0]
        for count in 1...19 {
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let full = [UInt8](repeating: 255, count: count)
            for color in colors {
                var solid = before, masked = before
                solid.withUnsafeMutableBufferPointer { Blend.blendSolid($0.baseAddress!, color, count: count, scale: 255) }
                masked.withUnsafeMutableBufferPointer { d in
                    full.withUnsafeBufferPointer { Blend.blendSolid(d.baseAddress!, color, coverage: $0.baseAddress!, count: count, scale: 255) }
                }
                #expect(masked == solid, "colour \(color), \(count) px")
            }
        }
    }
}
