import FrameLoop
import Raster

/// Keeps a thumbnail of each chosen frame and its time, for `ContactSheet.make`.
public final class ContactSheetSink: FrameSink {
    /// The frame numbers that get a thumbnail.
    public let frames: Set<Int>
    /// The thumbnails kept so far with their media times, in frame order.
    public private(set) var thumbnails: [(Bitmap, Double)] = []

    /// A sink that keeps thumbnails of `frames`.
    public init(frames: Set<Int>) { self.frames = frames }

    /// Keeps a thumbnail of `frame` when it is one of `frames` and was drawn.
    public func present(_ frame: FinishedFrame) throws {
        guard frames.contains(frame.number), let bitmap = frame.bitmap,
              let thumb = ContactSheet.thumbnail(of: bitmap) else { return }
        thumbnails.append((thumb, frame.time))
    }

    /// The sheet of the thumbnails so far, titled.
    public func sheet(title: String) -> Bitmap { ContactSheet.make(frames: thumbnails, title: title) }
}
