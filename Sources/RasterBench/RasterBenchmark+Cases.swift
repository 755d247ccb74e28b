#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// The raster cases `make bench-compare` measures against Blend2D and Cairo (bench/compare.py
/// draws the same pictures with them; keep the two in step).
///
/// Each case draws one picture into a 1920×1080 canvas cleared once to opaque grey, and is timed
/// over rounds of `reps` draws (the median of the rounds' per-draw times is reported). Geometry
/// is built before timing, as the peers' paths are; what a draw does is what a frame of that
/// content would make Raster do: flatten or stroke, scan-convert, shade and composite.
///
/// The shapes of the circle and stroke cases lie on a 40 × 25 grid without touching, so one path
/// holding all of them (what the peers fill in one call, to keep Python's call overhead out of
/// their times) paints exactly what a thousand separate fills (what Flipbook does) paint.
extension RasterBenchmark {
    /// One benchmark picture.
    public struct Case {
        /// Short name, as bench/compare.py spells it.
        public let name: String
        /// Draws the picture once into a 1920×1080 canvas.
        public let draw: (Canvas) -> Void
        public init(name: String, draw: @escaping (Canvas) -> Void) { self.name = name; self.draw = draw }
    }

    /// The colours of the gradient cases, at 0, 0.5 and 1.
    static let threeStops = [Color(hex: 0x203060), Color(hex: 0xE08040), Color(hex: 0x40C0A0)]

