import Foundation
import Raster

/// An animation through a sequence of values or along a path (`CAKeyframeAnimation`).
///
/// `values` (or the points of `path`) are reached at `keyTimes` (fractions of the duration; evenly
/// spaced when nil), with one timing function per segment and the calculation mode's rule between
/// them. Defaults: calculationMode `.linear`, no rotation.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values passed through, in order (used when `path` is nil). Default: nil.
    public var values: [Any]? { didSet { boxed = nil } }
    /// A path the point value follows (for `position` and other point keys); overrides `values`.
    public var path: CGPath? { didSet { boxed = nil } }
    /// When each value is reached, as fractions 0…1 of the duration, one per value; nil spaces
    /// them evenly (by the calculation mode). Default: nil.
    public var keyTimes: [NSNumber]? { didSet { boxed = nil } }
    /// The easing of each segment between values (one fewer than the values). Default: nil (linear).
    public var timingFunctions: [CAMediaTimingFunction]? { didSet { boxed = nil } }
    /// How values in between are found: linear, discrete, paced, cubic or cubic paced. Default: `.linear`.
    public var calculationMode: CAAnimationCalculationMode = .linear { didSet { boxed = nil } }
    /// Per-keyframe tension of cubic (Kochanek–Bartels) segments. Default: nil (0).
    public var tensionValues: [NSNumber]? { didSet { boxed = nil } }
    /// Per-keyframe continuity of cubic segments. Default: nil (0).
    public var continuityValues: [NSNumber]? { didSet { boxed = nil } }
    /// Per-keyframe bias of cubic segments. Default: nil (0).
    public var biasValues: [NSNumber]? { didSet { boxed = nil } }
    /// `.rotateAuto` turns the layer along the path's tangent. Default: nil.
    public var rotationMode: CAAnimationRotationMode?
    private var boxed: KeyframeAnimationValues<AnimationValue>?
    /// Values left out when they were boxed, and path keyframes that cannot morph.
    private var problems = AnimationValueProblems()

    public override init() { super.init() }
    /// A copy of `other`.
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAKeyframeAnimation {
            values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode; tensionValues = o.tensionValues
            continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
        }
    }

    var keyframes: KeyframeAnimationValues<AnimationValue> {
        if let boxed { return boxed }
        var vals: [AnimationValue]
        if let path {
            // A path's vertices (on the curve, not balanced for filling) become the keyframes; paced along its length unless key times are given.
            vals = path.path.flattened(transform: .identity, tolerance: 0.05, onCurve: true).points.map { .point(CGPoint(x: $0.x, y: $0.y)) }
        } else {
            let kind = parsedKeyPath?.valueKind ?? .unknown
            var found = AnimationValueProblems()
            vals = (values ?? []).enumerated().compactMap { i, raw in
                let (v, problem) = AnimationValue.checked(raw, for: kind)
                found.note("values[\(i)]", problem.map { "\($0): left out" })
                return v
            }
            // Paths morph only between paths of the same elements (Core Animation's rule); others
            // switch halfway (`Raster.Path.interpolated`), which is said once.
            let counts = vals.map { $0.other(as: Raster.Path.self)?.elements.count }
            if let i = counts.indices.dropLast().first(where: { counts[$0] != nil && counts[$0 + 1] != nil && counts[$0] != counts[$0 + 1] }) {
                found.note("values[\(i)] and values[\(i + 1)]",
                           "have \(counts[i]!) and \(counts[i + 1]!) path elements, so they switch halfway instead of morphing")
            }
            problems = found
        }
        let mode: CAAnimationCalculationMode = path != nil && keyTimes == nil && calculationMode == .linear ? .paced : calculationMode
        let k = KeyframeAnimationValues<AnimationValue>(
            values: vals, keyTimes: keyTimes?.map(\.doubleValue), timingFunctions: timingFunctions, calculationMode: mode,
            tensionValues: tensionValues?.map(\.doubleValue), continuityValues: continuityValues?.map(\.doubleValue),
            biasValues: biasValues?.map(\.doubleValue), isAdditive: isAdditive, isCumulative: isCumulative)
        boxed = k
        return k
    }

    override func apply(to layer: CALayer, state: MediaTimingState) {
        guard let key = parsedKeyPath else { return }
        let k = keyframes
        problems.reportOnce(self, on: layer)
        guard let current = layer.presentedValue(for: key) ?? k.values.first,
              let v = k.value(for: state, curve: progressCurve, current: current) else { return }
        layer.setPresentedValue(v, for: key)
        if rotationMode != nil, case .point = v, let progress = state.progress {
            // The tangent from a nearby sample; rotateAutoReverse turns it by π.
            let dt = 1e-3
            var s2 = state
            s2.progress = min(1, progress + dt)
            var s1 = state
            s1.progress = max(0, progress - dt)
            if case .point(let a)? = k.value(for: s1, curve: progressCurve, current: current),
               case .point(let b)? = k.value(for: s2, curve: progressCurve, current: current), a != b {
                var angle = atan2(b.y - a.y, b.x - a.x)
                if rotationMode == .rotateAutoReverse { angle += .pi }
                layer.setPresentedValue(.number(Double(angle)), for: .transform(.rotationZ))
            }
        }
    }
}

