import FlipbookTesting
import Foundation
import Raster
import RasterIO
import Testing

/// The record modes and failure files, in a scratch folder standing in for a test file's.
struct GoldenImageTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
    var file: String { dir.appendingPathComponent("ExampleTests.swift").path }
    func path(_ name: String) -> String { dir.appendingPathComponent("__Snapshots__/ExampleTests/\(name)").path }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    func bitmap(_ pixel: UInt32) -> Bitmap {
        let b = Bitmap(width: 4, height: 3)!
        b.clear(pixel)
        return b
    }
    let grey = Pixel.pack(r: 100, g: 100, b: 100, a: 255)

    @Test func aMissingReferenceIsRecordedAndFailsUnlessNever() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(GoldenImage.verify(bitmap(grey), named: "a", record: .never, file: file)?.contains("no reference") == true)
        #expect(!exists("a.png"))
        #expect(GoldenImage.verify(bitmap(grey), named: "a", record: .missing, file: file)?.contains("recorded") == true)
        #expect(try PNG.read(path("a.png"))[1, 1] == grey)
        #expect(GoldenImage.verify(bitmap(grey), named: "a", record: .missing, file: file) == nil)
        #expect(GoldenImage.verify(bitmap(grey), named: "a", record: .never, file: file) == nil)
    }

    @Test func aMismatchWritesTheActualAndADiffNamingTheFirstBadPixel() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = GoldenImage.verify(bitmap(grey), named: "b", file: file)
        let changed = bitmap(grey)
        changed[2, 1] = Pixel.pack(r: 103, g: 100, b: 100, a: 255)
        let message = try #require(GoldenImage.verify(changed, named: "b", record: .missing, file: file))
        #expect(message.contains("1 pixels differ by more than 0; first at (2, 1) by 3"))
        #expect(try PNG.read(path("b.actual.png"))[2, 1] == changed[2, 1])
        #expect(try PNG.read(path("b.diff.png"))[2, 1] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(try PNG.read(path("b.png"))[2, 1] == grey)                       // the reference stays
        #expect(GoldenImage.verify(changed, named: "b", tolerance: 3, file: file) == nil)
        #expect(!exists("b.actual.png") && !exists("b.diff.png"))                // a match clears them
    }

    @Test func aMismatchWritesASideBySidePageThatTheMessageNames() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = GoldenImage.verify(bitmap(grey), named: "p", file: file)
        let changed = bitmap(grey)
        changed[0, 0] = Pixel.pack(r: 0, g: 0, b: 255, a: 255)
        let message = try #require(GoldenImage.verify(changed, named: "p", file: file))
        #expect(message.hasSuffix("; side by side: \(path("p.report.html"))"), "\(message)")
        let html = try String(contentsOfFile: path("p.report.html"), encoding: .utf8)
        // Expected, actual and diff, each the bytes of its file, labelled, shown side by side.
        for (file, label) in [("p.png", "expected"), ("p.actual.png", "actual"), ("p.diff.png", "diff")] {
            let png = try Data(contentsOf: URL(fileURLWithPath: path(file))).base64EncodedString()
            #expect(html.contains("{\"src\":\"data:image/png;base64,\(png)\",\"label\":\"\(label)\""), "\(file) is not in the page as \(label)")
        }
        #expect(html.contains("<section id=\"side-by-side\">") && html.contains("1 pixels differ by more than 0; first at (0, 0) by 155"))
        // A size change shows expected and actual (no diff); a match removes the page.
        let small = Bitmap(width: 2, height: 2)!
        #expect(GoldenImage.verify(small, named: "p", file: file)?.contains("side by side: \(path("p.report.html"))") == true)
        #expect(try String(contentsOfFile: path("p.report.html"), encoding: .utf8).components(separatedBy: "data:image/png").count - 1 == 2)
        #expect(GoldenImage.verify(bitmap(grey), named: "p", file: file) == nil)
        #expect(!exists("p.report.html"))
    }

    @Test func recordModesAllAndFailedRewriteTheReference() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = GoldenImage.verify(bitmap(grey), named: "c", file: file)
        let white = Pixel.pack(r: 255, g: 255, b: 255, a: 255)
        #expect(GoldenImage.verify(bitmap(grey), named: "c", record: .failed, file: file) == nil) // a match stays
        #expect(GoldenImage.verify(bitmap(white), named: "c", record: .failed, file: file)?.contains("recorded") == true)
        #expect(try PNG.read(path("c.png"))[0, 0] == white)
        #expect(GoldenImage.verify(bitmap(grey), named: "c", record: .all, file: file)?.contains("record mode all") == true)
        #expect(try PNG.read(path("c.png"))[0, 0] == grey)
        let small = Bitmap(width: 2, height: 2)!
        #expect(GoldenImage.verify(small, named: "c", file: file)?.contains("size 2x2, reference 4x3") == true)
    }

    @Test func aTestersDefaultNameIsTheTestAndTheFrame() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let tester = try SceneTester(view: UIView(), size: CGSize(width: 8, height: 8))
        tester.advance(to: 1.5)
        let message = tester.verifySnapshot(filePath: file, function: "theBallLands()")
        #expect(message?.contains("theBallLands.90: no reference") == true)
        #expect(exists("theBallLands.90.png"))
        #expect(tester.verifySnapshot(filePath: file, function: "theBallLands()") == nil)
    }
}
