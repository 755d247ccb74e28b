import Foundation
import Layers

/// The root of a view hierarchy and the place input enters it, as UIKit's `UIWindow`.
///
/// A scene hands the window its input (`handle(_:at:)`) and its frame times
/// (`frameDidAdvance(to:)`); the window's layer is the scene's root layer. One touch exists at a
/// time (the mouse, or a controller's pointer with A). On `pointerDown` the window hit-tests,
/// then sends the touch to the gesture recognizers of the hit view and its ancestors and to the
/// view (`touchesBegan…`); a recognizer that begins or recognizes cancels the view's touch when its
/// `cancelsTouchesInView` is true, as in UIKit.
///
/// A view controller that adopts Flipbook's `Scene` is shown in a window of its own
/// (Flipbook/Scene+ViewController.swift): the window's layer is the scene's root layer, and the
/// scene hands it the input and the frame times.
open class UIWindow: UIView {
    /// The controller whose view fills the window. Setting it installs the view and sends the
    /// appearance callbacks.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded {
                old.viewWillDisappear(false)
                old.view.removeFromSuperview()
                old.viewDidDisappear(false)
            }
            if let vc = rootViewController {
                let v = vc.view!
                vc.viewWillAppear(false)
                UIView.performWithoutAnimation { v.frame = bounds }
                addSubview(v)
                vc.viewDidAppear(false)
            }
        }
    }
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

    private var touch: UITouch?
    private var touchRecognizers: [UIGestureRecognizer] = []
    private var viewTouchCancelled = false

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() { isKeyWindow = true; isHidden = false }

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
    open func makeKey() { isKeyWindow = true }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let v = rootViewController?.view, v.superview === self { v.frame = bounds }
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
        case let .wheel(p, delta):
            if let s = scrollView(at: p, delta: delta) {
                s.scroll(by: delta)
            } else if delta.dx == 0, let s = scrollView(at: p, delta: CGVector(dx: delta.dy, dy: 0)) {
                // A plain wheel over a scroller that only goes sideways moves it sideways, as desktops do.
                s.scroll(by: CGVector(dx: delta.dy, dy: 0))
            }
        case .padAxis(.rightX, let v): rightStick.x = CGFloat(v)
        case .padAxis(.rightY, let v): rightStick.y = CGFloat(v)
        case .pointerDown(let p): began(at: p, time: t)
        case .pointerMove(let p): moved(to: p, time: t)
        case .pointerUp(let p): ended(at: p, time: t, cancelled: false)
        case .pointerCancel(let p): ended(at: p, time: t, cancelled: true)
        default: _ = focusRing.handle(event, in: self)
        }
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

    /// True when a control has focus and nothing under `p` (window coordinates) takes touches.
    private func pressesFocus(at p: CGPoint) -> Bool {
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
        guard time.isFinite, touch != nil else { return }
        for r in touchRecognizers where r.state == .possible { r.timeDidAdvance(to: time) }
        cancelViewTouchIfClaimed(time: time)
    }

    private func began(at p: CGPoint, time: Double) {
        if touch != nil { ended(at: p, time: time, cancelled: true) }
        guard p.x.isFinite, p.y.isFinite else { return }
        let touch = UITouch()
        touch.window = self
        touch.timestamp = time
        touch.locationInWindow = p
        touch.previousLocationInWindow = p
        touch.phase = .began
        let hit = hitTest(convert(p, from: nil), with: nil)
        touch.view = hit
        var recognizers: [UIGestureRecognizer] = []
        var v = hit
        while let view = v { recognizers += (view.gestureRecognizers ?? []).filter(\.isEnabled); v = view.superview }
        touch.gestureRecognizers = recognizers.isEmpty ? nil : recognizers
        self.touch = touch
        touchRecognizers = recognizers
        viewTouchCancelled = false
        let event = UIEvent(timestamp: time, touches: [touch])
        for r in recognizers {
            r.touch = touch
            r.lastWindowLocation = p
            r.touchesBegan([touch], with: event)
        }
        hit?.touchesBegan([touch], with: event)
        cancelViewTouchIfClaimed(time: time)
    }

    private func moved(to p: CGPoint, time: Double) {
        guard let touch, p.x.isFinite, p.y.isFinite else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = p
        touch.timestamp = time
        touch.phase = .moved
        let event = UIEvent(timestamp: time, touches: [touch])
        for r in touchRecognizers where r.state != .failed && r.state != .cancelled && r.state != .ended {
            if excluded(r) { r.state = .failed; continue }
            r.lastWindowLocation = p
            r.touchesMoved([touch], with: event)
        }
        cancelViewTouchIfClaimed(time: time)
        if !viewTouchCancelled { touch.view?.touchesMoved([touch], with: event) }
    }

    private func ended(at p: CGPoint, time: Double, cancelled: Bool) {
        guard let touch else { return }
        if p.x.isFinite && p.y.isFinite {
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = p
        }
        touch.timestamp = time
        touch.phase = cancelled ? .cancelled : .ended
        let event = UIEvent(timestamp: time, touches: [touch])
        for r in touchRecognizers where r.state != .failed && r.state != .cancelled && r.state != .ended {
            if excluded(r) { r.state = .failed; continue }
            r.lastWindowLocation = touch.locationInWindow
            cancelled ? r.touchesCancelled([touch], with: event) : r.touchesEnded([touch], with: event)
        }
        cancelViewTouchIfClaimed(time: time)
        if !viewTouchCancelled {
            cancelled ? touch.view?.touchesCancelled([touch], with: event) : touch.view?.touchesEnded([touch], with: event)
        }
        for r in touchRecognizers {
            r.reset()
            r.state = .possible
        }
        touchRecognizers = []
        self.touch = nil
    }

    /// True when another recognizer on this touch has begun or recognized and the two may not
    /// share it: a recognizer still possible then fails (UIKit's default exclusivity).
    private func excluded(_ r: UIGestureRecognizer) -> Bool {
        r.state == .possible && touchRecognizers.contains { $0 !== r && $0.hasClaimedTouch && !r.recognizesSimultaneously(with: $0) }
    }

    /// A recognizer that claimed the touch cancels the view's touch (once).
    private func cancelViewTouchIfClaimed(time: Double) {
        guard let touch, !viewTouchCancelled,
              touchRecognizers.contains(where: { $0.hasClaimedTouch && $0.cancelsTouchesInView }) else { return }
        viewTouchCancelled = true
        touch.phase = .cancelled
        touch.view?.touchesCancelled([touch], with: UIEvent(timestamp: time, touches: [touch]))
    }
}
