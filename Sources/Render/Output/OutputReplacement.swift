import FrameLoop
import Foundation
import Glibc
import Raster
import RasterIO

/// `render --replace`: a new render takes the place of an `--out` folder that Flipbook itself made
/// earlier, and nothing else.
///
/// A folder Flipbook creates for a render gets a marker, `.flipbook-output` (`RenderOutput` writes
/// it with the frames), listing the names that render put there. `--replace` accepts a folder only
/// when the marker is there and every name in the folder is one the marker lists (or the marker
/// itself, or a render's lock file): a folder without the marker, a file, or a marked folder that
/// also holds something else — a user's notes, a frame a later render added, a sub-folder — is
/// refused with one line, and nothing is touched. Flipbook never deletes a file it did not write.
///
/// The render goes into a new hidden folder beside `--out` (`.NAME.flipbook-replace-PID`), with
/// every guarantee of a render: a failed or interrupted one removes it and leaves the old folder as
/// it was. Only when the render succeeded are the two folders exchanged in one step
/// (`renameat2(RENAME_EXCHANGE)`; on file systems without it, two renames) under the old folder's
/// render lock, and the old frames — the names its marker lists, nothing else — are unlinked.
public struct OutputReplacement {
    /// The marker's file name, inside a folder a render created.
    public static let markerName = ".flipbook-output"
    /// The marker's first line; the names follow, one per line.
    static let markerHeader = "# Flipbook made this folder for a render; `render --replace` may replace it. Names it wrote:"

    /// The `--out` folder to replace, absolute and resolved; nil when it does not exist yet (the
    /// render then simply creates it).
    public let target: String?
    /// Where the render writes instead: the hidden folder beside the target (or the target itself
    /// when there is nothing to replace).
    public let renderFolder: String

    /// Checks `out` for `--replace` now, before anything is rendered.
    /// - Throws: `HostError` (one line) when `out` is a file, a folder without the marker, or a
    ///   marked folder holding a name its marker does not list.
    public init(out: String) throws {
        guard !out.isEmpty else { throw HostError("--out is empty; give a folder name such as out") }
        switch Files.kind(out, follow: false) {
        case .missing:
            target = nil
            renderFolder = out
            return
        case .directory:
            break
        case .file, .other:
            throw HostError("--replace: \(OneLine.quote(out)) is not a folder Flipbook made; only such folders are replaced (choose another --out)")
        }
        guard let real = Files.realPath(out) else { throw HostError("--out \(OneLine.quote(out)) cannot be resolved") }
        try Self.check(real, shown: out)
        target = real
        let (parent, name) = Files.split(real)
        renderFolder = OutputPaths.join(parent, ".\(name).flipbook-replace-\(getpid())")
        if Files.exists(renderFolder) {
            throw HostError("--replace: \(OneLine.quote(renderFolder)) is in the way (left by a render that was killed?); remove it and try again")
        }
    }

    /// The names a marker lists, or nil when `folder` has no readable marker.
    public static func markedNames(in folder: String) -> Set<String>? {
        guard let bytes = try? Files.read(OutputPaths.join(folder, markerName), limit: 64 << 20) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == markerHeader else { return nil }
        return Set(lines.dropFirst().map(String.init))
    }

    /// The marker's text for the names a render put into the folder it created.
    static func marker(names: [String]) -> [UInt8] {
        Array(([markerHeader] + names).joined(separator: "\n").utf8) + [0x0A]
    }

    /// Refuses `folder` unless its marker lists every name in it.
    static func check(_ folder: String, shown: String) throws {
        guard let listed = markedNames(in: folder) else {
            throw HostError("--replace: \(OneLine.quote(shown)) has no \(markerName) marker, so Flipbook did not make it; it is never replaced (choose another --out)")
        }
        guard let present = Files.contents(of: folder) else { throw HostError("--out folder \(OneLine.quote(shown)) cannot be read") }
        let ours = listed.union([markerName, ".flipbook-lock"])
        if let other = present.subtracting(ours).sorted().first {
            throw HostError("--replace: \(OneLine.quote(shown)) holds \(OneLine.quote(other)), which Flipbook did not write there; nothing was replaced (move it out first)")
        }
        for name in listed where Files.kind(OutputPaths.join(folder, name), follow: false) == .directory {
            throw HostError("--replace: \(OneLine.quote(shown)) holds the folder \(OneLine.quote(name)); Flipbook writes no folders there, nothing was replaced")
        }
    }

