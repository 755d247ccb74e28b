import Foundation
import Layers

/// D-pad and keyboard focus for a window: which focusable view is focused, moving the focus by
/// direction, activating it, and the ring drawn around it.
///
/// Why: a controller's stick moves a pointer, but stepping between buttons with the D-pad (or the
/// arrow keys) is quicker, as on tvOS. Arrow keys / D-pad move the focus to the nearest focusable
/// view in that direction (distance along the direction plus twice the sideways distance between
/// centres), counting the items of the collection views around the focus that have no cell yet
/// (one screen past the visible edge: the winner's cell is made and scrolled to); Tab steps in reading order; Enter, Space or the pad's X press the focused control
/// (highlight on press, `.touchUpInside` and `.primaryActionTriggered` on release). An arrow or
/// D-pad direction is first offered to the focused view (`UIView.handleFocusedMove(_:)`); the
/// focus moves only when the view does not use it. The pad's A stays the pointer's touch. The ring is a rounded outline in the window's tint colour, 4 points
/// outside the focused view, above everything (zPosition 1e6), following the view each frame.
final class FocusRing {
    private(set) weak var focusedView: UIView?
    let ringLayer = CAShapeLayer()
    private weak var pressed: UIControl?

    init() {
        ringLayer.fillColor = nil
        ringLayer.lineWidth = 3
        ringLayer.zPosition = 1e6
        ringLayer.isHidden = true
        ringLayer.name = "focusRing"
    }

    /// Handles a focus event; returns false when the event is not about focus.
    func handle(_ event: InputEvent, in window: UIWindow) -> Bool {
        switch event {
        case .key(.up, true), .padButton(.dpadUp, true): offerOrMove(.up, in: window)
        case .key(.down, true), .padButton(.dpadDown, true): offerOrMove(.down, in: window)
        case .key(.left, true), .padButton(.dpadLeft, true): offerOrMove(.left, in: window)
        case .key(.right, true), .padButton(.dpadRight, true): offerOrMove(.right, in: window)
        case .key(.tab, true): move(.next, in: window)
        case .key(.enter, let down), .key(.space, let down), .padButton(.x, let down): press(down)
        default: return false
        }
        return true
    }

    /// Offers an arrow heading to the focused view; moves the focus when the view does not use it.
    private func offerOrMove(_ heading: UIFocusHeading, in window: UIWindow) {
        if let v = focusedView, v.window === window, v.canBecomeFocused, v.handleFocusedMove(heading) { return }
        move(heading, in: window)
    }

