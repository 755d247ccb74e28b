import Foundation
import Layers

/// The curl style's page turns: a tap at a side edge, `setViewControllers(…animated: true)`, and
/// the finger. The curl is UIView.transition's (the compositor's roll round a cylinder) bound at
/// the spine (`PageCurlBinding`): the leaf lifts from its outer edge and lands across the spine.
/// A drag freezes it and sets its progress from the finger (the layer's `timeOffset`, as a
/// percent-driven transition does), and on release it runs on to the end or back to the start
/// over the rest of its 0.75 s.
extension UIPageViewController {
    /// A curl the finger drives: the turn and how far it has gone.
    struct CurlDrag {
        let turn: CurlTurn
        var fraction: CGFloat = 0
        var link: DisplayLink?
        var ended = false
    }

    /// The turn's length in seconds.
    static let curlDuration: TimeInterval = 0.75
    /// Past this fraction, or this speed (points per second) the way the page goes, a release
    /// finishes the turn (Apple publishes neither; these feel like iOS's).
    static let curlFinishFraction: CGFloat = 0.5
    static let curlFinishSpeed: CGFloat = 600

    /// Whether a forward turn moves the finger towards smaller x (y): true but at spine `.max`,
    /// whose leaf lifts from its left (top) edge.
    private var forwardIsTowardsMin: Bool { spineLocation != .max }

    func curlTapped(_ tap: UITapGestureRecognizer) {
        guard !curling, current != nil else { return }
        let p = tap.location(in: view)
        let b = view.bounds
        let along = navigationOrientation == .horizontal ? (p.x - b.minX) / max(1, b.width) : (p.y - b.minY) / max(1, b.height)
        let towardsMax: Bool
        if along > 0.8 { towardsMax = true } else if along < 0.2 { towardsMax = false } else { return }
        guard let turn = neighbourTurn(forward: towardsMax == forwardIsTowardsMin) else { return }
        delegate?.pageViewController(self, willTransitionTo: turn.next)
        turnCurl(turn) { [weak self] done in
            guard let self else { return }
            self.delegate?.pageViewController(self, didFinishAnimating: done, previousViewControllers: turn.old, transitionCompleted: done)
        }
    }

    /// The transition type and binding of `turn`: the old leaf lifts (curlUp) going forward and
    /// at `.mid` (its left page going back); at `.min`/`.max` going back the new leaf unrolls
    /// (curlDown, the forward turn backwards in time).
    private func curlTransition(_ turn: CurlTurn) -> (UIView.AnimationOptions, PageCurlBinding) {
        let vertical = navigationOrientation == .horizontal
        if spineLocation == .mid {
            var binding = PageCurlBinding(vertical: vertical, spine: 0.5, leafAfter: turn.forward)
            binding.backIsNewFace = true
            return (.transitionCurlUp, binding)
        }
        let atMax = spineLocation == .max
        var binding = PageCurlBinding(vertical: vertical, spine: atMax ? 1 : 0, leafAfter: !atMax)
        if isDoubleSided, let back = turn.back, let layer = backLayer(back) {
            // The back page lies where the leaf lands: the view's size beyond the spine.
            let b = view.bounds
            binding.back = layer
            binding.backOrigin = vertical ? CGPoint(x: b.minX + (atMax ? b.width : -b.width), y: b.minY)
                                          : CGPoint(x: b.minX, y: b.minY + (atMax ? b.height : -b.height))
        }
        return (turn.forward ? .transitionCurlUp : .transitionCurlDown, binding)
    }

    /// A frozen picture of the back page at the leaf's size (laid out and drawn now).
    private func backLayer(_ vc: UIViewController) -> CALayer? {
        let v: UIView = vc.view
        UIView.performWithoutAnimation { v.frame = CGRect(origin: .zero, size: view.bounds.size) }
        return v.snapshotView(afterScreenUpdates: true)?.layer.sublayers?.first
    }

    /// Puts the turn's new pages in the view (children added) and takes the old ones out, inside
    /// the transition's block.
    private func swapPages(_ turn: CurlTurn) {
        for vc in turn.next where vc.parent !== self { addChild(vc) }
        for vc in turn.next { view.addSubview(vc.view) }
        placeCurlPages(turn.next)
        for vc in turn.old where !turn.next.contains(where: { $0 === vc }) { vc.view.removeFromSuperview() }
    }

