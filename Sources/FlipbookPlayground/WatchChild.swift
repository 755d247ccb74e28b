import FrameLoop
import Flipbook
import Foundation
import DevTools
import Window
import Raster
import RasterIO
import Synchronization

/// The files `watch` and the window it runs share, in the watch's own temporary folder.
struct WatchFiles {
    let dir: String
    /// The overlay's lines for the last failed build, one per line; missing when the build is good.
    var errors: String { dir + "/errors.txt" }
    /// What the running window writes when asked (SIGUSR1): a `ResumeState`.
    var handover: String { dir + "/handover.json" }
    /// The session the hand-over names (`SessionLog.fileText`).
    var session: String { dir + "/session.txt" }
    /// Made by a resumed window once it has shown its first frame; holds its replay's timing.
    func ready(pid: Int32) -> String { dir + "/ready-\(pid)" }

    /// Writes `bytes` to a hidden file in the folder, then renames it to `path`: a reader never
    /// sees half a file. These are the watch's own files in its own folder.
    func put(_ bytes: [UInt8], at path: String) throws {
        let temp = dir + "/.tmp-\(getpid())"
        try Files.write(bytes, toPath: temp, mode: .replace)
        guard rename(temp, path) == 0 else { throw HostError("cannot write \(OneLine.quote(path)): \(Files.reason(errno))") }
    }
}

/// The window's state handed from one build of a playground to the next by `watch`: where the window
/// was and how big, which scene the program was started with, the tools and the clock, the media
/// time, and the session file whose input the new build replays up to that time.
struct ResumeState: Codable, Equatable {
    /// The scene the first window was opened with (nil: the menu); the session's input does the rest.
    var scene: String?
    /// The window's position on the screen and size, in points.
    var x: Int, y: Int, width: Int, height: Int
    /// The HUD and the inspector were open.
    var hud: Bool, inspector: Bool
    /// The clock was paused; its time scale (slow motion).
    var paused: Bool, timeScale: Double
    /// The media time shown when the state was taken.
    var mediaTime: Double
    /// The session file (`SessionLog.fileText`).
    var sessionFile: String

    func encoded() throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return Array(try e.encode(self))
    }

    static func read(path: String) throws -> ResumeState {
        let bytes: [UInt8]
        do { bytes = try Files.read(path, limit: 1 << 20) } catch {
            throw HostError("cannot read the resume state \(OneLine.quote(path)): \(error)")
        }
        do { return try JSONDecoder().decode(ResumeState.self, from: Data(bytes)) } catch {
            throw HostError("\(OneLine.quote(path)) is not a resume state (\(OneLine.escape("\(error)")))")
        }
    }
}

/// Set when SIGUSR1 arrives: `watch` asks the window for its state. The signal is taken by a
/// dispatch source (a normal thread, not a signal handler), which also wakes the window's loop:
/// the hand-over no longer waits for the loop's idle wait to end (it took 56–78 ms of a swap).
private let handoverAsked = Atomic<Bool>(false)
nonisolated(unsafe) private var handoverSource: (any DispatchSourceSignal)?

/// The window's side of `watch`: resumes a session handed over by the build before, shows the
/// build errors `watch` writes, and hands its own state over when asked.
final class WatchChild {
    let files: WatchFiles
    let resume: ResumeState?
    let scene: String?
    let overlay = MessageOverlay()
    private var errorsStamp: (Int, Int)?
    private var readyWritten = false
    private var replayLine = ""

    init(files: WatchFiles, resume: ResumeState?, scene: String?) {
        self.files = files
        self.resume = resume
        self.scene = scene
        if handoverSource == nil {
            signal(SIGUSR1, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
            source.setEventHandler {
                handoverAsked.store(true, ordering: .relaxed)
                WindowHost.wakeLoop()
            }
            source.resume()
            handoverSource = source
        }
    }

    /// The window's options as the state says (position, size, HUD).
    func apply(to options: inout WindowHost.Options) {
        guard let r = resume else { return }
        options.position = (r.x, r.y)
        options.width = r.width
        options.height = r.height
        options.hud = r.hud
    }

    /// After the window opened: replays the handed-over session on the time machine up to its
    /// media time (`TimeMachine.restore`), sets the tools and clock as they were, and hooks the
    /// polling into the window's loop.
    func start(host: WindowHost, travel: TimeMachine) throws {
        let driver = host.frameDriver
        driver.overlays.append(overlay)
        if let r = resume {
            let t0 = SourceWatcher.now()
            let text: String
            do { text = String(decoding: try Files.read(r.sessionFile, limit: 1 << 30), as: UTF8.self) } catch {
                throw HostError("cannot read the session \(OneLine.quote(r.sessionFile)): \(error)")
            }
            let session = try SessionLog.read(fileText: text)
            let misses = try travel.restore(session, driver: driver)
            if r.mediaTime > driver.clock.now { driver.clock.jump(to: r.mediaTime) }
            if r.paused != driver.clock.isPaused { driver.apply(.togglePause) }
            if r.timeScale != driver.clock.timeScale { driver.apply(.setTimeScale(r.timeScale)) }
            if r.inspector != host.tools.inspector.isOpen { host.tools.inspector.toggle() }
            if let first = misses.first {
                // One line: the scene changed so much that the recorded input no longer applies.
                host.tools.hud.notes.append("replay no longer applies: \(first)" + (misses.count > 1 ? " (+\(misses.count - 1) more)" : ""))
            }
            replayLine = String(format: "replayed %d frames (%.2f s of session) in %.0f ms", session.frames.count,
                                session.frames.last.map { $0.timing.mediaTime - session.frames[0].timing.mediaTime } ?? 0,
                                (SourceWatcher.now() - t0) * 1000)
        }
        host.onLoop = { [unowned self, unowned host] in self.tick(host: host, travel: travel) }
    }

    private func tick(host: WindowHost, travel: TimeMachine) {
        // Build errors: shown while the file is there, cleared when it goes.
        var st = stat()
        let stamp = stat(files.errors, &st) == 0 ? (Int(st.st_mtim.tv_sec) * 1_000_000_000 + Int(st.st_mtim.tv_nsec), Int(st.st_size)) : nil
        if stamp.map({ s in errorsStamp.map { $0 != s } ?? true }) ?? (errorsStamp != nil) {
            errorsStamp = stamp
            let text = stamp == nil ? "" : ((try? Files.read(files.errors, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            overlay.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
            host.frameDriver.setNeedsFrame()
        }
        if resume != nil, !readyWritten, host.framesPresented > 0 {
            readyWritten = true
            try? files.put(Array((replayLine + "\n").utf8), at: files.ready(pid: getpid()))
        }
        if handoverAsked.exchange(false, ordering: .relaxed) {
            do { try handOver(host: host, travel: travel) } catch {
                Files.print("\(ProgramName.current): watch: \(error)", to: STDERR_FILENO)
            }
        }
    }

    /// Writes the session and the state for the next build (the state last: its presence says
    /// both are complete).
    func handOver(host: WindowHost, travel: TimeMachine) throws {
        let driver = host.frameDriver
        try files.put(Array(travel.log.fileText().utf8), at: files.session)
        let f = host.windowFrame
        let state = ResumeState(scene: scene, x: f.x, y: f.y, width: f.width, height: f.height,
                                hud: host.tools.hud.isOpen, inspector: host.tools.inspector.isOpen,
                                paused: driver.clock.isPaused, timeScale: driver.clock.timeScale,
                                mediaTime: driver.clock.now, sessionFile: files.session)
        try files.put(try state.encoded(), at: files.handover)
    }
}
