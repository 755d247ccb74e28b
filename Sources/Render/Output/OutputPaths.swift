import FrameLoop
import Foundation
import Synchronization
import RasterIO

/// Where a render's files go: `--out`, `--sheet` and `--trace` resolved and checked before any frame
/// is rendered. Reading the file system only, never writing it.
///
/// The rule: Flipbook only creates files. A target (a frame, the sheet, the trace) that already exists
/// is refused with one line naming it, whoever made it, because Flipbook never deletes or overwrites a
/// file it did not create in this run. Also refused: an empty name, a folder where a file is meant, the
/// `--out` folder itself as the sheet or trace, two targets with one name, and a parent folder that is
/// missing or not writable (`--out`'s parent is not created either). Names are kept byte for byte (see
/// `Files`).
public struct OutputPaths: Equatable {
    /// The output folder, absolute and with symbolic links resolved; nil when no PNGs are written.
    public let outDirectory: String?
    /// True when the output folder is there already (the run adds files to it and changes nothing else).
    public let outExists: Bool
    /// The frame files' names, in frame order.
    public let frameNames: [String]
    /// The contact sheet's absolute path, when one is asked for.
    public let sheet: String?
    /// The trace's absolute path, when one is asked for.
    public let trace: String?
    /// The recordings' absolute paths, in the options' order.
    public let recordings: [(format: RecordingFormat, path: String)]
    /// A shard's manifest (`shard-I-of-N.json`, in the output folder), for `render --shard`.
    public let manifest: String?

    /// Equal when every path (and whether the folder existed) is equal.
    public static func == (a: OutputPaths, b: OutputPaths) -> Bool {
        a.outDirectory == b.outDirectory && a.outExists == b.outExists && a.frameNames == b.frameNames && a.sheet == b.sheet
            && a.trace == b.trace && a.recordings.map(\.format) == b.recordings.map(\.format) && a.recordings.map(\.path) == b.recordings.map(\.path)
            && a.manifest == b.manifest
    }

