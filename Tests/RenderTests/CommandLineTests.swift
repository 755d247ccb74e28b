import FrameLoop
import TestSupport
import Foundation
import Testing

/// The `flipbook` executable as a user runs it: one line and status 2 for every bad input, and
/// nothing left behind that looks like a render.
@Suite(.isolatedEngine) struct CommandLineTests {
    @Test func aDisplayThatCannotBeOpenedIsOneLineAndStatusTwoAtOnce() throws {
        // SDL fell back to its offscreen driver and the window ran unseen forever.
        let p = FlipbookCommand.process(["run", "hello"], extraEnvironment: ["DISPLAY": ":9731", "XDG_RUNTIME_DIR": NSTemporaryDirectory()])
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        let start = Date()
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        #expect(Date().timeIntervalSince(start) < 20)
        let ours = e.split(separator: "\n").filter { $0.hasPrefix("flipbook: ") }
        #expect(ours.count == 1 && ours[0].contains("cannot open a window on DISPLAY=:9731"), "\(e)")

        // Without XDG_RUNTIME_DIR, SDL's fallback through Wayland made libwayland print its own
        // line first: with X11 named and no Wayland display, only X11 is tried.
        let q = FlipbookCommand.process(["run", "hello"], extraEnvironment: ["DISPLAY": ":9731"])
        q.environment?["XDG_RUNTIME_DIR"] = nil
        let qErr = Pipe()
        q.standardError = qErr; q.standardOutput = FileHandle.nullDevice
        try q.run()
        let qe = String(decoding: qErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        q.waitUntilExit()
        #expect(q.terminationStatus == 2)
        #expect(qe.split(separator: "\n").count == 1 && qe.hasPrefix("flipbook: cannot open a window on DISPLAY=:9731"), "\(qe)")
    }

    @Test func listNamesEveryScene() throws {
        let r = try FlipbookCommand.run(["list"])
        #expect(r.status == 0)
        #expect(r.out.contains("hello"))
    }

    @Test(arguments: [
        (["render", "nosuchscene", "--out", "OUT"], "unknown scene 'nosuchscene'"),
        (["render", "hello", "--out", "OUT", "--size", "0x0"], "size 0x0 is empty"),
        (["render", "hello", "--out", "OUT", "--size", "99999x10"], "above the limit"),
        (["render", "hello", "--out", "OUT", "--size", "12by3"], "expected WxH in points, for example 1280x720"),
        (["render", "hello", "--out", "OUT", "--size", "640"], "expected WxH in points"),
        (["render", "hello", "--out", "OUT", "--at", "1,x"], "expected times in seconds separated by commas"),
        (["render", "hello", "--out", "OUT", "--fps", "0"], "--fps 0"),
        (["render", "hello", "--out", "OUT", "--fps", "nan"], "--fps"),
        (["render", "hello", "--out", "OUT", "--duration", "-1"], "--duration"),
        (["render", "hello", "--out", "OUT", "--every", "0"], "--every 0"),
        (["render", "hello", "--out", "OUT", "--input", "/nonexistent/script.txt"], "cannot read the input script"),
        (["render", "hello", "--out", "OUT", "--input", "BADSCRIPT"], ":2: unknown event 'wiggle'"),
        (["render", "hello", "--out", "OUT", "--input", "CRLFSCRIPT"], ":2: unknown event 'wiggle'"),
        (["render", "hello", "--out", "/proc/flipbook-cannot-write-here"], "--out"),
        (["render", "hel\nlo", "--out", "OUT"], "scene name 'hel\\nlo' contains a control character"),
        (["render", "hello\u{1B}[31m", "--out", "OUT"], "contains a control character"),
        (["render", "hello", "--out", "OUT", "--duration", "3600"], "--duration 3600.0 at 60.0 fps is more than 216000 frames, the limit (its last instant counts); use at most 3599.983 s"),
        (["render", "hello", "--out", "OUT", "--duration", "1e300"], "more than 216000 frames"),
        (["render", "hello", "--out", "OUT", "--fps", "30", "--duration", "7200"], "use at most 7199.966 s"),
        (["render", "hello", "--out", "OUT", "--frames", "216001"], "216001 frames is outside 1…216000"),
        (["render", "hello", "--out", "OUT", "--shard", "4/4"], "--shard 4/4: the part must be 0…3"),
        (["render", "hello", "--out", "OUT", "--shard", "half"], "--shard 'half' is not I/N"),
        (["render", "hello", "--out", "OUT", "--shard-block", "5"], "--shard-block needs --shard I/N"),
        (["render", "hello", "--out", "OUT", "--shard", "0/2", "--sheet", "OUT.png"], "give --sheet to `flipbook assemble`"),
        (["assemble", "--out", "OUT"], "Missing expected argument '<parts> ...'"),
        (["assemble", "/nonexistent-part", "--out", "OUT"], "'/nonexistent-part' is not a folder"),
        (["run", "hel\nlo"], "unknown scene 'hel\\nlo'"),
        (["run", "nosuchscene"], "unknown scene"),
        (["run", "hello"], "no display"),
        (["run", "hello", "--input", "BADSCRIPT"], ":2: unknown event 'wiggle'"),
        (["run", "hello", "--input", "/nonexistent/script.txt"], "cannot read the input script"),
        (["run", "hello", "--record-as", "mp4"], "--record-as mp4: a window's frames are not evenly timed"),
        (["run", "hello", "--record-as", "bmp"], "--record-as 'bmp' is not a format"),
        (["frobnicate"], "frobnicate"),
    ])
    func badInputIsOneLineAndStatusTwo(args: [String], message: String) throws {
        let out = FlipbookCommand.tmp("bad")
        let script = FlipbookCommand.tmp("script") + ".txt"
        try "0.1 tap 1 1\n0.2 wiggle 3\n".write(toFile: script, atomically: true, encoding: .utf8)
        try "0.1 tap 1 1\r\n0.2 wiggle 3\r\n".write(toFile: script + ".crlf", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script); try? FileManager.default.removeItem(atPath: script + ".crlf") }
        let argv = args.map { $0 == "OUT" ? out : $0 == "BADSCRIPT" ? script : $0 == "CRLFSCRIPT" ? script + ".crlf" : $0 }
        let r = try FlipbookCommand.run(argv)
        #expect(r.status == 2, "\(argv): \(r)")
        let lines = r.err.split(separator: "\n")
        #expect(lines.count == 1, "\(argv): \(r.err)")
        #expect(r.err.contains(message), "\(argv): \(r.err)")
        #expect(!r.err.contains("Fatal") && !r.err.contains("Backtrac"))
        #expect(!FileManager.default.fileExists(atPath: out), "a failed render left \(out) behind")
    }

