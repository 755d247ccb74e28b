import Foundation
import Layers

/// The curl style's page turns: a tap at a side edge, `setViewControllers(…animated: true)`, and
/// the finger. The curl is UIView.transition's (the compositor's roll round a cylinder), lifting
/// the outer edge; a drag freezes it and sets its progress from the finger (the layer's
/// `timeOffset`, as a percent-driven transition does), and on release it runs on to the end or
/// back to the start over the rest of its 0.75 s.
extension UIPageViewController {
    /// A curl the finger drives: the pages, its direction and how far it has gone.
    struct CurlDrag {
        let old: UIViewController
        let next: UIViewController
        let forward: Bool
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


    func curlTapped(_ tap: UITapGestureRecognizer) {
        guard !curling, let c = current else { return }
        let p = tap.location(in: view)
        let b = view.bounds
        let along = navigationOrientation == .horizontal ? (p.x - b.minX) / max(1, b.width) : (p.y - b.minY) / max(1, b.height)
        let forward: Bool
        if along > 0.8 { forward = true } else if along < 0.2 { forward = false } else { return }
        let next = forward ? dataSource?.pageViewController(self, viewControllerAfter: c) : dataSource?.pageViewController(self, viewControllerBefore: c)
        guard let n = next, n !== c else { return }
        delegate?.pageViewController(self, willTransitionTo: [n])
        curl(to: n, forward: forward) { [weak self] done in
            guard let self else { return }
            self.delegate?.pageViewController(self, didFinishAnimating: done, previousViewControllers: [c], transitionCompleted: done)
        }
    }

    func curl(to vc: UIViewController, forward: Bool, completion: ((Bool) -> Void)?) {
        guard let old = current else { show(vc); completion?(true); return }
        curling = true
        addChild(vc)
        // Forward, the page lifts from its outer edge (right, or bottom when vertical) and rolls
        // towards the spine; back, the previous page unrolls the same way backwards in time.
        let edge: CATransitionSubtype = navigationOrientation == .horizontal ? .fromRight : .fromBottom
        UIView.transition(with: view, duration: 0.75, options: [forward ? .transitionCurlUp : .transitionCurlDown, .curveEaseInOut],
                          curlEdge: edge, animations: {
            self.view.addSubview(vc.view)
            vc.view.frame = self.view.bounds
            old.view.removeFromSuperview()
        }, completion: { finished in
            vc.didMove(toParent: self)
            old.willMove(toParent: nil)
            old.removeFromParent()
            self.current = vc
            self.curling = false
            completion?(finished)
        })
    }

    /// The edge the curl lifts: the right one (the bottom one when vertical).
    private var curlEdge: CATransitionSubtype { navigationOrientation == .horizontal ? .fromRight : .fromBottom }

    func curlPanned(_ pan: UIPanGestureRecognizer) {
        let horizontal = navigationOrientation == .horizontal
        let length = max(1, horizontal ? view.bounds.width : view.bounds.height)
        let d = pan.translation(in: view), v = pan.velocity(in: view)
        let along = horizontal ? d.x : d.y, speed = horizontal ? v.x : v.y
        switch pan.state {
        case .began:
            guard !curling, curlDrag == nil, let c = current, along != 0 else { return }
            let forward = along < 0
            let next = forward ? dataSource?.pageViewController(self, viewControllerAfter: c) : dataSource?.pageViewController(self, viewControllerBefore: c)
            guard let n = next, n !== c else { return }
            delegate?.pageViewController(self, willTransitionTo: [n])
            curling = true
            curlDrag = CurlDrag(old: c, next: n, forward: forward)
            let layer = view.layer
            layer.speed = 0
            layer.timeOffset = 0
            layer.beginTime = 0
            addChild(n)
            UIView.transition(with: view, duration: Self.curlDuration, options: [forward ? .transitionCurlUp : .transitionCurlDown, .curveLinear],
                              curlEdge: curlEdge, animations: {
                self.view.addSubview(n.view)
                n.view.frame = self.view.bounds
                c.view.removeFromSuperview()
            }, completion: { [weak self] _ in self?.endCurlDrag(completed: true) })
            CATransaction.flush() // the transition begins at the frozen time 0, so this frame's update moves it
            moveCurl(to: abs(along) / length)
        case .changed:
            guard let drag = curlDrag, drag.link == nil else { return }
            moveCurl(to: (drag.forward ? -along : along) / length)
        case .ended, .cancelled, .failed:
            guard let drag = curlDrag, drag.link == nil else { return }
            let towards = drag.forward ? -speed : speed
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
    /// the start (then it is taken off and the old page put back), at the turn's own speed.
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

    /// The dragged turn is over: the new page stays (completed) or the old one comes back.
    private func endCurlDrag(completed: Bool) {
        guard var drag = curlDrag, !drag.ended else { return }
        drag.ended = true
        curlDrag = drag
        let layer = view.layer
        if !completed {
            layer.removeAnimation(forKey: kCATransition)
            UIView.performWithoutAnimation {
                view.addSubview(drag.old.view)
                drag.old.view.frame = view.bounds
                drag.next.view.removeFromSuperview()
            }
            drag.next.willMove(toParent: nil)
            drag.next.removeFromParent()
        } else {
            drag.next.didMove(toParent: self)
            drag.old.willMove(toParent: nil)
            drag.old.removeFromParent()
            current = drag.next
        }
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        curling = false
        curlDrag = nil
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [drag.old], transitionCompleted: completed)
    }
}
