import Flipbook

/// Where a script's `pinch` or `rotate` line puts its two fingers: a point or a named target's
/// centre (found when the line is due, as `tap @NAME`).
public enum ScriptSpot: Equatable, Sendable {
    /// A point in window points.
    case point(x: Double, y: Double)
    /// The centre of the layer or view named so (README, "Input scripts").
    case target(String)

    /// The spot as a script writes it: `X Y` or `@NAME`.
    var text: String {
        switch self {
        case let .point(x, y): "\(InputScript.number(x)) \(InputScript.number(y))"
        case let .target(name): "@\(name)"
        }
    }
}

/// The two fingers of a `pinch` or `rotate` line: mirror images about a centre, `spread` apart at
/// the start along the horizontal, their distance multiplied by `scale` and the line between them
/// turned by `radians` at an even rate over the line's seconds. Even rates make the recognizers'
/// values exact at every frame: a pinch's scale is `1 + (scale − 1) × f` and a rotation's angle
/// `radians × f`, f the fraction of the time gone.
package struct TwoFingerPath: Equatable, Sendable {
    /// Points between the fingers at the start: 80 (40 either side of the centre), so both land on
    /// a view 81 points wide or more.
    package static let spread = 80.0
    /// The largest scale a `pinch` line takes.
    package static let maxScale = 100.0
    /// The factor the fingers' distance is multiplied by at the end.
    package var scale = 1.0
    /// The angle the line between the fingers turns by, clockwise on screen.
    package var radians = 0.0

    /// The path of a script line's fingers, or nil for any other line.
    package init?(_ action: InputScript.Action) {
        switch action {
        case let .pinch(_, s, _): scale = s
        case let .rotate(_, degrees, _): radians = degrees * .pi / 180
        default: return nil
        }
    }

    /// The first and second finger at fraction `f` (0…1) of the line's time, about `centre`.
    package func fingers(at f: Double, about centre: CGPoint) -> (CGPoint, CGPoint) {
        let f = min(1, max(0, f))
        let r = Self.spread / 2 * (1 + (scale - 1) * f), a = radians * f
        let dx = r * cos(a), dy = r * sin(a)
        return (CGPoint(x: centre.x - dx, y: centre.y - dy), CGPoint(x: centre.x + dx, y: centre.y + dy))
    }
}