/// How a keyframe animation along a path turns the layer (`CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string: `"auto"` or `"autoReverse"`.
    public let rawValue: String
    /// A mode from Core Animation's string; any mode but `.rotateAutoReverse` turns the layer as `.rotateAuto` does.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turns the layer to follow the path's direction.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turns the layer to follow the path's direction, plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Several animations run together in the group's time (`CAAnimationGroup`).
///
/// Children live in the group's local time (their beginTime is an offset from the group's start)
/// and are cut at the group's duration. The group's timing function paces that time, so children
/// see eased time. A child with duration 0 takes the group's duration.
open class CAAnimationGroup: CAAnimation {
    /// The animations played together, each in the group's time (cut off at the group's duration).
    public var animations: [CAAnimation]?

    public override init() { super.init() }
    /// Copies the group and its child animations (each child copied, as `addedCopy` does when added).
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAAnimationGroup { animations = o.animations?.map { $0.addedCopy() } }
    }

    /// True when a group in this tree of animations contains itself, directly or through others
    /// (copying or evaluating it would never end).
    /// - Complexity: O(animations reachable), each group expanded once (an explicit-stack search).
    var containsCycle: Bool {
        var done: Set<ObjectIdentifier> = [], onPath: Set<ObjectIdentifier> = []
        // (group, children still to look at); a group is on the path while it is on the stack.
        var stack: [(CAAnimationGroup, ArraySlice<CAAnimation>)] = [(self, (animations ?? [])[...])]
        onPath.insert(ObjectIdentifier(self))
        while let (g, rest) = stack.popLast() {
            guard let child = rest.first else {
                onPath.remove(ObjectIdentifier(g)); done.insert(ObjectIdentifier(g)); continue
            }
            stack.append((g, rest.dropFirst()))
            guard let sub = child as? CAAnimationGroup else { continue }
            let id = ObjectIdentifier(sub)
            if onPath.contains(id) { return true }
            if done.contains(id) { continue }
            onPath.insert(id)
            stack.append((sub, (sub.animations ?? [])[...]))
        }
        return false
    }

    override func apply(to layer: CALayer, state: MediaTimingState) {
        guard let eased = progressCurve.fraction(for: state) else { return }
        let local = eased * state.iterationDuration
        for child in animations ?? [] {
            let childState = child.timingState(atParentTime: local, defaultDuration: state.iterationDuration)
            if childState.contributes { child.apply(to: layer, state: childState) }
        }
    }
}

/// A basic animation driven by a damped spring instead of a curve (`CASpringAnimation`).
///
/// The value follows the closed-form damped harmonic oscillator from `fromValue` to `toValue`;
/// overdamped springs are treated as critically damped unless `allowsOverdamping`. Set `duration`
/// to `settlingDuration` to see the whole motion, as Apple suggests. Defaults: mass 1, stiffness
/// 100, damping 10, initialVelocity 0.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring. Default: 1.
    public var mass: CGFloat = 1
    /// The spring's stiffness. Default: 100.
    public var stiffness: CGFloat = 100
    /// The damping of the motion. Default: 10.
    public var damping: CGFloat = 10
    /// The starting velocity, in units of the whole change per second. Default: 0.
    public var initialVelocity: CGFloat = 0
    /// When false, damping above critical is treated as critical. Default: false.
    public var allowsOverdamping = false

    public override init() { super.init() }
    /// Copies the animation and its spring parameters (used by `copy()`).
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CASpringAnimation {
            mass = o.mass; stiffness = o.stiffness; damping = o.damping
            initialVelocity = o.initialVelocity; allowsOverdamping = o.allowsOverdamping
        }
    }

    var solution: SpringSolution {
        SpringSolution(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                       initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// The time the spring needs to come to rest (see `SpringSolution.settlingDuration`).
    public var settlingDuration: CFTimeInterval { solution.settlingDuration }

    /// The spring: `CABasicAnimation`'s evaluation samples through it instead of a timing function.
    public override var progressCurve: ProgressCurve { .spring(solution) }
}
