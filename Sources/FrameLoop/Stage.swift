import Flipbook
import Raster

/// What the frame driver runs: a layer tree, the engine that animates it, and its input handling
/// (the playground: the scene menu and the current scene).
///
/// The stage never reads a clock and never runs phases itself: `FrameDriver` calls it in
/// `FramePhase` order with the frame's time, inside `engine.perform`, so everything a stage's code
/// does through the static APIs (`CATransaction`, `UIView.animate`, timers) reaches this engine.
public protocol Stage: AnyObject {
    /// The engine that owns this stage's layers, timers and display links.
    var engine: CAEngine { get }
    /// The tree drawn this frame (read in each phase: a scene opened during input is drawn at once).
    var rootLayer: CALayer { get }
    /// The size of the drawing surface in points and its pixels per point changed.
    func resize(to size: CGSize, scale: Double)
    /// `.input` phase, before the frame's events: the frame is at media time `time` (set-up of a
    /// newly opened scene happens here).
    func beginFrame(at time: Double)
    /// `.input` phase: one translated event.
    func handle(_ event: InputEvent, at time: Double)
    /// Requests from the stage to the host (quit, window title…), drained once per frame.
    func takeRequests() -> [HostRequest]
    /// True while typing is the stage's (a text field edits, the scene menu's filter): keys then
    /// reach the stage and are no playground commands (space, S, R, D, H, I…). Asked inside the
    /// engine's binding. Default: `UIApplication.shared.isTakingTextInput`.
    var isTakingTextInput: Bool { get }
}

public extension Stage {
    /// Whether a text field of the engine's app edits.
    var isTakingTextInput: Bool { UIApplication.shared.isTakingTextInput }
}

/// Something a stage or a key asks of the host.
public enum HostRequest: Equatable, Sendable {
    /// End the program (the window was closed, or a scene asked).
    case quit
    /// Show this text in the window's title bar (the scene's name).
    case setTitle(String)
    /// Pause media time, or resume it (space).
    case togglePause
    /// While paused, advance one frame (period).
    case stepFrame
    /// Slow motion ×10 on or off (S).
    case toggleSlowMotion
    /// Media seconds per source second (the HUD's speed slider and ×2/×5/×10 buttons); a value
    /// that is not a positive finite number means 1.
    case setTimeScale(Double)
    /// R: start or stop recording the window (`WindowRecorder`); nothing headless.
    case toggleRecording
    /// Flash the damaged rectangles of each frame (key D).
    case toggleDamageFlash
}
