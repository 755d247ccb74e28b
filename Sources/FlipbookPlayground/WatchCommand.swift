import FrameLoop
import Flipbook
import Foundation
import Glibc
import Synchronization
import Render
import RasterIO

/// `watch`: rebuilds the playground in release whenever its package's sources change and swaps the
/// running window for the new build, which resumes at the same moment.
///
/// The parent process only watches and builds; the window is a child: the same product, started
/// from SwiftPM's release folder as `watch-child`. On a good build the parent asks the running
/// child for its state (SIGUSR1: the window's position and size, the tools, the clock, and the
/// session's recorded input as a `SessionLog` file), starts the new build with that state, and
/// stops the old child once the new one has shown its first frame (so the screen is never empty;
/// for a moment two windows are open, one on top of the other). The new child replays the
/// session's input from the start on the virtual clock (`TimeMachine.restore`, as time travel
/// does), up to the same media time, then goes on live. A failed build writes its errors to a
/// file the running child polls and shows over its frames; the next good build clears it.
///
/// Headless (`--headless SCENE`), each good build renders the scene (`render --replace` into the
/// watch's folder) and prints which kept frames differ from the previous build's; `--sheet PATH`
/// gets the contact sheet, replaced on later builds only while it is the file the watch wrote.
struct WatchLoop {
    let product: String
    let root: String
    let scene: String?
    let files: WatchFiles
    /// `swift build --scratch-path` (nil: SwiftPM's default `.build`).
    var scratchPath: String?
    var say: (String) -> Void = { Files.print($0, to: STDOUT_FILENO) }

    /// The package's root: `path` when given, else the nearest folder from the working directory
    /// up that holds a Package.swift.
    static func packageRoot(_ path: String?, from cwd: String = FileManager.default.currentDirectoryPath) throws -> String {
        if let path {
            guard FileManager.default.fileExists(atPath: path + "/Package.swift") else {
                throw HostError("--package-path \(OneLine.quote(path)) has no Package.swift")
            }
            return Files.realPath(path) ?? path
        }
        var dir = cwd
        while true {
            if FileManager.default.fileExists(atPath: dir + "/Package.swift") { return dir }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir || parent.isEmpty {
                throw HostError("no Package.swift in \(OneLine.quote(cwd)) or above; run watch in your package or give --package-path")
            }
            dir = parent
        }
    }

