import FrameLoop
import Foundation
import TestSupport
@testable import DevTools
@testable import Render
@testable import Window
import RasterIO
import Testing

/// Renders stopped by a signal or refused by another render's lock, and file names that are not
/// UTF-8: the `flipbook` binary in temporary folders.
@Suite struct RenderInterruptTests {
    /// Starts a long render into `out` and returns once its staging folder holds a frame.
    static func startLongRender(out: String, cwd: String, extra: [String] = []) throws -> (Process, Pipe) {
        let p = FlipbookCommand.process(["render", "hello", "--out", out, "--frames", "100000", "--size", "32x18", "--sheet", "sheet.png"] + extra, cwd: cwd)
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let staging = cwd + "/" + out + "/.flipbook-staging-\(p.processIdentifier)"
        for _ in 0..<600 {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: staging), names.count >= 2 { return (p, err) }
            usleep(50_000)
        }
        p.terminate(); p.waitUntilExit()
        throw HostError("the render did not start within 30 s")
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, 143, "SIGTERM"), (SIGHUP, 129, "SIGHUP")])
    func aSignalRemovesThePartialRenderAndExitsWith128PlusIt(signo: Int32, status: Int32, name: String) throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        for out in ["new", "../existing"] {
            let (p, err) = try Self.startLongRender(out: out, cwd: box.cwd)
            kill(p.processIdentifier, signo)
            for _ in 0..<400 where p.isRunning { usleep(50_000) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL); Issue.record("\(name) did not stop the render within 20 s") }
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == status, "\(name): \(p.terminationStatus) \(message)")
            #expect(message.split(separator: "\n").count == 1 && message.contains("interrupted by \(name)"), "\(message)")
            #expect(box.snapshot(strict: false) == before, "\(name) into \(out) left files behind")
        }
    }

    /// Recordings are staged like the frames: a signal mid-render leaves none of them, nor ffmpeg's output.
    @Test func aSignalRemovesPartialRecordings() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        var extra = ["--apng", "a.png", "--gif", "../a.gif"]
        if WebPAnimation.encoderUnavailableReason() == nil { extra += ["--webp", "a.webp"] }
        if MP4Writer.ffmpegPath() != nil { extra += ["--mp4", "a.mp4"] }
        let (p, err) = try Self.startLongRender(out: "new", cwd: box.cwd, extra: extra)
        kill(p.processIdentifier, SIGINT)
        for _ in 0..<400 where p.isRunning { usleep(50_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL); Issue.record("SIGINT did not stop the render within 20 s") }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130 && message.contains("interrupted by SIGINT"), "\(message)")
        usleep(300_000) // an ffmpeg child ends on its own signal or on the end of its input
        #expect(box.snapshot(strict: false) == before, "\(extra) left files behind")
    }

    @Test func aRenderIntoAFolderAnotherIsWritingIsRefused() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        var o = RenderOptions(sceneName: "hello", width: 32, height: 18, frameCount: 3, outDirectory: box.existing)
        o.dump = .every(1)
        let first = try RenderOutput(OutputPaths(o)) // holds the lock, as a running render does
        defer { first.abandon() }
        let during = box.snapshot(strict: false)
        let r = try FlipbookCommand.run(["render", "hello", "--out", "../existing", "--frames", "3", "--size", "32x18",
                                          "--sheet", "s.png"], cwd: box.cwd)
        #expect(r.status == 2, "\(r)")
        #expect(r.err.split(separator: "\n").count == 1 && r.err.contains("another flipbook render is writing into"), "\(r.err)")
        #expect(box.snapshot(strict: false) == during)
    }

    /// Runs a shell command line (for arguments that are not UTF-8) and returns status and raw output.
    static func shell(_ line: String, cwd: String) throws -> (status: Int32, out: [UInt8], err: [UInt8]) {
        let p = FlipbookCommand.process(["-c", line], executable: "/bin/sh", cwd: cwd, extraEnvironment: ["FB": FlipbookCommand.binary])
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, Array(o), Array(e))
    }

    @Test func namesThatAreNotUTF8AreUsedByteForByte() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        // Latin-1 é (0xE9) in the script, output folder and sheet names; the script has CRLF line ends.
        let r = try Self.shell(#"""
            printf '0.1 tap 10 10\r\n0.2 key space\r\n' > "$(printf 'in\351.txt')" &&
            exec "$FB" render hello --frames 3 --size 32x18 --input "$(printf 'in\351.txt')" \
                --out "$(printf 'caf\351')" --sheet "$(printf 's\351.png')"
            """#, cwd: box.cwd)
        #expect(r.status == 0, "\(String(decoding: r.err, as: UTF8.self))")
        let names = try #require(Files.contents(of: box.cwd))
        #expect(names.contains(Files.decode([0x63, 0x61, 0x66, 0xE9])), "\(names)")
        #expect(names.contains(Files.decode([0x73, 0xE9, 0x2E, 0x70, 0x6E, 0x67])), "\(names)")
        #expect(names.count == 4) // keep.txt, the script, the folder and the sheet: nothing renamed
        #expect(Files.contents(of: box.cwd + "/" + Files.decode([0x63, 0x61, 0x66, 0xE9]))?.count == 4) // three frames and the folder's marker
        // The report names the folder with the user's bytes, not with U+FFFD.
        #expect(r.out.starts(with: Array("wrote 3 frames to ".utf8)))
        #expect(r.out.contains(0xE9) && !String(decoding: r.out, as: UTF8.self).contains("caf\u{FFFD}\u{FFFD}"))
        #expect(!r.out.containsSequence([0xEF, 0xBF, 0xBD]))

        // A message names a non-UTF-8 file with its bytes too.
        let bad = try Self.shell(#"exec "$FB" render hello --frames 3 --size 32x18 --out o --input "$(printf 'no\351.txt')""#, cwd: box.cwd)
        #expect(bad.status == 2)
        #expect(bad.err.containsSequence([0x6E, 0x6F, 0xE9, 0x2E]), "\(String(decoding: bad.err, as: UTF8.self))")
    }

    @Test func fileNamesRoundTripEveryByteSequence() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...24, using: &rng)).map { _ in UInt8.random(in: 1...255, using: &rng) }
            #expect(Files.bytes(Files.decode(bytes)) == bytes, "\(bytes)")
        }
        #expect(Files.decode(Array("café.png".utf8)) == "café.png") // valid UTF-8 stays as it is
        let escapeRange = Array("\u{10FF80}".utf8)
        #expect(Files.bytes(Files.decode(escapeRange)) == escapeRange)
        #expect(Files.split("a/b/") == ("a", "b/") && Files.split("x") == (".", "x") && Files.split("/x") == ("/", "x"))
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ s: [UInt8]) -> Bool {
        guard s.count <= count else { return false }
        return (0...(count - s.count)).contains { Array(self[$0..<$0 + s.count]) == s }
    }
}
