import Raster
import RasterBench
import TestSupport
import Testing

/// One golden PNG per stroke feature (scenes from `StrokeSamples`), white strokes on a dark
/// ground, filled non-zero through Canvas as the layer renderer does.
@Suite struct StrokeGoldenTests {
    static let scenes = StrokeSamples.all

    @Test(arguments: StrokeSamples.all.map(\.name))
    func strokeScene(_ name: String) throws {
        let scene = try #require(Self.scenes.first { $0.name == name })
        let bmp = try #require(Bitmap(width: scene.width, height: scene.height))
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x1C1C2E))
        canvas.fill(scene.outline(), rule: .nonZero, paint: .solid(.white))
        #expect(Snapshot.verify(bmp, named: name) == nil)
    }

    @Test func evenOddAgainstNonZeroStar() throws {
        let bmp = try #require(Bitmap(width: 200, height: 100))
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x1C1C2E))
        for (i, rule) in [FillRule.nonZero, .evenOdd].enumerated() {
            var star = Path()
            let c = Point(50 + Double(i) * 100, 50)
            for k in 0..<5 {
                let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                let p = Point(c.x + 40 * cos(a), c.y + 40 * sin(a))
                k == 0 ? star.move(to: p) : star.line(to: p)
            }
            star.close()
            canvas.fill(star, rule: rule, paint: .solid(Color(hex: 0xFFD60A)))
        }
        #expect(Snapshot.verify(bmp, named: "evenOddAgainstNonZeroStar") == nil)
    }
}

#if canImport(Glibc)
import Glibc
#endif
