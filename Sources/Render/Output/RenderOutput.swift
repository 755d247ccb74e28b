import FrameLoop
import Foundation
import Glibc
import Raster
import RasterIO

/// A render's files on disk: staged while the frames are rendered, put in place only when the whole
/// run succeeded, and removed without a trace when it did not.
///
/// Flipbook only creates files. `OutputPaths` has refused every target that exists; here every file
/// is created with `O_EXCL` and written through `Files` (short writes, a full disk, `fsync` and
/// `close` failures are errors), into `OUT/.flipbook-staging-PID/` for frames and for a sheet or trace
/// inside `--out`, or into a hidden temporary file beside a sheet or trace elsewhere. `commit` then gives
/// each file its final name with `link`, which never replaces anything (a name taken meanwhile fails the
/// run), and removes the staging names. A failed, abandoned or interrupted run removes exactly what it
/// created: its staged files, the final names it had linked, the lock file and `--out` when this run
/// made the folder. Files already in `--out` are never changed. A folder this run made also gets the
/// marker `.flipbook-output` listing what it put there (what `render --replace` checks; `OutputReplacement`).
///
/// `OUT/.flipbook-lock` (`flock`) keeps a second render out of a folder that one is writing: it refuses
/// with one line instead of mixing its frames in. A lock file left by a killed run is reused, not removed.
/// SIGINT, SIGTERM and SIGHUP clean up through `RenderSignals`.
public final class RenderOutput {
    /// The checked, absolute paths of everything the render will write.
    public let paths: OutputPaths
    /// The hidden folder inside `--out` the frames are written into (unused without `--out`).
    public let staging: String
    /// Writes a new file; tests inject failures here. Default: `Files.write`, exclusive, with fsync.
    var writeFile: (_ bytes: [UInt8], _ path: String) throws -> Void = { bytes, path in
        try Files.withCName(path) { try Files.write(bytes, to: $0, name: path) }
    }

    private var createdOut = false
    private let lockPath: String
    private var lockFD: Int32 = -1
    private var createdLock = false
    private var staged: [String] = []         // frame names written into `staging`, in order
    private var created: [String] = []        // every other path this run created, newest last
    private var finished = false

    /// Creates `--out` when it is missing, takes the lock and makes the staging folder.
    public init(_ paths: OutputPaths) throws {
        self.paths = paths
        guard let out = paths.outDirectory else {
            // No frames: the sheet, trace and recordings are staged beside their targets; no lock.
            (lockPath, staging) = ("", "")
            Self.guarded { Self.active = self }
            return
        }
        lockPath = out + "/.flipbook-lock"
        staging = out + "/.flipbook-staging-\(getpid())"
        try Self.guarded {
            if !paths.outExists {
                if Files.withCName(out, { mkdir($0, 0o777) }) == 0 {
                    createdOut = true
                } else if errno != EEXIST {
                    throw HostError("cannot create the --out folder \(OneLine.quote(out)): \(Files.reason(errno))")
                }
            }
            do {
                try lock()
                guard Files.withCName(staging, { mkdir($0, 0o700) }) == 0 else {
                    throw HostError("cannot write into the --out folder \(OneLine.quote(out)): \(Files.reason(errno))")
                }
                created.append(staging)
            } catch {
                removeEverything()
                throw error
            }
            Self.active = self
        }
    }

    deinit { abandon() }

    /// Encodes `bitmap` as PNG and writes it into the staging folder as `name`.
    public func writeFrame(_ bitmap: Bitmap, named name: String) throws {
        let bytes: [UInt8]
        do { bytes = try PNG.encode(bitmap) } catch { throw HostError("\(error)") }
        try writeFrame(bytes: bytes, named: name)
    }

    /// Writes a frame's PNG bytes as they are (`flipbook assemble` copying a shard's frames).
    public func writeFrame(bytes: [UInt8], named name: String) throws {
        try Self.guarded {
            try write(bytes, to: staging + "/" + name, what: name)
            staged.append(name)
        }
    }

    /// Stages the shard's manifest (`paths.manifest`), put in place by the commit with the frames.
    public func writeManifest(_ bytes: [UInt8]) throws {
        guard let dest = paths.manifest else { throw HostError("this render is not a shard") }
        let name = Files.split(dest).last
        try Self.guarded {
            try write(bytes, to: staging + "/" + name, what: name)
            staged.append(name)
            manifestName = name
        }
    }
    private var manifestName: String?

    /// Files written as the render goes (the trace, recordings), in the order opened.
    private var streams: [(file: Files.Appender, temp: String, dest: String)] = []

