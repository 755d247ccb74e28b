import FrameLoop
import Foundation
import Raster
import RasterIO

/// `flipbook assemble`: joins the parts of a render made with `render --shard I/N` (each in its own
/// `--out` folder, on one machine or many) into what a single render writes — the same frame files,
/// byte for byte, and the contact sheet made from them.
///
/// Everything is checked before anything is written: every folder holds at least one
/// `shard-I-of-N.json`; all parts come from one render (scene, size, scale, fps, frame count, kept
/// frames, input script, N and block size); each of 0…N−1 is there exactly once; together they list
/// exactly the frames the render keeps, each from the part that owns it; every frame file is there
/// and is a PNG. The output follows render's rules (`OutputPaths`, `RenderOutput`): nothing that
/// exists is replaced and a failed or interrupted run leaves nothing.
public enum ShardAssembly {
    /// Largest manifest read (a part of a 216,000-frame render is about 20 MB of JSON).
    static let maxManifestBytes = 64 << 20
    /// Largest frame file read: an 8192×8192 frame stored uncompressed, and some.
    static let maxFrameBytes = 300 << 20

    /// The parts found in `folders`, checked, with the folder each came from, ordered by index.
    static func parts(in folders: [String]) throws -> [(manifest: ShardManifest, folder: String, file: String)] {
        guard !folders.isEmpty else { throw HostError("give the --out folders of the parts (`render --shard I/N`) to assemble") }
        var found: [(manifest: ShardManifest, folder: String, file: String)] = []
        for folder in folders {
            guard Files.kind(folder) == .directory else {
                throw HostError("\(OneLine.quote(folder)) is not a folder; give the --out folders of the parts")
            }
            guard let names = Files.contents(of: folder) else { throw HostError("folder \(OneLine.quote(folder)) cannot be read") }
            let manifests = names.filter(isManifestName).sorted()
            guard !manifests.isEmpty else {
                throw HostError("\(OneLine.quote(folder)) has no shard-I-of-N.json: it is not the --out folder of `render --shard`")
            }
            for name in manifests {
                let path = OutputPaths.join(folder, name)
                let bytes: [UInt8]
                do { bytes = try Files.read(path, limit: maxManifestBytes) } catch let e as Files.Failure {
                    throw HostError("cannot read \(OneLine.quote(path)): \(e.description)")
                }
                let manifest: ShardManifest
                do { manifest = try JSONDecoder().decode(ShardManifest.self, from: Data(bytes)) } catch {
                    throw HostError("\(OneLine.quote(path)) is not a shard manifest Flipbook can read (\(OneLine.escape("\(error)")))")
                }
                guard manifest.flipbookShard == 1 else {
                    throw HostError("\(OneLine.quote(path)) has format \(manifest.flipbookShard); this Flipbook reads format 1")
                }
                try validate(manifest, file: path)
                found.append((manifest, folder, path))
            }
        }
        let first = found[0]
        for part in found.dropFirst() where part.manifest.renderKey != first.manifest.renderKey {
            throw HostError("\(OneLine.quote(part.file)) and \(OneLine.quote(first.file)) come from different renders (scene, size, fps, frames, input or --shard differ)")
        }
        let count = first.manifest.count
        var byIndex = [Int: String]()
        for part in found {
            if let other = byIndex[part.manifest.index] {
                throw HostError("part \(part.manifest.index) of \(count) is given twice: \(OneLine.quote(other)) and \(OneLine.quote(part.file))")
            }
            byIndex[part.manifest.index] = part.file
        }
        if let missing = (0..<count).first(where: { byIndex[$0] == nil }) {
            throw HostError("part \(missing) of \(count) is missing (shard-\(missing)-of-\(count).json); render it with --shard \(missing)/\(count)")
        }
        return found.sorted { $0.manifest.index < $1.manifest.index }
    }

    /// Checks the fields a manifest's numbers are used with before any is used: the part, count
    /// and block size as `--shard` takes them, the render's size and frame count as `render` takes
    /// them, and each frame listed inside the render. A hand-edited or damaged manifest is one line,
    /// never a division by zero or a range that cannot be formed.
    static func validate(_ m: ShardManifest, file: String) throws {
        func refuse(_ what: String) -> HostError { HostError("\(OneLine.quote(file)) is not a manifest this Flipbook wrote: \(what)") }
        do { try RenderShard(index: m.index, count: m.count, blockFrames: m.blockFrames).validate() } catch let e as HostError {
            throw refuse(e.message.replacingOccurrences(of: "--shard-block", with: "block size").replacingOccurrences(of: "--shard", with: "part"))
        }
        guard m.frameCount >= 1, m.frameCount <= RenderOptions.maxFrames else { throw refuse("frame count \(m.frameCount) is not 1…\(RenderOptions.maxFrames)") }
        guard m.width >= 1, m.height >= 1, m.width <= RenderOptions.maxSide, m.height <= RenderOptions.maxSide else {
            throw refuse("size \(m.width)x\(m.height) is not a render's size")
        }
        guard m.frames.count <= m.frameCount else { throw refuse("it lists \(m.frames.count) frames of a \(m.frameCount)-frame render") }
        if let bad = m.frames.first(where: { !(0..<m.frameCount).contains($0.number) || !$0.time.isFinite }) {
            throw refuse("frame \(bad.number) at \(bad.time) s is not a frame of a \(m.frameCount)-frame render")
        }
    }

