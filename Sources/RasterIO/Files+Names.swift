import Glibc

/// File names as the file system has them: bytes, not necessarily UTF-8.
///
/// Swift strings hold Unicode only, and Foundation on Linux turns a `String` path into its UTF-8
/// (`fileSystemRepresentation`) and `CommandLine.arguments` into repaired UTF-8 (every invalid byte
/// becomes U+FFFD), so a Latin-1 name such as `caf\xE9.png` was written as `caf\u{FFFD}.png` or could
/// not be read at all. Flipbook keeps such names byte for byte instead: `decode` maps each byte that
/// is not part of valid UTF-8 to the private-use scalar U+10FF00 + byte, and `bytes` maps those scalars
/// back. Every file the render path opens, creates or moves goes through `bytes` and POSIX calls, never
/// through Foundation's path APIs, and messages are written to the terminal through `bytes` too, so
/// the user sees the name they typed. (A valid name that itself contains U+10FF80…U+10FFFF is escaped
/// the same way, so the round trip bytes → string → bytes is exact for every name.)
extension Files {
    static let escapeBase: UInt32 = 0x10FF00

    /// A string for the bytes of a name or argument; `bytes(decode(b)) == b` for every `b`.
    public static func decode<C: Collection>(_ raw: C) -> String where C.Element == UInt8 {
        let bytes = Array(raw)
        var out = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var it = bytes.makeIterator()
        var offset = 0
        func escape(_ range: Range<Int>) {
            for b in bytes[range] { out.append(Unicode.Scalar(escapeBase + UInt32(b))!) }
        }
        loop: while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value > escapeBase + 0x7F { escape(offset..<offset + encoded.count) } else { out.append(scalar) }
                offset += encoded.count
            case .error(let length):
                escape(offset..<offset + length)
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return String(out)
    }

    /// The file-system bytes a string from `decode` (or any Swift string) stands for.
    public static func bytes(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for s in name.unicodeScalars {
            if s.value > escapeBase + 0x7F { out.append(UInt8(s.value - escapeBase)) } else { out.append(contentsOf: String(s).utf8) }
        }
        return out
    }

    /// Calls `body` with the NUL-terminated file-system name of `name`.
    public static func withCName<R>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var c = bytes(name).map { CChar(bitPattern: $0) }
        c.append(0)
        return try c.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The program's arguments byte for byte (without the program name), decoded as above.
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let p = CommandLine.unsafeArgv[i] else { return "" }
            return decode(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
    }

    /// Writes `text` to standard error or output as the bytes it stands for, so a non-UTF-8 name in a
    /// message reaches the terminal as the user typed it.
    public static func print(_ text: String, to fd: Int32, newline: Bool = true) {
        _ = writeAll(fd, bytes(newline ? text + "\n" : text)) // nowhere to report a failure
    }

    // MARK: File-system queries, byte for byte

    /// The whole file at `path`; throws `Failure` when it cannot be read or is over `limit` bytes.
    public static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let fd = withCName(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { let e = errno; throw Failure(reason(e), code: e) }
        defer { close(fd) }
        var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno; throw Failure(reason(e), code: e)
            }
            if n == 0 { return out }
            out += chunk[..<n]
            if out.count > limit { throw Failure("larger than \(limit >> 20) MiB", code: EFBIG) }
        }
    }

    /// What is at `path` (without following a final symbolic link when `follow` is false).
    package enum Kind { case missing, directory, file, other }

    package static func kind(_ path: String, follow: Bool = true) -> Kind {
        var st = stat()
        let r = withCName(path) { follow ? stat($0, &st) : lstat($0, &st) }
        guard r == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// True when anything has the name, a dangling symbolic link included.
    package static func exists(_ path: String) -> Bool { kind(path, follow: false) != .missing }

    /// The canonical absolute path of an existing file or folder (symbolic links resolved).
    package static func realPath(_ path: String) -> String? {
        withCName(path) { c -> String? in
            guard let r = realpath(c, nil) else { return nil }
            defer { free(r) }
            return decode(UnsafeBufferPointer(start: UnsafeRawPointer(r).assumingMemoryBound(to: UInt8.self), count: strlen(r)))
        }
    }

    /// True when this process may create entries in the folder at `path`.
    package static func isWritableDirectory(_ path: String) -> Bool {
        withCName(path) { access($0, W_OK | X_OK) == 0 }
    }

    /// The names in the folder at `path` (without "." and ".."), or nil when it cannot be read.
    package static func contents(of path: String) -> Set<String>? {
        guard let dir = withCName(path, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var names = Set<String>()
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return decode(bytes)
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    /// The folder part and the last component of a path, as `dirname` and `basename` split them
    /// (`"a/b/"` → ("a", "b/") keeps the trailing slash, which marks a folder).
    package static func split(_ path: String) -> (parent: String, last: String) {
        var trimmed = Substring(path)
        var slash = false
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast(); slash = true }
        guard let cut = trimmed.lastIndex(of: "/") else { return (".", String(trimmed) + (slash ? "/" : "")) }
        let parent = trimmed[..<cut].isEmpty ? "/" : String(trimmed[..<cut])
        return (parent, String(trimmed[trimmed.index(after: cut)...]) + (slash ? "/" : ""))
    }
}