    /// Opens a staging file for `dest` that is written as the render goes (nothing of it is held in
    /// memory); the commit finishes it and puts it in place. Once per target.
    /// - Parameters:
    ///   - dest: the absolute path the file will have.
    ///   - what: how messages name it ("the trace", "the APNG").
    public func openStream(for dest: String, what: String) throws -> Files.Appender {
        try Self.guarded {
            guard !finished else { throw HostError("the render output was already closed") }
            let temp = stagingName(for: dest)
            let file: Files.Appender
            do { file = try Files.withCName(temp) { try Files.Appender(path: $0, name: "\(what) \(OneLine.quote(dest))") } } catch let e as Files.Failure {
                throw HostError(e.description)
            }
            created.append(temp)
            streams.append((file, temp, dest))
            return file
        }
    }

    /// Opens the trace's staging file for streaming (see `openStream`). Call at most once, when
    /// the options ask for a trace.
    public func openTrace() throws -> (_ text: String) throws -> Void {
        guard let dest = paths.trace else { throw HostError("no --trace was asked for") }
        return try Self.guarded {
            let file = try openStream(for: dest, what: "the trace")
            return { [file] text in
                do { try file.append(Array(text.utf8)) } catch let e as Files.Failure {
                    throw HostError("\(e.description) (\(OneLine.quote(dest)))")
                }
            }
        }
    }

    /// Writes the sheet and trace, then gives every file its final name, or removes everything this
    /// run created and throws. Returns the final paths. A trace streamed through `openTrace()` is
    /// finished here; `trace` is for a trace given whole.
    public func commit(sheet: Bitmap?, trace: String?) throws -> HeadlessDriver.Result {
        let sheetBytes: [UInt8]?
        do { sheetBytes = try sheet.map(PNG.encode) } catch { abandon(); throw HostError("cannot make the contact sheet: \(error)") }
        return try Self.guarded {
            var moves: [(String, String)] = []
            do {
                moves = staged.map { (staging + "/" + $0, (paths.outDirectory ?? "") + "/" + $0) }
                for stream in streams {
                    do { try stream.file.finish() } catch let e as Files.Failure { throw HostError(e.description) }
                    moves.append((stream.temp, stream.dest))
                }
                for (bytes, dest) in [(sheetBytes, paths.sheet), (trace.map { Array($0.utf8) }, paths.trace)] {
                    guard let bytes, let dest else { continue }
                    let temp = stagingName(for: dest)
                    try write(bytes, to: temp, what: dest == paths.sheet ? "the contact sheet" : "the trace")
                    created.append(temp)
                    moves.append((temp, dest))
                }
                // A folder this run made gets the marker `render --replace` looks for, listing
                // what the run put there (OutputReplacement).
                if createdOut, let out = paths.outDirectory {
                    let names = moves.map(\.1).filter { Files.split($0).parent == out }.map { Files.split($0).last }
                    let marker = staging + "/" + OutputReplacement.markerName
                    try write(OutputReplacement.marker(names: names), to: marker, what: "the folder's marker")
                    created.append(marker)
                    moves.append((marker, out + "/" + OutputReplacement.markerName))
                }
                for (from, to) in moves { try place(from, at: to) }
                for folder in Set(moves.map { Files.split($0.1).parent }) { try syncFolder(folder) }
            } catch {
                removeEverything()
                throw error
            }
            // Success: the final names stay; the staging names, the lock and nothing else go.
            let traced = trace != nil || streams.contains { $0.dest == paths.trace }
            let finals = Set(moves.map(\.1))
            created.removeAll { finals.contains($0) }
            createdOut = false
            removeEverything()
            return HeadlessDriver.Result(frames: staged.filter { $0 != manifestName }.map { (paths.outDirectory ?? "") + "/" + $0 },
                                         sheet: sheetBytes == nil ? nil : paths.sheet, trace: traced ? paths.trace : nil,
                                         recordings: paths.recordings.map(\.path),
                                         manifest: manifestName == nil ? nil : paths.manifest)
        }
    }

    /// Removes everything this run created; what was there before is untouched. Safe to call twice.
    public func abandon() {
        Self.guarded { removeEverything() }
    }

    // MARK: Steps (called with the lock held)

    /// Where `dest` is written before it is put in place: the staging folder when `dest` goes into
    /// `--out`, else a hidden file beside it (the same file system, so `link` works).
    private func stagingName(for dest: String) -> String {
        let (folder, name) = Files.split(dest)
        return folder == paths.outDirectory ? staging + "/" + name : OutputPaths.stagingName(in: folder)
    }