    static func isManifestName(_ name: String) -> Bool {
        guard name.hasPrefix("shard-"), name.hasSuffix(".json") else { return false }
        let middle = name.dropFirst(6).dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        return middle.count == 3 && middle[1] == "of" && Int(middle[0]) != nil && Int(middle[2]) != nil
    }

    /// The whole render's options, writing into `out` (with `sheet`), from a part's manifest.
    static func options(_ m: ShardManifest, out: String, sheet: String?) throws -> RenderOptions {
        var options = RenderOptions(sceneName: m.scene, width: m.width, height: m.height, frameCount: m.frameCount, outDirectory: out)
        options.scale = m.scale
        options.fps = m.fps
        if let every = m.every { options.dump = .every(every) } else if let at = m.at { options.dump = .at(at) } else {
            throw HostError("the shard manifests name no kept frames (neither every nor at)")
        }
        options.sheetPath = sheet
        options.hud = m.hud ?? false
        options.inspector = m.inspector ?? false
        options.darkAppearance = m.dark ?? false
        try options.validate()
        return options
    }

    /// Joins the parts in `folders` into `out` (and a contact sheet at `sheet`).
    public static func assemble(folders: [String], out: String, sheet: String?) throws -> HeadlessDriver.Result {
        let parts = try parts(in: folders)
        let options = try options(parts[0].manifest, out: out, sheet: sheet)
        // Every kept frame exactly once, from the part that owns it, under its own name.
        var frames: [(frame: ShardManifest.Frame, folder: String)] = []
        for part in parts {
            let shard = RenderShard(index: part.manifest.index, count: part.manifest.count, blockFrames: part.manifest.blockFrames)
            for frame in part.manifest.frames {
                guard shard.owns(frame: frame.number), frame.name == OutputPaths.frameName(frame.number) else {
                    throw HostError("\(OneLine.quote(part.file)) lists frame \(frame.number) as \(OneLine.quote(frame.name)), which part \(shard.index) does not write")
                }
                frames.append((frame, part.folder))
            }
        }
        frames.sort { $0.frame.number < $1.frame.number }
        let expected = options.dumpedFrames
        guard frames.map(\.frame.number) == expected else {
            let have = Set(frames.map(\.frame.number))
            if let lost = expected.first(where: { !have.contains($0) }) {
                throw HostError("no part lists frame \(lost), which the render keeps; render its part again")
            }
            throw HostError("the parts list frames twice or frames the render does not keep")
        }
        let output = try RenderOutput(OutputPaths(options))
        defer { output.abandon() } // after a commit there is nothing left to remove
        var thumbnails: [(Bitmap, Double)] = []
        for (frame, folder) in frames {
            let path = OutputPaths.join(folder, frame.name)
            let bytes: [UInt8]
            do { bytes = try Files.read(path, limit: maxFrameBytes) } catch let e as Files.Failure {
                throw HostError("cannot read \(OneLine.quote(path)): \(e.description)")
            }
            guard PNG.isComplete(bytes) else { throw HostError("\(OneLine.quote(path)) is not a whole PNG file (cut short or damaged); render its part again") }
            // The size is checked with or without a sheet: a frame of another render's size would
            // make a folder no single render writes.
            if let size = PNG.headerSize(bytes), size.width != options.pixelWidth || size.height != options.pixelHeight {
                throw HostError("\(OneLine.quote(path)) is \(size.width)x\(size.height), not the render's \(options.pixelWidth)x\(options.pixelHeight)")
            }
            if sheet != nil {
                // Decoding also proves the file is a whole image; the sheet is made as a render makes it.
                let bitmap: Bitmap
                do { bitmap = try PNG.decode(bytes, name: path) } catch { throw HostError("\(error)") }
                guard bitmap.width == options.pixelWidth, bitmap.height == options.pixelHeight else {
                    throw HostError("\(OneLine.quote(path)) is \(bitmap.width)x\(bitmap.height), not the render's \(options.pixelWidth)x\(options.pixelHeight)")
                }
                if let thumb = ContactSheet.thumbnail(of: bitmap) { thumbnails.append((thumb, frame.time)) }
            }
            try output.writeFrame(bytes: bytes, named: frame.name)
        }
        let sheetBitmap = sheet == nil ? nil : ContactSheet.make(frames: thumbnails, title: options.sceneName)
        return try output.commit(sheet: sheetBitmap, trace: nil)
    }
}