    /// `path` moved into `renderFolder` when it names a file inside the target (a `--sheet` or
    /// `--trace` kept in the folder being replaced), else unchanged.
    public func redirect(_ path: String?) -> String? {
        guard let path, let target else { return path }
        let (parent, name) = Files.split(path)
        guard Files.realPath(parent) == target, !name.isEmpty, !name.hasSuffix("/") else { return path }
        return OutputPaths.join(renderFolder, name)
    }

    /// `path` under `renderFolder` given back under the target's name (for the report).
    public func shown(_ path: String) -> String {
        guard let target, path.hasPrefix(renderFolder + "/") else { return path }
        return target + path.dropFirst(renderFolder.count)
    }

    /// After a successful render into `renderFolder`: exchanges it with the target under the
    /// target's render lock, checked again, then unlinks the old folder's marked names and removes
    /// it. When anything is in the way, the new render is removed instead and the old folder kept.
    public func commit() throws {
        guard let target else { return }
        // A render writing into the old folder holds its lock: wait for nothing, refuse.
        let lockPath = OutputPaths.join(target, ".flipbook-lock")
        let fd = Files.withCName(lockPath) { open($0, O_RDWR | O_CLOEXEC) }
        defer { if fd >= 0 { close(fd) } }
        do {
            if fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 {
                throw HostError("another flipbook render is writing into \(OneLine.quote(target)) (it holds .flipbook-lock); nothing was replaced")
            }
            try Self.check(target, shown: target)   // again: a user may have put a file there meanwhile
            try exchange(renderFolder, target)
        } catch {
            Self.removeMarked(renderFolder)
            throw error
        }
        // The old folder now has the hidden name: its marked names go, then the folder.
        Self.removeMarked(renderFolder)
    }

    /// Swaps two folders' names in one step; two renames where the kernel or file system cannot.
    private func exchange(_ a: String, _ b: String) throws {
        let r = Files.withCName(a) { x in Files.withCName(b) { y in flipbookRenameat2(AT_FDCWD, x, AT_FDCWD, y, 2 /* RENAME_EXCHANGE */) } }
        if r == 0 { return }
        guard errno == EINVAL || errno == ENOSYS else {
            throw HostError("cannot replace \(OneLine.quote(b)): \(Files.reason(errno)); the new render was removed")
        }
        let aside = a + "-old"
        guard Files.withCName(b, { x in Files.withCName(aside) { rename(x, $0) } }) == 0 else {
            throw HostError("cannot replace \(OneLine.quote(b)): \(Files.reason(errno)); the new render was removed")
        }
        guard Files.withCName(a, { x in Files.withCName(b) { rename(x, $0) } }) == 0 else {
            let e = errno
            _ = Files.withCName(aside) { x in Files.withCName(b) { rename(x, $0) } }
            throw HostError("cannot replace \(OneLine.quote(b)): \(Files.reason(e)); the new render was removed")
        }
        _ = Files.withCName(aside) { x in Files.withCName(a) { rename(x, $0) } }
    }

    /// Unlinks the names `folder`'s marker lists, the marker and a lock file, then the folder
    /// (left in place, with one line, when something else is in it).
    static func removeMarked(_ folder: String) {
        for name in (markedNames(in: folder) ?? []).union([markerName, ".flipbook-lock"]) {
            _ = Files.withCName(OutputPaths.join(folder, name)) { unlink($0) }
        }
        if Files.withCName(folder, { rmdir($0) }) != 0, Files.exists(folder) {
            Files.print("\(ProgramName.current): kept \(OneLine.quote(folder)): it holds files Flipbook did not write", to: STDERR_FILENO)
        }
    }
}

extension HeadlessDriver.Result {
    /// The same result with every path passed through `path` (a replacement's paths shown under
    /// the folder they now have).
    public func moved(_ path: (String) -> String) -> HeadlessDriver.Result {
        var r = self
        r.frames = frames.map(path)
        r.sheet = sheet.map(path)
        r.trace = trace.map(path)
        r.recordings = recordings.map(path)
        r.manifest = manifest.map(path)
        return r
    }
}

/// glibc's `renameat2` (2.28 and later), declared here: `<stdio.h>` shows it only to `_GNU_SOURCE`
/// code, which Swift's Glibc module is not.
@_silgen_name("renameat2")
private func flipbookRenameat2(_ oldFD: Int32, _ old: UnsafePointer<CChar>, _ newFD: Int32, _ new: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
