import Foundation

/// A single-keyframe animation from one value to another (`CABasicAnimation`).
///
/// Any of `fromValue`, `toValue` and `byValue` may be set; the missing end comes from the layer's
/// model value, per the table in Apple's header.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value at the start; nil means the presentation value when the animation begins. Default: nil.
    public var fromValue: Any? { didSet { boxed = nil } }
    /// The value at the end; nil means the model value. Default: nil.
    public var toValue: Any? { didSet { boxed = nil } }
    /// The change over the animation, added to `fromValue` (or the current value). Default: nil.
    public var byValue: Any? { didSet { boxed = nil } }
    /// True for the animations Core Animation makes for implicit actions (their start is filled in).
    var isImplicit = false
    /// from/to/by looked at once (Apple's `Any` → typed values), on first evaluation.
    private var boxed: BasicAnimationValues<AnimationValue>?
    /// Values left out when they were boxed (another kind than the key takes, not finite, not animatable).
    private var problems = AnimationValueProblems()

    public override init() { super.init() }
    /// A copy of `other`.
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CABasicAnimation { fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue }
    }

    var values: BasicAnimationValues<AnimationValue> {
        if let boxed { return boxed }
        let kind = parsedKeyPath?.valueKind ?? .unknown
        var found = AnimationValueProblems()
        func check(_ raw: Any?, _ name: String) -> AnimationValue? {
            guard let raw else { return nil }
            let (v, problem) = AnimationValue.checked(raw, for: kind)
            found.note(name, problem.map { "\($0): ignored, as if not given" })
            return v
        }
        let v = BasicAnimationValues<AnimationValue>(
            fromValue: check(fromValue, "fromValue"), toValue: check(toValue, "toValue"),
            byValue: check(byValue, "byValue"), isAdditive: isAdditive, isCumulative: isCumulative)
        boxed = v
        problems = found
        return v
    }

    /// The general path (boxed values, any key); the engine evaluates the common case as an
    /// `AnimationTrack` program instead, with the same numbers.
    override func apply(to layer: CALayer, state: MediaTimingState) {
        guard let key = parsedKeyPath else { return }
        let vals = values
        problems.reportOnce(self, on: layer)
        guard let current = layer.presentedValue(for: key) ?? vals.fromValue ?? vals.toValue,
              let v = vals.value(for: state, curve: progressCurve, current: current) else { return }
        layer.setPresentedValue(v, for: key)
    }
}
