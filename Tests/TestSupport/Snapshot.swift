import Foundation
import Raster
import RasterIO

/// Golden-image comparison in the manner of swift-snapshot-testing.
///
/// References live beside the test file: `__Snapshots__/<TestFile>/<name>.png`. Set
/// `FLIPBOOK_RECORD=1` to (re)write references instead of comparing; look at every recorded image
/// before committing it. On a mismatch the actual image and a diff image are written next to the
/// reference (`<name>.actual.png`, `<name>.diff.png`, ignored by git) and the message names the
/// first bad pixel.
public enum Snapshot {
    /// Compares `bitmap` with the reference; returns nil on a match or a failure message.
    ///
    /// - Parameters:
    ///   - tolerance: the largest per-channel difference (0…255) accepted. Default 0.
    ///   - file: pass `#filePath` so the reference sits beside the test.
    public static func verify(_ bitmap: Bitmap, named name: String, tolerance: Int = 0,
                              file: String = #filePath) -> String? {
        let testURL = URL(fileURLWithPath: file)
        let dir = testURL.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testURL.deletingPathExtension().lastPathComponent)
        let ref = dir.appendingPathComponent("\(name).png").path
        let record = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
        let fm = FileManager.default
        if record || !fm.fileExists(atPath: ref) {
            try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
            do { try PNG.write(bitmap, to: ref) } catch { return "\(error)" }
            return record ? nil : "no reference for \(name); recorded \(ref) — look at it, then run again"
        }
        let expected: Bitmap
        do { expected = try PNG.read(ref) } catch { return "\(error)" }
        guard expected.width == bitmap.width, expected.height == bitmap.height else {
            try? PNG.write(bitmap, to: dir.appendingPathComponent("\(name).actual.png").path)
            return "\(name): size \(bitmap.width)x\(bitmap.height), reference \(expected.width)x\(expected.height)"
        }
        // Compare in straight alpha, as stored, so the PNG round trip of premultiplied values is exact.
        let a = PNG.straightRGBA(bitmap), e = PNG.straightRGBA(expected)
        var firstBad: (Int, Int, Int)? = nil
        var badCount = 0
        let diff = Bitmap(width: bitmap.width, height: bitmap.height)!
        for i in stride(from: 0, to: a.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(a[i + c]) - Int(e[i + c]))) }
            let x = (i / 4) % bitmap.width, y = (i / 4) / bitmap.width
            if worst > tolerance {
                badCount += 1
                if firstBad == nil { firstBad = (x, y, worst) }
                diff[x, y] = Pixel.pack(r: 255, g: 0, b: 0, a: 255)
            } else {
                let g = UInt32(e[i + 3]) / 4
                diff[x, y] = Pixel.pack(r: g, g: g, b: g, a: 255)
            }
        }
        guard let (x, y, worst) = firstBad else { return nil }
        try? PNG.write(bitmap, to: dir.appendingPathComponent("\(name).actual.png").path)
        try? PNG.write(diff, to: dir.appendingPathComponent("\(name).diff.png").path)
        return "\(name): \(badCount) pixels differ by more than \(tolerance); first at (\(x), \(y)) by \(worst). "
            + "Actual and diff written beside \(ref)"
    }
}