    /// Moves the focus by `direction` (`.up`, `.down`, `.left`, `.right` or `.next`).
    func move(_ direction: UIFocusHeading, in window: UIWindow) {
        let candidates = Self.focusable(in: window).filter { $0 !== focusedView }
        func center(_ v: UIView) -> CGPoint { v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: window) }
        let readingOrder = candidates.sorted { (center($0).y, center($0).x) < (center($1).y, center($1).x) }
        guard let current = focusedView, current.window === window else { return focus(readingOrder.first, in: window) }
        let c = center(current)
        if direction == .next {
            let after = readingOrder.first { (center($0).y, center($0).x) > (c.y, c.x) }
            return focus(after ?? readingOrder.first, in: window)
        }
        func score(_ p: CGPoint) -> CGFloat? {
            let dx = p.x - c.x, dy = p.y - c.y
            let (along, across): (CGFloat, CGFloat)
            switch direction {
            case .up: (along, across) = (-dy, abs(dx))
            case .down: (along, across) = (dy, abs(dx))
            case .left: (along, across) = (-dx, abs(dy))
            default: (along, across) = (dx, abs(dy))
            }
            return along > 0.5 ? along + 2 * across : nil
        }
        var best: (UIView, CGFloat)?
        for v in candidates {
            guard let s = score(center(v)) else { continue }
            if best == nil || s < best!.1 { best = (v, s) }
        }
        // Items of the collection views around the focus that have no cell yet (past the
        // visible edge) are candidates too, as on tvOS: the winner's cell is made, and focusing
        // it scrolls it into view.
        var offscreen: (UICollectionView, IndexPath, CGFloat)?
        var ancestor = current.superview
        while let a = ancestor {
            if let cv = a as? UICollectionView {
                for (ip, frame) in cv.itemsWithoutCells(towards: direction) {
                    let p = cv.convert(CGPoint(x: frame.midX, y: frame.midY), to: window)
                    guard let s = score(p), best.map({ s < $0.1 }) ?? true, offscreen.map({ s < $0.2 }) ?? true else { continue }
                    offscreen = (cv, ip, s)
                }
            }
            ancestor = a.superview
        }
        if let (cv, ip, _) = offscreen, let cell = cv.makeCellForFocus(at: ip) {
            return focus(cell, in: window, heading: direction)
        }
        if let b = best { focus(b.0, in: window, heading: direction) }
    }

    func focus(_ view: UIView?, in window: UIWindow, heading: UIFocusHeading = []) {
        let previous = focusedView
        focusedView = view
        guard previous !== view else { return update(in: window) }
        // Scroll views around the new focus bring it into view.
        var v = view?.superview
        while let s = v {
            if let scroller = s as? UIScrollView, let view { scroller.scrollRectToVisible(view.convert(view.bounds, to: scroller), animated: true) }
            v = s.superview
        }
        update(in: window)
        let context = UIFocusUpdateContext(previous: previous, next: view, heading: heading)
        let coordinator = UIFocusAnimationCoordinator()
        var told = Set<ObjectIdentifier>()
        for start in [previous, view] {
            var x = start
            while let env = x, env !== window {
                if told.insert(ObjectIdentifier(env)).inserted { env.didUpdateFocus(in: context, with: coordinator) }
                x = env.superview
            }
        }
        coordinator.run()
    }

    /// Places the ring around the focused view (model geometry), or hides it.
    func update(in window: UIWindow) {
        if ringLayer.superlayer !== window.layer { window.layer.addSublayer(ringLayer) }
        CATransaction.performWithoutAnimation {
            // Cells show their focus themselves (they grow, as on tvOS): no ring around them.
            guard let v = focusedView, v.window === window, Self.isVisible(v, in: window), !(v is UICollectionViewCell) else {
                ringLayer.isHidden = true
                return
            }
            let r = v.convert(v.bounds, to: window).insetBy(dx: -4, dy: -4)
            ringLayer.frame = r
            ringLayer.path = CGPath(roundedRect: CGRect(origin: .zero, size: r.size), cornerWidth: 8, cornerHeight: 8)
            ringLayer.strokeColor = window.tintColor.cgColor
            ringLayer.isHidden = false
        }
    }

    func press(_ down: Bool) {
        if let cell = focusedView as? UICollectionViewCell {
            // A focused cell is selected on release, as a tap would select it.
            if !down, let cv = cell.superview as? UICollectionView { cv.selectFromFocus(cell) }
            return
        }
        if down {
            guard let c = focusedView as? UIControl, c.isEnabled else { return }
            pressed = c
            c.isHighlighted = true
        } else if let c = pressed {
            pressed = nil
            c.isHighlighted = false
            c.sendActions(for: [.touchUpInside, .primaryActionTriggered])
        }
    }

    /// Ends a press without acting (the controller driving it went away).
    func cancelPress() {
        pressed?.isHighlighted = false
        pressed = nil
    }

    /// Focusable, visible views in the window, depth first.
    static func focusable(in window: UIWindow) -> [UIView] {
        var out: [UIView] = []
        func visit(_ v: UIView) {
            guard !v.isHidden, v.alpha > 0.01, v.isUserInteractionEnabled else { return }
            if v.canBecomeFocused { out.append(v) }
            v.subviews.forEach(visit)
        }
        window.subviews.forEach(visit)
        return out
    }

    static func isVisible(_ v: UIView, in window: UIWindow) -> Bool {
        var x: UIView? = v
        while let view = x, view !== window {
            if view.isHidden || view.alpha <= 0.01 { return false }
            x = view.superview
        }
        return true
    }
}
