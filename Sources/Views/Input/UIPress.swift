import Foundation
import Layers

/// A physical button press (UIKit's `UIPress`): the game controller's B and the Escape key arrive
/// as `.menu`, tvOS's Menu button, which means "back".
///
/// Flipbook sends `.menu` presses only (D-pad and select presses move and press the focus, see
/// `FocusRing`). `UIWindow.pressMenu(at:)` gives them to the focused view, else the window, and
/// they go up the responder chain until a responder does not call `super`.
public final class UIPress: Hashable {
    /// Which button (UIKit's `UIPress.PressType`, same raw values).
    public enum PressType: Int, Sendable {
        /// tvOS's remote buttons (raw values as UIKit's); Flipbook sends `.menu` only.
        case upArrow, downArrow, leftArrow, rightArrow, select, menu, playPause
    }
    /// Where the press is in its life (UIKit's `UIPress.Phase`, same raw values).
    public enum Phase: Int, Sendable {
        /// The button went down.
        case began
        /// The press's force changed (not sent by Flipbook).
        case changed
        /// Nothing changed (not sent by Flipbook).
        case stationary
        /// The button was released.
        case ended
        /// The press was cancelled (not sent by Flipbook).
        case cancelled
    }

    /// Which button; Flipbook sends `.menu` only.
    public let type: PressType
    /// The press's phase: `.began` when it goes down, `.ended` when released.
    public internal(set) var phase: Phase = .began
    /// Media time of the last change.
    public internal(set) var timestamp: TimeInterval
    /// 1 while pressed; buttons without pressure give 0 or 1.
    public internal(set) var force: CGFloat = 1

    init(type: PressType, timestamp: TimeInterval) { self.type = type; self.timestamp = timestamp }

    /// Presses are identities: equal only to themselves.
    public static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    /// Hashes the press's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The event a press belongs to (UIKit's `UIPressesEvent`).
public final class UIPressesEvent {
    /// Media time of the event, in seconds.
    public let timestamp: TimeInterval
    /// The presses the event carries.
    public let allPresses: Set<UIPress>
    init(timestamp: TimeInterval, presses: Set<UIPress>) { self.timestamp = timestamp; allPresses = presses }
}
