import Flipbook
import Raster

/// What the frame loop drives: the playground (scene menu and the current scene).
///
/// The loop calls these in `FramePhase` order once per frame; the stage never reads a clock.
public protocol Stage: AnyObject {
    /// The size of the drawing surface in points and its pixels per point changed.
    func resize(to size: CGSize, scale: Double)
    /// `.input` phase: one translated event.
    func handle(_ event: InputEvent, at time: Double)
    /// `.timers` … `.layout`: the engine's work for the frame at media time `time`.
    func advance(_ phase: FramePhase, to time: Double)
    /// `.render` phase: draws the frame into `bitmap` (pixel size = points × scale).
    func render(into bitmap: Bitmap, scale: Double)
    /// The media time of the next thing that must be drawn: `nil` when nothing is animating and no
    /// timer is pending (the window then sleeps until input arrives).
    func nextDeadline(after time: Double) -> Double?
    /// Requests from the stage to the host (quit, window title…), drained once per frame.
    func takeRequests() -> [HostRequest]
    /// `(layer name, key, value)` of every named layer's presentation values, for `--trace`.
    func traceValues() -> [(String, [(String, TraceValue)])]
}

/// Something a stage asks of the host.
public enum HostRequest: Equatable, Sendable {
    case quit
    case setTitle(String)
    case togglePause
    case stepFrame
    case toggleSlowMotion
}

