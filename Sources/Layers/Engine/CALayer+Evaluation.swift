import Foundation

extension CALayer {
    /// Evaluates this layer's animations at `t` (the layer's local time) in the order they were
    /// added, each on top of the value beneath it; starts and stops them and queues their delegate
    /// callbacks, which run after the whole tree has been evaluated.
    ///
    /// - Parameter timeRuns: false when this layer's time is frozen (a speed of 0 on it or an
    ///   ancestor); a frozen animation needs no further frames.
    func applyAnimations(atLayerTime t: Double, timeRuns: Bool, engine: CAEngine) {
        var i = 0
        while i < animationList.count {
            let a = animationList[i].animation
            guard a.resolvedBeginTime != nil else {
                engine.requestFrame() // added after this frame's commit: it begins at the next one
                i += 1
                continue
            }
            let state = a.state(at: t)
            if !a.didStart && state.phase != .before {
                a.didStart = true
                if let d = a.delegate { engine.pendingCallbacks.append { d.animationDidStart(a) } }
            }
            if state.contributes { a.apply(to: self, state: state) }
            switch state.phase {
            case .after where !a.hasEnded:
                end(a, finished: true)
                if a.isRemovedOnCompletion { animationList.remove(at: i); continue }
            case .active, .before:
                if timeRuns && a.speed != 0 { engine.requestFrame() }
            default: break
            }
            i += 1
        }
    }
}

extension CAAnimation: CAMediaTiming {}
