// RasterIO's own figures (BENCHMARKS.md, #32): text rasterised by the font library, PNG encoded and
// decoded; medians of repeated runs in one process, in thread CPU time (time the shared machine's
// other builds take the core away is not counted). bench/rasterio-bench.sh builds and runs it.
import Foundation
import Raster
import RasterIO

func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func median(_ f: () -> Void, runs: Int) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let t0 = cpuSeconds()
        f()
        times.append(cpuSeconds() - t0)
    }
    return times.sorted()[runs / 2]
}

func report(_ name: String, _ seconds: Double) { print(String(format: "%-58@ %9.3f ms", name as NSString, seconds * 1000)) }

let fonts = FontLibrary.shared
let words = "The quick brown fox jumps over the lazy dog while Flipbook draws glyphs, 0123456789 times."
let lines = (0..<20).map { i in String(words.dropFirst(i % 7)) + String(words.prefix(i % 7)) }
let vietnamese = (0..<20).map { i in "Tiếng Việt có dấu: Xin chào thế giới, phở bò và cà phê sữa đá \(i)" }
for (name, text) in [("text 20 lines x ~90 chars, 16 px", lines), ("text 20 Vietnamese lines, 16 px", vietnamese)] {
    _ = text.map { fonts.render($0, face: .regular, pixelSize: 16, color: Color(hex: 0x101010)) }
    report(name, median({ for l in text { _ = fonts.render(l, face: .regular, pixelSize: 16, color: Color(hex: 0x101010)) } }, runs: 200))
}
report("text 20 lines, 48 px bold", median({ for l in lines { _ = fonts.render(l, face: .bold, pixelSize: 48, color: Color(hex: 0x101010)) } }, runs: 50))

// A frame-like picture: gradients, hard edges and text, 1280x720.
let frame = Bitmap(width: 1280, height: 720)!
for y in 0..<720 {
    for x in 0..<1280 {
        let a: UInt32 = (x / 160 + y / 90) % 3 == 0 ? 180 : 255
        frame[x, y] = Pixel.pack(r: UInt32(x * 255 / 1279) * a / 255, g: UInt32(y * 255 / 719) * a / 255, b: UInt32((x ^ y) & 0x3F) * a / 255, a: a)
    }
}
for (i, l) in lines.enumerated() {
    if let g = fonts.render(l, face: .regular, pixelSize: 16, color: Color(hex: 0xFFFFFF)) {
        for y in 0..<g.height { for x in 0..<min(g.width, 1240) where g[x, y] != 0 { frame[40 + x, 40 + i * 22 + y] = g[x, y] } }
    }
}
let encoded = try PNG.encode(frame)
report("PNG encode 1280x720 (\(encoded.count / 1024) KB)", median({ _ = try? PNG.encode(frame) }, runs: 15))
report("PNG decode 1280x720", median({ _ = try? PNG.decode(encoded, name: "frame") }, runs: 15))
let city = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
if let data = FileManager.default.contents(atPath: city) {
    let bytes = Array(data)
    let b = try PNG.decode(bytes, name: city)
    report("PNG decode \((city as NSString).lastPathComponent) \(b.width)x\(b.height)", median({ _ = try? PNG.decode(bytes, name: city) }, runs: 15))
}
