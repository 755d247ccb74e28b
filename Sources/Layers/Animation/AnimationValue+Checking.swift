import Foundation
import Raster

/// Apple's `Any` values of an animation checked against its key path once, when they are boxed.
///
/// Core Animation answers a value it cannot use with an animation that silently does nothing (or
/// garbage). Flipbook leaves such a value out and says so in one line through `CAEngine.report`:
/// a value that is no animatable type, a value of another kind than the key path takes (an
/// `NSValue(cgSize:)` for `position`), and a number that is NaN or infinite (inside a point, a
/// rectangle or a transform too). "Left out" means what Apple's documentation says of a missing
/// value: a missing `toValue` is the model value, a missing keyframe is skipped.
/// Two coercions are made instead of refusing (Apple does not document either; both keep what the
/// code meant): an affine transform for a 3D transform key becomes the 3D transform, and a number
/// for a Boolean key is true when it is not 0.
extension AnimationValue {
    /// The kind of layer property this value fits, or `.unknown` for boxed types no key takes.
    var kind: AnimationValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform, .affineTransform: return .transform
        case .bool: return .bool
        case .numbers: return .numbers
        case .other(let o):
            if o.value(as: CGColor.self) != nil { return .color }
            if o.value(as: [CGColor].self) != nil { return .colors }
            if o.value(as: Raster.Path.self) != nil { return .path }
            if o.value(as: LayerContents.self) != nil { return .contents }
            return .unknown
        }
    }

    /// False when a number inside is NaN or infinite.
    var isFinite: Bool {
        func ok(_ v: CGFloat...) -> Bool { v.allSatisfy(\.isFinite) }
        switch self {
        case .number(let n): return n.isFinite
        case .point(let p): return ok(p.x, p.y)
        case .size(let s): return ok(s.width, s.height)
        case .rect(let r): return ok(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .transform(let t):
            return ok(t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
        case .affineTransform(let t): return ok(t.a, t.b, t.c, t.d, t.tx, t.ty)
        case .bool: return true
        case .numbers(let ns): return ns.allSatisfy(\.isFinite)
        case .other: return true
        }
    }

    /// This value as a property of `kind` takes it (itself, or one of the two coercions above), or
    /// nil when it does not fit. `.unknown` (a custom key) takes anything.
    func conformed(to kind: AnimationValueKind) -> AnimationValue? {
        if kind == .unknown { return self }
        switch (self, kind) {
        case let (.affineTransform(t), .transform): return .transform(CATransform3DMakeAffineTransform(t))
        case let (.number(n), .bool): return .bool(n != 0)
        default: return self.kind == kind ? self : nil
        }
    }

    /// Boxes and checks one value given to an animation of a key of `kind`: the value, or nil and a
    /// sentence saying why it is left out.
    static func checked(_ raw: Any, for kind: AnimationValueKind) -> (AnimationValue?, problem: String?) {
        guard let boxed = boxing(raw) else { return (nil, "is \(describe(raw)), which does not animate") }
        guard boxed.isFinite else { return (nil, "holds a number that is not finite (\(boxed))") }
        guard let fitted = boxed.conformed(to: kind) else { return (nil, "is \(describe(raw)), not \(kind.noun)") }
        return (fitted, nil)
    }

    /// The given value in words for a report.
    static func describe(_ raw: Any) -> String {
        if let v = raw as? NSValue, !(raw is NSNumber) { return v.heldKindDescription }
        return "a \(type(of: raw))"
    }
}

extension AnimationValueKind {
    /// The kind in words, with its article ("a point").
    var noun: String {
        switch self {
        case .number: return "a number"
        case .point: return "a point"
        case .size: return "a size"
        case .rect: return "a rectangle"
        case .transform: return "a transform"
        case .bool: return "a Boolean"
        case .color: return "a colour"
        case .path: return "a path"
        case .colors: return "an array of colours"
        case .numbers: return "an array of numbers"
        case .contents: return "an image (CGImage)"
        case .unknown: return "any value"
        }
    }
}

/// The problems found while boxing an animation's values, reported once as one line.
struct AnimationValueProblems {
    private(set) var sentences: [String] = []
    private var reported = false

    mutating func note(_ what: String, _ problem: String?) {
        if let problem { sentences.append("\(what) \(problem)") }
    }

    /// One line through `CAEngine.report` the first time it is called with something to say.
    mutating func reportOnce(_ animation: CAPropertyAnimation, on layer: CALayer) {
        guard !reported, let first = sentences.first else { return }
        reported = true
        let more = sentences.count > 1 ? " (and \(sentences.count - 1) more)" : ""
        CAEngine.current.report("\(type(of: animation)) '\(animation.keyPath ?? "")' on \(layer.debugName): \(first)\(more)")
    }
}
