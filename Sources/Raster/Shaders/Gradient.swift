/// A colour ramp with `CAGradientLayer` semantics: colours at `locations`, padded outside.
///
/// Geometry is in user space (the space of the path it fills) and goes through the same
/// transform as the path. Kinds, as `CAGradientLayerType`:
/// - `.linear` (`.axial`): colour varies along `startPoint → endPoint`, constant across it.
/// - `.radial`: an ellipse centred on `startPoint` whose radii are `|endPoint.x − startPoint.x|`
///   and `|endPoint.y − startPoint.y|` (one zero radius: a circle of the other; both zero: the
///   last colour everywhere).
/// - `.conic`: the angle around `startPoint`, 0 along `startPoint → endPoint` and growing
///   clockwise on a y-down screen to a full turn at 1.
/// - `.twoPointRadial`: Core Graphics' radial gradient between two circles, (`startPoint`,
///   `startRadius`) at 0 and (`endPoint`, `endRadius`) at 1: a pixel takes the largest t whose
///   circle (centre and radius interpolated) passes through it with a radius ≥ 0; t < 0 paints
///   only with `extendsStart` (the first colour), t > 1 only with `extendsEnd` (the last), and a
///   pixel no such circle reaches is left unpainted (transparent source).
/// Colours interpolate in straight (not premultiplied) sRGB, as Core Graphics does — so a ramp
/// from `.clear` (transparent black) to white passes through translucent grey, as on iOS.
public struct Gradient: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case linear, radial, conic, twoPointRadial }

    public var kind: Kind
    public var colors: [Color]
    /// Stop positions in 0…1, one per colour, ascending. Default nil: evenly spaced from 0 to 1.
    /// A count that does not match `colors` is ignored (evenly spaced), as Core Animation does;
    /// a value below its predecessor is raised to it.
    public var locations: [Double]?
    /// Default (0.5, 0) → (0.5, 1) in a unit square, as `CAGradientLayer`; callers usually pass
    /// points in their path's coordinates.
    public var startPoint: Point
    public var endPoint: Point
    /// `.twoPointRadial` only: the circles' radii. Default 0.
    public var startRadius = 0.0, endRadius = 0.0
    /// `.twoPointRadial` only: whether t < 0 and t > 1 paint (padded). Default true.
    public var extendsStart = true, extendsEnd = true

    public init(kind: Kind = .linear, colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(0.5, 0), endPoint: Point = Point(0.5, 1)) {
        self.kind = kind; self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint
    }

    /// The stops actually used: (location, colour) pairs, locations ascending in 0…1.
    var resolvedStops: [(Double, Color)] {
        let n = colors.count
        guard n > 0 else { return [] }
        var locs: [Double]
        if let l = locations, l.count == n { locs = l } else {
            locs = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        var prev = -Double.infinity
        for i in 0..<n {
            var v = locs[i].isNaN ? (prev.isFinite ? prev : 0) : locs[i]
            v = Swift.max(prev, v)
            locs[i] = v; prev = v
        }
        return (0..<n).map { (locs[$0], colors[$0].clamped) }
    }

    /// The straight colour at ramp position `t` (padded: the end colours outside the stops).
    func color(at t: Double) -> Color { Gradient.color(at: t, stops: resolvedStops) }

    static func color(at t: Double, stops: [(Double, Color)]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(t > first.0) { return first.1 }
        if t >= last.0 { return last.1 }
        var i = 0
        while i + 1 < stops.count && stops[i + 1].0 <= t { i += 1 }
        let (l0, c0) = stops[i], (l1, c1) = stops[i + 1]
        return l1 > l0 ? c0.lerp(c1, (t - l0) / (l1 - l0)) : c1
    }
}
