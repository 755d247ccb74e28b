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
    /// The field a `.scalar` or `.point` program writes (unused by the others).
    private(set) var field = DirectField.unused
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
            guard f.isFinite, t.isFinite, let field = DirectField(key), field.isScalar else { return } // NaN: the general path reports it
            (program, self.field, self.from.x, self.to.x) = (.scalar, field, CGFloat(f), CGFloat(t))
        case let (.point(f), .point(t)):
            guard from.isFinite, to.isFinite, let field = DirectField(key), !field.isScalar else { return }
            (program, self.field, self.from, self.to) = (.point, field, f, t)
        default:
            return
        }
        guard case .bezier(let c) = a.progressCurve else { program = .general; return }
        curve = c
    }

    /// The fields of `LayerValues` the program writes.
    var fields: LayerValues.Fields {
        switch program {
        case .scalar, .point: return field.fields
        case .general, .pending: return .all
        }
    }

    /// Writes the value at timing progress `p` (0…1) into `values`; only for `.scalar` and `.point`.
    @inline(__always) func write(progress p: Double, into values: inout LayerValues, memo: inout EasingMemo) {
        let f = curve.isIdentity ? p : memo.value(curve, at: p)
        Self.write(eased: f, isPoint: program == .point, field: field, from: from, to: to, into: &values)
    }

    /// Writes a `.scalar` (`isPoint` false) or `.point` program's value at eased progress `f`: the
    /// one formula of both, for a write made at once and one queued (`EasingMemo.queue`).
    @inline(__always) static func write(eased f: Double, isPoint: Bool, field: DirectField, from: CGPoint, to: CGPoint,
                                        into values: inout LayerValues) {
        if !isPoint {
            field.write(Double(from.x) + Double(to.x - from.x) * f, into: &values)
        } else {
            let t = CGFloat(f)
            field.write(CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t), into: &values)
        }
    }
}

/// A scalar or point of `LayerValues` a track writes directly: the bytes a property row's key path
/// names (`LayerProperty.offset`), or a part of them (`position.x` inside `position`). Plain values,
/// so a track stays raw memory; any stored `Float`, `CGFloat`, `Double` or `CGPoint` row (or a
/// number or point part of one) gets a direct write without code of its own.
struct DirectField {
    /// How the bytes are stored.
    enum Storage: UInt8 {
        /// A `Float`.
        case float32
        /// A `CGFloat` or `Double`.
        case float64
        /// A `CGPoint`.
        case point
    }

    /// Where the bytes sit in `LayerValues`.
    let offset: UInt16
    let storage: Storage
    /// The row's place in the property table (its bit in `LayerValues.Fields`).
    let bit: UInt8

    /// The field of a track whose program writes none.
    static let unused = DirectField(offset: 0, storage: .float64, bit: 0)
    private init(offset: UInt16, storage: Storage, bit: UInt8) { (self.offset, self.storage, self.bit) = (offset, storage, bit) }

    /// The field `key` writes, or nil when a basic animation of `key` takes the general path.
    init?(_ key: AnimationKeyPath) {
        let whole = key.property
        guard let index = LayerProperty.index(of: whole), let base = LayerProperty.all[index].offset,
              let (part, storage) = key == whole ? LayerProperty.all[index].storage.map({ (0, $0) }) : key.directPart,
              let o = UInt16(exactly: base + part) else { return nil }
        (self.offset, self.storage, bit) = (o, storage, UInt8(index))
    }

    /// The fields of `LayerValues` a write touches (restored from the model next frame).
    var fields: LayerValues.Fields { LayerValues.Fields(rawValue: 1 << UInt64(bit)) }

    /// True for a scalar field, false for a point.
    var isScalar: Bool { storage != .point }

    @inline(__always) func write(_ v: Double, into values: inout LayerValues) {
        withUnsafeMutableBytes(of: &values) { raw in
            if storage == .float32 {
                raw.storeBytes(of: Float(v), toByteOffset: Int(offset), as: Float.self)
            } else {
                raw.storeBytes(of: CGFloat(v), toByteOffset: Int(offset), as: CGFloat.self)
            }
        }
    }

    @inline(__always) func write(_ p: CGPoint, into values: inout LayerValues) {
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: p, toByteOffset: Int(offset), as: CGPoint.self) }
    }
}
