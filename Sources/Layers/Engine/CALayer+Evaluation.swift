import Foundation

extension CALayer {
    /// Evaluates this layer's animations at `t` (the layer's local time) in the order they were
    /// added, each on top of the value beneath it; starts and stops them and queues their delegate
    /// callbacks, which run after the whole tree has been evaluated.
    ///
    /// Each animation is compiled into an `AnimationTrack` on its first frame; the common basic
    /// animation then writes one field of `presented` without touching the animation object.
    ///
    /// - Parameters:
    ///   - timeRuns: false when this layer's time is frozen (a speed of 0 on it or an ancestor); a
    ///     frozen animation needs no further frames.
    ///   - memo: the frame's last eased value, shared down the tree, and its queue of writes.
    ///   - queues: the caller keeps this layer alive until it flushes `memo` (the walk's run of
    ///     siblings): a compiled track with a curve to solve may queue its write there
    ///     (`EasingMemo.queue`) instead of solving at once. Not when a track reads the value
    ///     beneath or the layer reads its animated values right after (`presentsAfterAnimations`);
    ///     a track writing a field a queued one writes is queued behind it, so the last one added
    ///     still wins.
    /// - Note: the list is taken out of the layer while it is evaluated (one exclusive access
    ///   instead of one per read); an animation added to this layer from inside an `apply`
    ///   (a subclass's `setPresentedValue`) is kept, after the others.
    func applyAnimations(atLayerTime t: Double, timeRuns: Bool, engine: CAEngine, memo: inout EasingMemo, queues: Bool) {
        var list = animationList
        animationList = []
        var written: LayerValues.Fields = []
        var needsFrame = false
        var finished: [Int] = []
        // Fields animated last frame still hold last frame's values. A track that reads the value
        // beneath it (the general path: additive, by-values, keyframes…) needs them restored first;
        // when every track only overwrites, restoring afterwards what no track wrote this frame
        // gives the same values without reading the model for fields written again.
        var stale = animatedFields
        var queued: LayerValues.Fields = []
        list.withUnsafeMutableBufferPointer { entries in
            var readsBeneath = stale.contains(.other)
            for i in entries.indices where !entries[i].track.program.overwrites { readsBeneath = true }
            if readsBeneath {
                restorePresented(stale)
                stale = []
            }
            let queues = queues && !readsBeneath && !presentsAfterAnimations
            for i in entries.indices {
                if entries[i].track.program == .pending {
                    guard entries[i].animation.resolvedBeginTime != nil else {
                        needsFrame = true // added after this frame's commit: it begins at the next one
                        continue
                    }
                    entries[i].track = AnimationTrack(entries[i].animation)
                }
                // A general track's apply needs the whole timing state; a compiled one only phase and progress.
                let phase: MediaTimingState.Phase
                if entries[i].track.program == .general {
                    let state = entries[i].track.timing.state(atParentTime: t)
                    phase = state.phase
                    if state.contributes {
                        entries[i].animation.apply(to: self, state: state)
                        written = .all
                    }
                } else {
                    let (p, progress) = entries[i].track.timing.progress(atParentTime: t)
                    phase = p
                    if let progress {
                        let fields = entries[i].track.fields
                        if queues && (!entries[i].track.curve.isIdentity || !queued.isDisjoint(with: fields)) {
                            memo.queue(entries[i].track, progress: progress, on: self)
                            queued.formUnion(fields)
                        } else {
                            entries[i].track.write(progress: progress, into: &presented, memo: &memo)
                        }
                        written.formUnion(fields)
                    }
                }
                if !entries[i].track.didStart && phase != .before {
                    entries[i].track.didStart = true
                    let a = entries[i].animation
                    if let d = a.delegate { engine.pendingCallbacks.append { d.animationDidStart(a) } }
                }
                switch phase {
                case .after:
                    let a = entries[i].animation
                    if !a.hasEnded {
                        end(a, finished: true)
                        if a.isRemovedOnCompletion { finished.append(i) }
                    }
                case .active, .before:
                    if timeRuns && entries[i].track.timing.speed != 0 { needsFrame = true }
                }
            }
        }
        for i in finished.reversed() { list.remove(at: i) }
        if !animationList.isEmpty { list.append(contentsOf: animationList) }
        // Moved back, not copied: a copy retained the list's buffer and released it after the
        // restore below, two atomic operations per layer (and the barrier each one is) that took
        // about a quarter of the staggered evaluation's CPU time in perf.
        animationList = consume list
        restorePresented(stale.subtracting(written))
        animatedFields = written
        if needsFrame { engine.requestFrame() }
    }
}

extension CAAnimation: CAMediaTiming {}
