// city-images — paints the `cities` scene's city pictures and the `modal` scene's avatars with
// Flipbook's own rasterizer and writes them as PNG (run from the repository root):
//
//     swift run city-images [OUTPUT-FOLDER]      # default: Resources (Cities/ and Avatars/ in it)
//
// Why a program: no photos can be downloaded into the repository, so the pictures are painted
// from a few numbers per city (sky, sun or moon, the skyline's seed and style). The same program
// gives byte-identical PNGs on every run; change a city here and run it again to remake them.
// Each picture is 960×720: a sky gradient, stars at night, a sun or moon with a glow, three
// skyline silhouettes fading into the haze, and lit windows on the nearest one.
import Foundation
import Raster
import RasterIO
import SplitMix

/// One city's picture, described by numbers.
struct CityPicture {
    enum Roofs { case flat, spires, pagodas, domes }
    let file: String
    let sky: [UInt32]            // top → horizon
    let night: Bool
    let light: (x: Double, y: Double, radius: Double, color: UInt32)   // the sun or moon
    let haze: UInt32             // the far skyline's tint
    let ground: UInt32           // the nearest skyline
    let roofs: Roofs
    let seed: UInt64
}

let pictures: [CityPicture] = [
    .init(file: "hanoi", sky: [0x3B2A5C, 0xB0527A, 0xF79E62], night: false,
          light: (0.7, 0.56, 46, 0xFFE3A0), haze: 0x8A4D72, ground: 0x1E1528, roofs: .pagodas, seed: 1),
    .init(file: "danang", sky: [0x2F7BD8, 0x7DB9F0, 0xD9EEFF], night: false,
          light: (0.22, 0.2, 40, 0xFFF8DC), haze: 0x7FA6C8, ground: 0x1B2D44, roofs: .spires, seed: 2),
    .init(file: "saigon", sky: [0x070B22, 0x1E1B4B, 0x6A2F6E], night: true,
          light: (0.78, 0.18, 30, 0xF4F1E0), haze: 0x3A2558, ground: 0x0B0A16, roofs: .spires, seed: 3),
    .init(file: "hue", sky: [0x7B8BA6, 0xB7B9C4, 0xE6D9CC], night: false,
          light: (0.32, 0.34, 52, 0xFFF4E0), haze: 0x9A9AA8, ground: 0x2E2B33, roofs: .pagodas, seed: 4),
    .init(file: "hoian", sky: [0x1A1440, 0x8E3B5E, 0xF2A541], night: false,
          light: (0.5, 0.66, 60, 0xFFD36E), haze: 0x9C4A4E, ground: 0x24141C, roofs: .flat, seed: 5),
    .init(file: "dalat", sky: [0x0E1E2E, 0x1F4A4A, 0x4F8A74], night: true,
          light: (0.24, 0.22, 34, 0xEAF2E6), haze: 0x2C5A50, ground: 0x0A1614, roofs: .domes, seed: 6),
]

func mix(_ a: UInt32, _ b: UInt32, _ f: Double) -> Color {
    let ca = Color(hex: a), cb = Color(hex: b)
    return Color(r: ca.r + (cb.r - ca.r) * f, g: ca.g + (cb.g - ca.g) * f, b: ca.b + (cb.b - ca.b) * f)
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    var p = Path()
    p.addRect(Rect(x: x, y: y, width: w, height: h))
    return p
}

/// One row of buildings standing on `base`, `low`…`high` tall; returns the towers' rectangles.
func skyline(_ canvas: Canvas, _ r: inout SplitMix64, width: Double, base: Double, low: Double, high: Double,
             color: Color, roofs: CityPicture.Roofs) -> [Rect] {
    var towers: [Rect] = []
    var path = Path()
    var x = -r.range(0, 30)
    while x < width {
        let w = r.range(34, 90), h = r.range(low, high)
        let top = base - h
        path.addRect(Rect(x: x, y: top, width: w, height: h + 2))
        switch roofs {
        case .flat: break
        case .spires where r.unit() < 0.35:
            path.move(to: Point(x + w * 0.5 - 3, top)); path.line(to: Point(x + w * 0.5, top - r.range(20, 60)))
            path.line(to: Point(x + w * 0.5 + 3, top)); path.close()
        case .pagodas where r.unit() < 0.45:
            // Tiered roofs with upturned eaves.
            var y = top, span = w + 16
            for _ in 0..<Int(r.range(1, 4)) {
                path.move(to: Point(x + (w - span) / 2, y))
                path.quad(to: Point(x + w / 2, y - 16), control: Point(x + w * 0.15, y - 4))
                path.quad(to: Point(x + (w + span) / 2, y), control: Point(x + w * 0.85, y - 4))
                path.close()
                y -= 14; span -= 12
            }
        case .domes where r.unit() < 0.4:
            path.addEllipse(in: Rect(x: x + w * 0.15, y: top - w * 0.35, width: w * 0.7, height: w * 0.7))
        default: break
        }
        towers.append(Rect(x: x, y: top, width: w, height: h))
        x += w + r.range(-6, 8)
    }
    canvas.fill(path, paint: .solid(color))
    return towers
}

