import Foundation

/// A fraction of a motion that its owner sets and the animations sharing it read when the frame is
/// evaluated: how a property animator moves every property its blocks changed at once.
///
/// Why a shared cell instead of per-animation time offsets: the owner (a `UIViewPropertyAnimator`)
/// has its own state machine — pause, scrub, reverse, continue at a new speed or with a spring,
/// blocks that start later — and computes where each block is once per frame, at the frame's media
/// time, in the display-link phase (before commit and animate). The animations then read that one
/// number; scrubbing writes it and never touches the animations or re-runs a block.
public final class AnimationProgress {
    /// The fraction of the motion (0 = from, 1 = to; a spring may overshoot). Default: 0.
    public var fraction: Double
    /// A progress cell at `fraction`. Default: 0.
    public init(fraction: Double = 0) { self.fraction = fraction }
}

/// An additive animation of one key path from `from` to `to` at the fraction an `AnimationProgress`
/// holds: on top of the value beneath it, it adds the difference between the interpolated value and
/// `to` (the model value it was made for).
///
/// Several of them on one key add up, so a second animator that retargets a property mid-flight
/// starts exactly where the first one has the layer (UIKit's additive animations since iOS 8), and
/// one alone shows `from…to` exactly. It never ends by itself (speed 0: its time stands still and it
/// asks for no frames); its owner removes it.
public final class DrivenPropertyAnimation: CAPropertyAnimation {
    /// The values the animation moves between at fractions 0 and 1.
    public private(set) var from: AnimationValue = .number(0), to: AnimationValue = .number(0)
    /// The cell the owner writes the fraction into; every animation sharing it moves together.
    public private(set) var progress = AnimationProgress()

    /// An additive, never-ending animation of `keyPath` from `from` to `to` that reads its fraction
    /// from `progress` (speed 0, fill mode both, not removed on completion).
    public init(keyPath: String, from: AnimationValue, to: AnimationValue, progress: AnimationProgress) {
        super.init()
        self.keyPath = keyPath
        self.from = from; self.to = to; self.progress = progress
        isAdditive = true
        speed = 0
        duration = 1
        fillMode = .both
        isRemovedOnCompletion = false
    }

    /// Copies the key path, the ends and the shared progress cell (not the cell's value).
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAPropertyAnimation { keyPath = o.keyPath; isAdditive = o.isAdditive }
        if let o = other as? DrivenPropertyAnimation { from = o.from; to = o.to; progress = o.progress }
    }

    /// The value this animation adds to the one beneath it at `fraction`.
    public func offset(at fraction: Double) -> AnimationValue {
        from.interpolated(to: to, fraction: fraction).additiveDelta(over: to)
    }

    override func apply(to layer: CALayer, state: MediaTimingState) {
        guard let key = parsedKeyPath, let current = layer.presentedValue(for: key) else { return }
        let f = progress.fraction
        layer.setPresentedValue(current.adding(offset(at: f.isFinite ? f : 1)), for: key)
    }
}

extension AnimationValue {
    /// The value `d` with `base.adding(d) == self`: a plain difference for numbers, points, sizes,
    /// rects and colours; for transforms, which add by concatenation, `self` followed by the
    /// inverse of `base`.
    public func additiveDelta(over base: AnimationValue) -> AnimationValue {
        switch (self, base) {
        case let (.transform(a), .transform(b)): return .transform(CATransform3DConcat(a, CATransform3DInvert(b)))
        case let (.affineTransform(a), .affineTransform(b)): return .affineTransform(a.concatenating(b.inverted()))
        default: return subtracting(base)
        }
    }
}
