import Flipbook
import Raster

/// A frame the driver finished, handed to every `FrameSink` in the `.present` phase.
public struct FinishedFrame {
    /// Frames this driver produced before this one (0 for the first).
    public let number: Int
    /// The frame's media time.
    public let time: Double
    /// The pixels, with overlays; nil when the frame was advanced without drawing.
    /// Valid only during `present(_:)`: the driver draws the next frame into the same bitmap.
    public let bitmap: Bitmap?
    /// The stage, for sinks that read its values (the trace).
    public let stage: Stage
}

/// Where finished frames go: the window's texture, PNG files, a contact sheet, a trace; later
/// recorders. Sinks run in the order the driver lists them.
public protocol FrameSink: AnyObject {
    /// `.present` phase. A thrown error stops the frame loop (a headless render fails with it).
    func present(_ frame: FinishedFrame) throws
}

/// Drawn over the stage in the `.render` phase, in list order (the controller's pointer; later the
/// HUD and the inspector).
public protocol FrameOverlay: AnyObject {
    func draw(into bitmap: Bitmap, scale: Double)
}
