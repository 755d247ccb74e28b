import Foundation
import Raster
import RasterIO

/// Writes chosen frames as `frame-NNNNN.png` into a folder (a headless render's staging folder).
public final class PNGSequenceSink: FrameSink {
    public let folder: URL
    /// Frame numbers to write; others pass by.
    public let frames: Set<Int>
    /// What was written, in frame order: number, media time and file name.
    public private(set) var written: [(frame: Int, time: Double, name: String)] = []

    public init(folder: URL, frames: Set<Int>) {
        self.folder = folder
        self.frames = frames
    }

    public static func fileName(frame: Int) -> String { String(format: "frame-%05d.png", frame) }

    public func present(_ frame: FinishedFrame) throws {
        guard frames.contains(frame.number), let bitmap = frame.bitmap else { return }
        let name = Self.fileName(frame: frame.number)
        do { try PNG.write(bitmap, to: folder.appendingPathComponent(name).path) } catch {
            throw HostError("cannot write frame \(frame.number) into \(folder.path): disk full or not writable")
        }
        written.append((frame.number, frame.time, name))
    }
}