    /// The file name of frame `n`.
    public static func frameName(_ n: Int) -> String {
        let digits = String(n)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Resolves and checks the options' paths; the error names the option and the problem in one line.
    public init(_ options: RenderOptions) throws {
        guard let out = options.outDirectory else {
            (outDirectory, outExists, frameNames, manifest) = (nil, false, [], nil)
            (sheet, trace, recordings) = try Self.targets(options, out: nil, frames: [])
            return
        }
        frameNames = options.keptFrames.map(Self.frameName)
        guard !out.isEmpty else { throw HostError("--out is empty; give a folder name such as out") }
        switch Files.kind(out) {
        case .directory:
            guard let real = Files.realPath(out) else { throw HostError("--out \(OneLine.quote(out)) cannot be resolved") }
            guard Files.isWritableDirectory(real) else { throw HostError("--out folder \(OneLine.quote(out)) is not writable") }
            outDirectory = real
            outExists = true
        case .file, .other:
            throw HostError("--out \(OneLine.quote(out)) exists and is not a folder")
        case .missing:
            if Files.exists(out) { throw HostError("--out \(OneLine.quote(out)) is a symbolic link to nothing") }
            let (parent, last) = Files.split(out)
            let name = last.hasSuffix("/") ? String(last.dropLast()) : last
            outDirectory = Self.join(try Self.folder(parent, for: "--out", path: out), name)
            outExists = false
        }
        if outExists {
            guard let present = Files.contents(of: outDirectory!) else {
                throw HostError("--out folder \(OneLine.quote(out)) cannot be read")
            }
            if let clash = frameNames.first(where: present.contains) {
                throw Self.existing(Self.join(out, clash), advice: "choose another --out or remove the file")
            }
        }
        (sheet, trace, recordings) = try Self.targets(options, out: outDirectory, frames: frameNames)
        let folder = outDirectory!
        manifest = options.shard.map { Self.join(folder, $0.manifestName) }
        if let manifest {
            if manifest == trace { throw HostError("--trace \(OneLine.quote(options.tracePath!)) is the shard's manifest file; choose another name") }
            if Files.exists(manifest) { throw Self.existing(manifest, advice: "this part was rendered into --out already; choose another --out") }
        }
    }

    /// The sheet, trace and recordings resolved; two of them with one name are refused.
    private static func targets(_ options: RenderOptions, out: String?, frames: [String])
        throws -> (String?, String?, [(format: RecordingFormat, path: String)]) {
        let sheet = try options.sheetPath.map { try target($0, option: "--sheet", example: "sheet.png", out: out, frames: frames) }
        let trace = try options.tracePath.map { try target($0, option: "--trace", example: "trace.jsonl", out: out, frames: frames) }
        let recordings = try options.recordings.map {
            (format: $0.format, path: try target($0.path, option: $0.format.option, example: $0.format.example, out: out, frames: frames))
        }
        var seen: [String: String] = [:]
        let named = [(sheet, "--sheet", options.sheetPath), (trace, "--trace", options.tracePath)]
            + zip(recordings, options.recordings).map { ($0.0.path, $0.0.format.option, $0.1.path) }
        for case let (path?, option, given?) in named {
            if let other = seen[path] { throw HostError("\(other) and \(option) name the same file \(OneLine.quote(given))") }
            seen[path] = option
        }
        return (sheet, trace, recordings)
    }

    /// The message for a target that exists: the existing-file rule, naming the file.
    package static func existing(_ path: String, advice: String) -> HostError {
        HostError("\(OneLine.quote(path)) already exists and Flipbook never overwrites a file it did not create; \(advice)")
    }

    /// `--sheet`, `--trace` or a recording: a new file in an existing writable folder, or in the `--out` folder.
    package static func target(_ path: String, option: String, example: String, out: String?, frames: [String]) throws -> String {
        guard !path.isEmpty else { throw HostError("\(option) is empty; give a file name such as \(example)") }
        let (parent, last) = Files.split(path)
        if last.isEmpty || last == "." || last == ".." || last.hasSuffix("/") || Files.kind(path) == .directory {
            throw HostError("\(option) \(OneLine.quote(path)) is a folder; give a file name such as \(example)")
        }
        let folder = try Self.folder(parent, for: option, path: path, out: out)
        let resolved = Self.join(folder, last)
        if resolved == out { throw HostError("\(option) \(OneLine.quote(path)) is the --out folder itself; give a file name such as \(example)") }
        if folder == out, frames.contains(last) {
            throw HostError("\(option) \(OneLine.quote(path)) is also the name of a frame file; choose another name")
        }
        if Files.exists(resolved) { throw existing(path, advice: "choose another \(option) or remove the file") }
        return resolved
    }

    /// The canonical path of the folder `parent` that `path` goes into; it must exist and be writable,
    /// except that the `--out` folder about to be created counts as there.
    static func folder(_ parent: String, for option: String, path: String, out: String? = nil) throws -> String {
        if let real = Files.realPath(parent) {
            guard Files.kind(real) == .directory else {
                throw HostError("\(option) \(OneLine.quote(path)): \(OneLine.quote(parent)) is not a folder")
            }
            if real != out, !Files.isWritableDirectory(real) {
                throw HostError("\(option) \(OneLine.quote(path)): folder \(OneLine.quote(parent)) is not writable")
            }
            return real
        }
        // The --out folder this run will create: its own parent was checked already.
        if let out, Files.kind(parent) == .missing {
            let (grand, last) = Files.split(parent)
            if let g = Files.realPath(grand), Self.join(g, last.trimmingSlashes) == out { return out }
        }
        throw HostError("\(option) \(OneLine.quote(path)): folder \(OneLine.quote(parent)) does not exist")
    }

    static func join(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    /// A hidden name in `folder` to write a file under before it is linked into place:
    /// `.flipbook-PID-N`, short whatever the final name is, so a final name of up to NAME_MAX
    /// (255) bytes still has a staging name (the final name with a prefix and suffix did not fit).
    /// PID and a per-process count keep it apart from other runs' and this run's other files.
    package static func stagingName(in folder: String) -> String {
        join(folder, ".flipbook-\(getpid())-\(stagingCount.add(1, ordering: .relaxed).newValue)")
    }
    private static let stagingCount = Atomic<Int>(0)
}

private extension String {
    var trimmingSlashes: String { var s = self; while s.count > 1, s.hasSuffix("/") { s.removeLast() }; return s }
}
