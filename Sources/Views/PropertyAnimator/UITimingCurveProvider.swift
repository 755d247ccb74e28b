import Foundation
import Layers

/// What kind of curve a `UITimingCurveProvider` describes (UIKit's `UITimingCurveType`).
public enum UITimingCurveType: Int, Sendable {
    /// UIKit's kinds: a named curve, a cubic Bézier, a spring, or cubic and spring together.
    case builtin = 0, cubic = 1, spring = 2, composed = 3
}

/// A timing curve for a property animator: cubic, spring, or both (`.composed`; Flipbook uses the
/// spring then, as UIKit does for the properties it springs).
public protocol UITimingCurveProvider: AnyObject {
    /// Which parameters the provider carries.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for `.cubic` and `.composed`; nil otherwise.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`; nil otherwise.
    var springTimingParameters: UISpringTimingParameters? { get }
}

extension UIView {
    /// UIKit's named animation curves (same raw values).
    public enum AnimationCurve: Int, Sendable {
        /// cubic-bezier(0.42, 0, 0.58, 1): UIKit's default.
        case easeInOut = 0
        /// cubic-bezier(0.42, 0, 1, 1).
        case easeIn = 1
        /// cubic-bezier(0, 0, 0.58, 1).
        case easeOut = 2
        /// Constant speed.
        case linear = 3

        /// The curve, from Layers' named cubic Béziers.
        var bezier: CubicBezier {
            switch self {
            case .easeInOut: return .easeInEaseOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UIKit's `UICubicTimingParameters`), solved
/// by Layers' exact cubic-bezier solver.
///
/// `init()` is easeInOut (UIKit's default curve; Apple does not document it — unconfirmed).
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The named curve this was made from; `.easeInOut` for custom control points (UIKit).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point of the cubic Bézier (the curve runs from (0, 0) to (1, 1)).
    public let controlPoint1: CGPoint
    /// The second control point of the cubic Bézier.
    public let controlPoint2: CGPoint
    let bezier: CubicBezier

    /// Ease in-out, UIKit's default curve.
    public init() { (animationCurve, bezier) = (.easeInOut, CubicBezier.easeInEaseOut); (controlPoint1, controlPoint2) = Self.points(bezier) }
    /// One of UIKit's four named curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        (animationCurve, bezier) = (curve, curve.bezier)
        (controlPoint1, controlPoint2) = Self.points(bezier)
    }
    /// Any cubic Bézier; x coordinates are clamped to 0…1 and NaN becomes the linear curve's value,
    /// as the solver does.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        bezier = CubicBezier(Double(point1.x), Double(point1.y), Double(point2.x), Double(point2.y))
        (controlPoint1, controlPoint2) = Self.points(bezier)
    }
    private static func points(_ c: CubicBezier) -> (CGPoint, CGPoint) {
        (CGPoint(x: c.x1, y: c.y1), CGPoint(x: c.x2, y: c.y2))
    }

    /// Always `.cubic`.
    public var timingCurveType: UITimingCurveType { .cubic }
    /// Itself.
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    /// Always nil.
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A damped spring timing curve (UIKit's `UISpringTimingParameters`) on Layers' closed-form spring.
///
/// - `init(dampingRatio:initialVelocity:)`: the spring settles at the animator's duration (the
///   same mapping `UIView.animate(…usingSpringWithDamping:…)` uses); 1 means no overshoot.
/// - `init(mass:stiffness:damping:initialVelocity:)`: a physical spring; the animator's duration is
///   ignored and the run lasts until the spring settles, as UIKit's header says.
/// `initialVelocity` is in distances per second: of the whole motion when an animator starts, of
/// the remaining motion when `continueAnimation` is given these parameters (as the WWDC 2017
/// "Advanced Animations with UIKit" code computes it). One-dimensional properties use `dx`.
public final class UISpringTimingParameters: UITimingCurveProvider {
    /// The starting velocity, in units of the whole change per second.
    public let initialVelocity: CGVector
    /// Damping ratio for the duration-based spring; nil for the physical one.
    let dampingRatio: Double?
    /// The physical spring, when made from mass, stiffness and damping.
    let physical: SpringSolution?

    /// Critically damped (ratio 1), no initial velocity.
    public convenience init() { self.init(dampingRatio: 1, initialVelocity: .zero) }
    /// A critically damped (1) or bouncier spring that starts at rest.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }
    /// A spring of `ratio` damping starting at `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = Double(ratio).isFinite ? Double(ratio) : 1
        initialVelocity = velocity
        physical = nil
    }
    /// A spring from its physical parameters; the duration then comes from the spring, not the animator.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = nil
        initialVelocity = velocity
        physical = SpringSolution(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                                  initialVelocity: Self.finite(velocity.dx))
    }

    /// Always `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    /// Always nil.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// Itself.
    public var springTimingParameters: UISpringTimingParameters? { self }

    static func finite(_ v: CGFloat) -> Double { Double(v).isFinite ? Double(v) : 0 }

    /// The spring for a motion of `duration` seconds starting at `velocity` fractions per second:
    /// the physical spring as given, or the duration-based one settling at `duration`.
    func solution(duration: Double, velocity: Double) -> SpringSolution {
        if var s = physical { s.initialVelocity = velocity; return s }
        return ViewAnimationBlock.springSolution(duration: duration, dampingRatio: dampingRatio ?? 1, velocity: velocity)
    }
}
