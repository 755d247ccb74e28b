import FrameLoop
import Foundation

/// What a headless render produces; built and checked by the CLI before anything is written.
public struct RenderOptions: Equatable {
    /// Which frames are written as PNGs.
    public enum Dump: Equatable {
        /// Frames 0, K, 2K, … (every frame when K = 1).
        case every(Int)
        /// The frames nearest to these media times.
        case at([Double])
    }

    /// Largest width or height in points, and in pixels after `scale`.
    public static let maxSide = 8192
    /// Largest frame rate accepted.
    public static let maxFPS = 1000.0
    /// Largest number of frames in one run (one hour at 60 fps).
    public static let maxFrames = InputScript.maxFrames

    /// The scene to render, by its `Scene.name`.
    public var sceneName: String
    /// Frame width in points, 1…`maxSide` (also in pixels after `scale`).
    public var width: Int
    /// Frame height in points, 1…`maxSide` (also in pixels after `scale`).
    public var height: Int
    /// Pixels per point, above 0 and at most 4. Default: 1.
    public var scale: Double = 1
    /// Frames per second of media time, above 0 and at most `maxFPS`. Default: 60.
    public var fps: Double = 60
    /// Frames rendered: 0 ..< frameCount, frame n at n / fps (a frame-timed script's n-th frame time).
    public var frameCount: Int
    /// The frames kept: written as PNGs (with `--out`), on the sheet and in recordings.
    public var dump: Dump = .every(1)
    /// The folder for the PNG frames; nil writes none (a render that only records or traces).
    public var outDirectory: String?
    /// Input played at exact media times (`--input`); nil: none.
    public var script: InputScript?
    /// Where the JSON trace of layer values goes (`--trace`); nil: none.
    public var tracePath: String?
    /// Where the contact sheet of the kept frames goes (`--sheet`); nil: none.
    public var sheetPath: String?
    /// Animated files to write (`--apng`, `--gif`, `--webp`, `--mp4`), of the kept frames.
    public var recordings: [Recording] = []
    /// Part of a render split across processes (`--shard I/N`): only this part's frames are
    /// written, with a `shard-I-of-N.json` that `flipbook assemble` reads. Nil: the whole render.
    public var shard: RenderShard?
    /// Draw the HUD over the frames (`--hud`); headless, its graph has no phase times (they are
    /// wall time, and frames must stay byte-identical). Default: false.
    public var hud = false
    /// Open the inspector over the frames (`--inspector`); a script's tap selects a layer. Default: false.
    public var inspector = false
    /// Render in the dark appearance (`--appearance dark`): the stage's screen is dark before the
    /// scene is made (the A key in a script still switches it). Default: false (light).
    public var darkAppearance = false
    /// Draw every frame, as the window does, though only the kept ones are written (`--draw-all`):
    /// for soaks and measurements of the whole render path. Default: false (only the kept frames
    /// and the two before each are drawn); the kept frames' bytes are the same either way.
    public var drawsEveryFrame = false
    /// Compositing threads, the caller's included; nil: `RenderThreads.default`. The frames'
    /// bytes do not depend on it.
    public var threads: Int?

    /// A render of `frameCount` frames of `sceneName` at `width`×`height` points, scale 1, 60 fps, every
    /// frame written to `outDirectory` (nil: no PNGs). Nothing is checked until the render starts.
    public init(sceneName: String, width: Int, height: Int, frameCount: Int, outDirectory: String?) {
        self.sceneName = sceneName
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.outDirectory = outDirectory
    }

    /// The frames of a frame-timed script (a window's recording), or nil: frame n is at n / fps.
    public var frameTimings: [FrameTiming]? {
        guard let script, script.isFrameTimed else { return nil }
        return script.frameTimings
    }

    /// Frame n's media time.
    public func time(ofFrame n: Int) -> Double {
        if let t = frameTimings, t.indices.contains(n) { return t[n].mediaTime }
        return Double(n) / fps
    }

    /// Frame width in pixels: `width` × `scale`, rounded.
    public var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    /// Frame height in pixels: `height` × `scale`, rounded.
    public var pixelHeight: Int { Int((Double(height) * scale).rounded()) }

    /// The frame indices kept (PNGs, the sheet, recordings), ascending and unique.
    public var dumpedFrames: [Int] {
        switch dump {
        case .every(let k): return Array(stride(from: 0, to: frameCount, by: max(1, k)))
        case .at(let times):
            if let timings = frameTimings?.prefix(frameCount), !timings.isEmpty {
                // The recorded frame nearest each time (the first of equal ones).
                return Array(Set(times.map { t in
                    timings.indices.min { abs(timings[$0].mediaTime - t) < abs(timings[$1].mediaTime - t) }!
                })).sorted()
            }
            return Array(Set(times.map { min(frameCount - 1, max(0, Int(($0 * fps).rounded()))) })).sorted()
        }
    }

