import FrameLoop
import Foundation
import Glibc
import HTMLReport
import RasterIO

/// `flipbook report RENDER_DIR` and `render --report`: a render's folder as one HTML page,
/// `RENDER_DIR/report.html` (`ReportPage`): its frames as a player and a contact sheet, and plots
/// of the trace's values with the animations marked.
///
/// Images: the frames are embedded as `data:` URIs while their PNGs add up to at most
/// `embedLimit` (32 MiB), so the page alone is the whole report (mailed, attached to a CI run);
/// above that, the page refers to them by name beside it. Why: 32 MiB of frames make a page of
/// ~43 MB of base64; 24 MB of frames (181 at 640×360) opened in headless Chromium in 1.4 s on two
/// busy cores, and much larger pages open slowly and are poor attachments, while the frames are in
/// the folder anyway, and the page sits in that folder. The page says which it did.
///
/// The trace: `--trace FILE`, else `trace.jsonl` in the folder, else the only `*.jsonl` there;
/// none: no plots, and the frames' times are frame / fps.
///
/// Files: the rule of every Flipbook output (`OutputPaths`), with one addition. `report.html` is
/// created new, never over a file, except one that is a page Flipbook wrote and nobody edited
/// (its signature, `ReportPage.isUnmodified`), which is replaced so that a report can be made
/// again; anything else under that name is refused with one line. A folder a render made (its
/// `.flipbook-output` marker) gets `report.html` added to the marker, so `render --replace` still
/// replaces it. A render writing into the folder (its lock held) is waited for by nobody: refused.
/// Every problem with the input (no folder, no frames, a broken trace or PNG) is found before
/// anything is written.
public enum RenderReport {
    /// The page's file name inside the render's folder.
    public static let fileName = "report.html"
    /// The most frame bytes embedded in the page: 32 MiB. Default of `Options.embedLimit`.
    public static let embedLimit = 32 << 20

    /// What to report.
    public struct Options: Sendable {
        /// The render's `--out` folder.
        public var folder: String
        /// The trace; nil: `trace.jsonl` in the folder, else the only `*.jsonl` there, else none.
        public var trace: String?
        /// The page's title; nil: the folder's name.
        public var title: String?
        /// Frames per second, for the frames' times when there is no trace. Default: 60 (render's default).
        public var fps: Double = 60
        /// Frames whose PNGs add up to more bytes are referenced, not embedded. Default: `RenderReport.embedLimit`.
        public var embedLimit = RenderReport.embedLimit
        /// A report of `folder` with the defaults above.
        public init(folder: String) { self.folder = folder }
    }

    /// What `write` did.
    public struct Written: Equatable, Sendable {
        /// The page's absolute path.
        public var path: String
        /// The frames it shows.
        public var frames: Int
        /// True when the frames are in the page; false when it refers to them beside it.
        public var embedded: Bool
        /// True when it replaced an earlier page Flipbook wrote.
        public var replaced: Bool
    }

    /// Checks the folder and trace, makes the page and writes `report.html` into the folder.
    /// - Throws: `HostError`, one line; nothing is written then.
    public static func write(_ options: Options) throws -> Written {
        let made = try page(options)
        let (path, replaced) = try place(Array(made.page.html().utf8), in: made.folder)
        return Written(path: path, frames: made.page.frames.count, embedded: made.embedded, replaced: replaced)
    }

