import Flipbook

/// An overlay that takes input: the HUD and the inspector.
///
/// The driver offers every input event to its interactive overlays before the stage, topmost
/// (last in `FrameDriver.overlays`) first; an event one of them takes never reaches the scene — a
/// click on the HUD does not tap what lies under it. Overlays act on the driver directly (the
/// clock's requests through `FrameDriver.apply`), never on the scene's engine.
public protocol InteractiveOverlay: FrameOverlay {
    /// One input event, before the stage sees it; true keeps it from the stage and lower overlays.
    func handle(_ event: InputEvent, driver: FrameDriver) -> Bool
    /// The pointer moved with nothing pressed (window points); true when that changes what the
    /// overlay shows, so the window draws a frame.
    func hover(at point: CGPoint) -> Bool
    /// True while the overlay needs frames although the stage is idle (a hover pick pending).
    var wantsFrames: Bool { get }
}
