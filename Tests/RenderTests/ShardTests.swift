import FrameLoop
import TestSupport
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import Raster
import RasterIO
import Scenes
import Testing

/// `render --shard I/N` and `assemble`: the parts joined are byte for byte what one render writes,
/// and every way of joining the wrong parts is refused before anything is written.
extension HeadlessRenderTests { @Suite(.isolatedEngine) struct ShardTests {
    static func options(out: String, shard: RenderShard? = nil, sheet: String? = nil) throws -> RenderOptions {
        var o = RenderOptions(sceneName: "countdown", width: 160, height: 120, frameCount: 45, outDirectory: out)
        o.dump = .every(2)
        o.shard = shard
        o.sheetPath = sheet
        // Input, so a part that ignored the script would differ from the whole render.
        o.script = try InputScript.parse("0.2 tap 80 60\n0.45 key space\n")
        return o
    }

    static func files(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return out
    }

    /// Renders the four parts of `options`' render into root/p0…p3 (block of 4 frames).
    static func renderParts(root: String, count: Int = 4, block: Int = 4) throws -> [String] {
        try (0..<count).map { i in
            let folder = root + "/p\(i)"
            _ = try HeadlessDriver.render(try options(out: folder, shard: RenderShard(index: i, count: count, blockFrames: block)),
                                          registry: SceneRegistry.all)
            return folder
        }
    }

    @Test func fourPartsJoinedAreByteIdenticalToOneRender() throws {
        let root = HeadlessRenderTests.tempDir("shards")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        let whole = try HeadlessDriver.render(try Self.options(out: root + "/whole", sheet: root + "/whole.png"), registry: SceneRegistry.all)
        let parts = try Self.renderParts(root: root)
        // Each part has only its blocks' kept frames (every 2nd frame of blocks i, i+4, …) and its manifest.
        for (i, folder) in parts.enumerated() {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            let frames = names.filter { $0.hasPrefix("frame-") }.map { Int($0.dropFirst(6).prefix(5))! }
            #expect(frames == stride(from: 0, to: 45, by: 2).filter { ($0 / 4) % 4 == i }, "part \(i)")
            #expect(names.contains("shard-\(i)-of-4.json"))
        }
        let joined = try ShardAssembly.assemble(folders: parts.reversed(), out: root + "/joined", sheet: root + "/joined.png")
        #expect(joined.frames.map { ($0 as NSString).lastPathComponent } == whole.frames.map { ($0 as NSString).lastPathComponent })
        #expect(try Self.files(root + "/joined") == Self.files(root + "/whole"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/joined.png")) == Data(contentsOf: URL(fileURLWithPath: root + "/whole.png")))
    }

