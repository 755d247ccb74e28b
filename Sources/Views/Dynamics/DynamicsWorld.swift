import Foundation
import Layers
import Raster

/// A 2-D vector of the dynamics solver, in points.
typealias V2 = SIMD2<Double>

extension V2 {
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
    var point: CGPoint { CGPoint(x: x, y: y) }
    var length: Double { (x * x + y * y).squareRoot() }
    /// The vector turned a quarter clockwise on screen (y down): (x, y) → (−y, x).
    var perp: V2 { V2(-y, x) }
    func dot(_ o: V2) -> Double { x * o.x + y * o.y }
    func cross(_ o: V2) -> Double { x * o.y - y * o.x }
    func rotated(cos c: Double, sin s: Double) -> V2 { V2(c * x - s * y, s * x + c * y) }
}

/// The angular velocity `w` crossed with `r`: the velocity of a point at `r` from the centre.
@inline(__always) func cross(_ w: Double, _ r: V2) -> V2 { V2(-w * r.y, w * r.x) }

/// One dynamic item as the solver sees it: a rigid convex shape with mass, moving and turning.
///
/// Units: points and seconds. Mass is UIKit's relative mass, `density × area / 10 000`, so a
/// 100 × 100-point item of density 1 weighs 1 and a push of magnitude 1 (a force of 100 in these
/// units, `UIPushBehavior`) accelerates it at 100 points/s², as Apple documents.
final class DynamicBody {
    let item: UIDynamicItem
    var position: V2
    var angle: Double
    var velocity = V2(0, 0)
    var angularVelocity = 0.0
    /// The shape's corners about the centre, unrotated, in order around the outline.
    var shape: [V2]
    var size: CGSize
    var properties = DynamicItemProperties()
    var mass = 1.0, inverseMass = 1.0, inverseInertia = 0.0
    /// Forces gathered for the step (continuous pushes), in solver units.
    var force = V2(0, 0)
    var torque = 0.0
    /// The rotation angle last written to the item (or read from it), to write only a change.
    var writtenAngle: Double

    init(item: UIDynamicItem) {
        self.item = item
        position = V2(item.center)
        let t = item.transform
        angle = atan2(Double(t.b), Double(t.a))
        writtenAngle = angle
        size = item.bounds.size
        shape = []
        rebuildShape()
    }

    /// The item's outline as a convex polygon about its centre, from its collision bounds type.
    func rebuildShape() {
        size = item.bounds.size
        let w = max(1, Double(size.width)), h = max(1, Double(size.height))
        switch item.collisionBoundsType {
        case .rectangle:
            shape = [V2(-w / 2, -h / 2), V2(w / 2, -h / 2), V2(w / 2, h / 2), V2(-w / 2, h / 2)]
        case .ellipse:
            let n = 24
            shape = (0..<n).map { i in
                let a = Double(i) / Double(n) * 2 * .pi
                return V2(cos(a) * w / 2, sin(a) * h / 2)
            }
        case .path:
            let points = item.collisionBoundingPath.cgPath.path.flattened(transform: .identity, tolerance: 0.5).points.map { V2($0.x, $0.y) }
            let hull = ConvexHull.of(points)
            if hull.count < 3 {
                CAEngine.current.report("UIDynamicItem.collisionBoundingPath encloses no area; the item collides as its bounds' rectangle")
                shape = [V2(-w / 2, -h / 2), V2(w / 2, -h / 2), V2(w / 2, h / 2), V2(-w / 2, h / 2)]
            } else {
                if hull.count != points.count, !ConvexHull.isConvex(points) {
                    CAEngine.current.report("UIDynamicItem.collisionBoundingPath must be convex (UIKit's rule); its convex hull is used")
                }
                shape = hull
            }
        }
        radius = shape.reduce(0.0) { max($0, $1.length) }
        updateMass()
    }

    func updateMass() {
        let density = max(0, properties.density)
        let area = Double(max(1, size.width * size.height))
        mass = properties.isAnchored ? .infinity : max(1e-6, density * area / 10_000)
        inverseMass = properties.isAnchored ? 0 : 1 / mass
        // A rectangle's moment of inertia about its centre, m (w² + h²) / 12.
        let w = Double(size.width), h = Double(size.height)
        let inertia = mass * (w * w + h * h) / 12
        inverseInertia = properties.isAnchored || !properties.allowsRotation || !(inertia > 0) ? 0 : 1 / inertia
        if inverseInertia == 0 { angularVelocity = 0 }
    }

    /// The shape's corners where they are now.
    func worldShape() -> [V2] {
        let c = cos(angle), s = sin(angle)
        return shape.map { position + $0.rotated(cos: c, sin: s) }
    }

    /// A point fixed to the item, `offset` from its centre unrotated, where it is now.
    func worldPoint(offset: V2) -> V2 { position + offset.rotated(cos: cos(angle), sin: sin(angle)) }

    /// How far any point of the item can move in `h` seconds at its present velocity.
    func reach(in h: Double) -> Double { (velocity.length + abs(angularVelocity) * radius) * h }
    /// The farthest corner from the centre (set with the shape).
    private(set) var radius = 0.0

    func velocity(at worldPoint: V2) -> V2 { velocity + cross(angularVelocity, worldPoint - position) }

    func applyImpulse(_ p: V2, at r: V2) {
        velocity += p * inverseMass
        angularVelocity += r.cross(p) * inverseInertia
    }

    /// The item's axis-aligned frame now.
    var frame: CGRect { Self.boundingBox(worldShape()) }

    /// The axis-aligned box of `pts`.
    static func boundingBox(_ pts: [V2]) -> CGRect {
        guard let minX = pts.map(\.x).min(), let maxX = pts.map(\.x).max(),
              let minY = pts.map(\.y).min(), let maxY = pts.map(\.y).max() else { return .zero }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// What a `UIDynamicItemBehavior` sets for an item (UIKit's defaults otherwise).
struct DynamicItemProperties: Equatable {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var isAnchored = false
    var allowsRotation = true
}

/// Convex hulls for collision bounding paths (Andrew's monotone chain).
enum ConvexHull {
    static func of(_ input: [V2]) -> [V2] {
        let pts = input.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard pts.count >= 3 else { return [] }
        var lower: [V2] = [], upper: [V2] = []
        for p in pts {
            while lower.count >= 2, (lower[lower.count - 1] - lower[lower.count - 2]).cross(p - lower[lower.count - 2]) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in pts.reversed() {
            while upper.count >= 2, (upper[upper.count - 1] - upper[upper.count - 2]).cross(p - upper[upper.count - 2]) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let hull = Array(lower.dropLast() + upper.dropLast())
        return hull.count >= 3 ? hull : []
    }

    /// Whether the closed polygon turns one way only (collinear points allowed).
    static func isConvex(_ p: [V2]) -> Bool {
        guard p.count >= 3 else { return false }
        var sign = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
            let z = (b - a).cross(c - b)
            if abs(z) < 1e-9 { continue }
            if sign == 0 { sign = z } else if (z > 0) != (sign > 0) { return false }
        }
        return true
    }
}
