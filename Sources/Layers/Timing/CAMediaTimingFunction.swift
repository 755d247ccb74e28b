import Foundation

/// The names of Core Animation's predefined timing functions (Apple's `CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The timing function's name, Apple's string constant (for example `"easeIn"`).
    public let rawValue: String
    /// The name `rawValue`; `CAMediaTimingFunction(name:)` gives the linear curve for a name Core Animation does not define.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The timing function named `rawValue` (Swift's unlabelled form of the same initializer).
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `(0, 0, 1, 1)`.
    public static let linear = CAMediaTimingFunctionName("linear")
    /// `(0.42, 0, 1, 1)`.
    public static let easeIn = CAMediaTimingFunctionName("easeIn")
    /// `(0, 0, 0.58, 1)`.
    public static let easeOut = CAMediaTimingFunctionName("easeOut")
    /// `(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
    /// `(0.25, 0.1, 0.25, 1)`, the curve of implicit animations.
    public static let `default` = CAMediaTimingFunctionName("default")
}

/// A pacing curve for an animation: a cubic Bézier from (0, 0) to (1, 1), as Core Animation's.
///
/// A final class because Apple's is a class and ports pass and store it by reference; it is immutable,
/// so it has value semantics. The curve math is `CubicBezier` (exact solve, css-easing-1 clamping).
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The curve this function evaluates.
    public let curve: CubicBezier

    /// One of the predefined curves. An unknown name gives the linear curve (Apple documents no other
    /// names; linear is also what a nil timing function means), never a crash.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(curve: .easeIn)
        case .easeOut: self.init(curve: .easeOut)
        case .easeInEaseOut: self.init(curve: .easeInEaseOut)
        case .default: self.init(curve: .default)
        default: self.init(curve: .linear)
        }
    }

    /// A curve with control points `(c1x, c1y)` and `(c2x, c2y)` (Apple's signature, in `Float`).
    /// x is clamped to 0…1; y may lie outside for overshoot.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(curve: CubicBezier(Double(c1x), Double(c1y), Double(c2x), Double(c2y)))
    }

    /// The same in `Double`; literal arguments pick this overload, so `(0.65, -0.55, 0.27, 1.55)` is
    /// exactly css-easing-1's `cubic-bezier(0.65, -0.55, 0.27, 1.55)` rather than its `Float` rounding.
    public convenience init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.init(curve: CubicBezier(c1x, c1y, c2x, c2y))
    }

    /// A timing function evaluating `curve`.
    public init(curve: CubicBezier) { self.curve = curve }

    /// Control point `idx` (0: (0, 0), 1: first control point, 2: second, 3: (1, 1)), as a point.
    /// An index outside 0…3 gives nil.
    public func controlPoint(at idx: Int) -> CGPoint? {
        switch idx {
        case 0: return CGPoint(x: 0, y: 0)
        case 1: return CGPoint(x: curve.x1, y: curve.y1)
        case 2: return CGPoint(x: curve.x2, y: curve.y2)
        case 3: return CGPoint(x: 1, y: 1)
        default: return nil
        }
    }

    /// Writes control point `idx` into `values[0]` and `values[1]` (Apple's API). An index outside 0…3
    /// writes nothing (Apple raises an Objective-C exception there).
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let p = controlPoint(at: idx) else { return }
        ptr[0] = Float(p.x); ptr[1] = Float(p.y)
    }

    /// The eased progress for linear progress `x` (exact solve; see `CubicBezier.value(at:)`).
    public func value(at x: Double) -> Double { curve.value(at: x) }

    /// d(eased progress)/d(progress) at `x`, for velocities (see `CubicBezier.derivative(at:)`).
    public func derivative(at x: Double) -> Double { curve.derivative(at: x) }

    /// Equal when the two curves' control points are equal (a named function equals the same
    /// points given by hand).
    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.curve == b.curve }
    /// Hashes the control points, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(curve) }
    /// `CAMediaTimingFunction(cubic-bezier(x1, y1, x2, y2))`.
    public var description: String { "CAMediaTimingFunction(\(curve))" }
}

// Apple's pre-Swift-4.2 global names, still common in ported code (the seeds use
// `CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)`).
/// Core Animation's constant for `.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// Core Animation's constant for `.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// Core Animation's constant for `.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// Core Animation's constant for `.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// Core Animation's constant for `.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
