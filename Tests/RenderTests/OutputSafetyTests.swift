import FrameLoop
import Foundation
import TestSupport
@testable import DevTools
@testable import Render
@testable import Window
import Testing

/// `flipbook render` as a careful user runs it: bad output paths are one line, status 2 and nothing
/// touched; existing files are never replaced; a run that fails after its frames changes nothing.
/// Every case runs in a fresh temporary folder.
@Suite struct OutputSafetyTests {
    /// A temporary folder `ROOT/cwd/sub` to run in, with files a careless render could destroy:
    /// `sub/keep.txt`, `cwd/full/a.txt` and `cwd/existing/{user.txt,frame-00001.png}`.
    struct Sandbox {
        let root: String
        var cwd: String { root + "/cwd/sub" }
        var existing: String { root + "/cwd/existing" }

        init() throws {
            root = FlipbookCommand.tmp("safety")
            let fm = FileManager.default
            for d in ["/cwd/sub", "/cwd/full", "/cwd/existing"] { try fm.createDirectory(atPath: root + d, withIntermediateDirectories: true) }
            try "keep".write(toFile: root + "/cwd/sub/keep.txt", atomically: false, encoding: .utf8)
            try "a".write(toFile: root + "/cwd/full/a.txt", atomically: false, encoding: .utf8)
            try "mine".write(toFile: existing + "/user.txt", atomically: false, encoding: .utf8)
        }

        /// Every path under the root with its kind, size, inode and modification time. `strict: false`
        /// leaves out folders' times, which change when a run creates and removes its staging files.
        func snapshot(strict: Bool = true) -> [String: String] {
            var out: [String: String] = [:]
            let fm = FileManager.default
            guard let e = fm.enumerator(atPath: root) else { return out }
            for case let rel as String in e {
                var st = stat()
                guard lstat(root + "/" + rel, &st) == 0 else { continue }
                let folder = st.st_mode & S_IFMT == S_IFDIR
                out[rel] = "\(st.st_mode) \(folder ? 0 : st.st_size) \(st.st_ino)" + (strict || !folder ? " \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)" : "")
            }
            return out
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let base = ["render", "hello", "--frames", "3", "--size", "64x36"]

    /// Runs `render` in the sandbox and checks the failure: status 2, one line naming `message`,
    /// no trap, and not one file or folder under the sandbox changed.
    static func expectRefusal(_ args: [String], out: String = "out", _ message: String, in box: Sandbox,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = box.snapshot()
        let r = try FlipbookCommand.run(base + ["--out", out] + args, cwd: box.cwd)
        #expect(r.status == 2, "\(args): \(r)", sourceLocation: sourceLocation)
        #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.contains(message), "\(args): \(r.err)", sourceLocation: sourceLocation)
        #expect(!r.err.contains("Fatal") && !r.err.contains("Backtrac"), sourceLocation: sourceLocation)
        #expect(box.snapshot() == before, "\(args) changed the sandbox", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["--sheet", "."], "out", "--sheet '.' is a folder"),
        (["--sheet", ""], "out", "--sheet is empty"),
        (["--trace", "."], "out", "--trace '.' is a folder"),
        (["--sheet", ".."], "out", "--sheet '..' is a folder"),
        (["--trace", ".."], "out", "--trace '..' is a folder"),
        (["--sheet", "../full"], "out", "is a folder"),
        (["--sheet", "../existing"], "../existing", "is a folder"),
        (["--sheet", "out"], "out", "is the --out folder itself"),
        (["--trace", "out/"], "out", "is a folder"),
        ([], "", "--out is empty"),
        ([], "keep.txt", "exists and is not a folder"),
        ([], "missing/deeper/out", "folder 'missing/deeper' does not exist"),
        (["--sheet", "missing/s.png"], "out", "folder 'missing' does not exist"),
        (["--sheet", "keep.txt/s.png"], "out", "is not a folder"),
        (["--trace", "/proc/self/t.jsonl"], "out", "folder '/proc/self' is not writable"),
        (["--sheet", "x.png", "--trace", "x.png"], "out", "the same file"),
        (["--sheet", "out/frame-00000.png"], "out", "is also the name of a frame file"),
        (["--sheet", "keep.txt"], "out", "'keep.txt' already exists"),
        (["--trace", "../full/a.txt"], "out", "'../full/a.txt' already exists"),
    ])
    func badOutputPathsAreRefusedBeforeAnythingIsTouched(args: [String], out: String, message: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        try Self.expectRefusal(args, out: out, message, in: box)
    }

    @Test func anExistingFrameIsNeverOverwritten() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try "not flipbook's".write(toFile: box.existing + "/frame-00001.png", atomically: false, encoding: .utf8)
        try Self.expectRefusal([], out: "../existing", "'../existing/frame-00001.png' already exists", in: box)
    }

