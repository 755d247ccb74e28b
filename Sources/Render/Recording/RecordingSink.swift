import FrameLoop
import Raster
import RasterIO

/// Hands the kept frames to an `AnimationWriter` with their times: a recording is a `FrameSink`.
///
/// A headless render's recording writes into a staged file of `RenderOutput` and is put in place
/// with the other files only when the whole render succeeded; the window's goes through
/// `WindowRecorder`. Frame n is at n × `ticksPerFrame` ticks of the writer's clock.
public final class RecordingSink: FrameSink {
    /// The file's format.
    public let format: RecordingFormat
    /// The frame numbers recorded; others pass by.
    public let frames: Set<Int>
    /// What encodes the frames into the file.
    public let writer: AnimationWriter
    /// Ticks of the writer's clock per frame.
    public let ticksPerFrame: Int64
    /// Frames handed to the writer so far.
    public private(set) var count = 0

    /// A sink giving `frames` to `writer`, frame n at n × `ticksPerFrame`.
    public init(format: RecordingFormat, frames: Set<Int>, writer: AnimationWriter, ticksPerFrame: Int64) {
        self.format = format
        self.frames = frames
        self.writer = writer
        self.ticksPerFrame = ticksPerFrame
    }

    /// Gives `frame` to the writer when it is one of `frames` and was drawn.
    /// - Throws: the writer's error, as a `HostError`.
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
        do { try body() } catch let e as Files.Failure { throw HostError(e.description) }
    }
}
