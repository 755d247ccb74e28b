import Foundation
import Layers

/// A view that turns touches into control events and runs actions for them, as UIKit's `UIControl`.
///
/// Tracking follows UIKit: `.touchDown` on touch down, `isHighlighted` while the touch is inside
/// (within 70 points of the bounds, UIKit's touch slop), `.touchUpInside` or `.touchUpOutside` on
/// lift, `.touchCancel` when a gesture recognizer takes the touch. A disabled control still takes
/// touches (they do not fall through to views behind it) but sends no events, as in UIKit. Its
/// labels do not take touches (interaction disabled), and touches on other subviews reach it up
/// the responder chain.
open class UIControl: UIView {
    /// UIKit's control events (same raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The event bits, UIKit's values.
        public let rawValue: UInt
        /// Events from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A second touch went down soon after the first (a double tap).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A touch moved inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch moved outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch moved from outside into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A touch moved from inside out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control (a button's tap).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (a gesture recognizer took it).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a slider moved, a switch flipped).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A text field began editing (it became first responder).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed by typing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field stopped editing.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// The control's main action: a button's tap or a key press on the focused control.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// UIKit's control states (same raw values).
    public struct State: OptionSet, Hashable, Sendable {
        /// The state bits, UIKit's values.
        public let rawValue: UInt
        /// A state from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not highlighted, not selected.
        public static let normal = State([])
        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control takes no touches (`isEnabled` false).
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected (`isSelected`).
        public static let selected = State(rawValue: 1 << 2)
        /// The focus ring is on the control (D-pad or keyboard).
        public static let focused = State(rawValue: 1 << 3)
    }

    /// When false the control takes no touches and draws as disabled. Default: true.
    open var isEnabled = true { didSet { stateDidChange() } }

    /// Where a control's content (a button's title) sits across it, as UIKit's.
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centred across.
        case center
        /// Against the left edge.
        case left
        /// Against the right edge.
        case right
        /// Across the whole width.
        case fill
        /// Against the leading edge (left: Flipbook lays out left to right).
        case leading
        /// Against the trailing edge (right).
        case trailing
    }
    /// Where a control's content sits up and down, as UIKit's.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centred up and down.
        case center
        /// Against the top.
        case top
        /// Against the bottom.
        case bottom
        /// The whole height.
        case fill
    }
    /// Default: `.center`. A button puts its title there (left to right: leading is left).
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center { didSet { setNeedsLayout() } }
    /// Default: `.center`.
    open var contentVerticalAlignment = ContentVerticalAlignment.center { didSet { setNeedsLayout() } }
    /// The selected state, for controls that keep one. Default: false.
    open var isSelected = false { didSet { stateDidChange() } }
    /// True while a touch is down inside the control. Default: false.
    open var isHighlighted = false { didSet { if oldValue != isHighlighted { stateDidChange() } } }
    /// The control's state from `isHighlighted`, `isEnabled` and `isSelected`.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// True while the control follows a touch that began in it.
    public private(set) var isTracking = false

    private var actions: [(action: UIAction, events: Event)] = []

    /// Runs `action` for `controlEvents`.
    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    /// Closure convenience: `button.addAction(for: .touchUpInside) { … }`.
    open func addAction(for controlEvents: Event, _ handler: @escaping () -> Void) {
        addAction(UIAction { _ in handler() }, for: controlEvents)
    }
    /// Stops `action` running for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && !$0.events.intersection(controlEvents).isEmpty }
    }
    /// Runs the actions registered for any of `controlEvents`.
    open func sendActions(for controlEvents: Event) {
        for (a, e) in actions where !e.intersection(controlEvents).isEmpty {
            a.sender = self
            a.handler(a)
            a.sender = nil
        }
    }

    /// Enabled controls take the D-pad / keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }

    /// Called when `state` changes (subclasses restyle). Default: nothing.
    open func stateDidChange() {}

    private func isNear(_ touch: UITouch) -> Bool { bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self)) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, touches.first != nil else { return }
        isTracking = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let t = touches.first else { return }
        let inside = isNear(t)
        if inside != isHighlighted { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let t = touches.first else { return }
        isTracking = false
        isHighlighted = false
        if isNear(t) { sendActions(for: [.touchUpInside, .primaryActionTriggered]) } else { sendActions(for: .touchUpOutside) }
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
