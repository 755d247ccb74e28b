@testable import Raster
import SplitMix
import Testing

/// Every instruction-set path of the gradient and image kernels draws the portable path's bytes
/// (Pipeline/Kernels.swift): each picture is drawn with each path forced in turn and compared
/// byte for byte. (The sprite kernel's test is in CanvasSpritesTests.) On a CPU without AVX2 the
/// forced path falls back to portable and the comparison holds trivially; `available` says which.
@Suite(.serialized) struct KernelPathsTests {
    /// `make`'s result with each path forced, the portable one first.
    func everyPath<T>(_ make: () -> T) -> [(RasterKernels.Path, T)] {
        RasterKernels.Path.allCases.map { path in
            RasterKernels.forced = path
            defer { RasterKernels.forced = nil }
            return (path, make())
        }
    }

    func pixels(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { Array(b.row($0)) } }

    /// Radial and conic fills under rotation, scale and fractional moves, odd widths, clipped rows
    /// starting at odd columns and spans shorter than a group of 8, over a band-shifted canvas.
    @Test(arguments: [Gradient.Kind.radial, .conic]) func polarGradientsGiveTheSameBytesOnEveryPath(kind: Gradient.Kind) {
        var rng = SplitMix64(seed: kind == .radial ? 21 : 22)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var shades = Set<UInt32>()
        for round in 0..<12 {
            let colours = (0..<3).map { _ in Color(hex: UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF, alpha: round % 3 == 0 ? unit() : 1) }
            let start = Point(unit() * 240 - 20, unit() * 120 - 10)
            let end = Point(start.x + unit() * 300 - 150, start.y + unit() * 200 - 100)
            let g = Gradient(kind: kind, colors: colours, startPoint: start, endPoint: end)
            let t = Transform.rotation(unit() * 6.3).concatenating(.scale(0.5 + unit() * 2, 0.5 + unit() * 2))
                .concatenating(.translation(unit() * 40 - 20 + 0.37, unit() * 30 - 15 + 0.61))
            let shift = (x: Int(rng.next() % 9) - 4, y: Int(rng.next() % 9) - 4)
            var shape = Path()
            shape.addEllipse(in: Rect(x: -40, y: -30, width: 330, height: 200))
            let results = everyPath { () -> [UInt32] in
                let bmp = Bitmap(width: 211 + round, height: 67)!
                var canvas = Canvas(bmp)
                canvas.origin = shift
                canvas.clip = PixelRect(x0: round % 5, y0: 1, x1: 211 + round - round % 3, y1: 66)
                canvas.fill(shape, transform: t, paint: .gradient(g))
                return pixels(bmp)
            }
            let portable = results[0].1
            for (path, bytes) in results.dropFirst() {
                let same = bytes == portable   // a Bool: the arrays themselves would flood the log
                #expect(same, "\(kind) round \(round): \(path) differs at pixel \(bytes.indices.first { bytes[$0] != portable[$0] } ?? -1)")
            }
            shades.formUnion(portable)
        }
        #expect(shades.count > 2000)   // ramps were drawn, not flat fills
    }

    /// Large radial and conic ramps, as the benchmark's full-frame fills (a group's LUT indices
    /// fit the AVX-512 kernel's window of 32 entries, which it permutes; near the conic's centre
    /// they do not and it gathers), then short spans: every length 1…40 from start columns at
    /// every remainder mod 16 (the AVX-512 kernel's masked last group; AVX2's tail for the
    /// portable loop).
    @Test(arguments: [Gradient.Kind.radial, .conic]) func wideRampsAndShortSpansGiveTheSameBytesOnEveryPath(kind: Gradient.Kind) {
        let colours = [Color(hex: 0x203060), Color(hex: 0xE08040), Color(hex: 0x40C0A0)]
        let g = Gradient(kind: kind, colors: colours, startPoint: Point(301.3, 97.6),
                         endPoint: kind == .radial ? Point(1000, 800) : Point(700, 200))
        let width = 613, height = 200
        let results = everyPath { () -> [UInt32] in
            let bmp = Bitmap(width: width, height: height)!
            let canvas = Canvas(bmp)
            var full = Path()
            full.addRect(Rect(x: 0, y: 0, width: Double(width), height: 160))
            canvas.fill(full, paint: .gradient(g))
            for r in 0..<40 {
                var spans = Path()
                for s in 0..<16 { spans.addRect(Rect(x: Double(s * 37 + (r + s) % 16), y: Double(160 + r), width: Double(r + 1), height: 1)) }
                canvas.fill(spans, paint: .gradient(g))
            }
            return pixels(bmp)
        }
        let portable = results[0].1
        for (path, bytes) in results.dropFirst() {
            let same = bytes == portable
            #expect(same, "\(kind): \(path) differs at pixel \(bytes.indices.first { bytes[$0] != portable[$0] } ?? -1)")
        }
        #expect(Set(portable[0..<(160 * width)]).count > 300)       // a ramp, not a flat fill
        #expect(portable[(160 + 39) * width + 15 * 37 + 6] != 0)     // the last row's last span was drawn
    }

