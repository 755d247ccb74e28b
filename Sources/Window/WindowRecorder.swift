import Render
import FrameLoop
import Foundation
import Glibc
import Raster
import RasterIO

/// R in the window: records what the window shows into a file named for the moment it started
/// (`flipbook-20261123-203512.png` in the current folder), and R again saves it.
///
/// APNG by default, because it needs nothing optional and keeps every pixel; `run --record-as gif`
/// or `webp` writes those instead (MP4 needs evenly timed frames, which a window does not have:
/// `render --mp4` makes one). Each frame lasts until the window
/// presented the next one (wall time, in milliseconds: slow motion and pauses are recorded as
/// seen). The file is written under a hidden name beside its target and given its name only when
/// complete, with `link`, which never replaces a file; a failed recording removes what it wrote.
/// A change of window size ends the recording (its frames must keep one size). Quitting saves it.
/// Frames are encoded off the window's thread (`RecordingPipeline`): APNG frames on several
/// threads at once, GIF and WebP on one, with at most a few frames waiting.
final class WindowRecorder: FrameSink {
    private struct Active {
        let dest: String
        let temp: String
        let file: Files.Appender
        let pipeline: RecordingPipeline
        let started: Double
        var size: (Int, Int)?
        var frames = 0
    }

    private var active: Active?
    /// Wall seconds (the window's clock source).
    private let now: () -> Double
    /// Where messages go (standard output).
    private let say: (String) -> Void
    /// The folder recordings go into. Default: the current folder.
    var folder = "."

    /// What R records into: APNG, GIF or WebP (checked by `WindowHost.Options.validate()`).
    let format: RecordingFormat

    init(format: RecordingFormat = .apng, now: @escaping () -> Double, say: @escaping (String) -> Void) {
        self.format = format
        self.now = now
        self.say = say
    }

    var isRecording: Bool { active != nil }

    func toggle() {
        if active == nil { start() } else { stop(reason: nil) }
    }

    private func start() {
        var t = time(nil), parts = tm()
        localtime_r(&t, &parts)
        let stamp = String(format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                           parts.tm_hour, parts.tm_min, parts.tm_sec)
        let ext = format == .apng ? "png" : format.rawValue
        var name = "flipbook-\(stamp).\(ext)", n = 1
        while Files.exists(folder + "/" + name) { n += 1; name = "flipbook-\(stamp)-\(n).\(ext)" }
        let dest = folder + "/" + name
        let temp = OutputPaths.stagingName(in: folder)
        do {
            let file = try Files.withCName(temp) { try Files.Appender(path: $0, name: "the recording \(OneLine.quote(dest))") }
            let clock = FrameClock(rate: 1000) // milliseconds of wall time
            let pipeline = switch format {
            case .gif: RecordingPipeline(.inOrder(GIFWriter(file: file, clock: clock)))
            case .webp: RecordingPipeline(.inOrder(WebPWriter(file: file, clock: clock)))
            default: RecordingPipeline(.apng(APNGWriter(file: file, clock: clock, level: 1), level: 1))
            }
            active = Active(dest: dest, temp: temp, file: file, pipeline: pipeline, started: now())
            say("recording to \(dest) (R stops)")
        } catch {
            say("cannot record: \(error)")
        }
    }

    /// Ends and saves the recording; `reason` says why it ended when R did not end it.
    func stop(reason: String?) {
        guard let a = active else { return }
        active = nil
        let seconds = now() - a.started
        do {
            try a.pipeline.finish(endingAt: Int64((seconds * 1000).rounded()))
            try a.file.finish()
            try RenderOutput.placeNew(a.temp, at: a.dest, advice: "the recording was not saved")
            _ = Files.withCName(a.temp) { unlink($0) }
            let why = reason.map { " (\($0))" } ?? ""
            say("saved \(a.dest): \(a.frames) frames, \(String(format: "%.1f", seconds)) s\(why)")
        } catch {
            a.pipeline.drain()
            _ = Files.withCName(a.temp) { unlink($0) }
            say("the recording was not saved: \(error)")
        }
    }

    func present(_ frame: FinishedFrame) {
        guard var a = active, let bitmap = frame.bitmap else { return }
        if let size = a.size, size != (bitmap.width, bitmap.height) {
            stop(reason: "the window changed size")
            return
        }
        if let error = a.pipeline.failure {
            active = nil
            a.pipeline.drain()
            _ = Files.withCName(a.temp) { unlink($0) }
            say("the recording stopped and was removed: \(error)")
            return
        }
        a.size = (bitmap.width, bitmap.height)
        a.frames += 1
        active = a
        a.pipeline.submit(bitmap, at: Int64(((now() - a.started) * 1000).rounded()))
    }
}
