import Layers
import Raster
import RasterIO

/// A contact sheet: the dumped frames as thumbnails in a grid, each with its time written under it.
public enum ContactSheet {
    /// Thumbnail width in pixels. Default: 320.
    public static let thumbnailWidth = 320
    static let columns = 5
    static let gap = 12
    static let labelHeight = 26
    static let titleHeight = 40
    static let background = Color(hex: 0x1C1C1E)

    /// A frame shrunk to `thumbnailWidth` by area averaging (each output pixel the mean of the
    /// source pixels it covers), which keeps thin strokes instead of aliasing them away.
    public static func thumbnail(of frame: Bitmap) -> Bitmap? {
        let factor = max(1, Double(frame.width) / Double(thumbnailWidth))
        let w = max(1, Int((Double(frame.width) / factor).rounded())), h = max(1, Int((Double(frame.height) / factor).rounded()))
        guard let out = Bitmap(width: w, height: h) else { return nil }
        for y in 0..<h {
            let sy0 = y * frame.height / h, sy1 = max(sy0 + 1, (y + 1) * frame.height / h)
            for x in 0..<w {
                let sx0 = x * frame.width / w, sx1 = max(sx0 + 1, (x + 1) * frame.width / w)
                var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                for sy in sy0..<sy1 {
                    for sx in sx0..<sx1 {
                        let p = frame[sx, sy]
                        r += Pixel.r(p); g += Pixel.g(p); b += Pixel.b(p); a += Pixel.a(p)
                    }
                }
                let n = UInt32((sy1 - sy0) * (sx1 - sx0))
                out[x, y] = Pixel.pack(r: (r + n / 2) / n, g: (g + n / 2) / n, b: (b + n / 2) / n, a: (a + n / 2) / n)
            }
        }
        return out
    }

    /// Lays thumbnails out in rows of `columns`, with "t = 1.50 s" under each and a title on top.
    public static func make(frames: [(Bitmap, Double)], title: String) -> Bitmap {
        let cellW = frames.map(\.0.width).max() ?? thumbnailWidth
        let cellH = (frames.map(\.0.height).max() ?? 180) + labelHeight
        let cols = max(1, min(columns, frames.count))
        let rows = max(1, (frames.count + cols - 1) / cols)
        let width = min(Bitmap.maxDimension, gap + cols * (cellW + gap))
        let height = min(Bitmap.maxDimension, titleHeight + rows * (cellH + gap) + gap)
        let sheet = Bitmap(width: width, height: height)!
        sheet.clear(background.premultipliedPixel)
        let fonts = FontLibrary.shared
        if let t = fonts.render(title, face: .bold, pixelSize: 20, color: .white) { composite(t, onto: sheet, x: gap, y: 10) }
        for (i, (thumb, time)) in frames.enumerated() {
            let x = gap + (i % cols) * (cellW + gap), y = titleHeight + (i / cols) * (cellH + gap)
            composite(thumb, onto: sheet, x: x, y: y)
            let label = "t = " + formatTime(time) + " s"
            if let t = fonts.render(label, face: .mono, pixelSize: 15, color: Color(hex: 0xE5E5EA)) {
                composite(t, onto: sheet, x: x + (cellW - t.width) / 2, y: y + thumb.height + 4)
            }
        }
        return sheet
    }

    /// Times with two decimals, or three when two would hide the frame (e.g. 0.017 at 60 fps).
    static func formatTime(_ t: Double) -> String {
        let two = (t * 100).rounded() / 100
        return abs(two - t) < 1e-9 ? String(format: "%.2f", t) : String(format: "%.3f", t)
    }

    /// Source-over of `src` with its corner at pixel (x, y) of `dst` (Canvas's whole-pixel blit).
    static func composite(_ src: Bitmap, onto dst: Bitmap, x: Int, y: Int) {
        Canvas(dst).draw(src, transform: .translation(Double(x), Double(y)))
    }
}