    /// The frame indices this run writes: `dumpedFrames`, or the part of them its shard owns.
    public var keptFrames: [Int] {
        guard let shard else { return dumpedFrames }
        return dumpedFrames.filter(shard.owns)
    }

    /// The longest `--duration` at `fps` whose frames stay within `maxFrames` (it includes its last instant).
    public static func maxDuration(fps: Double) -> Double { Double(maxFrames - 1) / fps }

    /// Number of frames that cover `seconds` including its last instant (0 … seconds).
    public static func frameCount(duration seconds: Double, fps: Double) -> Int {
        Int((seconds * fps + 1e-9).rounded(.down)) + 1
    }

    /// Checks every number, the scene name and the output paths (see `OutputPaths`: nothing that
    /// exists is a target); the message names the problem in one line. Reads the file system, never writes.
    public func validate() throws {
        if OneLine.hasControl(sceneName) {
            throw HostError("scene name \(OneLine.quote(sceneName)) contains a control character; see `flipbook list`")
        }
        guard width >= 1, height >= 1 else { throw HostError("size \(width)x\(height) is empty; width and height must be at least 1") }
        guard width <= Self.maxSide, height <= Self.maxSide else {
            throw HostError("size \(width)x\(height) is above the limit of \(Self.maxSide)x\(Self.maxSide) points")
        }
        guard scale.isFinite, scale > 0, scale <= 4 else { throw HostError("--scale \(InputScript.number(scale)) is outside 0…4 (exclusive of 0)") }
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= Self.maxSide, pixelHeight <= Self.maxSide else {
            throw HostError("size \(width)x\(height) at scale \(scale) is \(pixelWidth)x\(pixelHeight) pixels, outside 1…\(Self.maxSide) per side")
        }
        guard fps.isFinite, fps > 0, fps <= Self.maxFPS else {
            throw HostError("--fps \(InputScript.number(fps)) is outside 0…\(Int(Self.maxFPS)) (exclusive of 0)")
        }
        guard frameCount >= 1, frameCount <= Self.maxFrames else {
            throw HostError("\(frameCount) frames is outside 1…\(Self.maxFrames)")
        }
        if case .every(let k) = dump, k < 1 { throw HostError("--every \(k) must be at least 1") }
        if let timings = frameTimings, frameCount > timings.count {
            throw HostError("the input script is a recording of \(timings.count) frames; a render of it makes at most those (asked for \(frameCount))")
        }
        if case .at(let times) = dump {
            let last = time(ofFrame: frameCount - 1)
            let slack = frameTimings == nil ? 0.5 / fps : 0.5
            for t in times where !(t.isFinite && t >= 0 && t <= last + slack) {
                throw HostError("--at time \(t) is outside the render (0…\(last) s)")
            }
        }
        if outDirectory == nil && sheetPath == nil && tracePath == nil && recordings.isEmpty {
            throw HostError("nothing to write: give --out DIR, --sheet, --trace or a recording (--apng, --gif, --webp, --mp4)")
        }
        if case .at = dump, recordings.contains(where: { $0.format == .mp4 }) {
            throw HostError("--mp4 needs evenly spaced frames; use --every instead of --at")
        }
        if let shard {
            try shard.validate()
            if outDirectory == nil { throw HostError("--shard needs --out DIR for its frames and manifest") }
            if sheetPath != nil {
                throw HostError("--sheet needs every frame and a shard has only its part; give --sheet to `flipbook assemble` instead")
            }
            if !recordings.isEmpty {
                throw HostError("a recording needs every frame and a shard has only its part; render the whole, or record from the assembled frames")
            }
        }
        for r in recordings { try r.format.checkAvailable(width: pixelWidth, height: pixelHeight) }
        _ = try OutputPaths(self)
    }

    /// The frame rate as a fraction `frames / seconds` (60 is 60/1, 29.97 is 2997/100), so frame
    /// n starts exactly at n × seconds / frames: recordings' delays are computed from it in integers.
    public var fpsFraction: (frames: Int64, seconds: Int64) {
        // Continued fractions: the first convergent within 1e-9 of fps, denominators up to 1e6.
        var (h0, h1, k0, k1) = (Int64(0), Int64(1), Int64(1), Int64(0))
        var x = fps
        for _ in 0..<20 {
            let a = Int64(x.rounded(.down))
            (h0, h1) = (h1, a * h1 + h0)
            (k0, k1) = (k1, a * k1 + k0)
            if k1 > 1_000_000 { return (h0, k0) }
            if abs(Double(h1) / Double(k1) - fps) <= 1e-9 * fps { break }
            let f = x - Double(a)
            guard f > 1e-12 else { break }
            x = 1 / f
        }
        return (h1, k1)
    }
}
