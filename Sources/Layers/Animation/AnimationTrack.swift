import Foundation

/// An added animation compiled for the animate phase: its timing resolved to constants and, for the
/// common basic animation, its value program as plain numbers and a field to write.
///
/// Why: evaluating thousands of layers is dominated by pointer chasing, reference counting and
/// boxed values, not arithmetic. A track lives inline in its layer's animation list, so a frame
/// reads one contiguous array per layer and touches the animation object only to start, stop or
/// take the general path. The common case — `CABasicAnimation` (not a subclass) with both ends
/// given, not additive or cumulative, on a scalar or point property of `LayerValues` — becomes a
/// `.scalar` or `.point` program; everything else (keyframes, groups, springs, transitions, colors,
/// transforms, custom keys, content keys) keeps `.general`, which calls the animation's own `apply`.
/// Both give the same numbers (`BasicFastPathTests` in Tests/LayersTests/CATransactionTests.swift).
struct AnimationTrack {
    /// What evaluating the track does.
    enum Program: UInt8 {
        /// Not compiled yet: the animation's transaction has not committed.
        case pending
        /// Writes `scalar` at `from.x + (to.x − from.x)·eased`.
        case scalar
        /// Writes `point` at `from + (to − from)·eased`.
        case point
        /// Calls the animation's own `apply(to:state:)`.
        case general

        /// True when the program writes its value without reading the one beneath.
        var overwrites: Bool { self == .scalar || self == .point }
    }

    // Plain values only (no references or payload enums): a track is read as raw memory. Fields
    // are in the order evaluation reads them, the one-byte ones first, so they pack.
    private(set) var program = Program.pending
    private(set) var scalar = ScalarField.opacity, point = PointField.position
    /// Set by the engine once the delegate heard `animationDidStart`.
    var didStart = false
    private(set) var timing = ResolvedMediaTiming(MediaTiming(), defaultDuration: 0)
    private(set) var from = CGPoint.zero, to = CGPoint.zero
    /// The timing function's curve; a nil function is the linear curve, as in Core Animation.
    private(set) var curve = CubicBezier.linear

    /// A track waiting for its animation's transaction to commit.
    static let pending = AnimationTrack()
    private init() {}

    /// Compiles `animation`, whose transaction has committed (its begin time and duration are resolved).
    init(_ animation: CAAnimation) {
        timing = animation.resolvedTiming
        program = .general
        guard let a = animation as? CABasicAnimation, type(of: a) == CABasicAnimation.self,
              !a.isAdditive, !a.isCumulative, a.byValue == nil, let key = a.parsedKeyPath,
              let from = a.fromValue.flatMap(AnimationValue.boxing), let to = a.toValue.flatMap(AnimationValue.boxing)
        else { return }
        switch (from, to) {
        case let (.number(f), .number(t)):
            guard f.isFinite, t.isFinite, let field = ScalarField(key) else { return } // NaN: the general path reports it
            (program, scalar, self.from.x, self.to.x) = (.scalar, field, CGFloat(f), CGFloat(t))
        case let (.point(f), .point(t)):
            guard from.isFinite, to.isFinite, let field = PointField(key) else { return }
            (program, point, self.from, self.to) = (.point, field, f, t)
        default:
            return
        }
        guard case .bezier(let c) = a.progressCurve else { program = .general; return }
        curve = c
    }

    /// The fields of `LayerValues` the program writes.
    var fields: LayerValues.Fields {
        switch program {
        case .scalar: return scalar.fields
        case .point: return point.fields
        case .general, .pending: return .all
        }
    }

    /// Writes the value at timing progress `p` (0…1) into `values`; only for `.scalar` and `.point`.
    @inline(__always) func write(progress p: Double, into values: inout LayerValues, memo: inout EasingMemo) {
        let f = curve.isIdentity ? p : memo.value(curve, at: p)
        if program == .scalar {
            scalar.write(Double(from.x) + Double(to.x - from.x) * f, into: &values)
        } else {
            let t = CGFloat(f)
            point.write(CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t), into: &values)
        }
    }
}

/// A scalar field of `LayerValues` a track writes directly.
enum ScalarField: UInt8 {
    case opacity, positionX, positionY, zPosition, cornerRadius, borderWidth, shadowOpacity, shadowRadius
    case boundsWidth, boundsHeight

    init?(_ key: AnimationKeyPath) {
        switch key {
        case .opacity: self = .opacity
        case .positionX: self = .positionX
        case .positionY: self = .positionY
        case .zPosition: self = .zPosition
        case .cornerRadius: self = .cornerRadius
        case .borderWidth: self = .borderWidth
        case .shadowOpacity: self = .shadowOpacity
        case .shadowRadius: self = .shadowRadius
        case .boundsSizeWidth: self = .boundsWidth
        case .boundsSizeHeight: self = .boundsHeight
        default: return nil
        }
    }

    /// The fields of `LayerValues` a write touches (restored from the model next frame).
    var fields: LayerValues.Fields {
        switch self {
        case .opacity: return .opacity
        case .positionX, .positionY: return .position
        case .zPosition: return .zPosition
        case .cornerRadius: return .cornerRadius
        case .borderWidth: return .borderWidth
        case .shadowOpacity: return .shadowOpacity
        case .shadowRadius: return .shadowRadius
        case .boundsWidth, .boundsHeight: return .bounds
        }
    }

    @inline(__always) func write(_ v: Double, into values: inout LayerValues) {
        switch self {
        case .opacity: values.opacity = Float(v)
        case .positionX: values.position.x = CGFloat(v)
        case .positionY: values.position.y = CGFloat(v)
        case .zPosition: values.zPosition = CGFloat(v)
        case .cornerRadius: values.cornerRadius = CGFloat(v)
        case .borderWidth: values.borderWidth = CGFloat(v)
        case .shadowOpacity: values.shadowOpacity = Float(v)
        case .shadowRadius: values.shadowRadius = CGFloat(v)
        case .boundsWidth: values.bounds.size.width = CGFloat(v)
        case .boundsHeight: values.bounds.size.height = CGFloat(v)
        }
    }
}

/// A point field of `LayerValues` a track writes directly.
enum PointField: UInt8 {
    case position, anchorPoint, boundsOrigin

    init?(_ key: AnimationKeyPath) {
        switch key {
        case .position: self = .position
        case .anchorPoint: self = .anchorPoint
        case .boundsOrigin: self = .boundsOrigin
        default: return nil
        }
    }

    /// The fields of `LayerValues` a write touches (restored from the model next frame).
    var fields: LayerValues.Fields {
        switch self {
        case .position: return .position
        case .anchorPoint: return .anchorPoint
        case .boundsOrigin: return .bounds
        }
    }

    @inline(__always) func write(_ p: CGPoint, into values: inout LayerValues) {
        switch self {
        case .position: values.position = p
        case .anchorPoint: values.anchorPoint = p
        case .boundsOrigin: values.bounds.origin = p
        }
    }
}

/// The last eased value solved in this animate phase. Animations begun together (one
/// `UIView.animate` block over many views, one transaction) share curve and progress every frame,
/// so the solve is done once for all of them; any other input is solved as usual. Exact: the same
/// inputs give the same output, so the memo never changes a value.
struct EasingMemo {
    private var curve = CubicBezier.linear, x = Double.nan, y = 0.0

    @inline(__always) mutating func value(_ c: CubicBezier, at p: Double) -> Double {
        if p == x && c == curve { return y }
        let v = c.value(at: p)
        (curve, x, y) = (c, p, v)
        return v
    }
}
