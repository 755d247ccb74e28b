import Foundation
import Layers

/// Touches: up to two fingers at once (`InputEvent.TouchStep.Finger`), dispatched as UIKit does.
///
/// Each touch is hit-tested when it goes down and belongs to its hit view; the recognizers of that
/// view and its ancestors receive it (a recognizer attached above both touches' views receives
/// both). An event carries every touch that is down (`UIEvent.allTouches`): those that changed in
/// it — `touchesBegan`, `touchesMoved`, `touchesEnded`/`touchesCancelled` with just those, to each
/// recognizer that holds them and to their views — and the others, whose phase is `.stationary`.
/// One finger alone is the single touch the window always had, step for step.
extension UIWindow {
    /// The touches down, first finger first.
    var activeTouches: [UITouch] { fingerTouches.compactMap { $0 } }

    /// Applies one event's finger steps: downs first, then moves, then lifts and cancels, as UIKit
    /// delivers one event's phases. A finger that goes down while it is already down (a release
    /// the host lost) first cancels the gesture under way.
    func touchesChanged(_ steps: [InputEvent.TouchStep], time: Double) {
        if let again = steps.first(where: { $0.phase == .down && fingerTouches[$0.finger.rawValue] != nil }) {
            // The old touch ends where the new press is, as the single touch always did.
            var lost: [InputEvent.TouchStep] = []
            for f in InputEvent.TouchStep.Finger.allCases {
                guard let t = fingerTouches[f.rawValue] else { continue }
                lost.append(.init(f, .cancel, f == again.finger ? again.location : t.locationInWindow))
            }
            ended(lost, time: time)
        }
        for f in InputEvent.TouchStep.Finger.allCases where !steps.contains(where: { $0.finger == f }) {
            fingerTouches[f.rawValue]?.phase = .stationary
        }
        let downs = steps.filter { $0.phase == .down }
        if !downs.isEmpty { began(downs, time: time) }
        let moves = steps.filter { $0.phase == .move }
        if !moves.isEmpty { moved(moves, time: time) }
        let lifts = steps.filter { $0.phase == .up || $0.phase == .cancel }
        if !lifts.isEmpty { ended(lifts, time: time) }
    }

    /// The touches grouped by the view they belong to, in the order of their first touch.
    private func byView(_ touches: [UITouch]) -> [(UIView, Set<UITouch>)] {
        var groups: [(UIView, Set<UITouch>)] = []
        var index: [ObjectIdentifier: Int] = [:]
        for t in touches {
            guard let v = t.view else { continue }
            if let i = index[ObjectIdentifier(v)] { groups[i].1.insert(t) } else {
                index[ObjectIdentifier(v)] = groups.count
                groups.append((v, [t]))
            }
        }
        return groups
    }

    /// True for a recognizer still following its gesture (not failed, cancelled or ended).
    private func isLive(_ r: UIGestureRecognizer) -> Bool { r.state != .failed && r.state != .cancelled && r.state != .ended }

    private func began(_ steps: [InputEvent.TouchStep], time: Double) {
        guard transitionsInFlight == 0 else { return }
        let steps = steps.filter { $0.location.x.isFinite && $0.location.y.isFinite }
        guard !steps.isEmpty else { return }
        let isNewGesture = activeTouches.isEmpty
        var made: [UITouch] = []
        var joining: [UIGestureRecognizer] = [], joiningIDs: Set<ObjectIdentifier> = []
        var known = Set(touchRecognizers.map(ObjectIdentifier.init))
        var received: [ObjectIdentifier: [UITouch]] = [:]
        for step in steps {
            let p = step.location
            let touch = UITouch()
            touch.window = self
            touch.timestamp = time
            touch.locationInWindow = p
            touch.previousLocationInWindow = p
            touch.phase = .began
            advanceAwaiting(to: time)
            let hit = hitTest(convert(p, from: nil), with: nil)
            touch.view = hit
            var recognizers: [UIGestureRecognizer] = []
            var v = hit
            while let view = v { recognizers += (view.gestureRecognizers ?? []).filter(\.isEnabled); v = view.superview }
            // One that already recognized and waits for a requirement's failure takes no new touch;
            // a multi-tap between taps takes it as its next tap; one that is done with this
            // gesture takes no more of its touches.
            recognizers.removeAll { $0.pendingState != nil || (!isNewGesture && known.contains(ObjectIdentifier($0)) && !isLive($0)) }
            let ids = Set(recognizers.map(ObjectIdentifier.init))
            awaitingRecognizers.removeAll { ids.contains(ObjectIdentifier($0)) }
            touch.gestureRecognizers = recognizers.isEmpty ? nil : recognizers
            for r in recognizers {
                let id = ObjectIdentifier(r)
                received[id, default: []].append(touch)
                if !known.contains(id) { known.insert(id); joining.append(r); joiningIDs.insert(id) }
            }
            fingerTouches[step.finger.rawValue] = touch
            made.append(touch)
        }
        if isNewGesture {
            touchRecognizers = joining
            viewTouchCancelled = false
        } else {
            touchRecognizers += joining
        }
        let event = UIEvent(timestamp: time, touches: Set(activeTouches))
        for r in touchRecognizers {
            guard let mine = received[ObjectIdentifier(r)] else { continue }
            // A new gesture replaces what a recognizer held (a multi-tap's last tap); a finger
            // joining adds to it.
            if isNewGesture || joiningIDs.contains(ObjectIdentifier(r)) { r.trackedTouches = mine } else { r.trackedTouches += mine }
            r.lastWindowLocation = r.trackedCentreInWindow
            r.touchesBegan(Set(mine), with: event)
        }
        if !viewTouchCancelled {
            for (view, touches) in byView(made) { view.touchesBegan(touches, with: event) }
        }
        cancelViewTouchIfClaimed(time: time)
    }

