import Foundation
import Layers

/// An object that receives touches and passes them up the responder chain, as UIKit's `UIResponder`.
///
/// A view's next responder is its view controller (when it is that controller's view) or its
/// superview; unhandled touches go up the chain, as in UIKit: the default implementations forward
/// to `next`.
open class UIResponder: Hashable {
    /// A responder with no next responder.
    public init() {}
    /// The next responder in the chain. Default: nil.
    open var next: UIResponder? { nil }

    /// A touch began in the view; the default passes it up the responder chain.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// A touch moved; the default passes it up the responder chain.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// A touch ended; the default passes it up the responder chain.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// A touch was cancelled; the default passes it up the responder chain.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// A button went down (B or Escape: `.menu`, see `UIPress`). Default: passes it to `next`; a
    /// responder that handles it does not call `super`.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// The button came up. Default: passes it to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
    /// The press ended without completing. Default: passes it to `next`.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }

    /// Identity, as NSObject's default `isEqual(_:)`: UIKit code finds views and controllers with
    /// `firstIndex(of:)`, keeps them in sets and uses them as dictionary keys.
    public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    /// The object's identity, as NSObject's default `hash`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One finger (here: the mouse, or a controller's pointer with A held, and a second with Alt) on the screen, as `UITouch`.
///
/// Times are media-clock seconds from the frame loop, never a wall clock.
public final class UITouch: Hashable {
    /// Where a touch is in its life (UIKit's phases).
    public enum Phase: Int, Sendable {
        /// The finger (or button) went down.
        case began
        /// It moved.
        case moved
        /// It is down and did not move while another touch of the event changed (two fingers).
        case stationary
        /// It lifted.
        case ended
        /// The system took it (a gesture recognizer recognized, or the controller went away).
        case cancelled
    }

    /// The touch's phase at its latest event.
    public internal(set) var phase: Phase = .began
    /// Media time of the last change.
    public internal(set) var timestamp: TimeInterval = 0
    /// 1 for a single tap, 2 for the second tap of a double tap, …
    public internal(set) var tapCount = 1
    /// The view the touch began in (the hit-test result); nil if it began outside every view.
    public internal(set) weak var view: UIView?
    /// The window the touch is in.
    public internal(set) weak var window: UIWindow?
    /// Gesture recognizers that receive this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    /// Where the touch is, in window coordinates.
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero

    init() {}

    /// The touch's position in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }
    /// Where the touch was at the previous event, in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// Touches are identities: one object follows a finger from down to up.
    public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    /// Hashes the touch's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The event a touch belongs to, as `UIEvent` (touches only).
public final class UIEvent {
    /// The kind of an event: Flipbook makes only touch events.
    public enum EventType: Int, Sendable {
        /// Touches: the mouse, or the gamepad's pointer with A (the only kind Flipbook makes).
        case touches
        /// Shake motion; never made (a desktop has no accelerometer).
        case motion
        /// Remote-control (media key) events; never made.
        case remoteControl
        /// Physical button presses; Flipbook delivers them as `UIPress`es to `pressesBegan`, not as
        /// events of this type.
        case presses
    }
    /// Always `.touches`.
    public let type: EventType = .touches
    /// Media time of the event.
    public let timestamp: TimeInterval
    /// Every touch down during the event (at most two here): those that changed and the stationary ones.
    public let allTouches: Set<UITouch>?
    init(timestamp: TimeInterval, touches: Set<UITouch>) { self.timestamp = timestamp; allTouches = touches }
}
