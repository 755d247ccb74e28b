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
    /// The pixels that changed since the last drawn frame (re-composited damage and overlays), as
    /// disjoint rectangles; nil: the whole frame. The window uploads only these.
    public var damage: [PixelRect]? = nil

    /// A finished frame as the driver hands it to its sinks (tests make them to feed a sink).
    public init(number: Int, time: Double, bitmap: Bitmap?, stage: Stage, damage: [PixelRect]? = nil) {
        self.number = number
        self.time = time
        self.bitmap = bitmap
        self.stage = stage
        self.damage = damage
    }
}

/// Where finished frames go: the window's texture, PNG files, a contact sheet, a trace; later
/// recorders. Sinks run in the order the driver lists them.
public protocol FrameSink: AnyObject {
    /// `.present` phase. A thrown error stops the frame loop (a headless render fails with it).
    func present(_ frame: FinishedFrame) throws
}

/// Drawn over the stage in the `.render` phase, in list order (the controller's pointer, the
/// damage flash; later the HUD and the inspector).
///
/// The frame bitmap is retained from frame to frame and only damage is re-composited, so an
/// overlay says which pixels its last `draw` touched (`pixelsDrawn`): the driver uploads them
/// with the frame and re-composites them in the next one, which erases the overlay there before it
/// draws again. An overlay that leaves `pixelsDrawn` nil (the default) is correct but makes every
/// frame a full repaint while it is listed.
public protocol FrameOverlay: AnyObject {
    func draw(into bitmap: Bitmap, scale: Double)
    /// Device pixels the last `draw` changed, as rectangles ([] when it drew nothing); nil when not
    /// known. Default: nil.
    var pixelsDrawn: [PixelRect]? { get }
    /// The room this overlay takes for itself along the frame's right and bottom edges, which the
    /// stage is not laid out in (a docked tool: the inspector's panel, the time-travel band); read
    /// by the driver before each frame. Default: none.
    var docked: DockedSpace { get }
    /// True when every `draw` paints each pixel of this overlay's room (`docked`) opaque, whatever
    /// lay there: along the bottom edge the full rows below the stage, along the right edge the
    /// columns right of the stage above them. When every overlay that docks says so, the driver
    /// composites the scene in the stage's part only (the room is the tools'; nothing the scene
    /// draws past its bounds would show there anyway) and does not re-composite what overlays drew
    /// in the room (`FrameDriver.roomIsPainted`). Default: false.
    var paintsDockedRoom: Bool { get }
}

extension FrameOverlay {
    /// Nil: an overlay that does not say what it drew makes the next frame re-composite whole.
    public var pixelsDrawn: [PixelRect]? { nil }
    /// None: the overlay draws over the stage.
    public var docked: DockedSpace { .none }
    /// False: the driver does not count on the overlay to paint its room.
    public var paintsDockedRoom: Bool { false }
}

/// Room a docked tool takes beside the stage, in points: a band along the frame's right edge and
/// one along its bottom edge (`FrameDriver.stageSizeInPoints` is what remains).
///
/// Only the right and bottom edges: the stage keeps the frame's top-left corner, so a point means
/// the same in the window, in the scene, in the inspector's picking and in a recorded script.
public struct DockedSpace: Equatable, Sendable {
    /// Points taken along the right edge.
    public var right: Double
    /// Points taken along the bottom edge.
    public var bottom: Double
    /// Room of `right` points along the right edge and `bottom` along the bottom edge; a value that
    /// is not a finite number of at least 0 counts as 0.
    public init(right: Double = 0, bottom: Double = 0) {
        self.right = right.isFinite ? max(0, right) : 0
        self.bottom = bottom.isFinite ? max(0, bottom) : 0
    }
    /// No room taken.
    public static let none = DockedSpace()
}

/// A frame's media time and the source seconds since the frame before (what moves the
/// controller's pointer), as the driver used them: recorded from a live frame, given back to
/// replay it exactly.
public struct FrameTiming: Equatable, Sendable {
    /// The frame's media time in seconds.
    public var mediaTime: Double
    /// Seconds of the time source since the frame before (what moves the controller's pointer).
    public var pointerSeconds: Double
    /// A frame's timing as it was used.
    public init(mediaTime: Double, pointerSeconds: Double) {
        self.mediaTime = mediaTime
        self.pointerSeconds = pointerSeconds
    }
}

/// Sees what the driver routes and runs (the window's input recording and time travel).
public protocol FrameRecording: AnyObject {
    /// One host event and what the router made of it, in routing order.
    func routed(_ event: HostEvent, as routed: [InputRouter.Routed])
    /// A frame is about to run its phases at `timing` with `events` as its input.
    func frame(_ timing: FrameTiming, events: [InputEvent], driver: FrameDriver)
}

/// Stands between the host and the driver (time travel): sees the host's events before the
/// router and, while active, makes the frame the driver shows instead of running the stage.
public protocol FrameInterposer: AnyObject {
    /// The events the router should see; the rest were the interposer's.
    func filter(_ events: [HostEvent], driver: FrameDriver) -> [HostEvent]
    /// True while the interposer makes the frames (the driver then has work every frame).
    var isActive: Bool { get }
    /// The frame to show and its media time, or nil to show nothing new.
    func frame(driver: FrameDriver) throws -> (bitmap: Bitmap, time: Double)?
}
