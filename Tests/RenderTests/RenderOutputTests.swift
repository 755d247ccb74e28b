import FrameLoop
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import Raster
import RasterIO
import Testing

/// The staging, commit and clean-up steps of `RenderOutput`, with writes that fail on purpose.
@Suite struct RenderOutputTests {
    static func options(out: String, sheet: String? = nil, trace: String? = nil) -> RenderOptions {
        var o = RenderOptions(sceneName: "hello", width: 8, height: 8, frameCount: 3, outDirectory: out)
        o.sheetPath = sheet
        o.tracePath = trace
        return o
    }

    static let frame: Bitmap = { let b = Bitmap(width: 8, height: 8)!; b.clear(Color(hex: 0x3366CC).premultipliedPixel); return b }()

    /// A writer that fails with `code` on the call whose path contains `match` and the `nth` call.
    static func failing(on match: String? = nil, nth: Int? = nil, code: Int32 = ENOSPC) -> ([UInt8], String) throws -> Void {
        var calls = 0
        return { bytes, path in
            calls += 1
            if calls == nth || match.map(path.contains) == true { throw Files.Failure("injected", code: code) }
            try Files.withCName(path) { try Files.write(bytes, to: $0, name: path) }
        }
    }

    @Test func theTraceIsOnDiskWhileTheRenderRunsAndPlacedOrRemovedAtTheEnd() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        for commit in [true, false] {
            let out = box.root + "/t\(commit)", trace = out + "/trace.jsonl"
            let output = try RenderOutput(OutputPaths(Self.options(out: out, trace: trace)))
            let write = try output.openTrace()
            try write("{\"frame\":0}\n")
            try write("{\"frame\":1}\n")
            // Streamed: the lines are in the staging file already, not in memory.
            let staged = try String(contentsOfFile: output.staging + "/trace.jsonl", encoding: .utf8)
            #expect(staged == "{\"frame\":0}\n{\"frame\":1}\n")
            if commit {
                let r = try output.commit(sheet: nil, trace: nil)
                #expect(r.trace == Files.realPath(out)! + "/trace.jsonl" || r.trace == trace)
                #expect(try String(contentsOfFile: trace, encoding: .utf8) == staged)
            } else {
                output.abandon()
                #expect(!FileManager.default.fileExists(atPath: out))
            }
        }
    }

    @Test func aFullDiskMidRunRemovesEverythingItCreated() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        for out in [box.root + "/new", box.existing] {
            let output = try RenderOutput(OutputPaths(Self.options(out: out)))
            output.writeFile = Self.failing(nth: 3)
            try output.writeFrame(Self.frame, named: "frame-00000.png")
            try output.writeFrame(Self.frame, named: "frame-00001.png")
            #expect(throws: HostError("cannot write frame-00002.png into '\(Files.realPath(box.root)!)\(out == box.existing ? "/cwd/existing" : "/new")': No space left on device")) {
                try output.writeFrame(Self.frame, named: "frame-00002.png")
            }
            output.abandon()
            #expect(box.snapshot(strict: false) == before, "\(out)")
        }
    }

    @Test(arguments: ["sheet", "trace"])
    func aFailedSideFileUndoesTheFramesAlreadyPlaced(which: String) throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        // The sheet goes into the output folder and the trace beside it: both orders of placing.
        let o = Self.options(out: box.existing, sheet: box.existing + "/sheet.png", trace: box.root + "/trace.jsonl")
        let output = try RenderOutput(OutputPaths(o))
        // The sheet is staged in the output folder's staging folder under its own name; the trace
        // beside its target under a short hidden name (`OutputPaths.stagingName`).
        output.writeFile = Self.failing(on: which == "sheet" ? "/sheet.png" : box.root + "/.flipbook-")
        for n in 0..<3 { try output.writeFrame(Self.frame, named: OutputPaths.frameName(n)) }
        #expect(throws: HostError.self) { _ = try output.commit(sheet: Self.frame, trace: "{}\n") }
        #expect(box.snapshot(strict: false) == before)
    }

    @Test func aNameTakenDuringTheRunFailsTheRunAndKeepsTheOtherFile() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let output = try RenderOutput(OutputPaths(Self.options(out: box.existing, trace: box.root + "/trace.jsonl")))
        for n in 0..<3 { try output.writeFrame(Self.frame, named: OutputPaths.frameName(n)) }
        let before = box.snapshot(strict: false)
        try "someone else's".write(toFile: box.root + "/trace.jsonl", atomically: false, encoding: .utf8)
        var after = box.snapshot(strict: false)
        #expect(throws: HostError.self) { _ = try output.commit(sheet: nil, trace: "{}\n") }
        #expect(try String(contentsOfFile: box.root + "/trace.jsonl", encoding: .utf8) == "someone else's")
        // Everything of this run is gone (staging and lock included); the intruder stays.
        after = box.snapshot(strict: false)
        #expect(Set(after.keys) == Set(before.keys).subtracting(before.keys.filter { $0.contains(".flipbook") }).union(["trace.jsonl"]))
    }

    @Test func aCommitPutsEveryFileInPlaceAndLeavesNoStagingOrLock() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let out = box.root + "/new"
        let output = try RenderOutput(OutputPaths(Self.options(out: out, sheet: out + "/sheet.png", trace: box.root + "/t.jsonl")))
        #expect(FileManager.default.fileExists(atPath: out + "/.flipbook-lock"))
        for n in 0..<3 { try output.writeFrame(Self.frame, named: OutputPaths.frameName(n)) }
        let r = try output.commit(sheet: Self.frame, trace: "{}\n")
        let real = Files.realPath(box.root)!
        #expect(r.frames == (0..<3).map { "\(real)/new/frame-0000\($0).png" })
        #expect(r.sheet == real + "/new/sheet.png" && r.trace == real + "/t.jsonl")
        // The folder this run made also has the marker `render --replace` looks for, listing them.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)) == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "sheet.png", ".flipbook-output"])
        #expect(OutputReplacement.markedNames(in: out) == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "sheet.png"])
        #expect(try PNG.read(r.frames[1]).width == 8)
        #expect(try String(contentsOfFile: r.trace!, encoding: .utf8) == "{}\n")
        output.abandon() // after a commit: nothing to remove
        #expect(FileManager.default.fileExists(atPath: r.frames[0]))
    }

    /// A sheet and trace named with NAME_MAX (255) bytes, beside the output folder: their staging
    /// names must fit too (`.NAME.flipbook-PID` did not), and nothing else is left behind.
    @Test func namesOfTheLongestLegalLengthAreWritten() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let sheet = String(repeating: "s", count: 251) + ".png", trace = String(repeating: "t", count: 249) + ".jsonl"
        #expect(sheet.utf8.count == 255 && trace.utf8.count == 255)
        let output = try RenderOutput(OutputPaths(Self.options(out: box.root + "/new", sheet: box.root + "/" + sheet, trace: box.root + "/" + trace)))
        for n in 0..<3 { try output.writeFrame(Self.frame, named: OutputPaths.frameName(n)) }
        let r = try output.commit(sheet: Self.frame, trace: "{}\n")
        #expect(try PNG.read(r.sheet!).width == 8)
        #expect(try String(contentsOfFile: r.trace!, encoding: .utf8) == "{}\n")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: box.root)).isSuperset(of: [sheet, trace, "new"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.root).allSatisfy { !$0.contains(".flipbook-") })
    }

    @Test func twoOutputsIntoOneFolderCannotBothHoldIt() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let first = try RenderOutput(OutputPaths(Self.options(out: box.existing)))
        defer { first.abandon() }
        #expect(throws: HostError.self) { _ = try RenderOutput(OutputPaths(Self.options(out: box.existing))) }
        first.abandon()
        let second = try RenderOutput(OutputPaths(Self.options(out: box.existing)))
        second.abandon()
    }
}