    /// The turn is over: its new pages stay (completed) or the old ones come back.
    private func finishTurn(_ turn: CurlTurn, completed: Bool) {
        let (stay, leave) = completed ? (turn.next, turn.old) : (turn.old, turn.next)
        if !completed {
            UIView.performWithoutAnimation {
                for vc in stay { view.addSubview(vc.view) }
                placeCurlPages(stay)
                for vc in leave where !stay.contains(where: { $0 === vc }) { vc.view.removeFromSuperview() }
            }
        }
        for vc in stay { vc.didMove(toParent: self) }
        for vc in leave where !stay.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            vc.removeFromParent()
        }
        current = stay.first
        spreadRight = stay.count > 1 ? stay[1] : nil
    }

    /// Runs `turn` as a 0.75 s curl, ease-in-ease-out.
    func turnCurl(_ turn: CurlTurn, completion: ((Bool) -> Void)?) {
        guard current != nil else { showCurlPages(turn.next); completion?(true); return }
        curling = true
        let (type, binding) = curlTransition(turn)
        let edge: CATransitionSubtype = navigationOrientation == .horizontal ? .fromRight : .fromBottom
        UIView.transition(with: view, duration: Self.curlDuration, options: [type, .curveEaseInOut], curlEdge: edge, binding: binding,
                          animations: { self.swapPages(turn) }, completion: { finished in
            self.finishTurn(turn, completed: true)
            self.curling = false
            completion?(finished)
        })
    }

    func curlPanned(_ pan: UIPanGestureRecognizer) {
        let horizontal = navigationOrientation == .horizontal
        let length = max(1, horizontal ? view.bounds.width : view.bounds.height)
        let d = pan.translation(in: view), v = pan.velocity(in: view)
        // Positive: the way a forward turn moves the finger.
        let sign: CGFloat = forwardIsTowardsMin ? -1 : 1
        let along = (horizontal ? d.x : d.y) * sign, speed = (horizontal ? v.x : v.y) * sign
        switch pan.state {
        case .began:
            guard !curling, curlDrag == nil, along != 0, let turn = neighbourTurn(forward: along > 0) else { return }
            delegate?.pageViewController(self, willTransitionTo: turn.next)
            curling = true
            curlDrag = CurlDrag(turn: turn)
            let layer = view.layer
            layer.speed = 0
            layer.timeOffset = 0
            layer.beginTime = 0
            let (type, binding) = curlTransition(turn)
            let edge: CATransitionSubtype = horizontal ? .fromRight : .fromBottom
            UIView.transition(with: view, duration: Self.curlDuration, options: [type, .curveLinear], curlEdge: edge, binding: binding,
                              animations: { self.swapPages(turn) },
                              completion: { [weak self] _ in self?.endCurlDrag(completed: true) })
            CATransaction.flush() // the transition begins at the frozen time 0, so this frame's update moves it
            moveCurl(to: abs(along) / length)
        case .changed:
            guard let drag = curlDrag, drag.link == nil else { return }
            moveCurl(to: (drag.turn.forward ? along : -along) / length)
        case .ended, .cancelled, .failed:
            guard let drag = curlDrag, drag.link == nil else { return }
            let towards = drag.turn.forward ? speed : -speed
            let finish = pan.state == .ended && (drag.fraction > Self.curlFinishFraction || towards > Self.curlFinishSpeed)
                && !(towards < -Self.curlFinishSpeed)
            runCurl(toEnd: finish)
        default: break
        }
    }

    private func moveCurl(to fraction: CGFloat) {
        guard fraction.isFinite else { return }
        let f = min(1, max(0, fraction))
        curlDrag?.fraction = f
        view.layer.timeOffset = Double(f) * Self.curlDuration
    }

    /// After the release: the curl runs on to the end (then the transition completes) or back to
    /// the start (then it is taken off and the old pages put back), at the turn's own speed.
    private func runCurl(toEnd: Bool) {
        guard let drag = curlDrag else { return }
        let d = Self.curlDuration
        let from = Double(drag.fraction) * d, to = toEnd ? d : 0
        let length = abs(to - from)
        let engine = CAEngine.current
        let t0 = engine.mediaTime
        let layer = view.layer
        curlDrag?.link = engine.addDisplayLink { [weak self, weak layer] t in
            guard let self, let layer else { return }
            let u = length > 0 ? min(1, max(0, (t - t0) / length)) : 1
            layer.timeOffset = from + (to - from) * u
            guard u >= 1 else { return }
            self.curlDrag?.link?.invalidate()
            self.curlDrag?.link = nil
            if toEnd {
                // Layer time runs on from the end of the transition: it ends now and completes.
                layer.beginTime = layer.superlayer.map { $0.localTime(fromMedia: t) } ?? t
                layer.speed = 1
            } else {
                self.endCurlDrag(completed: false)
            }
        }
    }

    /// The dragged turn is over: the new pages stay (completed) or the old ones come back.
    private func endCurlDrag(completed: Bool) {
        guard var drag = curlDrag, !drag.ended else { return }
        drag.ended = true
        curlDrag = drag
        let layer = view.layer
        if !completed { layer.removeAnimation(forKey: kCATransition) }
        finishTurn(drag.turn, completed: completed)
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        curling = false
        curlDrag = nil
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: drag.turn.old, transitionCompleted: completed)
    }
}
