import Raster
import RasterBench
import Testing

@Suite struct RasterBenchmarkTests {
    /// Not a timing test: the benchmark uses the clock it is given and draws the reference frame.
    @Test func benchmarkTimesEachFrameWithTheGivenClockAndDrawsTheReferenceFrame() {
        var ticks = 0.0
        let r = RasterBenchmark.run(frames: 3) { ticks += 0.5; return ticks }
        #expect(r.frameTimes == [0.5, 0.5, 0.5] && r.median == 0.5)
        let img = r.image
        #expect(img.width == 1920 && img.height == 1080)
        // Background: #203060 at the top-left corner, #E08040 at the bottom-right (±1 for dither).
        func near(_ p: UInt32, _ c: Color) -> Bool {
            let q = c.premultipliedPixel
            var ok = true
            for shift: UInt32 in [0, 8, 16, 24] {
                let a = Int((p >> shift) & 0xFF), b = Int((q >> shift) & 0xFF)
                if abs(a - b) > 1 { ok = false }
            }
            return ok
        }
        #expect(near(img[0, 0], Color(hex: 0x203060)) && near(img[1919, 1079], Color(hex: 0xE08040)))
        // The arc's stroke: at 12 o'clock (start, green end of its gradient side) and at 9 o'clock (end
        // of the 270° sweep); the 270°…360° gap at the top-left quadrant stays background.
        let top = img[960, 340], left = img[760, 540], gap = img[818, 398]
        #expect(Pixel.g(top) > 100 && Pixel.a(top) == 255)
        #expect(Pixel.r(left) > 0 && Pixel.b(left) > 100)
        let t = (818.5 * 1920 + 398.5 * 1080) / (1920.0 * 1920 + 1080 * 1080)
        #expect(near(gap, Color(hex: 0x203060).lerp(Color(hex: 0xE08040), t)))     // background ramp in the gap
        #expect(RasterBenchmark.run(frames: 0) { 0 }.frameTimes.isEmpty)
    }
}