    /// A debug build of the program says so in one line when `bench` starts (and a window opens);
    /// a release build says nothing. The tests and the binary they run share a configuration.
    @Test func aDebugBuildSaysSoWhenBenchStarts() throws {
        let p = FlipbookCommand.process(["bench", "--frames", "10", "--filter", "no-such-case"], extraEnvironment: ["FLIPBOOK_DEBUG_NOTE": "1"])
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let r = (status: p.terminationStatus, err: text)
        #expect(r.status == 0, "\(r.err)")
        let line = "flipbook: debug build: frames 10–600× slower — build with -c release"
        #if DEBUG
        #expect(r.err.split(separator: "\n").map(String.init) == [line], "\(r.err)")
        #else
        #expect(!r.err.contains("debug build"), "\(r.err)")
        #endif
        // Piped (not a terminal), other commands keep stderr free for their one-line errors.
        let q = FlipbookCommand.process(["list", "--names"], extraEnvironment: ["FLIPBOOK_DEBUG_NOTE": "1"])
        let qerr = Pipe()
        q.standardError = qerr; q.standardOutput = FileHandle.nullDevice
        try q.run()
        let quiet = qerr.fileHandleForReading.readDataToEndOfFile()
        q.waitUntilExit()
        #expect(q.terminationStatus == 0 && quiet.isEmpty, "\(String(decoding: quiet, as: UTF8.self))")
    }

    @Test func helpReadsWellAndExitsZero() throws {
        let r = try FlipbookCommand.run(["render", "--help"])
        #expect(r.status == 0)
        #expect(r.out.contains("--sheet") && r.out.contains("--input"))
        #expect(r.out.contains("1280x720") && !r.out.contains("Size(width"), "the default size reads as it is typed")
    }

    /// Four `render --shard I/4` processes at once, as an array job runs them, then `assemble`: the
    /// same files as one render.
    @Test func fourShardProcessesAssembleToOneRender() throws {
        let root = FlipbookCommand.tmp("shards")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let common = ["render", "transitions", "--size", "200x150", "--duration", "1.5", "--every", "3"]
        let parts = (0..<4).map { i -> Process in
            let p = FlipbookCommand.process(common + ["--out", root + "/p\(i)", "--shard", "\(i)/4", "--shard-block", "9"])
            p.standardOutput = FileHandle.nullDevice
            return p
        }
        for p in parts { try p.run() }
        for p in parts { p.waitUntilExit(); #expect(p.terminationStatus == 0) }
        #expect(try FlipbookCommand.run(common + ["--out", root + "/whole", "--sheet", root + "/whole.png"]).status == 0)
        let joined = try FlipbookCommand.run(["assemble"] + (0..<4).map { root + "/p\($0)" } + ["--out", root + "/joined", "--sheet", root + "/joined.png"])
        #expect(joined.status == 0, "\(joined.err)")
        #expect(joined.out.contains("wrote 31 frames"))
        let fm = FileManager.default
        let names = try fm.contentsOfDirectory(atPath: root + "/whole").sorted()
        #expect(try fm.contentsOfDirectory(atPath: root + "/joined").sorted() == names)
        for name in names + ["../whole.png"] {
            let a = fm.contents(atPath: root + "/whole/" + name), b = fm.contents(atPath: root + "/joined/" + name.replacingOccurrences(of: "whole", with: "joined"))
            #expect(a != nil && a == b, "\(name)")
        }
    }

    @Test func tourRendersEverySceneIntoItsFolderWithASheetAndNeverReplacesOne() throws {
        let dir = FlipbookCommand.tmp("tour")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["tour", "--out", "t", "--size", "64x36", "--duration", "0.5", "--every", "15"]
        let r = try FlipbookCommand.run(args, cwd: dir)
        #expect(r.status == 0, "\(r)")
        let names = try FlipbookCommand.run(["list", "--names"]).out.split(separator: "\n").map(String.init)
        #expect(names.count > 1)
        for name in names {
            let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/t/\(name)").filter { $0.hasSuffix(".png") }
            #expect(frames.sorted() == ["frame-00000.png", "frame-00015.png", "frame-00030.png"], "\(name)")
            #expect(FileManager.default.fileExists(atPath: "\(dir)/t/\(name).png"), "\(name)")
        }
        let again = try FlipbookCommand.run(args, cwd: dir)
        #expect(again.status == 2 && again.err.contains("already exists"), "\(again)")
    }
}
