import Glibc

/// Files as Flipbook reads and writes them: names byte for byte (Files+Names.swift) and writes
/// with every step checked, so nothing reports success over a cut-short file.
///
/// Short writes are continued, `EINTR` is retried, and a failing `write`, `fsync` or `close` (a full
/// disk, a quota, a file-size limit, a removed device) is thrown with the system's reason. A file
/// this call created and could not finish is unlinked: it is its own, and half a file is worse than none.
public enum Files {
    /// A read or write that failed, with the system's `errno` and a one-line description.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        public let code: Int32
        public init(_ description: String, code: Int32) { self.description = description; self.code = code }
    }

    /// How the target is opened.
    public enum Mode: Sendable {
        /// `O_EXCL`: fails with `EEXIST` when anything already has the name; never replaces.
        case createNew
        /// Creates or truncates (test helpers and snapshot files, which are theirs to replace).
        case replace
    }

    /// Writes all of `bytes` to `fd`, continuing short writes and retrying `EINTR`; returns the
    /// `errno` of a failure (`EIO` for a write that makes no progress), or 0.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                done += n
            }
            return 0
        }
    }

    /// The system's text for `errno` code `code`, e.g. "No space left on device".
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Writes `bytes` to the file at `path` (a NUL-terminated file-system name, used byte for byte).
    /// - Parameters:
    ///   - name: how messages name the file.
    ///   - sync: `fsync` before closing, so the data is on disk before the caller moves the file into
    ///     place. Default: true.
    public static func write(_ bytes: [UInt8], to path: UnsafePointer<CChar>, name: String,
                             mode: Mode = .createNew, sync: Bool = true) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == .createNew ? O_EXCL : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            let e = errno
            throw Failure("cannot create \(name): \(reason(e))", code: e)
        }
        func fail(_ what: String, _ e: Int32) -> Failure {
            close(fd)
            if mode == .createNew { unlink(path) }
            return Failure("cannot \(what) \(name): \(reason(e))", code: e)
        }
        let e = writeAll(fd, bytes)
        if e != 0 { throw fail("write", e) }
        if sync {
            while fsync(fd) != 0 {
                if errno == EINTR { continue }
                // A file that cannot be synced (EINVAL: some FUSE and special files) was still written.
                if errno == EINVAL { break }
                throw fail("write", errno)
            }
        }
        if close(fd) != 0, errno != EINTR {
            let e = errno
            if mode == .createNew { unlink(path) }
            throw Failure("cannot write \(name): \(reason(e))", code: e)
        }
    }

    /// `write(_:to:name:mode:sync:)` for a path given as a Swift string (its UTF-8 bytes).
    public static func write(_ bytes: [UInt8], toPath path: String, mode: Mode = .createNew, sync: Bool = true) throws {
        try path.withCString { try write(bytes, to: $0, name: path, mode: mode, sync: sync) }
    }

    /// A new file written piece by piece with every write checked: for output that is produced as a
    /// run goes on (a trace) and should not be held in memory whole.
    public final class Appender {
        public let name: String
        private var fd: Int32

        /// Creates the file (`O_EXCL`: never replaces anything).
        public init(path: UnsafePointer<CChar>, name: String) throws {
            self.name = name
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { let e = errno; throw Failure("cannot create \(name): \(reason(e))", code: e) }
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Appends `bytes`, continuing short writes and retrying `EINTR`.
        public func append(_ bytes: [UInt8]) throws {
            guard fd >= 0 else { throw Failure("cannot write \(name): already closed", code: EBADF) }
            let e = Files.writeAll(fd, bytes)
            if e != 0 { throw Failure("cannot write \(name): \(reason(e))", code: e) }
        }

        /// Writes `bytes` at `offset`, leaving the end where it is (a header patched once the
        /// length is known: an APNG's frame count).
        public func write(_ bytes: [UInt8], at offset: Int) throws {
            guard fd >= 0 else { throw Failure("cannot write \(name): already closed", code: EBADF) }
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { let e = n < 0 ? errno : EIO; throw Failure("cannot write \(name): \(reason(e))", code: e) }
                done += n
            }
        }

        /// The open descriptor, for a program that writes the file itself (ffmpeg); -1 once finished.
        public var descriptor: Int32 { fd }

        /// Syncs and closes; the data is on disk when this returns.
        public func finish() throws {
            guard fd >= 0 else { return }
            defer { fd = -1 }
            while fsync(fd) != 0 {
                if errno == EINTR { continue }
                if errno == EINVAL { break }
                let e = errno
                close(fd)
                throw Failure("cannot write \(name): \(reason(e))", code: e)
            }
            if close(fd) != 0, errno != EINTR {
                let e = errno
                throw Failure("cannot write \(name): \(reason(e))", code: e)
            }
        }
    }
}
