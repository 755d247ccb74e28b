import FrameLoop
import Foundation

/// One part of a render split across processes or machines: `render --shard I/N` keeps only the
/// frames of every N-th block of `blockFrames` frames, starting with block I (0-based, as a
/// Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` or a Slurm array `--array=0-3` counts), and
/// `flipbook assemble` joins the N parts into what one render would have written, byte for byte.
///
/// Every shard still runs every frame — input, timers, animations and layout, exactly as a whole
/// render does, because a frame's state depends on all before it — but draws and encodes only its
/// own frames (and the two before each block; see `HeadlessDriver`), which is most of the cost.
/// Renders are deterministic, so any machine renders the same frame identically.
public struct RenderShard: Equatable, Sendable {
    /// Which part, 0 ..< count.
    public var index: Int
    /// How many parts the render is split into.
    public var count: Int
    /// Frames per block. Default: 30. Larger blocks draw fewer lead-in frames (two per block);
    /// smaller ones balance the parts better when some stretches of the render cost more.
    public var blockFrames: Int

    /// Frames per block when `--shard-block` is not given.
    public static let defaultBlockFrames = 30
    /// Most parts a render is split into.
    public static let maxCount = 10_000

    /// Part `index` (from 0) of `count`, in blocks of `blockFrames` frames; checked by `validate()`.
    public init(index: Int, count: Int, blockFrames: Int = RenderShard.defaultBlockFrames) {
        self.index = index
        self.count = count
        self.blockFrames = blockFrames
    }

    /// `I/N` as typed after `--shard`, e.g. `0/4`.
    public static func parse(_ text: String) throws -> RenderShard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw HostError("--shard \(OneLine.quote(text)) is not I/N (for example 0/4: the first of four parts, counting from 0)")
        }
        return RenderShard(index: i, count: n)
    }

    /// Checks the numbers; the message names the problem in one line.
    public func validate() throws {
        guard count >= 1, count <= Self.maxCount else { throw HostError("--shard \(index)/\(count): the number of parts must be 1…\(Self.maxCount)") }
        guard index >= 0, index < count else {
            throw HostError("--shard \(index)/\(count): the part must be 0…\(count - 1) (parts count from 0)")
        }
        guard blockFrames >= 1, blockFrames <= RenderOptions.maxFrames else {
            throw HostError("--shard-block \(blockFrames) must be 1…\(RenderOptions.maxFrames) frames")
        }
    }

    /// True when frame `n` belongs to this part.
    public func owns(frame n: Int) -> Bool { (n / blockFrames) % count == index }

    /// The file a shard writes beside its frames, which `assemble` reads: `shard-I-of-N.json`.
    public var manifestName: String { "shard-\(index)-of-\(count).json" }
}

/// What a shard's `shard-I-of-N.json` says: the whole render's options (so `assemble` can check
/// that every part comes from the same render and rebuild its sheet) and the frames this part wrote.
public struct ShardManifest: Codable, Equatable {
    /// Format marker and version.
    public var flipbookShard = 1
    /// The scene rendered, by name.
    public var scene: String
    /// The render's width in points.
    public var width: Int
    /// The render's height in points.
    public var height: Int
    /// The render's pixels per point.
    public var scale: Double
    /// The render's frames per second.
    public var fps: Double
    /// Frames in the whole render (every part's together).
    public var frameCount: Int
    /// `--every K` (nil when the frames were chosen by time).
    public var every: Int?
    /// `--at` times (nil with `--every`).
    public var at: [Double]?
    /// A digest of the input script's parsed lines (nil without a script): parts rendered with
    /// different input must not be joined.
    public var input: String?
    /// `--hud` and `--inspector` (drawn into the frames; nil when off).
    public var hud: Bool?
    /// Whether the inspector was open over the frames (nil when off).
    public var inspector: Bool?
    /// Whether the render was in the dark appearance (nil when light).
    public var dark: Bool?
    /// This part's index, from 0.
    public var index: Int
    /// How many parts the render was split into.
    public var count: Int
    /// Frames per block.
    public var blockFrames: Int
    /// This part's frames: number, media time (the contact sheet's label) and file name.
    public var frames: [Frame]

    /// One frame a part wrote.
    public struct Frame: Codable, Equatable {
        /// The frame's number in the whole render, from 0.
        public var number: Int
        /// The frame's media time in seconds (number ÷ fps).
        public var time: Double
        /// The PNG's file name in the part's folder.
        public var name: String
    }

    /// The manifest of `options`' shard (which must have one) for the frames written.
    init(options: RenderOptions, shard: RenderShard, frames: [Frame]) {
        scene = options.sceneName
        width = options.width
        height = options.height
        scale = options.scale
        fps = options.fps
        frameCount = options.frameCount
        switch options.dump {
        case .every(let k): every = k
        case .at(let times): at = times
        }
        input = options.script.map(Self.digest)
        hud = options.hud ? true : nil
        inspector = options.inspector ? true : nil
        dark = options.darkAppearance ? true : nil
        index = shard.index
        count = shard.count
        blockFrames = shard.blockFrames
        self.frames = frames
    }

    /// The render these parts come from, as options writing into `out` (the fields every part must
    /// agree on; `frames`, `index` excluded).
    var renderKey: [String] {
        ["\(scene)", "\(width)x\(height)", "\(scale)", "\(fps)", "\(frameCount)", "\(String(describing: every))",
         "\(String(describing: at))", "\(input ?? "-")", "\(hud ?? false)", "\(inspector ?? false)", "\(count)", "\(blockFrames)"]
    }

    /// FNV-1a (64-bit) of the script's parsed lines, in hex: stable across runs and machines.
    static func digest(_ script: InputScript) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in String(describing: script.lines).utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return Array(try encoder.encode(self)) + [0x0A] } catch { throw HostError("cannot write the shard manifest: \(error)") }
    }
}