    @Test func wrongPartsAreRefusedAndNothingIsWritten() throws {
        let root = HeadlessRenderTests.tempDir("shards-bad")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        let parts = try Self.renderParts(root: root, count: 3)
        let out = root + "/joined"
        func refused(_ folders: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try ShardAssembly.assemble(folders: folders, out: out, sheet: root + "/sheet.png")
                Issue.record("assembled \(folders)", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".contains(message), "\(error)", sourceLocation: sourceLocation)
                #expect(!"\(error)".contains("\n"), sourceLocation: sourceLocation)
            }
            #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: root + "/sheet.png"), sourceLocation: sourceLocation)
        }
        refused([parts[0], parts[2]], "part 1 of 3 is missing")
        refused([parts[0], parts[1], parts[1], parts[2]], "part 1 of 3 is given twice")
        refused([], "give the --out folders")
        refused([root + "/nope"], "is not a folder")
        refused([root], "has no shard-I-of-N.json")

        // A part of another render (another block size) does not join.
        let other = root + "/other"
        _ = try HeadlessDriver.render(try Self.options(out: other, shard: RenderShard(index: 1, count: 3, blockFrames: 5)), registry: SceneRegistry.all)
        refused([parts[0], other, parts[2]], "come from different renders")

        // A lost frame file and a damaged one are found before anything is written.
        let p1 = parts[1] + "/frame-00004.png"
        let saved = try Data(contentsOf: URL(fileURLWithPath: p1))
        try FileManager.default.removeItem(atPath: p1)
        refused(parts, "cannot read")
        try Data(saved.prefix(100)).write(to: URL(fileURLWithPath: p1))
        refused(parts, "frame-00004.png' is not a whole PNG file")
        try saved.write(to: URL(fileURLWithPath: p1))

        // A manifest that lists a frame another part owns, and one that is not JSON.
        let manifest = parts[2] + "/shard-2-of-3.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"number\" : 8,", with: "\"number\" : 4,").write(toFile: manifest, atomically: false, encoding: .utf8)
        refused(parts, "which part 2 does not write")
        try "{ not json".write(toFile: manifest, atomically: false, encoding: .utf8)
        refused(parts, "is not a shard manifest")
        // Numbers that would divide by zero, form no range or point outside the render are
        // refused before they are used (a block size of 0 trapped in `owns`, a count of −1 in a range).
        for (field, bad, message) in [("\"blockFrames\" : 4,", "\"blockFrames\" : 0,", "block size 0 must be 1…"),
                                      ("\"count\" : 3,", "\"count\" : -1,", "the number of parts must be 1…"),
                                      ("\"index\" : 2,", "\"index\" : 7,", "the part must be 0…2"),
                                      ("\"frameCount\" : 45,", "\"frameCount\" : 0,", "frame count 0 is not 1…"),
                                      ("\"number\" : 8,", "\"number\" : 900,", "frame 900 at")] {
            #expect(text.contains(field), "\(field)")
            try text.replacingOccurrences(of: field, with: bad).write(toFile: manifest, atomically: false, encoding: .utf8)
            refused(parts, message)
        }
        try text.write(toFile: manifest, atomically: false, encoding: .utf8)

        // A frame of another size is refused without a sheet too (nothing decodes it then).
        let small = try PNG.encode(#require(Bitmap(width: 8, height: 6)))
        try Data(small).write(to: URL(fileURLWithPath: p1))
        #expect { _ = try ShardAssembly.assemble(folders: parts, out: out, sheet: nil) } throws: { "\($0)".contains("is 8x6, not the render's 160x120") }
        #expect(!FileManager.default.fileExists(atPath: out))
        try saved.write(to: URL(fileURLWithPath: p1))

        // A render writing into the output folder (it holds the lock): refused, nothing added.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let writer = try RenderOutput(OutputPaths(Self.options(out: out)))
        #expect { _ = try ShardAssembly.assemble(folders: parts, out: out, sheet: nil) } throws: {
            "\($0)".contains("another flipbook render is writing into")
        }
        writer.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".flipbook-lock") }.isEmpty)

        // Restored, the parts join; joining again into the same folder is refused (files exist).
        _ = try ShardAssembly.assemble(folders: parts, out: out, sheet: nil)
        #expect(throws: HostError.self) { _ = try ShardAssembly.assemble(folders: parts, out: out, sheet: nil) }
    }

    @Test func shardOptionsAreChecked() throws {
        #expect(try RenderShard.parse("2/5") == RenderShard(index: 2, count: 5))
        for bad in ["", "1", "a/b", "1/2/3", "-/4", "1.5/4"] {
            #expect(throws: HostError.self, "\(bad)") { _ = try RenderShard.parse(bad) }
        }
        for (shard, message) in [(RenderShard(index: 4, count: 4), "must be 0…3"), (RenderShard(index: -1, count: 4), "must be 0…3"),
                                 (RenderShard(index: 0, count: 0), "1…10000"), (RenderShard(index: 0, count: 2, blockFrames: 0), "--shard-block 0")] {
            #expect { try shard.validate() } throws: { "\($0)".contains(message) }
        }
        let out = HeadlessRenderTests.tempDir("shard-opt")
        #expect { try Self.options(out: out, shard: RenderShard(index: 0, count: 2), sheet: out + ".png").validate() } throws: {
            "\($0)".contains("give --sheet to `flipbook assemble`")
        }
        #expect(throws: HostError.self) {
            _ = try RenderOptions.commandLine(scene: "hello", out: out, width: 10, height: 10, scale: 1, fps: 60, duration: nil, frames: nil,
                                              every: nil, at: nil, input: nil, trace: nil, sheet: nil, shard: nil, shardBlock: 3)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
}
