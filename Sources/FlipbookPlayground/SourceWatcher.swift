import FrameLoop
import Foundation
import Glibc

/// Watches a folder tree for saved, added, removed and renamed files through Linux's inotify: one
/// watch per folder, added for every folder below the root at start and for each folder that
/// appears later (its files are then listed too, since they may have been written before its
/// watch existed). Hidden names (`.build`, editors' `.swp` files) are ignored.
///
/// `nextChanges(debounce:timeout:)` returns a batch of changed paths once the tree has been quiet
/// for the debounce interval: an editor's save (write, rename, attribute change) or a burst of
/// saves is one batch, so one build.
final class SourceWatcher {
    private let fd: Int32
    /// Watch descriptor → the folder it watches.
    private var folders: [Int32: String] = [:]
    /// Folders watched, for not adding one twice.
    private var watched: Set<String> = []
    /// What inotify reports: a file written and closed, created, removed, moved in or out, its
    /// attributes changed (touch), or a watched folder itself gone.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF | IN_MODIFY) | UInt32(IN_ONLYDIR)

    /// Starts watching `root` and every folder below it.
    /// - Throws: `HostError` when inotify cannot be opened or `root` is not a folder.
    init(root: String) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw HostError("cannot watch the sources: inotify: \(String(cString: strerror(errno)))") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir), isDir.boolValue else {
            close(fd)
            throw HostError("cannot watch \(OneLine.quote(root)): it is not a folder")
        }
        _ = add(tree: root)
    }

    deinit { close(fd) }

    /// Number of folders watched now.
    var folderCount: Int { watched.count }

    /// Adds watches for `folder` and the folders below it; returns the files found there (a new
    /// folder's files count as changed).
    private func add(tree folder: String) -> [String] {
        var files: [String] = []
        var stack = [folder]
        while let dir = stack.popLast() {
            guard !watched.contains(dir) else { continue }
            let wd = inotify_add_watch(fd, dir, Self.mask)
            guard wd >= 0 else { continue } // gone again, or not readable: nothing to watch
            folders[wd] = dir
            watched.insert(dir)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { stack.append(path) } else { files.append(path) }
            }
        }
        return files
    }

    /// Reads what inotify has queued (without waiting) and returns the paths that changed.
    private func drain() -> [String] {
        var changed: [String] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { changed.append("(many files)"); continue }
                guard let folder = folders[event.wd] else { continue }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    folders[event.wd] = nil
                    watched.remove(folder)
                    continue
                }
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { changed.append(folder); continue }
                guard !name.isEmpty, !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name
                if event.mask & UInt32(IN_ISDIR) != 0 {
                    if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { changed += add(tree: path) }
                    changed.append(path)
                } else {
                    changed.append(path)
                }
            }
        }
        return changed
    }

    /// Waits up to `timeout` seconds for a change, then until nothing more has changed for
    /// `debounce` seconds, and returns the changed paths (sorted, each once); empty when nothing
    /// changed within `timeout`.
    func nextChanges(debounce: Double = 0.15, timeout: Double) -> [String] {
        var changed = Set(drain())
        let start = Self.now()
        while changed.isEmpty {
            let left = timeout - (Self.now() - start)
            guard left > 0, wait(seconds: left) else { return [] }
            changed.formUnion(drain())
        }
        // Quiet for `debounce`: each new change starts the interval again.
        while wait(seconds: debounce) {
            let more = drain()
            if more.isEmpty { continue }
            changed.formUnion(more)
        }
        return changed.sorted()
    }

    /// True when inotify has something to read within `seconds`.
    private func wait(seconds: Double) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, Int32(max(0, min(Double(Int32.max), seconds * 1000)).rounded(.up))) > 0
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
