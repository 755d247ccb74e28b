import Foundation
import Layers

/// Recognizes a gesture from the touches of the view it is attached to, and calls its actions, as
/// UIKit's `UIGestureRecognizer` with closures in place of target–action pairs.
///
/// States follow UIKit: discrete gestures go `.possible → .ended` (`.recognized`) or `.failed`;
/// continuous ones `.possible → .began → .changed… → .ended / .cancelled`. When a recognizer
/// begins (or recognizes) and `cancelsTouchesInView` is true (the default), the view's touches
/// are cancelled (`touchesCancelled`). Time comes from the frame loop (media clock).
open class UIGestureRecognizer {
    /// Where a recognizer is in recognizing its gesture (UIKit's states and raw values).
    public enum State: Int, Sendable {
        /// UIKit's states: `.possible` until recognized; a continuous gesture goes `.began`, `.changed`…,
        /// then `.ended` or `.cancelled`; `.failed` when it cannot be this gesture. Raw values 0…5 as UIKit's.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same state as `.ended`).
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// Default: true.
    open var isEnabled = true { didSet { if !isEnabled { reset(); state = .possible } } }
    /// Default: true.
    open var cancelsTouchesInView = true
    /// Asked whether to begin and whether to run beside other recognizers. Default: nil.
    open weak var delegate: UIGestureRecognizerDelegate?
    /// Setting a recognized state from `.possible` asks the delegate's `gestureRecognizerShouldBegin`
    /// first; a refusal fails the gesture instead (no actions run), as in UIKit. While a
    /// recognizer named in `require(toFail:)` may still recognize, the new state waits (the
    /// recognizer stays `.possible`; see UIGestureRecognizer+Failure.swift).
    ///
    /// Settable, as UIKit's `UIGestureRecognizerSubclass` header makes it for subclasses (Swift has
    /// no per-import visibility): a custom recognizer sets it from its `touchesBegan/Moved/Ended`,
    /// and its actions run as for the built-in ones.
    public var state: State {
        get { storedState }
        set {
            var s = newValue
            if storedState == .possible, s == .began || s == .ended {
                if delegate?.gestureRecognizerShouldBegin(self) == false {
                    s = .failed
                } else if isWaitingForFailures {
                    pendingState = s
                    return
                }
            }
            if s == .possible || s == .failed { pendingState = nil }
            storedState = s
            if s != .possible && s != .failed { fireActions() }
            stateDidChange()
        }
    }
    private var storedState = State.possible
    /// The recognizers this one waits for (`require(toFail:)`), and those that wait for it.
    var failureRequirements: [WeakRecognizer] = []
    var failureDependents: [WeakRecognizer] = []
    /// The state this recognizer reached while a requirement could still recognize.
    var pendingState: State?
    /// Sets the state without asking the delegate or the failure requirements (a waiting
    /// recognizer whose requirements failed).
    func applyState(_ s: State) {
        storedState = s
        if s != .possible && s != .failed { fireActions() }
        stateDidChange()
    }
    private var actions: [(UIGestureRecognizer) -> Void] = []

    /// A recognizer with no action yet (add one with `addAction`).
    public required init() {}

    /// Adds a closure called as UIKit calls target–action pairs, with the recognizer as its base
    /// type (`addAction(_:)` on a subclass gives the closure the subclass; see `RecognizerActions`).
    func addBaseAction(_ action: @escaping (UIGestureRecognizer) -> Void) { actions.append(action) }
    /// Removes every action closure.
    open func removeAllActions() { actions.removeAll() }