    /// All cases, in the order they are reported.
    public static func cases() -> [Case] {
        let frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
        var full = Path()
        full.addRect(frame)
        // A 512×512 and a 1920×1080 picture to draw: an opaque diagonal gradient with a disc.
        let small = testImage(width: 512, height: 512)
        let large = testImage(width: 1920, height: 1080)

        var circles: [Path] = []
        var strokes: [Path] = []
        for i in 0..<1000 {
            let (cx, cy) = gridCentre(i)
            var c = Path()
            c.addEllipse(in: Rect(x: cx - 8, y: cy - 8, width: 16, height: 16))
            circles.append(c)
            let a = Double(i) * 0.37, dx = 12 * cos(a), dy = 12 * sin(a)
            var s = Path()
            s.move(to: Point(cx - dx, cy - dy)); s.line(to: Point(cx + dx, cy + dy))
            strokes.append(s)
        }
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 160, y: 140, width: 1600, height: 800))

        let radial = Gradient(kind: .radial, colors: threeStops, startPoint: Point(960, 540), endPoint: Point(2060, 1640))
        let conic = Gradient(kind: .conic, colors: threeStops, startPoint: Point(960, 540), endPoint: Point(1960, 540))
        let rotated = Transform.translation(-256, -256).concatenating(.scale(1.5, 1.5))
            .concatenating(.rotation(Double.pi / 6)).concatenating(.translation(960, 540))
        let halfBlue = Paint.solid(Color(r: 0.2, g: 0.6, b: 1, a: 0.5))
        let orange = Paint.solid(Color(hex: 0xF08030))
        let round = StrokeStyle(width: 4, cap: .round)
        let dashed = StrokeStyle(width: 6, dashes: [24, 12])
        let swarm = particles()
        let blurred = testImage(width: 1920, height: 1080)

        return [
            Case(name: "radial-3stop") { $0.fill(full, paint: .gradient(radial)) },
            Case(name: "conic") { $0.fill(full, paint: .gradient(conic)) },
            Case(name: "image-rotated") { $0.draw(small, transform: rotated) },
            Case(name: "image-opacity") { $0.draw(large, transform: .identity, opacity: 0.9) },
            Case(name: "circles") { canvas in for c in circles { canvas.fill(c, paint: halfBlue) } },
            Case(name: "strokes") { canvas in
                for s in strokes { canvas.fill(s.stroked(round, clip: canvas.visibleRect), paint: orange) }
            },
            Case(name: "dashed-ellipse") { $0.fill(ellipse.stroked(dashed, clip: $0.visibleRect), paint: orange) },
            Case(name: "blur") { _ in blurLayer() },
            Case(name: "particles") { $0.draw(swarm, transform: .identity) },
            Case(name: "blur-frame") { _ in blurred.blur(sigma: 10) },
        ]
    }

    /// Centre of grid cell `i` of 40 × 25 cells of 48 × 43.2 px.
    static func gridCentre(_ i: Int) -> (Double, Double) {
        (24 + Double(i % 40) * 48, 21.6 + Double(i / 40) * 43.2)
    }

    /// An opaque picture: a diagonal gradient with a lighter disc in the middle.
    static func testImage(width: Int, height: Int) -> Bitmap {
        let image = Bitmap(width: width, height: height)!
        let canvas = Canvas(image)
        let w = Double(width), h = Double(height)
        var all = Path()
        all.addRect(Rect(x: 0, y: 0, width: w, height: h))
        canvas.fill(all, paint: .gradient(Gradient(colors: [Color(hex: 0x3050A0), Color(hex: 0xF0C060)],
                                                   startPoint: Point(0, 0), endPoint: Point(w, h))))
        var disc = Path()
        disc.addEllipse(in: Rect(x: w * 0.25, y: h * 0.25, width: w * 0.5, height: h * 0.5))
        canvas.fill(disc, paint: .solid(Color(hex: 0xE0F0FF)))
        return image
    }

    /// 5,000 particles: a 16 × 16 soft white dot (a radial gradient to clear at its rim) at
    /// fractional positions over the whole frame, each at its own opacity (0.3…1), one sprite
    /// batch. Positions and opacities follow golden-ratio sequences that bench/compare.py repeats.
    public static func particles() -> SpriteBatch {
        let dot = Bitmap(width: 16, height: 16)!
        var square = Path()
        square.addRect(Rect(x: 0, y: 0, width: 16, height: 16))
        Canvas(dot).fill(square, paint: .gradient(Gradient(kind: .radial, colors: [Color(r: 1, g: 1, b: 1, a: 1), Color(r: 1, g: 1, b: 1, a: 0)],
                                                         startPoint: Point(8, 8), endPoint: Point(16, 16))))
        let sprites = (0..<5000).map { i -> SpriteBatch.Sprite in
            let (x, y, a) = particle(i)
            return .init(image: 0, transform: .translation(x, y), color: SpriteBatch.Sprite.multiplier(red: 1, green: 1, blue: 1, alpha: a))
        }
        return SpriteBatch(images: [.init(bitmap: dot, source: dot.bounds)], sprites: sprites, additive: false)
    }

    /// Particle `i`'s corner and opacity.
    static func particle(_ i: Int) -> (Double, Double, Double) {
        func frac(_ v: Double) -> Double { v - v.rounded(.down) }
        let k = Double(i)
        return (frac(k * 0.6180339887498949) * 1904, frac(k * 0.7548776662466927) * 1064, 0.3 + 0.7 * frac(k * 0.5698402909980532))
    }

    /// A 400×300 layer's shadow: its shape (a rounded rectangle inset by the blur's reach) blurred
    /// with `shadowRadius` 20 (σ 10), as the display step makes a shadow bitmap.
    static func blurLayer() {
        let layer = Bitmap(width: 400, height: 300)!
        var shape = Path()
        shape.addRoundedRect(Rect(x: 30, y: 30, width: 340, height: 240), cornerRadius: 16)
        Canvas(layer).fill(shape, paint: .solid(Color(r: 0, g: 0, b: 0, a: 0.6)))
        layer.blur(shadowRadius: 20)
    }

    /// Times `c`: `warmup` untimed draws, then `rounds` rounds of `reps` draws; returns each
    /// round's time per draw in seconds. The canvas is cleared to opaque grey once, before.
    public static func time(_ c: Case, rounds: Int = 5, reps: Int = 10, warmup: Int = 3, now: () -> Double) -> [Double] {
        let bitmap = Bitmap(width: 1920, height: 1080)!
        let canvas = Canvas(bitmap)
        canvas.clear(Color(hex: 0x808080))
        for _ in 0..<Swift.max(0, warmup) { c.draw(canvas) }
        let n = Swift.max(1, reps)
        return (0..<Swift.max(0, rounds)).map { _ in
            let t0 = now()
            for _ in 0..<n { c.draw(canvas) }
            return (now() - t0) / Double(n)
        }
    }
}
