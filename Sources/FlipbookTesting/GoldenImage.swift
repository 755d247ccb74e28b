import Foundation
import HTMLReport
import Raster
import RasterIO

/// When a golden-image check writes its reference instead of (only) comparing, as
/// swift-snapshot-testing's record modes.
///
/// Read from the environment variable `FLIPBOOK_RECORD` (`all`, `failed`, `missing`, `never`;
/// `1` means `all`) unless a check passes one. Default: `.missing`.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Writes every reference, and fails the check so that a recording run never passes unseen.
    case all
    /// Writes the reference where the image differs (and where it is missing), failing the check.
    case failed
    /// Writes only missing references, failing the check; compares the rest. The default.
    case missing
    /// Writes no reference: a missing one fails (for CI).
    case never

    /// The mode `FLIPBOOK_RECORD` names, or `.missing` when it is unset or empty.
    /// An unknown value is treated as `.never`, so a typo cannot overwrite references.
    public static var environment: SnapshotRecordMode {
        guard let value = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"]?.lowercased(), !value.isEmpty else {
            return .missing
        }
        return value == "1" ? .all : SnapshotRecordMode(rawValue: value) ?? .never
    }
}

/// Golden-image comparison: a bitmap against a reference PNG, in the manner of swift-snapshot-testing.
///
/// References live beside the test file: `__Snapshots__/<TestFile>/<name>.png`. On a mismatch the
/// actual image and a diff image (differing pixels red, the rest the reference's alpha in grey)
/// are written next to the reference as `<name>.actual.png` and `<name>.diff.png`, with a page
/// showing expected, actual and diff side by side and as a player to flip between them
/// (`<name>.report.html`, the same kind of page as `flipbook report`'s, images embedded), and the
/// message names the first bad pixel and the page; a later match removes them. Look at every
/// recorded image before committing it.
public enum GoldenImage {
    /// Compares `bitmap` with its reference; nil when it matches (or `record` is satisfied),
    /// otherwise the failure message.
    ///
    /// - Parameters:
    ///   - bitmap: the image to check (a frame, `SceneTester.bitmap`).
    ///   - name: the file name without `.png`.
    ///   - tolerance: the largest difference accepted in any channel (0…255), compared in straight
    ///     alpha as the PNG stores it. Default: 0 (byte-identical).
    ///   - record: when to write the reference. Default: `SnapshotRecordMode.environment`.
    ///   - file: the test file (`#filePath`); the references sit beside it.
    /// - Complexity: O(pixels).
    public static func verify(_ bitmap: Bitmap, named name: String, tolerance: Int = 0,
                              record: SnapshotRecordMode = .environment, file: String) -> String? {
        let testURL = URL(fileURLWithPath: file)
        let dir = testURL.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testURL.deletingPathExtension().lastPathComponent)
        let ref = dir.appendingPathComponent("\(name).png").path
        let actualPath = dir.appendingPathComponent("\(name).actual.png").path
        let diffPath = dir.appendingPathComponent("\(name).diff.png").path
        let pagePath = dir.appendingPathComponent("\(name).report.html").path
        let fm = FileManager.default
        func writeReference(_ why: String) -> String {
            do {
                try fm.createDirectory(at: dir, withIntermediateDirectories: true)
                try PNG.write(bitmap, to: ref)
            } catch { return "\(name): cannot record \(ref): \(error)" }
            return "\(name): \(why); recorded \(ref) — look at it, then run again"
        }
        let exists = fm.fileExists(atPath: ref)
        if !exists {
            return record == .never ? "\(name): no reference at \(ref) (record mode never)" : writeReference("no reference")
        }
        if record == .all { return writeReference("record mode all") }
        let expected: Bitmap
        do { expected = try PNG.read(ref) } catch { return "\(name): cannot read \(ref): \(error)" }
        guard expected.width == bitmap.width, expected.height == bitmap.height else {
            let summary = "\(name): size \(bitmap.width)x\(bitmap.height), reference \(expected.width)x\(expected.height)"
            let page = writePage(name: name, summary: summary, reference: ref, actual: bitmap, diff: nil, to: pagePath)
            if record == .failed { return writeReference("size changed") + page }
            try? PNG.write(bitmap, to: actualPath)
            return summary + "; actual written to \(actualPath)" + page
        }
        // Compare in straight alpha, as stored, so the PNG round trip of premultiplied values is exact.
        let a = PNG.straightRGBA(bitmap), e = PNG.straightRGBA(expected)
        var firstBad: (x: Int, y: Int, by: Int)? = nil
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
        guard let bad = firstBad else {
            try? fm.removeItem(atPath: actualPath) // left by an earlier failure
            try? fm.removeItem(atPath: diffPath)
            try? fm.removeItem(atPath: pagePath)
            return nil
        }
        try? PNG.write(diff, to: diffPath)
        let summary = "\(name): \(badCount) pixels differ by more than \(tolerance); first at (\(bad.x), \(bad.y)) by \(bad.by)"
        let page = writePage(name: name, summary: summary, reference: ref, actual: bitmap, diff: diff, to: pagePath)
        if record == .failed { return writeReference(summary) + " (diff: \(diffPath))" + page }
        try? PNG.write(bitmap, to: actualPath)
        return summary + ". Actual and diff written beside \(ref)" + page
    }

    /// Writes the failure's page (expected as the reference file holds it, actual, diff); returns
    /// the message's sentence naming it, or what went wrong, never failing the check for it.
    static func writePage(name: String, summary: String, reference: String, actual: Bitmap, diff: Bitmap?, to path: String) -> String {
        var page = ReportPage(title: "\(name): golden image mismatch")
        page.facts = [summary, "Reference: \(reference)"]
        page.sideBySide = true
        page.showsSheet = false
        do {
            let expectedBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
            page.frames = [ReportPage.Frame(image: .png(expectedBytes), label: "expected", time: nil),
                           ReportPage.Frame(image: .png(try PNG.encode(actual)), label: "actual", time: nil)]
            if let diff { page.frames.append(ReportPage.Frame(image: .png(try PNG.encode(diff)), label: "diff", time: nil)) }
            try Data(page.html().utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            return " (no side-by-side page: \(error))"
        }
        return "; side by side: \(path)"
    }
}