func paint(_ city: CityPicture, width: Int = 960, height: Int = 720) -> Bitmap {
    let bmp = Bitmap(width: width, height: height)!
    let canvas = Canvas(bmp)
    let W = Double(width), H = Double(height)
    var r = SplitMix64(seed: city.seed) // the same seed gives the same city everywhere
    // Sky: top to the horizon.
    canvas.fill(rect(0, 0, W, H), paint: .gradient(Gradient(colors: city.sky.map { Color(hex: $0) },
                                                             startPoint: Point(0, 0), endPoint: Point(0, H * 0.8))))
    if city.night {
        var stars = Path()
        for _ in 0..<140 {
            let s = r.range(0.8, 2.2)
            stars.addEllipse(in: Rect(x: r.range(0, W), y: r.range(0, H * 0.55), width: s, height: s))
        }
        canvas.fill(stars, paint: .solid(Color(r: 1, g: 1, b: 0.95, a: 0.8)))
    }
    // The sun or moon, and its glow.
    let c = Point(city.light.x * W, city.light.y * H), radius = city.light.radius
    let glow = Color(hex: city.light.color, alpha: 0.45)
    var halo = Path()
    halo.addEllipse(in: Rect(x: c.x - radius * 4, y: c.y - radius * 4, width: radius * 8, height: radius * 8))
    canvas.fill(halo, paint: .gradient(Gradient(kind: .radial, colors: [glow, Color(hex: city.light.color, alpha: 0)],
                                                startPoint: c, endPoint: Point(c.x + radius * 4, c.y))))
    var disc = Path()
    disc.addEllipse(in: Rect(x: c.x - radius, y: c.y - radius, width: radius * 2, height: radius * 2))
    canvas.fill(disc, paint: .solid(Color(hex: city.light.color)))
    // Three skylines, far to near, each darker and closer to the ground colour.
    for (i, depth) in [0.0, 0.5, 1.0].enumerated() {
        let base = H * (0.86 + 0.07 * Double(i))
        let color = mix(city.haze, city.ground, depth)
        let towers = skyline(canvas, &r, width: W, base: H + 4, low: H - base + 60 + 40 * (1 - depth),
                             high: H - base + 200 + 120 * (1 - depth), color: color, roofs: city.roofs)
        guard i == 2 else { continue }
        // Lit windows on the nearest row.
        var lit = Path()
        let warm = city.night ? Color(r: 1, g: 0.84, b: 0.45, a: 0.95) : Color(r: 1, g: 0.9, b: 0.6, a: 0.55)
        for t in towers {
            var wy = t.y + 12
            while wy < H - 14 {
                var wx = t.x + 7
                while wx < t.x + t.width - 10 {
                    if r.unit() < (city.night ? 0.5 : 0.25) { lit.addRect(Rect(x: wx, y: wy, width: 5, height: 8)) }
                    wx += 11
                }
                wy += 15
            }
        }
        canvas.fill(lit, paint: .solid(warm))
    }
    return bmp
}

/// One person's avatar in the `modal` scene: a placeholder photo — a disc of `light`, shoulders and
/// a head of `dark` — painted at 240 points, 1× and 2× (`NAME.png`, `NAME@2x.png`): the size the
/// detail page shows it at most, so it is never drawn larger than its pixels.
struct Avatar {
    let file: String
    let light: UInt32
    let dark: UInt32
}

let avatars: [Avatar] = [
    .init(file: "linh", light: 0xF2A541, dark: 0x8E3B5E),
    .init(file: "minh", light: 0x4F8AD8, dark: 0x1E1B4B),
    .init(file: "trang", light: 0x52B788, dark: 0x1B4332),
    .init(file: "quan", light: 0xE76F51, dark: 0x3D1F1A),
    .init(file: "hoa", light: 0xB5838D, dark: 0x3B2A5C),
    .init(file: "son", light: 0x90A4AE, dark: 0x263238),
]

/// `avatar` at `scale` pixels per point: 240 points square.
func paint(_ avatar: Avatar, scale: Double) -> Bitmap {
    let size = 240.0 * scale
    let bmp = Bitmap(width: Int(size), height: Int(size))!
    let canvas = Canvas(bmp)
    canvas.fill(rect(0, 0, size, size), paint: .solid(Color(hex: avatar.light)))
    var figure = Path()
    figure.addEllipse(in: Rect(x: size * 0.18, y: size * 0.62, width: size * 0.64, height: size * 0.6))   // shoulders
    canvas.fill(figure, paint: .solid(Color(hex: avatar.dark)))
    var head = Path()
    head.addEllipse(in: Rect(x: size * 0.32, y: size * 0.2, width: size * 0.36, height: size * 0.4))
    canvas.fill(head, paint: .solid(Color(hex: avatar.dark)))
    return bmp
}

let root = CommandLine.arguments.dropFirst().first ?? "Resources"
do {
    let cities = root + "/Cities", people = root + "/Avatars"
    for folder in [cities, people] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    for city in pictures {
        let path = cities + "/" + city.file + ".png"
        try PNG.write(paint(city), to: path)
        print(path)
    }
    for avatar in avatars {
        for (scale, suffix) in [(1.0, ""), (2.0, "@2x")] {
            let path = people + "/" + avatar.file + suffix + ".png"
            try PNG.write(paint(avatar, scale: scale), to: path)
            print(path)
        }
    }
} catch {
    FileHandle.standardError.write(Data("city-images: \(error)\n".utf8))
    exit(1)
}
