import Raster
import Testing

/// Core Graphics' two-circle radial gradient (Shaders/GradientShader.swift, `.twoPointRadial`),
/// against t solved by hand from |p − c0 − t·cd|² = (r0 + t·dr)².
@Suite struct TwoPointGradientTests {
    /// Black at a focus (30, 50) of radius 0, white on the circle about (50, 50) of radius 40.
    static func paint(extendsEnd: Bool) -> Bitmap {
        var g = Gradient(kind: .twoPointRadial, colors: [.black, .white], startPoint: Point(30, 50), endPoint: Point(50, 50))
        g.startRadius = 0
        g.endRadius = 40
        g.extendsEnd = extendsEnd
        let b = Bitmap(width: 100, height: 100)!
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        Canvas(b).fill(p, paint: .gradient(g))
        return b
    }

    @Test func colourFollowsTheLastCircleThroughThePixel() {
        let b = Self.paint(extendsEnd: false)
        // (59.5, 49.5): a = 20² − 40² = −1200, b = 20·29.5 = 590, c = 29.5² + 0.5² = 870.5;
        // t = (590 − √(590² + 1200·870.5)) / −1200 = 0.4918 → 125.4
        #expect(abs(Int(Pixel.r(b[59, 49])) - 125) <= 2 && Pixel.a(b[59, 49]) == 255, "\(Pixel.r(b[59, 49]))")
        // (20.5, 49.5), behind the focus: b = −190, c = 90.5, t = (−190 − √(190² + 1200·90.5)) / −1200 = 0.4753 → 121.2
        #expect(abs(Int(Pixel.r(b[20, 49])) - 121) <= 2, "\(Pixel.r(b[20, 49]))")
        // Past the end circle (45.5 from (50, 50)): t > 1, not painted without the extension.
        #expect(b[95, 49] == 0)
        let extended = Self.paint(extendsEnd: true)
        #expect(extended[95, 49] == Pixel.pack(r: 255, g: 255, b: 255, a: 255) && extended[59, 49] == b[59, 49])
    }

    /// Concentric circles give what the one-centre radial ramp gives: t = (|p − c| − r0) / dr.
    @Test func concentricCirclesAreTheRadialRamp() {
        var g = Gradient(kind: .twoPointRadial, colors: [.black, .white], startPoint: Point(50, 50), endPoint: Point(50, 50))
        g.startRadius = 10
        g.endRadius = 40
        g.extendsStart = false
        let b = Bitmap(width: 100, height: 100)!
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        Canvas(b).fill(p, paint: .gradient(g))
        // (74.5, 49.5): |p − c| = 24.505, t = 14.505 / 30 = 0.4835 → 123.3
        #expect(abs(Int(Pixel.r(b[74, 49])) - 123) <= 2, "\(Pixel.r(b[74, 49]))")
        #expect(b[52, 49] == 0, "inside the start circle, which does not extend")
        #expect(b[95, 49] == Pixel.pack(r: 255, g: 255, b: 255, a: 255))
    }
}