    @Test func aRunAddsToAnExistingFolderAndChangesNothingElse() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        let r = try FlipbookCommand.run(Self.base + ["--out", "../existing", "--sheet", "../existing/sheet.png", "--trace", "t.jsonl"], cwd: box.cwd)
        #expect(r.status == 0, "\(r)")
        let after = box.snapshot(strict: false)
        for (path, state) in before { #expect(after[path] == state, "\(path) changed") }
        let added = Set(after.keys).subtracting(before.keys)
        #expect(added == ["cwd/existing/frame-00000.png", "cwd/existing/frame-00001.png", "cwd/existing/frame-00002.png",
                          "cwd/existing/sheet.png", "cwd/sub/t.jsonl"])
        // The same command again refuses: the frames are there now.
        try Self.expectRefusal(["--sheet", "../existing/other.png"], out: "../existing", "frame-00000.png' already exists", in: box)
    }

    /// A file-size limit (`ulimit -f`, with SIGXFSZ ignored) makes writes past `kib` KiB fail the way a
    /// full disk does: short writes, then an error. Runs the binary through /bin/sh.
    static func runLimited(kib: Int, _ args: [String], cwd: String) throws -> (status: Int32, err: String) {
        let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let p = FlipbookCommand.process(["-c", "trap '' XFSZ; ulimit -f \(kib * 2); exec '\(FlipbookCommand.binary)' \(quoted)"],
                                         executable: "/bin/sh", cwd: cwd)
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    @Test func aFullDiskIsAnErrorWithNoFrames() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        // 320x180 frames are ~5.6 KB: the first one cannot be written within 2 KiB.
        let r = try Self.runLimited(kib: 2, ["render", "hello", "--out", "out", "--frames", "5", "--size", "320x180"], cwd: box.cwd)
        #expect(r.status == 2, "\(r)")
        #expect(r.err.split(separator: "\n").count == 1 && r.err.contains("File too large"), "\(r.err)")
        #expect(box.snapshot(strict: false) == before, "the failed run left files behind")
    }

    @Test func aTraceThatFillsTheDiskMidRunLeavesNothing() throws {
        // The trace is streamed as frames are made: 32x18 frames fit in 4 KiB, 400 trace lines do not.
        let box = try Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        let r = try Self.runLimited(kib: 4, ["render", "hello", "--out", "out", "--frames", "400", "--every", "100",
                                             "--size", "32x18", "--trace", "t.jsonl"], cwd: box.cwd)
        #expect(r.status == 2, "\(r)")
        #expect(r.err.split(separator: "\n").count == 1 && r.err.contains("trace") && r.err.contains("File too large"), "\(r.err)")
        #expect(box.snapshot(strict: false) == before, "the failed run left files behind")
    }

    @Test(arguments: [["--sheet", "s.png"], ["--trace", "t.jsonl"]])
    func aFailureAfterTheFramesLeavesTheExistingFolderAsItWas(side: [String]) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let before = box.snapshot(strict: false)
        // 64x36 frames (~0.6 KB) fit in 4 KiB; a sheet (~5 KB) or 60 trace lines do not.
        for out in ["../existing", "new"] {
            let r = try Self.runLimited(kib: 4, Self.base.map { $0 == "3" ? "60" : $0 } + ["--out", out] + side, cwd: box.cwd)
            #expect(r.status == 2, "\(r)")
            #expect(r.err.split(separator: "\n").count == 1 && r.err.contains("File too large"), "\(r.err)")
            #expect(box.snapshot(strict: false) == before, "\(side) into \(out): the failed run changed the sandbox")
        }
    }

    @Test(.enabled(if: TinyDisk.canMount)) func aFullTmpfsIsAnErrorWithNoFrames() throws {
        let disk = try TinyDisk(kib: 64)
        defer { disk.unmount() }
        let r = try FlipbookCommand.run(["render", "hello", "--out", "out", "--frames", "60", "--size", "320x180",
                                          "--sheet", "sheet.png"], cwd: disk.path)
        #expect(r.status == 2, "\(r)")
        #expect(r.err.split(separator: "\n").count == 1 && r.err.contains("No space left on device"), "\(r.err)")
        #expect(!r.out.contains("wrote"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
    }
}

/// A 64 KiB tmpfs, for a real full disk; needs root (CAP_SYS_ADMIN), so the test using it is skipped elsewhere.
struct TinyDisk {
    let path: String

    static let canMount: Bool = {
        guard geteuid() == 0, let d = try? TinyDisk(kib: 16) else { return false }
        d.unmount()
        return true
    }()

    init(kib: Int) throws {
        path = FlipbookCommand.tmp("tinydisk")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/mount")
        p.arguments = ["-t", "tmpfs", "-o", "size=\(kib)k", "tmpfs", path]
        p.standardError = FileHandle.nullDevice
        try p.run(); p.waitUntilExit()
        guard p.terminationStatus == 0 else { try? FileManager.default.removeItem(atPath: path); throw HostError("cannot mount") }
    }

    func unmount() {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/umount")
        p.arguments = [path]
        try? p.run(); p.waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }
}
