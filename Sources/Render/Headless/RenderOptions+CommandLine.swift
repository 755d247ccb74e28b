import FrameLoop
import Foundation

extension RenderOptions {
    /// Render options from `flipbook render`'s arguments, as given: how long the render is and
    /// which frames are kept are worked out here, and every value is checked once, by `validate()`
    /// (which `HeadlessDriver.render` calls) — except what only the command line can get wrong:
    /// two options that exclude each other, and a `--duration` that is no length.
    /// Without `--duration` or `--frames` a render lasts 3 s, or up to the last `--at` time; with a
    /// frame-timed script (a window's recording) it makes the recorded frames, `--duration D` those
    /// up to D seconds.
    public static func commandLine(scene: String, out: String?, width: Int, height: Int, scale: Double, fps: Double,
                                   duration: Double?, frames: Int?, every: Int?, at: [Double]?,
                                   input: String?, trace: String?, sheet: String?,
                                   recordings: [Recording] = [],
                                   shard: String? = nil, shardBlock: Int? = nil) throws -> RenderOptions {
        if duration != nil && frames != nil { throw HostError("give --duration or --frames, not both") }
        if every != nil && at != nil { throw HostError("give --every or --at, not both") }
        let fpsIsValid = fps.isFinite && fps > 0 && fps <= maxFPS // else validate() names it
        let script = try input.map { try InputScript.load(path: $0) }
        if let duration, !(duration.isFinite && duration >= 0) { throw HostError("--duration \(duration) is not a number of seconds (0 or more)") }
        var count = 181
        if let timings = script.flatMap({ $0.isFrameTimed ? $0.frameTimings : nil }) {
            // A recording: its frames, all of them or those up to --duration.
            count = duration.map { d in max(1, timings.prefix { $0.mediaTime <= d + 1e-9 }.count) } ?? timings.count
        } else if let duration, fpsIsValid {
            // The same limit as --frames: a duration is refused when its frame count would be.
            guard (duration * fps + 1e-9).rounded(.down) + 1 <= Double(maxFrames) else {
                let longest = (maxDuration(fps: fps) * 1000).rounded(.down) / 1000
                throw HostError("--duration \(duration) at \(fps) fps is more than \(maxFrames) frames, the limit (its last instant counts); use at most \(longest) s")
            }
            count = frameCount(duration: duration, fps: fps)
        }
        if let frames { count = frames }
        // With --at alone, render up to the last time asked for (a time outside the render is
        // named by validate()).
        if script?.isFrameTimed != true, duration == nil, frames == nil, fpsIsValid, let last = at?.max(), last.isFinite, last >= 0,
           last <= maxDuration(fps: fps) {
            count = frameCount(duration: last, fps: fps)
        }
        var options = RenderOptions(sceneName: scene, width: width, height: height, frameCount: count, outDirectory: out)
        options.scale = scale
        options.fps = fps
        if let every { options.dump = .every(every) }
        if let at { options.dump = .at(at) }
        options.tracePath = trace
        options.sheetPath = sheet
        options.recordings = recordings
        if let shard {
            options.shard = try RenderShard.parse(shard)
            if let shardBlock { options.shard?.blockFrames = shardBlock }
        } else if shardBlock != nil {
            throw HostError("--shard-block needs --shard I/N")
        }
        options.script = script
        return options
    }
}
