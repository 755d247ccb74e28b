import Foundation
import Layers

/// One input event as the playground sees it, independent of SDL.
///
/// The mouse is one touch (`pointer…`); a controller's virtual pointer with A produces the same
/// pointer events, so every gesture works from a gamepad. Points are in the window's coordinate
/// space (points, not pixels).
public enum InputEvent: Equatable, Sendable {
    case pointerDown(CGPoint)
    case pointerMove(CGPoint)
    case pointerUp(CGPoint)
    /// The touch ended without completing (e.g. the controller driving it was unplugged).
    case pointerCancel(CGPoint)
    /// The mouse wheel or a touchpad scrolled by `delta` points of content at `at` (window
    /// coordinates): positive dy shows content further down, positive dx content further right.
    case wheel(at: CGPoint, delta: CGVector)
    case key(Key, isDown: Bool)
    case padButton(PadButton, isDown: Bool)
    /// An axis value in −1…1 (triggers 0…1).
    case padAxis(PadAxis, value: Double)
    case padAdded
    case padRemoved

    /// Keys the playground knows by name; anything else keeps SDL's key name.
    public enum Key: Hashable, Sendable {
        case up, down, left, right, enter, escape, space, tab, backspace
        case character(Character)
        case named(String)
    }

    /// Game controller buttons, in SDL's standard (Xbox-style) layout.
    public enum PadButton: String, CaseIterable, Sendable {
        case a, b, x, y, back, guide, start, leftStick, rightStick, leftShoulder, rightShoulder
        case dpadUp, dpadDown, dpadLeft, dpadRight
    }

    /// Game controller axes, in SDL's standard layout: the sticks (−1…1, y down) and the triggers (0…1).
    public enum PadAxis: String, CaseIterable, Sendable {
        case leftX, leftY, rightX, rightY, leftTrigger, rightTrigger
    }
}
