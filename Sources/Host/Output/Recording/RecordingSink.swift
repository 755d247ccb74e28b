import Raster
import RasterIO

/// Hands the kept frames to an `AnimationWriter` with their times: a recording is a `FrameSink`.
///
/// A headless render's recording writes into a staged file of `RenderOutput` and is put in place
/// with the other files only when the whole render succeeded; the window's goes through
/// `WindowRecorder`. Frame n is at n × `ticksPerFrame` ticks of the writer's clock.
public final class RecordingSink: FrameSink {
    public let format: RecordingFormat
    public let frames: Set<Int>
    public let writer: AnimationWriter
    public let ticksPerFrame: Int64
    /// Frames handed to the writer so far.
    public private(set) var count = 0

    public init(format: RecordingFormat, frames: Set<Int>, writer: AnimationWriter, ticksPerFrame: Int64) {
        self.format = format
        self.frames = frames
        self.writer = writer
        self.ticksPerFrame = ticksPerFrame
    }

    public func present(_ frame: FinishedFrame) throws {
        guard frames.contains(frame.number), let bitmap = frame.bitmap else { return }
        try Self.mapped { try writer.add(bitmap, at: Int64(frame.number) * ticksPerFrame) }
        count += 1
    }

    /// Completes the file; its last frame ends at frame `end`'s time.
    public func finish(endingAtFrame end: Int) throws {
        try Self.mapped { try writer.finish(endingAt: Int64(end) * ticksPerFrame) }
    }

    /// File errors as one-line `HostError`s.
    static func mapped(_ body: () throws -> Void) throws {
        do { try body() } catch let e as CheckedFile.Failure { throw HostError(e.description) }
    }
}