    /// Runs `swift` with `arguments` in the package root; its status and everything it printed.
    static func swift(_ arguments: [String], root: String, scratchPath: String? = nil) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift"] + arguments + ["--package-path", root] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
        let pipe = Pipe()
        p.standardOutput = pipe; p.standardError = pipe
        do { try p.run() } catch { throw HostError("cannot run swift: \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Builds the product in release; the errors when it failed (a failure without any
    /// `file:line:column: error:` line gives one made of the output's last line).
    func build() throws -> (seconds: Double, errors: [BuildError]) {
        let t0 = SourceWatcher.now()
        let r = try Self.swift(["build", "-c", "release", "--product", product], root: root, scratchPath: scratchPath)
        let seconds = SourceWatcher.now() - t0
        if r.status == 0 { return (seconds, []) }
        var errors = BuildError.parse(r.output)
        if errors.isEmpty {
            let last = r.output.split(separator: "\n").last.map(String.init) ?? "swift build exited with status \(r.status)"
            errors = [BuildError(file: "swift build", line: 1, column: 1, message: last)]
        }
        return (seconds, errors)
    }

    /// The release build's executable.
    func binary() throws -> String {
        let r = try Self.swift(["build", "-c", "release", "--show-bin-path"], root: root, scratchPath: scratchPath)
        guard r.status == 0, let path = r.output.split(separator: "\n").last else {
            throw HostError("swift build --show-bin-path failed: \(OneLine.escape(r.output.split(separator: "\n").last.map(String.init) ?? ""))")
        }
        return String(path) + "/" + product
    }

    /// Shows a build's errors: on the terminal, and to the running window through the errors file.
    func report(_ errors: [BuildError]) throws {
        for e in errors.prefix(10) { say("error: " + e.heading(relativeTo: root)) }
        try files.put(Array(BuildError.overlayLines(errors, root: root).joined(separator: "\n").utf8), at: files.errors)
    }

    /// The next batch of changes; returns early (empty) when `child` has exited. A stop signal
    /// stops the child, removes the watch's folder and exits with 128 + the signal.
    func waitForChanges(_ watcher: SourceWatcher, child: Process?) -> [String] {
        while true {
            let changes = watcher.nextChanges(timeout: 0.25)
            if case let signo = Self.stopRequested, signo != 0 {
                if let child { Self.stop(child) }
                cleanUp()
                Foundation.exit(128 + signo)
            }
            if !changes.isEmpty || child.map({ !$0.isRunning }) == true { return changes }
        }
    }

    /// Changed paths for a line: relative to the package, the first three and how many more.
    func shown(_ changes: [String]) -> String {
        let names = changes.prefix(3).map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
        return names.joined(separator: ", ") + (changes.count > 3 ? " (+\(changes.count - 3))" : "")
    }

    /// Clears the errors file after a good build.
    func clearErrors() { unlink(files.errors) }

    /// Starts the window child of `binary`, resuming `state` when given.
    func startChild(_ binary: String, resume: String?, extra: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["watch-child"] + (scene.map { [$0] } ?? []) + ["--watch-dir", files.dir] + (resume.map { ["--resume", $0] } ?? []) + extra
        do { try p.run() } catch { throw HostError("cannot start \(OneLine.quote(binary)): \(error)") }
        return p
    }

    /// Waits up to `seconds` for `path` to exist, while `alive` holds.
    static func waitFor(_ path: String, seconds: Double, alive: () -> Bool = { true }) -> Bool {
        let end = SourceWatcher.now() + seconds
        while SourceWatcher.now() < end {
            if access(path, F_OK) == 0 { return true }
            guard alive() else { return false }
            usleep(2_000)
        }
        return access(path, F_OK) == 0
    }

    /// Swaps `old` for a child of the new build: hand-over, start, first frame, stop the old one.
    /// Returns the new child and the time each part took; on failure the old child keeps running.
    func swap(_ old: Process, binary: String, extra: [String]) throws -> (Process, handover: Double, start: Double, line: String) {
        unlink(files.handover)
        let t0 = SourceWatcher.now()
        kill(old.processIdentifier, SIGUSR1)
        guard Self.waitFor(files.handover, seconds: 5, alive: { old.isRunning }) else {
            throw HostError("the running window did not hand its state over within 5 s; it keeps running")
        }
        let t1 = SourceWatcher.now()
        let new = try startChild(binary, resume: files.handover, extra: extra)
        let ready = files.ready(pid: new.processIdentifier)
        guard Self.waitFor(ready, seconds: 60, alive: { new.isRunning }) else {
            if new.isRunning { new.terminate() }
            new.waitUntilExit()
            throw HostError("the new build did not show a frame (it exited with status \(new.terminationStatus)); the last good build keeps running")
        }
        let t2 = SourceWatcher.now()
        let line = (try? String(contentsOfFile: ready, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        unlink(ready)
        Self.stop(old)
        return (new, t1 - t0, t2 - t1, line)
    }

    /// Stops a window child: SIGTERM (SDL makes it a quit, so the window closes as when the user
    /// closes it), then SIGKILL when it has not gone within 2 s.
    static func stop(_ child: Process) {
        guard child.isRunning else { return }
        child.terminate()
        let end = SourceWatcher.now() + 2
        while child.isRunning, SourceWatcher.now() < end { usleep(5_000) }
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
    }

    /// Turns SIGINT, SIGTERM and SIGHUP into a number the loop reads (`stopRequested`), so the
    /// watch can stop its window and remove its folder before it exits.
    static func catchStopSignals() {
        for s in [SIGINT, SIGTERM, SIGHUP] {
            signal(s, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: s, queue: .global())
            source.setEventHandler { stopSignal.store(s, ordering: .relaxed) }
            source.resume()
            signalSources.append(source)
        }
    }

    /// The stop signal caught (`catchStopSignals`), or 0.
    static var stopRequested: Int32 { stopSignal.load(ordering: .relaxed) }

    /// Removes the watch's own files and folder (nothing else is ever in it): its files, and the
    /// headless watch's render folder with its frames (the one level of folders it makes).
    func cleanUp() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: files.dir)) ?? [] {
            let path = files.dir + "/" + name
            if unlink(path) != 0 && (errno == EISDIR || errno == EPERM) {
                for inner in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { unlink(path + "/" + inner) }
                rmdir(path)
            }
        }
        rmdir(files.dir)
    }
}

nonisolated(unsafe) private var signalSources: [any DispatchSourceSignal] = []
private let stopSignal = Atomic<Int32>(0)

/// Remembers a headless watch's frames to say which changed between builds.
struct FrameDiff {
    private(set) var last: [String: [UInt8]] = [:]

