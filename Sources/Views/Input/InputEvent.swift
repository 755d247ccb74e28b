import Foundation
import Layers

/// One input event as the playground sees it, independent of SDL.
///
/// The mouse is one touch (`pointer…`); a controller's virtual pointer with A produces the same
/// pointer events, so every gesture works from a gamepad. Two fingers at once (`touches`) come from
/// the mouse with Alt held, as the iOS Simulator's Option-drag, and from a script's `pinch` and
/// `rotate` lines. Points are in the window's coordinate space (points, not pixels).
public enum InputEvent: Equatable, Sendable {
    /// The touch went down at a point (the left mouse button, a touchscreen, or the pad's A with its virtual pointer).
    case pointerDown(CGPoint)
    /// The touch moved while down (mouse motion without a button pressed is not sent).
    case pointerMove(CGPoint)
    /// The touch lifted at a point.
    case pointerUp(CGPoint)
    /// The touch ended without completing (e.g. the controller driving it was unplugged).
    case pointerCancel(CGPoint)
    /// Fingers went down, moved, lifted or were cancelled together: one step per finger that
    /// changed, in one event (UIKit's `UIEvent` with several touches); a finger down and not listed
    /// is stationary. The `.first` finger is the same touch as the `pointer…` cases', so a pointer
    /// press and then a `.second` finger's `down` is a two-finger touch too.
    case touches([TouchStep])
    /// The mouse wheel or a touchpad scrolled by `delta` points of content at `at` (window
    /// coordinates): positive dy shows content further down, positive dx content further right.
    case wheel(at: CGPoint, delta: CGVector)
    /// A key went down (`isDown` true) or up.
    case key(Key, isDown: Bool)
    /// A game controller button went down (`isDown` true) or up.
    case padButton(PadButton, isDown: Bool)
    /// An axis value in −1…1 (triggers 0…1).
    case padAxis(PadAxis, value: Double)
    /// A game controller was connected.
    case padAdded
    /// A game controller was disconnected (a button it held down gets no release).
    case padRemoved

    /// One finger's change in a `touches` event.
    public struct TouchStep: Equatable, Sendable {
        /// Which finger: Flipbook follows up to two at once.
        public enum Finger: Int, Sendable, CaseIterable {
            /// The finger the mouse or the pad's pointer is (the `pointer…` cases' touch), then a second one.
            case first, second
        }
        /// What happened to the finger.
        public enum Phase: Sendable, CaseIterable {
            /// It went down, moved while down, lifted, or was taken away without completing.
            case down, move, up, cancel
        }
        /// The finger that changed.
        public var finger: Finger
        /// What it did.
        public var phase: Phase
        /// Where it is, in window points.
        public var location: CGPoint
        /// One finger's step.
        public init(_ finger: Finger, _ phase: Phase, _ location: CGPoint) {
            self.finger = finger
            self.phase = phase
            self.location = location
        }
    }

    /// Keys the playground knows by name; anything else keeps SDL's key name.
    public enum Key: Hashable, Sendable {
        /// The arrow keys, Enter (Return), Escape, Space, Tab and Backspace.
        case up, down, left, right, enter, escape, space, tab, backspace
        /// A key that types one character (letters, digits, punctuation).
        case character(Character)
        /// Any other key, by SDL's key name (`"F1"`, `"Left Shift"`…).
        case named(String)
    }

    /// Game controller buttons, in SDL's standard (Xbox-style) layout.
    public enum PadButton: String, CaseIterable, Sendable {
        /// The face buttons (A bottom, B right, X left, Y top), Back, Guide, Start, the stick clicks and the shoulder buttons.
        case a, b, x, y, back, guide, start, leftStick, rightStick, leftShoulder, rightShoulder
        /// The D-pad's four directions.
        case dpadUp, dpadDown, dpadLeft, dpadRight
    }

    /// Game controller axes, in SDL's standard layout: the sticks (−1…1, y down) and the triggers (0…1).
    public enum PadAxis: String, CaseIterable, Sendable {
        /// The left and right sticks' axes (−1…1, y down) and the two triggers (0…1).
        case leftX, leftY, rightX, rightY, leftTrigger, rightTrigger
    }
}