    private func write(_ bytes: [UInt8], to path: String, what: String) throws {
        guard !finished else { throw HostError("the render output was already closed") }
        do { try writeFile(bytes, path) } catch let e as Files.Failure {
            let folder = Files.split(path).parent
            let shown = folder == staging ? paths.outDirectory ?? folder : folder
            throw HostError("cannot write \(what) into \(OneLine.quote(shown)): \(Files.reason(e.code))")
        }
    }

    /// Gives `from` the name `to` without ever replacing (see `placeNew`).
    private func place(_ from: String, at to: String) throws {
        try Self.placeNew(from, at: to, advice: "it appeared during the render; nothing was written")
        created.append(to)
    }

    /// Gives `from` the name `to` without ever replacing: `link` fails when the name is taken. On file
    /// systems without hard links `from` is renamed instead (checked first; not atomic, but the name
    /// was free a moment ago). `advice` ends the message when `to` exists.
    package static func placeNew(_ from: String, at to: String, advice: String) throws {
        let r = Files.withCName(from) { f in Files.withCName(to) { t in link(f, t) } }
        if r == 0 { return }
        let e = errno
        if e == EEXIST { throw OutputPaths.existing(to, advice: advice) }
        guard [EPERM, EOPNOTSUPP, ENOSYS, EXDEV, EMLINK].contains(e) else {
            throw HostError("cannot put \(OneLine.quote(to)) in place: \(Files.reason(e))")
        }
        if Files.exists(to) { throw OutputPaths.existing(to, advice: advice) }
        guard Files.withCName(from, { f in Files.withCName(to) { t in rename(f, t) } }) == 0 else {
            throw HostError("cannot put \(OneLine.quote(to)) in place: \(Files.reason(errno))")
        }
    }

    /// Makes the new names in `folder` durable (the files' data was synced when written).
    private func syncFolder(_ folder: String) throws {
        let fd = Files.withCName(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        defer { close(fd) }
        if fsync(fd) != 0, errno != EINVAL, errno != EINTR {
            throw HostError("cannot write into \(OneLine.quote(folder)): \(Files.reason(errno))")
        }
    }

    private func lock() throws {
        for _ in 0..<10 {
            var fd = Files.withCName(lockPath) { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            var made = fd >= 0
            if fd < 0, errno == EEXIST { fd = Files.withCName(lockPath) { open($0, O_RDWR | O_CLOEXEC) }; made = false }
            guard fd >= 0 else {
                if errno == ENOENT { continue } // removed between the two opens
                throw HostError("cannot write into the --out folder \(OneLine.quote(paths.outDirectory ?? "")): \(Files.reason(errno))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw HostError("another flipbook render is writing into \(OneLine.quote(paths.outDirectory ?? "")) (it holds .flipbook-lock); wait for it or choose another --out")
            }
            // The holder before us may have removed the file after we opened it: lock the one on disk.
            var held = stat(), onDisk = stat()
            if fstat(fd, &held) == 0, Files.withCName(lockPath, { stat($0, &onDisk) }) == 0,
               held.st_ino == onDisk.st_ino, held.st_dev == onDisk.st_dev {
                lockFD = fd; createdLock = made
                return
            }
            close(fd)
        }
        throw HostError("cannot lock the --out folder \(OneLine.quote(paths.outDirectory ?? "")); try again")
    }

    /// Unlinks every staged and created name, newest first, then the lock and `--out` if this run
    /// made them. Errors are ignored: cleaning up must not hide the error that caused it.
    private func removeEverything() {
        guard !finished else { return }
        finished = true
        for name in staged { _ = Files.withCName(staging + "/" + name) { unlink($0) } }
        for path in created.reversed() {
            _ = Files.withCName(path) { path == staging ? rmdir($0) : unlink($0) }
        }
        if lockFD >= 0 {
            if createdLock { _ = Files.withCName(lockPath) { unlink($0) } }
            close(lockFD)
            lockFD = -1
        }
        if createdOut, let out = paths.outDirectory { _ = Files.withCName(out) { rmdir($0) } }
        if Self.active === self { Self.active = nil }
    }
}

extension RenderOutput {
    /// Serializes file-system changes with the signal watcher, which cleans up under the same lock.
    static let mutex = NSRecursiveLock()
    /// The output a signal must clean up, if any.
    nonisolated(unsafe) static var active: RenderOutput?

    @discardableResult
    static func guarded<R>(_ body: () throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}
