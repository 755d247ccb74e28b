@testable import Raster
import SplitMix
import Testing

/// A debug build draws linear gradients, bilinear image samples and full-scale row blends through
/// CRasterKernels' plain C loops (the Swift SIMD loops are ~20× slower unoptimised); they must give
/// the Swift loops' bytes. Each case draws once through C and once through Swift
/// (`RasterKernels.debugTwins` off) and compares. In a release build both are the Swift loop.
@Suite(.serialized) struct DebugKernelsTests {
    func bothWays<T: Equatable>(_ make: () -> T) -> (c: T, swift: T) {
        RasterKernels.debugTwins = true
        let c = make()
        RasterKernels.debugTwins = false
        defer { RasterKernels.debugTwins = true }
        return (c, make())
    }

    @Test func theCPathsAreTheOnesADebugBuildTakes() {
        var d: [UInt32] = [0], s: [UInt32] = [0xFF00_00FF]
        let inC = s.withUnsafeBufferPointer { sp in d.withUnsafeMutableBufferPointer { Blend.blendRowInC($0.baseAddress!, sp.baseAddress!, count: 1) } }
        #if DEBUG
        #expect(inC)
        #else
        #expect(!inC)
        #endif
    }

    @Test func linearGradientsAtEveryAngleWithPaddedEnds() {
        var rng = SplitMix64(seed: 7)
        var shades = Set<UInt32>()
        for _ in 0..<24 {
            let start = Point(Double(rng.next() % 300) - 50, Double(rng.next() % 200) - 40)
            let end = Point(start.x + Double(rng.next() % 400) - 200, start.y + Double(rng.next() % 300) - 150)
            let colours = (0..<3).map { _ in Color(hex: UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF, alpha: Double(rng.next() % 256) / 255) }
            let g = Gradient(kind: .linear, colors: colours, startPoint: start, endPoint: end)
            let (c, swift) = bothWays { () -> [UInt32] in
                let bmp = Bitmap(width: 203, height: 61)!
                var p = Path()
                p.move(to: Point(0, 0)); p.line(to: Point(203, 0)); p.line(to: Point(203, 61)); p.line(to: Point(0, 61)); p.close()
                Canvas(bmp).fill(p, paint: .gradient(g))
                return (0..<61).flatMap { Array(bmp.row($0)) }
            }
            #expect(c == swift, "gradient \(start) → \(end)")
            shades.formUnion(c)
        }
        #expect(shades.count > 1000) // ramps were drawn, not flat fills
    }

    @Test func bilinearPairSamplesForEveryWeight() {
        var rng = SplitMix64(seed: 11)
        var pixels = [UInt32](repeating: 0, count: 4 * 64)
        for i in pixels.indices {
            let a = UInt32(rng.next() % 256)
            let r = UInt32(rng.next() % (UInt64(a) + 1)), g = UInt32(rng.next() % (UInt64(a) + 1)), b = UInt32(rng.next() % (UInt64(a) + 1))
            pixels[i] = r | g << 8 | b << 16 | a << 24
        }
        let (c, swift) = bothWays { () -> [UInt32] in
            pixels.withUnsafeBytes { raw in
                var out: [UInt32] = []
                for fy in 0...256 {
                    for fx in stride(from: fy % 3, through: 256, by: 3) {
                        for x in [0, 7, 30, 61] {
                            out.append(ImageShader.pairSample(raw.baseAddress! + x * 4, 64, UInt16(fx), UInt16(fy)))
                        }
                    }
                }
                return out
            }
        }
        #expect(c == swift)
    }

    @Test func fullScaleRowBlendsOfOpaqueClearAndTranslucentPixels() {
        var rng = SplitMix64(seed: 3)
        func pixel() -> UInt32 {
            let a: UInt32 = [0, 255, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
            let r = UInt32(rng.next() % (UInt64(a) + 1)), g = UInt32(rng.next() % (UInt64(a) + 1)), b = UInt32(rng.next() % (UInt64(a) + 1))
            return r | g << 8 | b << 16 | a << 24
        }
        let src = (0..<1031).map { _ in pixel() }, dst = (0..<1031).map { _ in pixel() }
        let (c, swift) = bothWays { () -> [UInt32] in
            var d = dst
            src.withUnsafeBufferPointer { s in d.withUnsafeMutableBufferPointer { Blend.blendRow($0.baseAddress!, s.baseAddress!, count: s.count, scale: 255) } }
            return d
        }
        #expect(c == swift)
        #expect(c != dst)
    }
}
