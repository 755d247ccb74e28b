import Foundation
import TestSupport
@testable import Render
import RasterIO
import Testing

/// `render --replace`: only a folder Flipbook made (its `.flipbook-output` marker listing every name
/// in it) is replaced; anything else is refused with one line and left as it was; a failed or
/// interrupted render changes nothing. The `flipbook` binary in a temporary folder.
@Suite struct RenderReplaceTests {
    let root = FlipbookCommand.tmp("replace")
    let fm = FileManager.default

    init() throws { try fm.createDirectory(atPath: root, withIntermediateDirectories: true) }

    func names(_ folder: String) -> [String] { ((try? fm.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted() }
    func render(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try FlipbookCommand.run(["render", "hello", "--size", "32x18"] + args, cwd: root)
    }
    func expectOneLineRefusal(_ r: (status: Int32, out: String, err: String), _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 2, "\(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.split(separator: "\n").count == 1 && r.err.contains(message), "\(r.err)", sourceLocation: sourceLocation)
    }

    @Test func aFolderARenderMadeIsMarkedAndReplacedWhole() throws {
        defer { try? fm.removeItem(atPath: root) }
        let first = try render(["--out", "frames", "--frames", "3", "--sheet", "frames/sheet.png"])
        #expect(first.status == 0, "\(first.err)")
        #expect(names("frames") == [".flipbook-output", "frame-00000.png", "frame-00001.png", "frame-00002.png", "sheet.png"])
        #expect(OutputReplacement.markedNames(in: root + "/frames") == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "sheet.png"])
        // Without --replace the folder's frames are still refused.
        expectOneLineRefusal(try render(["--out", "frames", "--frames", "2"]), "already exists")
        let again = try render(["--out", "frames", "--frames", "2", "--sheet", "frames/sheet.png", "--replace"])
        #expect(again.status == 0, "\(again.err)")
        #expect(names("frames") == [".flipbook-output", "frame-00000.png", "frame-00001.png", "sheet.png"])
        #expect(again.out.contains("wrote 2 frames to \(Files.realPath(root + "/frames")!)"), "\(again.out)")
        #expect(names(".").filter { $0.contains("flipbook") }.isEmpty, "the old folder was left: \(names("."))")
        // A folder that does not exist yet is simply made.
        #expect(try render(["--out", "fresh", "--frames", "1", "--replace"]).status == 0)
        #expect(names("fresh") == [".flipbook-output", "frame-00000.png"])
    }

    @Test func aFolderWithoutTheMarkerOrAFileIsRefusedAndUntouched() throws {
        defer { try? fm.removeItem(atPath: root) }
        try fm.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/mine/frame-00000.png"))
        expectOneLineRefusal(try render(["--out", "mine", "--frames", "1", "--replace"]), "has no .flipbook-output marker")
        #expect(names("mine") == ["frame-00000.png"])
        #expect(try String(contentsOfFile: root + "/mine/frame-00000.png", encoding: .utf8) == "keep")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        expectOneLineRefusal(try render(["--out", "notes.txt", "--frames", "1", "--replace"]), "is not a folder Flipbook made")
        #expect(try String(contentsOfFile: root + "/notes.txt", encoding: .utf8) == "notes")
        expectOneLineRefusal(try render(["--frames", "1", "--replace", "--sheet", "s.png"]), "--replace needs --out")
        #expect(names(".") == ["mine", "notes.txt"])
    }

    /// Decided: a marked folder that also holds a name its marker does not list (a user's file, or
    /// a frame a later render added) is refused whole — Flipbook cannot tell it is its own.
    @Test func aMarkedFolderWithAUsersFileIsRefused() throws {
        defer { try? fm.removeItem(atPath: root) }
        #expect(try render(["--out", "frames", "--frames", "2"]).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/frames/notes.txt"))
        let before = names("frames")
        expectOneLineRefusal(try render(["--out", "frames", "--frames", "1", "--replace"]), "holds 'notes.txt', which Flipbook did not write there")
        #expect(names("frames") == before)
        #expect(try String(contentsOfFile: root + "/frames/notes.txt", encoding: .utf8) == "mine")
        #expect(names(".") == ["frames"], "nothing was left beside it")
    }

    @Test func aFailedOrInterruptedReplaceChangesNothing() throws {
        defer { try? fm.removeItem(atPath: root) }
        #expect(try render(["--out", "frames", "--frames", "2"]).status == 0)
        let before = names("frames")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/frames/frame-00001.png"))
        // Interrupted: SIGINT once the new render has staged frames.
        let p = FlipbookCommand.process(["render", "hello", "--size", "32x18", "--out", "frames", "--frames", "100000", "--replace"], cwd: root)
        p.standardError = FileHandle.nullDevice; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let real = Files.realPath(root)!
        let staging = real + "/.frames.flipbook-replace-\(p.processIdentifier)/.flipbook-staging-\(p.processIdentifier)"
        var started = false
        for _ in 0..<600 where !started {
            if let n = try? fm.contentsOfDirectory(atPath: staging), n.count >= 2 { started = true } else { usleep(50_000) }
        }
        #expect(started, "the replacing render did not start")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        #expect(names("frames") == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/frames/frame-00001.png")) == bytes)
        #expect(names(".") == ["frames"], "the new render's folder was left: \(names("."))")
        // Failed: a sheet that exists outside the folder is refused before anything is rendered.
        try Data("s".utf8).write(to: URL(fileURLWithPath: root + "/s.png"))
        expectOneLineRefusal(try render(["--out", "frames", "--frames", "1", "--replace", "--sheet", "s.png"]), "already exists")
        #expect(names("frames") == before)
        #expect(names(".") == ["frames", "s.png"])
    }

    /// Concurrent: while another render writes into the folder (it holds `.flipbook-lock`), a
    /// replace is refused and the folder stays as it was; a lock nobody holds does not stop it.
    @Test func aReplaceWhileAnotherRenderWritesThereIsRefused() throws {
        defer { try? fm.removeItem(atPath: root) }
        #expect(try render(["--out", "frames", "--frames", "2"]).status == 0)
        let lockPath = root + "/frames/.flipbook-lock"
        if !fm.fileExists(atPath: lockPath) { #expect(fm.createFile(atPath: lockPath, contents: nil)) }
        let before = names("frames")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/frames/frame-00001.png"))
        let fd = open(lockPath, O_RDWR)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)   // this test plays the other render
        expectOneLineRefusal(try render(["--out", "frames", "--frames", "3", "--replace"]), "another flipbook render is writing into")
        #expect(names("frames") == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/frames/frame-00001.png")) == bytes)
        #expect(names(".") == ["frames"], "the refused render left \(names("."))")
        close(fd)                                                 // the other render ended
        #expect(try render(["--out", "frames", "--frames", "3", "--replace"]).status == 0)
        #expect(names("frames").contains("frame-00002.png"))
    }
}
