import Raster

/// Keeps a thumbnail of each chosen frame and its time, for `ContactSheet.make`.
public final class ContactSheetSink: FrameSink {
    public let frames: Set<Int>
    public private(set) var thumbnails: [(Bitmap, Double)] = []

    public init(frames: Set<Int>) { self.frames = frames }

    public func present(_ frame: FinishedFrame) throws {
        guard frames.contains(frame.number), let bitmap = frame.bitmap,
              let thumb = ContactSheet.thumbnail(of: bitmap) else { return }
        thumbnails.append((thumb, frame.time))
    }

    /// The sheet of the thumbnails so far, titled.
    public func sheet(title: String) -> Bitmap { ContactSheet.make(frames: thumbnails, title: title) }
}