    /// A forced path is the one in use where the CPU runs it (an AVX-512 CPU runs AVX2's kernels),
    /// else the portable one; nothing forced is the best available.
    @Test func aForcedPathFallsBackToPortableWhereTheCPULacksIt() {
        typealias P = RasterKernels.Path
        #expect(RasterKernels.resolve(forced: nil, available: .avx512) == .avx512)
        #expect(RasterKernels.resolve(forced: .avx2, available: .avx512) == .avx2)
        #expect(RasterKernels.resolve(forced: .portable, available: .avx512) == .portable)
        #expect(RasterKernels.resolve(forced: .avx512, available: .avx2) == .portable)
        #expect(RasterKernels.resolve(forced: .avx2, available: .portable) == .portable)
        #expect(RasterKernels.resolve(forced: nil, available: .portable) == .portable)
        #expect(P.allCases == [.portable, .avx2, .avx512])   // ordered: raw values rank the paths
    }

    /// The 8-pixel groups of `Blend.blendRow` at every opacity: opaque source rows, rows with a
    /// translucent or clear pixel here and there (the kernel stops there and comes back), and
    /// lengths that leave a tail.
    @Test func imageRowsAtEveryOpacityGiveTheSameBytesOnEveryPath() {
        var rng = SplitMix64(seed: 5)
        func pixel(opaque: Bool) -> UInt32 {
            let a = opaque ? 255 : UInt32(rng.next() % 256)
            let r = UInt32(rng.next() % (UInt64(a) + 1)), g = UInt32(rng.next() % (UInt64(a) + 1)), b = UInt32(rng.next() % (UInt64(a) + 1))
            return r | g << 8 | b << 16 | a << 24
        }
        let n = 1037
        let src = (0..<n).map { i in pixel(opaque: i % 97 != 13 && i % 211 != 50) }
        let dst = (0..<n).map { _ in pixel(opaque: rng.next() % 2 == 0) }
        let results = everyPath { () -> [UInt32] in
            var out: [UInt32] = []
            src.withUnsafeBufferPointer { s in
                for k in UInt32(0)...255 {
                    var d = dst
                    let start = Int(k % 11)
                    d.withUnsafeMutableBufferPointer { Blend.blendRow($0.baseAddress! + start, s.baseAddress! + start, count: n - start - Int(k % 7), scale: k) }
                    out += d
                }
            }
            return out
        }
        let portable = results[0].1
        for (path, bytes) in results.dropFirst() {
            let same = bytes == portable
            #expect(same, "\(path) differs at \(bytes.indices.first { bytes[$0] != portable[$0] } ?? -1)")
        }
        #expect(portable[(128 * n + 100)] != dst[100])   // the row was blended
    }

    /// A whole image drawn at 90 % through `Canvas.draw` (the blit of the image-opacity case).
    @Test func anImageAtAnOpacityGivesTheSameBytesOnEveryPath() {
        let image = Bitmap(width: 301, height: 40)!
        for y in 0..<40 { for x in 0..<301 { image[x, y] = Pixel.pack(r: UInt32(x % 256), g: UInt32(y * 6), b: UInt32((x * 7 + y * 13) % 256), a: 255) } }
        image[150, 20] = Pixel.pack(r: 10, g: 20, b: 30, a: 40)
        let results = everyPath { () -> [UInt32] in
            let frame = Bitmap(width: 320, height: 50)!
            for y in 0..<50 { for x in 0..<320 { frame[x, y] = Pixel.pack(r: UInt32((x * y) % 256), g: UInt32(x % 256), b: UInt32(y * 5), a: 255) } }
            Canvas(frame).draw(image, transform: .translation(7, 3), opacity: 0.9)
            return pixels(frame)
        }
        for (path, bytes) in results.dropFirst() { let same = bytes == results[0].1; #expect(same, "\(path)") }
        #expect(results[0].1[3 * 320 + 7] != Pixel.pack(r: 0, g: 7, b: 15, a: 255))   // the image was drawn there
    }
}