    /// The page for `options` and the folder's resolved path, without writing anything.
    static func page(_ options: Options) throws -> (page: ReportPage, folder: String, embedded: Bool) {
        let shown = options.folder
        guard !shown.isEmpty else { throw HostError("report: the folder name is empty; give a render's --out folder") }
        guard options.fps.isFinite, options.fps > 0, options.fps <= RenderOptions.maxFPS else {
            throw HostError("--fps \(options.fps) is outside 0…\(Int(RenderOptions.maxFPS)) (exclusive of 0)")
        }
        switch Files.kind(shown) {
        case .directory: break
        case .missing: throw HostError("report: \(OneLine.quote(shown)) does not exist; give a render's --out folder")
        case .file, .other: throw HostError("report: \(OneLine.quote(shown)) is not a folder; give a render's --out folder")
        }
        guard let folder = Files.realPath(shown), let names = Files.contents(of: folder) else {
            throw HostError("report: the folder \(OneLine.quote(shown)) cannot be read")
        }
        let frames = names.compactMap { n in frameNumber(n).map { (number: $0, name: n) } }.sorted { $0.number < $1.number }
        guard !frames.isEmpty else {
            throw HostError("report: \(OneLine.quote(shown)) holds no frame-NNNNN.png files; render into it with --out first")
        }
        // The trace, read and checked before anything else is.
        let tracePath = try options.trace ?? defaultTrace(in: folder, names: names, shown: shown)
        let trace = try tracePath.map { try Trace.read(path: $0) }
        if let trace, trace.lines.isEmpty { throw HostError("the trace \(OneLine.quote(tracePath!)) has no lines") }
        var times: [Int: Double] = [:]
        for line in trace?.lines ?? [] where times[line.frame] == nil { times[line.frame] = line.time }
        if let trace, let missing = frames.first(where: { times[$0.number] == nil }) {
            throw HostError("the trace \(OneLine.quote(tracePath!)) has no line for frame \(missing.number) (\(trace.lines.count) lines): is it this render's trace?")
        }
        // The frames: each a PNG (its header checked), embedded when they are small enough together.
        var sizes: [Int] = [], pixelSize: (Int, Int)?
        for f in frames {
            let path = OutputPaths.join(folder, f.name)
            guard let head = pngHead(path) else { throw HostError("report: \(OneLine.quote(OutputPaths.join(shown, f.name))) is not a PNG file") }
            sizes.append(head.bytes)
            if pixelSize == nil { pixelSize = (head.width, head.height) }
        }
        let total = sizes.reduce(0, +)
        let embedded = total <= options.embedLimit
        var page = ReportPage(title: options.title ?? Files.split(folder).last)
        for f in frames {
            let image: ReportPage.Image
            if embedded {
                do { image = .png(try Files.read(OutputPaths.join(folder, f.name), limit: options.embedLimit)) } catch let e as Files.Failure {
                    throw HostError("report: cannot read \(OneLine.quote(OutputPaths.join(shown, f.name))): \(e.description)")
                }
            } else {
                image = .file(f.name)
            }
            page.frames.append(ReportPage.Frame(image: image, label: "frame \(f.number)",
                                                time: times[f.number] ?? Double(f.number) / options.fps))
        }
        let size = pixelSize.map { "\($0.0)×\($0.1) px" } ?? ""
        page.facts.append("\(frames.count) frames, \(size), from \(folder)")
        page.facts.append(embedded ? "The frames are embedded in this page (\(megabytes(total)))."
                                   : "The frames (\(megabytes(total)), more than the \(megabytes(options.embedLimit)) embedded at most) are referenced beside this page: keep it in its folder.")
        if let trace, let tracePath {
            let plots = plots(of: trace)
            page.times = plots.times
            page.layers = plots.layers
            page.facts.append("Values from the trace \(tracePath) (\(trace.lines.count) frames, \(plots.layers.count) named layers).")
            if plots.layers.isEmpty { page.plotNote = "The trace names no layers: give layers a name (layer.name) to trace them." }
        } else {
            page.facts.append("No trace: times are frame / \(HTMLEscaping.jsonNumber(options.fps)) s; render with --trace (or --report) for plots of the layers' values.")
        }
        return (page, folder, embedded)
    }

