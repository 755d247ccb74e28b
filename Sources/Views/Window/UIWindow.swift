import Foundation
import Layers

/// The root of a view hierarchy and the place input enters it, as UIKit's `UIWindow`.
///
/// A scene hands the window its input (`handle(_:at:)`) and its frame times
/// (`frameDidAdvance(to:)`); the window's layer is the scene's root layer. One touch exists at a
/// time from the mouse or a controller's pointer with A, and up to two with the mouse and Alt (the
/// Simulator's two fingers, `InputEvent.touches`). On a touch's down the window hit-tests, then
/// sends the touch to the gesture recognizers of the hit view and its ancestors and to the view
/// (`touchesBegan…`); a recognizer that begins or recognizes cancels the views' touches when its
/// `cancelsTouchesInView` is true, as in UIKit (UIWindow+Touches.swift).
///
/// A view controller that adopts Flipbook's `Scene` is shown in a window of its own
/// (Flipbook/Scene+ViewController.swift): the window's layer is the scene's root layer, and the
/// scene hands it the input and the frame times.
open class UIWindow: UIView {
    /// The controller whose view fills the window. Setting it installs the view and sends the
    /// appearance callbacks. When the window's tree has constraints, the first layout (the
    /// update-constraints pass, `viewWillLayoutSubviews`, `viewDidLayoutSubviews`) runs between
    /// `viewWillAppear` and `viewDidAppear`, as in UIKit, so a constraint animated in
    /// `viewDidAppear` starts from the laid-out screen; a screen of frames is laid out in the
    /// frame's layout phase after `viewDidAppear` (the order its scenes and goldens were made with).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded {
                old.beginAppearanceTransition(false, animated: false)
                old.view.removeFromSuperview()
                old.endAppearanceTransition()
            }
            if let vc = rootViewController {
                let v = vc.view!
                vc.beginAppearanceTransition(true, animated: false)
                UIView.performWithoutAnimation {
                    v.frame = bounds
                    insertSubview(v, at: 0)
                    if layoutEngine != nil { layoutIfNeeded() }
                }
                vc.endAppearanceTransition()
            }
        }
    }
    /// Views visited by the walks that hierarchy changes inside this window make (the cycle check
    /// up from the new superview, the window recorded down the moved subtree). Tests read it:
    /// building a chain top-down must not walk to the root on every `addSubview`.
    var hierarchySteps = 0
    /// A window at `frame`, listed in `UIApplication.shared.windows`.
    /// It takes its screen's appearance (without a `traitCollectionDidChange(_:)`: it has none before).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        UIApplication.shared.register(self)
        effectiveStyle = inheritedStyle()
    }
    /// See `UIView.init?(coder:)`; listed in `UIApplication.shared.windows`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        UIApplication.shared.register(self)
        effectiveStyle = inheritedStyle()
    }

    /// The window itself (a window is the window its views are in).
    open override var window: UIWindow? { self }
    /// The scene that holds the window: the app's one window scene.
    public var windowScene: UIWindowScene? { UIApplication.shared.connectedScenes.first as? UIWindowScene }
    /// The screen the window shows on. Default: `UIScreen.main`.
    open var screen: UIScreen = .main
    /// True for the window that gets key and controller input.
    public private(set) var isKeyWindow = false

    let focusRing = FocusRing()
    /// The view with the D-pad / keyboard focus, if any (see `FocusRing`).
    public var focusedView: UIView? { focusRing.focusedView }
    /// Gives `view` the focus (nil: none); it must be focusable and in this window.
    open func setFocus(_ view: UIView?) {
        guard view == nil || (view!.canBecomeFocused && view!.window === self) else { return }
        focusRing.focus(view, in: self)
    }

    /// The touches down, by finger (`InputEvent.TouchStep.Finger`: at most two). UIWindow+Touches.swift.
    var fingerTouches: [UITouch?] = [nil, nil]
    /// The recognizers of the gesture under way: those of every touch's hit view and its ancestors.
    var touchRecognizers: [UIGestureRecognizer] = []
    /// Recognizers kept past the end of their touch: a multi-tap between taps, or one waiting for
    /// a requirement to fail (`require(toFail:)`).
    var awaitingRecognizers: [UIGestureRecognizer] = []
    /// True once a recognizer claimed the gesture and the views' touches were cancelled.
    var viewTouchCancelled = false

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
    }

    /// Sizes the window to the host's drawable (no animation) and tells `UIScreen.main`; the root
    /// view controller's view follows in the next layout phase. Sizes that are not finite and
    /// non-negative are ignored; a scale that is not positive and finite keeps the screen's.
    open func resize(to size: CGSize, scale: CGFloat = 0) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { return }
        UIView.performWithoutAnimation {
            CATransaction.performWithoutAnimation { frame = CGRect(origin: .zero, size: size) }
        }
        screen.bounds = CGRect(origin: .zero, size: size)
        if scale.isFinite && scale > 0 { screen.scale = scale }
        setNeedsLayout()
    }
    /// Makes the window the key window.
    open func makeKey() {
        isKeyWindow = true
        UIApplication.shared.windowDidBecomeKey(self)
    }
    /// Stops being the key window (another window became key).
    open func resignKey() { isKeyWindow = false }

    /// Present, dismiss, push and pop transitions running in this window: while one runs the
    /// window takes no new touches (UIKit ignores interaction events during a transition).
    var transitionsInFlight = 0
    /// The text field that takes typed characters (UITextField's first responder), if any.
    weak var editingTextField: UITextField?

    /// The size classes the window's views last heard of (UIView+Traits.swift).
    var announcedSizeClasses: (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass)?

    open override func layoutSubviews() {
        super.layoutSubviews()
        announceSizeClassesIfChanged()
        if let v = rootViewController?.view, v.superview === self { v.frame = bounds }
        for case let c as PresentationContainerView in subviews {
            if let p = c.presentation { c.frame = p.containerFrame(in: self) }
        }
    }

    /// Delivers one input event at media time `time` (the frame's time, from the host).
    open func handle(_ event: InputEvent, at time: Double) {
        let t = time.isFinite ? time : CACurrentMediaTime()
        switch event {
        case .padButton(.a, let down):
            aIsDown = down
        case .padRemoved:
            aIsDown = false // no release comes from a pad that went away
        case .pointerDown(let p) where aIsDown && pressesFocus(at: p):
            // A with a control focused and the pointer on nothing that takes touches: A selects
            // the focused control, as the D-pad's select button does.
            aPressingFocus = true
            focusRing.press(true)
        case .pointerUp where aPressingFocus:
            aPressingFocus = false
            focusRing.press(false)
        case .pointerCancel where aPressingFocus:
            aPressingFocus = false
            focusRing.cancelPress()
        case .padAxis(.leftX, let v) where backPress != nil:
            scrubBack(v)
        case let .wheel(p, delta):
            if let s = scrollView(at: p, delta: delta) {
                s.scroll(by: delta)
            } else if delta.dx == 0, let s = scrollView(at: p, delta: CGVector(dx: delta.dy, dy: 0)) {
                // A plain wheel over a scroller that only goes sideways moves it sideways, as desktops do.
                s.scroll(by: CGVector(dx: delta.dy, dy: 0))
            }
        case .padButton(.b, true), .key(.escape, true): pressMenu(at: t)
        case .padButton(.b, false), .key(.escape, false): releaseMenu(at: t)
        case .padAxis(let axis, let v) where axis == .leftX || axis == .leftY:
            // The stick is offered to the focused view while the focus leads; unused, it moves
            // the pointer (the host's), which hands the lead to the pointer.
            if focusLeads, let f = focusRing.focusedView, f.window === self, f.handleFocusedStick(axis, value: v, at: t) { break }
            if abs(v) > 0.2 { focusLeads = false }
        case .padAxis(.rightX, let v): rightStick.x = CGFloat(v)
        case .padAxis(.rightY, let v): rightStick.y = CGFloat(v)
        case .pointerDown(let p):
            if !aIsDown { focusLeads = false }
            touchesChanged([.init(.first, .down, p)], time: t)
        case .pointerMove(let p):
            if activeTouches.isEmpty { focusLeads = false }
            touchesChanged([.init(.first, .move, p)], time: t)
        case .pointerUp(let p): touchesChanged([.init(.first, .up, p)], time: t)
        case .pointerCancel(let p): touchesChanged([.init(.first, .cancel, p)], time: t)
        case .touches(let steps):
            focusLeads = false
            touchesChanged(steps, time: t)
        case .key(let k, true) where editingTextField?.window === self && editingTextField!.type(k):
            break // the editing text field typed it
        case .key(.enter, let down) where topAlert != nil:
            // An alert is modal: Return chooses its Return action or nothing, never what is behind.
            if down { topAlert?.returnKeyPressed() }
        default:
            if focusRing.handle(event, in: self), Self.movesFocus(event) { focusLeads = true }
        }
    }

    /// The alert at the top of this window's presentations, while its view is in the window.
    private var topAlert: UIAlertController? {
        var top = rootViewController
        while let p = top?.presentedRef { top = p }
        guard let alert = top as? UIAlertController, alert.viewIfLoaded?.window === self else { return nil }
        return alert
    }

    // MARK: Back (gamepad B, Escape)

    /// What the back button goes back from: the top navigation stack of two or more, else the
    /// topmost presented controller.
    private enum BackTarget { case pop(UINavigationController), dismiss(UIViewController) }

    private var backTarget: BackTarget? {
        guard var top = rootViewController else { return nil }
        while let p = top.presentedRef { top = p }
        var queue = [top]
        while !queue.isEmpty {
            let vc = queue.removeFirst()
            if let nav = vc as? UINavigationController, nav.viewControllers.count > 1, nav.viewIfLoaded?.window === self {
                return .pop(nav)
            }
            queue += vc.children
        }
        return top.presentingRef != nil ? .dismiss(top) : nil
    }

    /// Whether a `.menu` press that no responder takes has something to go back from — a
    /// presented controller or a navigation stack of two or more — and no transition is in flight.
    /// When it has not, the press is unhandled (a playground then goes back to its menu).
    public var canGoBack: Bool { transitionsInFlight == 0 && backTarget != nil }

    private var backPress: BackTarget?
    private var backScrubbed = false

    /// The window's share of a `.menu` press that reached it: pressed, it picks what to go back
    /// from (false: nothing); released, it pops or dismisses (or ends an interactive pop the left
    /// stick moved).
    private func backButton(down: Bool) -> Bool {
        if down {
            backPress = transitionsInFlight == 0 ? backTarget : nil
            backScrubbed = false
            return backPress != nil
        }
        guard let target = backPress else { return false }
        backPress = nil
        switch target {
        case .pop(let nav):
            if backScrubbed { _ = nav.endScrubbedPop() } else { nav.popViewController(animated: true) }
        case .dismiss(let vc):
            vc.dismiss(animated: true)
        }
        return true
    }

    /// The left stick pushed right while B is held pops interactively, as far as it is pushed.
    private func scrubBack(_ value: Double) {
        guard case .pop(let nav) = backPress, value.isFinite, backScrubbed || value > 0.2 else { return }
        backScrubbed = true
        nav.scrubPop(to: min(1, max(0, value)))
    }
    /// True after the focus was moved by the D-pad or keys, until the pointer is used (the mouse
    /// moves or clicks, the left stick moves the pointer): while it is, the pad's A selects the
    /// focused view wherever the pointer is, and the left stick is offered to the focused view.
    public private(set) var focusLeads = false
    private static func movesFocus(_ e: InputEvent) -> Bool {
        switch e {
        case .key(.up, true), .key(.down, true), .key(.left, true), .key(.right, true), .key(.tab, true),
             .padButton(.dpadUp, true), .padButton(.dpadDown, true), .padButton(.dpadLeft, true), .padButton(.dpadRight, true):
            return true
        default: return false
        }
    }

    /// Sends a `.menu` press (the pad's B, Escape: "back") to the focused view, else the root
    /// view controller's view, up the responder chain; returns true when a responder took it,
    /// false when it reached the window unhandled (the playground then goes back to its menu).
    @discardableResult
    open func pressMenu(at time: Double) -> Bool {
        let t = time.isFinite ? time : CACurrentMediaTime()
        let press = UIPress(type: .menu, timestamp: t)
        menuPress = press
        menuPressReachedWindow = false
        let start = menuPressStart
        menuPressResponder = start
        start.pressesBegan([press], with: UIPressesEvent(timestamp: t, presses: [press]))
        return !menuPressReachedWindow
    }
    /// Where a `.menu` press starts: the focused view, else the view of the topmost presented
    /// controller (or the root's), else the window.
    private var menuPressStart: UIResponder {
        if let f = focusRing.focusedView, f.window === self { return f }
        var top = rootViewController
        while let p = top?.presentedRef { top = p }
        if let v = top?.viewIfLoaded, v.window === self { return v }
        return self
    }
    private var menuPress: UIPress?
    private var menuPressResponder: UIResponder?
    private var menuPressReachedWindow = false
    private func releaseMenu(at time: Double) {
        guard let press = menuPress else { return }
        menuPress = nil
        press.phase = .ended
        press.timestamp = time
        // The press ends where it began, as UIKit delivers a press's phases to one responder.
        let start: UIResponder = menuPressResponder ?? menuPressStart
        menuPressResponder = nil
        start.pressesEnded([press], with: UIPressesEvent(timestamp: time, presses: [press]))
    }
    /// The end of the chain: a `.menu` press that gets here goes back (pops the top navigation
    /// stack or dismisses the top presented controller) when it can, else it was not handled.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !presses.contains(where: { $0.type == .menu }) || !backButton(down: true) { menuPressReachedWindow = true }
    }
    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if presses.contains(where: { $0.type == .menu }) { _ = backButton(down: false) }
    }

    private var aIsDown = false
    private var rightStick = CGPoint.zero
    private var lastFrameTime: Double?

    /// The nearest scroll view under `p` (window coordinates) that can move along `delta`.
    private func scrollView(at p: CGPoint, delta: CGVector) -> UIScrollView? {
        var v = hitTest(convert(p, from: nil), with: nil)
        while let view = v {
            if let s = view as? UIScrollView, s.isScrollEnabled,
               (delta.dx != 0 && s.scrollsHorizontally) || (delta.dy != 0 && s.scrollsVertically) { return s }
            v = view.superview
        }
        return nil
    }

    /// The right stick scrolls the scroll view around the focused view, else the first one in the
    /// window, at up to `stickScrollSpeed` points per second (dead zone 0.2).
    private func scrollWithRightStick(dt: Double) {
        let dead: CGFloat = 0.2
        guard abs(rightStick.x) > dead || abs(rightStick.y) > dead, dt > 0, dt < 0.25 else { return }
        var target: UIScrollView?
        var v = focusRing.focusedView
        while let view = v, target == nil { target = view as? UIScrollView; v = view.superview }
        if target == nil {
            var queue: [UIView] = [self]
            while !queue.isEmpty, target == nil {
                let view = queue.removeFirst()
                if let s = view as? UIScrollView, !s.isHidden { target = s } else { queue += view.subviews }
            }
        }
        func speed(_ a: CGFloat) -> CGFloat { abs(a) > dead ? a * Self.stickScrollSpeed * CGFloat(dt) : 0 }
        target?.scroll(by: CGVector(dx: speed(rightStick.x), dy: speed(rightStick.y)))
    }
    static let stickScrollSpeed: CGFloat = 1500
    private var aPressingFocus = false

    /// True when the focus leads (A selects the focused view, as tvOS's select button), or a
    /// control has focus and nothing under `p` (window coordinates) takes touches.
    private func pressesFocus(at p: CGPoint) -> Bool {
        if focusLeads, let f = focusRing.focusedView, f.window === self { return true }
        guard focusRing.focusedView is UIControl else { return false }
        var v = hitTest(convert(p, from: nil), with: nil)
        while let view = v, view !== self {
            if view is UIControl || !(view.gestureRecognizers ?? []).isEmpty { return false }
            v = view.superview
        }
        return true
    }

    /// The frame loop reached `time` (call once per frame in the display-link phase — a scene's
    /// `update(at:)`): long presses are judged against `time` and the focus ring follows its view.
    /// Layout is not done here: the frame's layout phase lays the whole tree out once, before the
    /// commit, as UIKit lays out before committing.
    open func frameDidAdvance(to time: Double) {
        if focusRing.focusedView != nil { focusRing.update(in: self) }
        if let last = lastFrameTime, time.isFinite { scrollWithRightStick(dt: time - last) }
        lastFrameTime = time.isFinite ? time : lastFrameTime
        if time.isFinite { advanceAwaiting(to: time) }
        guard time.isFinite, !activeTouches.isEmpty else { return }
        for r in touchRecognizers where r.state == .possible { r.timeDidAdvance(to: time) }
        cancelViewTouchIfClaimed(time: time)
    }

    /// Gives the waiting recognizers the time (a multi-tap fails once its interval passed), applies
    /// what their requirements' failures released, and resets those that are done.
    func advanceAwaiting(to time: Double) {
        guard !awaitingRecognizers.isEmpty else { return }
        for r in awaitingRecognizers where r.state == .possible { r.timeDidAdvance(to: time) }
        for r in awaitingRecognizers { r.resolvePending() }
        let done = awaitingRecognizers.filter { !$0.isAwaiting }
        awaitingRecognizers.removeAll { !$0.isAwaiting }
        for r in done where r.state == .possible { r.state = .failed }
        for r in done {
            r.reset()
            r.state = .possible
        }
        scheduleAwaitingWake()
    }

    /// A timer wakes the frame loop when the first waiting recognizer gives up, so an idle window
    /// fires a single tap that waited for a double tap's failure on time.
    func scheduleAwaitingWake() {
        guard let deadline = awaitingRecognizers.compactMap(\.awaitDeadline).min() else { return }
        let wait = max(0, deadline - CACurrentMediaTime()) + 1e-3
        Timer.scheduledTimer(withTimeInterval: wait, repeats: false) { _ in }
    }
}
