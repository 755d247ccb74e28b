import FrameLoop
import Foundation
import Raster

/// Hands chosen frames to a writer as `frame-NNNNN.png` (a headless render's `RenderOutput`).
public final class PNGSequenceSink: FrameSink {
    /// Frame numbers to write; others pass by.
    public let frames: Set<Int>
    /// What was written, in frame order: number, media time and file name.
    public private(set) var written: [(frame: Int, time: Double, name: String)] = []
    private let write: (Bitmap, String) throws -> Void

    /// - Parameters:
    ///   - frames: the frame numbers to write.
    ///   - write: writes one frame's PNG under the name; a thrown error stops the render.
    public init(frames: Set<Int>, write: @escaping (_ bitmap: Bitmap, _ name: String) throws -> Void) {
        self.frames = frames
        self.write = write
    }

    /// Writes `frame` as `frame-NNNNN.png` when it is one of `frames` and was drawn.
    public func present(_ frame: FinishedFrame) throws {
        guard frames.contains(frame.number), let bitmap = frame.bitmap else { return }
        let name = OutputPaths.frameName(frame.number)
        try write(bitmap, name)
        written.append((frame.number, frame.time, name))
    }
}