    /// Where the gesture is in `view`'s coordinates (nil: the window's): the touch's location, the
    /// centroid of its touches when it follows two, as UIKit.
    open func location(in view: UIView?) -> CGPoint {
        switch trackedTouches.count {
        case 0: return lastLocation(in: view)
        case 1: return trackedTouches[0].location(in: view)
        default:
            let c = trackedCentreInWindow
            return view?.convert(c, from: nil) ?? c
        }
    }
    /// The tracked touches' centroid in window points: the one touch's location, the mean of two.
    var trackedCentreInWindow: CGPoint { UIWindow.centroid(of: trackedTouches) }
    /// For a gesture that lasts while any of its fingers is down (pinch, rotation): when `touches`
    /// are all it still follows, it ends if active or fails if still possible, and this is true;
    /// false while another finger stays down.
    func endsAsTheLastFingersLift(_ touches: Set<UITouch>) -> Bool {
        guard !trackedTouches.contains(where: { !touches.contains($0) }) else { return false }
        if isActive { state = .ended } else if state == .possible { state = .failed }
        return true
    }
    /// Where the touch at `touchIndex` (0 ..< `numberOfTouches`, in the order they went down) is in
    /// `view`'s coordinates (nil: the window's). An index out of range is a misuse UIKit raises
    /// for: reported through the engine in one line, and the answer is `location(in:)`.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else {
            CAEngine.current.report("\(type(of: self)).location(ofTouch: \(touchIndex), in:): index out of range (numberOfTouches is \(trackedTouches.count)); returned location(in:)")
            return location(in: view)
        }
        return trackedTouches[touchIndex].location(in: view)
    }
    /// The touches the recognizer is following: 0, 1 or 2. A touch that lifts while another stays
    /// is no longer counted; the last one is, until the gesture is over (its `.ended` action sees it).
    open var numberOfTouches: Int { trackedTouches.count }

    // Touch handling, called by the window. Subclasses override and set `state`.
    /// The touches this recognizer follows, in the order they went down (the window sets them).
    var trackedTouches: [UITouch] = []
    /// The first of `trackedTouches`: the one touch of a single-finger gesture.
    var touch: UITouch? {
        get { trackedTouches.first }
        set { trackedTouches = newValue.map { [$0] } ?? [] }
    }
    var lastWindowLocation: CGPoint = .zero
    func lastLocation(in view: UIView?) -> CGPoint { view?.convert(lastWindowLocation, from: nil) ?? lastWindowLocation }

    /// Touches began in the view (`touches`: those new in this event; the recognizer's own list,
    /// `numberOfTouches`, already counts them); subclasses override to recognize and set `state`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch moved; subclasses override.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches ended (still counted in `numberOfTouches` during the call); subclasses override.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// The touch was cancelled: an active gesture is cancelled, a possible one fails.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { if isActive { state = .cancelled } else { state = .failed } }
    /// The frame loop's time moved on with no touch event (long press timing).
    open func timeDidAdvance(to time: TimeInterval) {}
    /// Back to `.possible` once a gesture ended, failed or was cancelled.
    open func reset() { touch = nil }
    /// True while the recognizer must see more touches before it can end (a multi-tap between
    /// its taps): the window keeps it, and its time, past the end of the touch. Default: false.
    var awaitsMoreTouches: Bool { false }
    /// When a recognizer that `awaitsMoreTouches` gives up without another touch (media time).
    var awaitDeadline: TimeInterval? { nil }

    /// True in `.began` or `.changed`.
    var isActive: Bool { state == .began || state == .changed }
    /// True once the gesture recognized or began (the view's touches are then cancelled).
    var hasClaimedTouch: Bool { state == .began || state == .changed || state == .ended }

    private func fireActions() { for a in actions { a(self) } }

    /// True when this recognizer and `other` may both hold the same touch (either delegate says so).
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }
}

/// Lets an object decide when a recognizer begins and which recognizers share a touch (UIKit's
/// `UIGestureRecognizerDelegate`). By default a recognizer that begins or recognizes makes the
/// others on the same touch fail, the touched view's first (they are asked first).
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Default: true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Default: false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

public extension UIGestureRecognizerDelegate {
    /// Default: true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Default: false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// The closure forms of target–action, typed by the recognizer's own class: in
/// `UIPanGestureRecognizer { pan in pan.translation(in: view) }` the closure gets a
/// `UIPanGestureRecognizer`, as an `@objc` action method declared with that parameter type does.
public protocol RecognizerActions: UIGestureRecognizer {
    /// A recognizer with no actions yet (the closure initializers call it, then add the closure).
    init()
}

extension UIGestureRecognizer: RecognizerActions {}

extension RecognizerActions {
    /// A recognizer that calls `action` on each state change that UIKit reports to targets.
    public init(action: @escaping (Self) -> Void) {
        self.init()
        addAction(action)
    }

    /// Adds a closure called as UIKit calls target–action pairs.
    public func addAction(_ action: @escaping (Self) -> Void) {
        addBaseAction { recognizer in action(recognizer as! Self) } // the recognizer is always self
    }
}

extension UIGestureRecognizer: Hashable {
    /// Identity, as NSObject's default `isEqual(_:)` (delegates compare recognizers with `==`).
    public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    /// The recognizer's identity, as NSObject's default `hash`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
