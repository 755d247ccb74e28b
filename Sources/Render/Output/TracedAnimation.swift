import Foundation
import Layers

/// An animation on a named layer as a trace records it: where it runs, on which key path, when
/// (in media time, the trace's `t`) and through which curve. What `flipbook report` marks on its
/// plots.
public struct TracedAnimation: Equatable, Sendable {
    /// The layer's name.
    public var layer: String
    /// The key it was added under (`add(_:forKey:)`; UIKit's implicit animations use the key path).
    public var key: String
    /// A property animation's key path (`position`, `transform.rotation.z`); nil for a transition
    /// or a group.
    public var keyPath: String?
    /// The animation's class (`CABasicAnimation`, `CASpringAnimation`, …).
    public var kind: String
    /// The curve, by name: a predefined timing function's name (`easeInEaseOut`, `linear`, …),
    /// `cubic-bezier(x1, y1, x2, y2)` for another, `spring(mass …, stiffness …, damping …,
    /// initialVelocity …)`, or `driven` for a property animator's animation, whose curve its
    /// animator keeps; a group's member adds the group's curve (`linear in a group's easeOut`).
    public var timing: String
    /// When its active interval starts, in media time.
    public var begin: Double
    /// When its active interval ends, in media time; nil when it never ends by itself (repeats for
    /// ever, or a property animator's, whose time stands still).
    public var end: Double?
}

extension TracedAnimation {
    /// The committed animations of every named layer, in the trace's tree order (a layer, its mask,
    /// then its sublayers) and each layer's order of adding, with the animation object (a trace
    /// tells a new animation from one it saw by identity). One not yet committed (no begin time)
    /// is left out until its frame's commit. A group is traced as its property animations, each
    /// under the group's key with the group's span and its own key path and curve, so the plots of
    /// what it animates are marked. Read through what the inspector reads (`inspectedAnimations`),
    /// so the engine's state is not touched.
    /// - Complexity: O(layers + animations).
    public static func all(in root: CALayer) -> [(animation: CAAnimation, traced: [TracedAnimation])] {
        var out: [(animation: CAAnimation, traced: [TracedAnimation])] = []
        var stack = [root]
        while let l = stack.popLast() {
            if let name = l.name {
                for entry in l.inspectedAnimations {
                    let t = traced(entry.animation, key: entry.key, on: l, named: name)
                    if !t.isEmpty { out.append((entry.animation, t)) }
                }
            }
            if let subs = l.sublayers { stack += subs.reversed() }
            if let m = l.mask { stack.append(m) }
        }
        return out
    }

    static func traced(_ a: CAAnimation, key: String, on layer: CALayer, named name: String) -> [TracedAnimation] {
        guard let localBegin = a.committedBeginTime else { return [] }
        let t = a.committedTiming
        let speed = abs(t.speed)
        // The active interval in the layer's time (as the inspector draws it), then in media time.
        let active = speed > 0 ? t.activeDuration / speed : .infinity
        let begin = layer.mediaTime(fromLocal: localBegin)
        let end = (localBegin + active).isFinite ? layer.mediaTime(fromLocal: localBegin + active) : nil
        guard begin.isFinite else { return [] }
        let span = (begin: begin, end: end.flatMap { $0.isFinite ? $0 : nil })
        if let group = a as? CAAnimationGroup {
            // Decided: the group's span for each member (members' own begin times inside the group
            // are left out); their key paths are their own, and so their curves, after the
            // group's own curve, which eases the time they run on.
            let outer = timingName(group)
            return (group.animations ?? []).compactMap { $0 as? CAPropertyAnimation }.map {
                TracedAnimation(layer: name, key: key, keyPath: $0.keyPath, kind: "\(type(of: $0)) in CAAnimationGroup",
                                timing: outer == "linear" ? timingName($0) : "\(timingName($0)) in a group's \(outer)",
                                begin: span.begin, end: span.end)
            }
        }
        return [TracedAnimation(layer: name, key: key, keyPath: (a as? CAPropertyAnimation)?.keyPath,
                                kind: "\(type(of: a))", timing: timingName(a), begin: span.begin, end: span.end)]
    }

    /// The curve's name (see `TracedAnimation.timing`).
    static func timingName(_ a: CAAnimation) -> String {
        if a is DrivenPropertyAnimation { return "driven" }
        switch a.progressCurve {
        case .spring:
            guard let s = a as? CASpringAnimation else { return "spring" }
            return "spring(mass \(number(s.mass)), stiffness \(number(s.stiffness)), damping \(number(s.damping)), initialVelocity \(number(s.initialVelocity)))"
        case .bezier(let c):
            var name = curveName(c)
            if let k = a as? CAKeyframeAnimation, let fs = k.timingFunctions, !fs.isEmpty {
                // Per-segment curves: the keyframe's own, in order.
                name = "keyframes(" + fs.map { curveName($0.curve) }.joined(separator: ", ") + ")"
            }
            return name
        }
    }

    /// A predefined curve's name (Apple's `CAMediaTimingFunctionName`), else its control points.
    static func curveName(_ c: CubicBezier) -> String {
        let named: [(CubicBezier, CAMediaTimingFunctionName)] = [(.linear, .linear), (.easeIn, .easeIn), (.easeOut, .easeOut),
                                                                 (.easeInEaseOut, .easeInEaseOut), (.default, .default)]
        if let n = named.first(where: { $0.0 == c }) { return n.1.rawValue }
        if c.isIdentity { return CAMediaTimingFunctionName.linear.rawValue }
        return "cubic-bezier(\(number(c.x1)), \(number(c.y1)), \(number(c.x2)), \(number(c.y2)))"
    }

    private static func number<T: BinaryFloatingPoint>(_ v: T) -> String {
        let d = Double(v)
        return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }
}