    /// Takes the frames in `folder` (frame-NNNNN.png) and returns the frame numbers whose bytes
    /// differ from the previous call's (new and removed frames included), in order; nil the first time.
    mutating func update(folder: String) -> [Int]? {
        var now: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("frame-") && name.hasSuffix(".png") {
            now[name] = (try? Files.read(folder + "/" + name, limit: 1 << 30)) ?? []
        }
        defer { last = now }
        guard !last.isEmpty else { return nil }
        let names = Set(now.keys).union(last.keys)
        return names.filter { now[$0] != last[$0] }.compactMap { Int($0.dropFirst(6).prefix(5)) }.sorted()
    }
}

/// `watch --headless SCENE`: every good build renders the scene into the watch's folder (the
/// program's own `render --replace`) and prints the frame numbers that changed.
struct WatchHeadless {
    let loop: WatchLoop
    let scene: String
    let sheet: String?
    let size: Size
    let duration: Double
    let every: Int

    func run(_ watcher: SourceWatcher) throws {
        if let sheet, Files.exists(sheet) { throw OutputPaths.existing(sheet, advice: "choose another --sheet or remove the file") }
        var diff = FrameDiff()
        var written: [UInt8]?
        var changes: [String] = []
        var binary: String?
        defer { loop.cleanUp() }
        while true {
            if !changes.isEmpty { loop.say("changed: " + loop.shown(changes)) }
            let (seconds, errors) = try loop.build()
            if errors.isEmpty {
                loop.clearErrors()
                let out = loop.files.dir + "/render"
                let t0 = SourceWatcher.now()
                binary = try binary ?? loop.binary()
                let r = try render(out: out, binary: binary!)
                if r.status != 0 {
                    loop.say("render failed: " + r.err.trimmingCharacters(in: .whitespacesAndNewlines))
                } else {
                    let what: String
                    if let changed = diff.update(folder: out) {
                        what = changed.isEmpty ? "no frame changed" : "frames that changed: " + changed.map(String.init).joined(separator: ", ")
                    } else {
                        what = "\(diff.last.count) frames rendered"
                    }
                    loop.say(String(format: "built in %.1f s, rendered in %.1f s: ", seconds, SourceWatcher.now() - t0) + what)
                    if let sheet { written = try place(sheet: out + "/sheet.png", at: sheet, lastWritten: written) }
                }
            } else {
                for e in errors.prefix(10) { loop.say("error: " + e.heading(relativeTo: loop.root)) }
                loop.say(String(format: "build failed (%.1f s)", seconds))
            }
            changes = loop.waitForChanges(watcher, child: nil)
        }
    }

    /// Runs the new build's `render` into `out`, replacing the previous render there.
    func render(out: String, binary: String) throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["render", scene, "--out", out, "--replace", "--sheet", out + "/sheet.png", "--size", size.description,
                       "--duration", String(duration), "--every", String(every), "--quiet"]
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Copies the sheet to the user's `--sheet` path: made new the first time; later replaced only
    /// while it still holds the bytes the watch wrote (anything else there is the user's: refused).
    func place(sheet from: String, at path: String, lastWritten: [UInt8]?) throws -> [UInt8]? {
        let bytes = try Files.read(from, limit: 1 << 30)
        if Files.exists(path) {
            guard let lastWritten, (try? Files.read(path, limit: 1 << 30)) == lastWritten else {
                loop.say("\(OneLine.quote(path)) is not the sheet watch wrote; it is kept and the new sheet is not written")
                return lastWritten
            }
        }
        let (parent, _) = Files.split(path)
        let temp = OutputPaths.stagingName(in: parent)
        try Files.write(bytes, toPath: temp)
        guard rename(temp, path) == 0 else {
            unlink(temp)
            throw HostError("cannot write \(OneLine.quote(path)): \(Files.reason(errno))")
        }
        return bytes
    }
}