    private func moved(_ steps: [InputEvent.TouchStep], time: Double) {
        var moved: [UITouch] = []
        for step in steps {
            let p = step.location
            guard let touch = fingerTouches[step.finger.rawValue], p.x.isFinite, p.y.isFinite else { continue }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = p
            touch.timestamp = time
            touch.phase = .moved
            moved.append(touch)
        }
        guard !moved.isEmpty else { return }
        let event = UIEvent(timestamp: time, touches: Set(activeTouches))
        for r in touchRecognizers where isLive(r) {
            if excluded(r) { r.state = .failed; continue }
            let mine = moved.filter { t in r.trackedTouches.contains { $0 === t } }
            guard !mine.isEmpty else { continue }
            r.lastWindowLocation = r.trackedCentreInWindow
            r.touchesMoved(Set(mine), with: event)
        }
        cancelViewTouchIfClaimed(time: time)
        if !viewTouchCancelled {
            for (view, touches) in byView(moved) { view.touchesMoved(touches, with: event) }
        }
    }

    private func ended(_ steps: [InputEvent.TouchStep], time: Double) {
        var ending: [UITouch] = [], cancelled: Set<UITouch> = []
        for step in steps {
            guard let touch = fingerTouches[step.finger.rawValue], !ending.contains(where: { $0 === touch }) else { continue }
            let p = step.location
            if p.x.isFinite && p.y.isFinite {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = p
            }
            touch.timestamp = time
            touch.phase = step.phase == .cancel ? .cancelled : .ended
            if step.phase == .cancel { cancelled.insert(touch) }
            ending.append(touch)
        }
        guard !ending.isEmpty else { return }
        let event = UIEvent(timestamp: time, touches: Set(activeTouches))
        for r in touchRecognizers where isLive(r) {
            if excluded(r) { r.state = .failed; continue }
            let mine = ending.filter { t in r.trackedTouches.contains { $0 === t } }
            guard !mine.isEmpty else { continue }
            r.lastWindowLocation = r.trackedCentreInWindow
            let lifted = mine.filter { !cancelled.contains($0) }, taken = mine.filter { cancelled.contains($0) }
            if !lifted.isEmpty { r.touchesEnded(Set(lifted), with: event) }
            if !taken.isEmpty && isLive(r) { r.touchesCancelled(Set(taken), with: event) }
        }
        cancelViewTouchIfClaimed(time: time)
        if !viewTouchCancelled {
            for (view, touches) in byView(ending) {
                let lifted = touches.subtracting(cancelled), taken = touches.intersection(cancelled)
                if !lifted.isEmpty { view.touchesEnded(lifted, with: event) }
                if !taken.isEmpty { view.touchesCancelled(taken, with: event) }
            }
        }
        for (f, t) in fingerTouches.enumerated() where t.map({ t in ending.contains { $0 === t } }) == true { fingerTouches[f] = nil }
        // A recognizer keeps the last of its touches until it resets (its translation, location
        // and `numberOfTouches` in its `.ended` action are the gesture's last).
        for r in touchRecognizers {
            let left = r.trackedTouches.filter { t in !ending.contains { $0 === t } }
            if !left.isEmpty { r.trackedTouches = left }
        }
        guard activeTouches.isEmpty else { return }
        // What neither recognized nor waits for another touch has failed (releasing the
        // recognizers that require its failure); the rest waits on, with its time.
        for r in touchRecognizers where r.state == .possible && !r.isAwaiting { r.state = .failed }
        for r in touchRecognizers {
            if r.isAwaiting {
                awaitingRecognizers.append(r)
                continue
            }
            r.reset()
            r.state = .possible
        }
        touchRecognizers = []
        scheduleAwaitingWake()
    }

    /// The mean of the touches' window locations (UIKit's location of a multi-touch gesture).
    static func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for t in touches { x += t.locationInWindow.x; y += t.locationInWindow.y }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// True when another recognizer on this gesture has begun or recognized and the two may not
    /// share it: a recognizer still possible then fails (UIKit's default exclusivity).
    private func excluded(_ r: UIGestureRecognizer) -> Bool {
        r.state == .possible && touchRecognizers.contains { $0 !== r && $0.hasClaimedTouch && !r.recognizesSimultaneously(with: $0) }
    }

    /// A recognizer that claimed the gesture cancels the views' touches (once).
    func cancelViewTouchIfClaimed(time: Double) {
        let touches = activeTouches
        guard !touches.isEmpty, !viewTouchCancelled,
              touchRecognizers.contains(where: { $0.hasClaimedTouch && $0.cancelsTouchesInView }) else { return }
        viewTouchCancelled = true
        for t in touches { t.phase = .cancelled }
        let event = UIEvent(timestamp: time, touches: Set(touches))
        for (view, mine) in byView(touches) { view.touchesCancelled(mine, with: event) }
    }
}