    /// `frame-NNNNN.png` (five digits or more) → N.
    static func frameNumber(_ name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// `trace.jsonl`, else the only `*.jsonl` in the folder, else nil; several are refused.
    static func defaultTrace(in folder: String, names: Set<String>, shown: String) throws -> String? {
        if names.contains("trace.jsonl") { return OutputPaths.join(folder, "trace.jsonl") }
        let traces = names.filter { $0.hasSuffix(".jsonl") }.sorted()
        guard traces.count <= 1 else {
            throw HostError("report: \(OneLine.quote(shown)) holds several traces (\(traces.map(OneLine.quote).joined(separator: ", "))); choose one with --trace")
        }
        return traces.first.map { OutputPaths.join(folder, $0) }
    }

    /// A PNG's size in bytes and pixels from its signature and header chunk; nil when it is no PNG.
    static func pngHead(_ path: String) -> (bytes: Int, width: Int, height: Int)? {
        let fd = Files.withCName(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 24)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 24) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard n == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ i: Int) -> Int { head[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (Int(st.st_size), u32(16), u32(20))
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(max(1, bytes >> 10)) KB"
    }

    /// Writes the page as `report.html` in `folder` by the rule in the type's comment.
    static func place(_ bytes: [UInt8], in folder: String) throws -> (path: String, replaced: Bool) {
        let dest = OutputPaths.join(folder, fileName)
        // A render writing into the folder holds its lock: refuse rather than race its commit.
        let lock = Files.withCName(OutputPaths.join(folder, ".flipbook-lock")) { open($0, O_RDWR | O_CLOEXEC) }
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0, flock(lock, LOCK_EX | LOCK_NB) != 0 {
            throw HostError("a flipbook render is writing into \(OneLine.quote(folder)) (it holds .flipbook-lock); report when it is done")
        }
        let replacing = try checkTarget(in: folder)
        guard Files.isWritableDirectory(folder) else { throw HostError("report: the folder \(OneLine.quote(folder)) is not writable") }
        let temp = OutputPaths.stagingName(in: folder)
        do { try Files.withCName(temp) { try Files.write(bytes, to: $0, name: dest) } } catch let e as Files.Failure {
            throw HostError(e.description)
        }
        defer { _ = Files.withCName(temp) { unlink($0) } } // gone already after a rename
        if replacing {
            guard Files.withCName(temp, { t in Files.withCName(dest) { rename(t, $0) } }) == 0 else {
                throw HostError("cannot put \(OneLine.quote(dest)) in place: \(Files.reason(errno))")
            }
        } else {
            try RenderOutput.placeNew(temp, at: dest, advice: "it appeared while the report was made; nothing was written")
        }
        try addToMarker(in: folder)
        return (dest, replacing)
    }

    /// Checks `report.html` in `folder` by the rule in the type's comment, without writing:
    /// `render --report` asks before it renders, so that a render is not made for a page that
    /// would be refused. Returns true when there is a page of Flipbook's to replace.
    /// - Throws: `HostError` when something else has the name.
    @discardableResult
    public static func checkTarget(in folder: String) throws -> Bool {
        let dest = OutputPaths.join(folder, fileName)
        let kind = Files.kind(dest, follow: false)
        let replacing = kind == .file && (try? Files.read(dest, limit: 4 << 30)).map(ReportPage.isUnmodified) == true
        if kind != .missing, !replacing {
            throw OutputPaths.existing(dest, advice: "it is not a report Flipbook wrote (or it was edited); move it away or remove it")
        }
        return replacing
    }

    /// Lists `report.html` in the folder's `.flipbook-output` marker, when it has one that does not.
    static func addToMarker(in folder: String) throws {
        guard let listed = OutputReplacement.markedNames(in: folder), !listed.contains(fileName) else { return }
        let marker = OutputPaths.join(folder, OutputReplacement.markerName)
        var text = (try? Files.read(marker, limit: 64 << 20)) ?? []
        if text.last != 0x0A { text.append(0x0A) }
        text += Array((fileName + "\n").utf8)
        let temp = OutputPaths.stagingName(in: folder)
        do {
            try Files.withCName(temp) { try Files.write(text, to: $0, name: marker) }
            guard Files.withCName(temp, { t in Files.withCName(marker) { rename(t, $0) } }) == 0 else {
                throw Files.Failure(Files.reason(errno), code: errno)
            }
        } catch let e as Files.Failure {
            _ = Files.withCName(temp) { unlink($0) }
            throw HostError("wrote \(OneLine.quote(OutputPaths.join(folder, fileName))) but could not list it in the folder's marker (render --replace will refuse the folder): \(e.description)")
        }
    }
}
