import Foundation
@testable import FlipbookPlayground
import Testing

/// `watch`'s parts that need no window or build: the source watcher and its debounce, swiftc's
/// error lines, the hand-over state, and a headless watch's frame comparison.
@Suite struct WatchTests {
    let root = NSTemporaryDirectory() + "watch-\(getpid())-\(Int.random(in: 0...999_999))"
    let fm = FileManager.default

    init() throws { try fm.createDirectory(atPath: root + "/Sources/App", withIntermediateDirectories: true) }

    func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }

    @Test func theWatcherSeesAnEditAnAddedAndARemovedFileAndANewFolder() throws {
        defer { try? fm.removeItem(atPath: root) }
        try write("Sources/App/Scene.swift", "let a = 1\n")
        let watcher = try SourceWatcher(root: root + "/Sources")
        #expect(watcher.nextChanges(timeout: 0.2).isEmpty, "nothing changed yet")
        try write("Sources/App/Scene.swift", "let a = 2\n")
        #expect(watcher.nextChanges(timeout: 2) == [root + "/Sources/App/Scene.swift"])
        try write("Sources/App/New.swift", "let b = 1\n")
        #expect(watcher.nextChanges(timeout: 2) == [root + "/Sources/App/New.swift"])
        try fm.removeItem(atPath: root + "/Sources/App/New.swift")
        #expect(watcher.nextChanges(timeout: 2) == [root + "/Sources/App/New.swift"])
        // A folder made after the start is watched too: a file saved in it later is seen.
        try fm.createDirectory(atPath: root + "/Sources/App/Views", withIntermediateDirectories: false)
        #expect(watcher.nextChanges(timeout: 2).contains(root + "/Sources/App/Views"))
        try write("Sources/App/Views/Card.swift", "let c = 1\n")
        #expect(watcher.nextChanges(timeout: 2) == [root + "/Sources/App/Views/Card.swift"])
        // Hidden files (editors' swap files) are not changes.
        try write("Sources/App/.Scene.swift.swp", "x")
        #expect(watcher.nextChanges(timeout: 0.3).isEmpty)
    }

    @Test func aBurstOfSavesIsOneBatch() throws {
        defer { try? fm.removeItem(atPath: root) }
        try write("Sources/App/Scene.swift", "0")
        let watcher = try SourceWatcher(root: root + "/Sources")
        let writer = Thread {
            for i in 1...8 {
                try? Data("\(i)".utf8).write(to: URL(fileURLWithPath: root + "/Sources/App/Scene.swift"))
                try? Data("\(i)".utf8).write(to: URL(fileURLWithPath: root + "/Sources/App/Other\(i % 2).swift"))
                usleep(40_000) // 40 ms apart: well inside the debounce (a long one: the test machines are loaded)
            }
        }
        writer.start()
        let batch = watcher.nextChanges(debounce: 0.6, timeout: 2)
        #expect(batch == [root + "/Sources/App/Other0.swift", root + "/Sources/App/Other1.swift", root + "/Sources/App/Scene.swift"])
        #expect(watcher.nextChanges(timeout: 0.4).isEmpty, "the burst gave a second batch")
    }

    /// Lines as swiftc prints them in `swift build` (absolute paths, the source excerpt with its
    /// `- error:` marker, a warning, SwiftPM's progress and a linker error without a column).
    static let swiftBuildOutput = """
        [1/4] Compiling MyPlayground Bounce.swift
        /home/u/MyPlayground/Sources/MyPlayground/Bounce.swift:2:18: error: cannot convert value of type 'String' to specified type 'Int'
        1 | struct A {
        2 |     let x: Int = "no"
          |                  `- error: cannot convert value of type 'String' to specified type 'Int'
        3 |     func f() { undefinedThing() }
        /home/u/MyPlayground/Sources/MyPlayground/Bounce.swift:3:16: error: cannot find 'undefinedThing' in scope
        /home/u/MyPlayground/Sources/MyPlayground/Bounce.swift:7:9: warning: variable 'y' was never mutated
        /home/u/My:Odd/Sources/A.swift:10:1: error: expected '}' in struct
        /home/u/MyPlayground/Sources/MyPlayground/Bounce.swift:3:16: error: cannot find 'undefinedThing' in scope
        error: fatalError
        """

    @Test func swiftcErrorLinesAreParsedOnceEachAndTheRestSkipped() {
        let errors = BuildError.parse(Self.swiftBuildOutput)
        #expect(errors == [
            BuildError(file: "/home/u/MyPlayground/Sources/MyPlayground/Bounce.swift", line: 2, column: 18,
                       message: "cannot convert value of type 'String' to specified type 'Int'"),
            BuildError(file: "/home/u/MyPlayground/Sources/MyPlayground/Bounce.swift", line: 3, column: 16, message: "cannot find 'undefinedThing' in scope"),
            BuildError(file: "/home/u/My:Odd/Sources/A.swift", line: 10, column: 1, message: "expected '}' in struct"),
        ])
        #expect(errors[1].heading(relativeTo: "/home/u/MyPlayground") == "Sources/MyPlayground/Bounce.swift:3:16: cannot find 'undefinedThing' in scope")
    }

    @Test func theOverlayShowsTheSourceAroundTheErrorWithACaret() throws {
        defer { try? fm.removeItem(atPath: root) }
        try write("Sources/App/Bad.swift", "struct A {\n    let x: Int = \"no\"\n    func f() {}\n}\n")
        let e = BuildError(file: root + "/Sources/App/Bad.swift", line: 2, column: 18, message: "cannot convert")
        let lines = BuildError.overlayLines([e], root: root)
        #expect(lines == [
            "build failed: 1 error — the last good build keeps running",
            "Sources/App/Bad.swift:2:18: cannot convert",
            "1 | struct A {",
            "2 |     let x: Int = \"no\"",
            "  |                  ^",
            "3 |     func f() {}",
            "4 | }",
        ])
        #expect(BuildError.overlayLines([], root: root).isEmpty)
    }

    @Test func theResumeStateRoundTrips() throws {
        defer { try? fm.removeItem(atPath: root) }
        let state = ResumeState(scene: "cities", x: 120, y: -4, width: 800, height: 450, hud: true, inspector: false,
                                paused: true, timeScale: 0.2, mediaTime: 12.345678901234, sessionFile: root + "/session.txt")
        let files = WatchFiles(dir: root)
        try files.put(try state.encoded(), at: files.handover)
        #expect(try ResumeState.read(path: files.handover) == state)
        try files.put(Array("{\"scene\": 3}".utf8), at: files.handover)
        #expect(throws: (any Error).self) { try ResumeState.read(path: files.handover) }
    }

    @Test func theHeadlessWatchNamesTheFramesThatChanged() throws {
        defer { try? fm.removeItem(atPath: root) }
        let out = root + "/render"
        try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        for n in [0, 15, 30] { try write("render/frame-000\(String(format: "%02d", n)).png", "frame \(n)") }
        var diff = FrameDiff()
        #expect(diff.update(folder: out) == nil)
        try write("render/frame-00015.png", "frame 15 changed")
        try write("render/frame-00045.png", "new")
        #expect(diff.update(folder: out) == [15, 45])
        #expect(diff.update(folder: out) == [])
    }

    /// The headless watch renders into a folder inside its own; stopping removes both (found by
    /// the end-to-end script: the folder stayed behind after Ctrl-C).
    @Test func cleaningUpRemovesTheWatchFolderWithItsRenderFolder() throws {
        defer { try? fm.removeItem(atPath: root) }
        let dir = root + "/watch"
        try fm.createDirectory(atPath: dir + "/render", withIntermediateDirectories: true)
        try write("watch/errors.txt", "x")
        try write("watch/render/frame-00000.png", "frame")
        try write("watch/render/.flipbook-render", "marker")
        let loop = WatchLoop(product: "App", root: root, scene: "s", files: WatchFiles(dir: dir))
        loop.cleanUp()
        #expect(!fm.fileExists(atPath: dir))
        #expect(fm.fileExists(atPath: root + "/Sources/App")) // nothing outside its folder
    }

    @Test func thePackageRootIsFoundFromBelow() throws {
        defer { try? fm.removeItem(atPath: root) }
        try write("Package.swift", "// swift-tools-version:6.0\n")
        #expect(try WatchLoop.packageRoot(nil, from: root + "/Sources/App") == root)
        #expect(throws: (any Error).self) { try WatchLoop.packageRoot(root + "/Sources") }
    }
}
