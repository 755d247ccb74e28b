import Flipbook

/// One event from the host's input devices and window, in Flipbook's own terms: what the SDL
/// window and the headless renderer translate their events into before the frame driver routes
/// them (Host's `SDLSession.translate`), and what tests hand the driver directly.
///
/// It keeps what the router, time travel and the input recording need and nothing of SDL: the
/// mouse is the real mouse's left button (SDL's touch-synthesised mouse events are dropped when
/// translating), wheel notches keep SDL's direction (`dy > 0` away from the user, what a script's
/// `wheel` line writes), keys carry both the playground's key and the name a script writes for it.
public enum HostEvent: Equatable, Sendable {
    /// The window was closed, or the program was asked to end (Ctrl-C in the window).
    case quit
    /// The window changed size: the host measures its drawable and resizes.
    case windowResized
    /// The window was exposed, shown, restored or otherwise changed without a new size: what the
    /// screen shows may be gone, so the next frame is pushed whole.
    case windowChanged
    /// The left mouse button went down or up at a point in window points.
    case mouseButton(isDown: Bool, at: CGPoint)
    /// The mouse moved to a point in window points (a drag while the button is held, else a hover).
    case mouseMotion(CGPoint)
    /// Wheel notches (fractions from a touchpad) at the mouse's point, in SDL's normal direction:
    /// `dy > 0` is away from the user, `dx > 0` to the right.
    case mouseWheel(at: CGPoint, dx: Double, dy: Double)
    /// A key went down or up; `name` is what a script's `key` line writes for it; `isRepeat` is
    /// the keyboard's auto-repeat, which the router drops.
    case key(InputEvent.Key, name: String, isDown: Bool, isRepeat: Bool)
    /// A game controller was connected (`pad` identifies it until it is removed).
    case padAdded(pad: Int32)
    /// A game controller was removed.
    case padRemoved(pad: Int32)
    /// A controller button went down or up.
    case padButton(pad: Int32, button: InputEvent.PadButton, isDown: Bool)
    /// A controller axis moved to `value`, −1…1 for sticks, 0…1 for triggers.
    case padAxis(pad: Int32, axis: InputEvent.PadAxis, value: Double)
}
