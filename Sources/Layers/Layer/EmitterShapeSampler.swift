import Foundation
import SplitMix

/// Where a particle is born: a point drawn from the emitter's shape and mode (or a fixed point, for
/// a sub-particle born where its parent is). See `CAEmitterLayerEmitterShape` and
/// `CAEmitterLayerEmitterMode` for what each combination covers; every draw is uniform over it
/// (by length, area or volume).
struct EmitterShapeSampler {
    private var shape: CAEmitterLayerEmitterShape
    private var mode: CAEmitterLayerEmitterMode
    private var center: SIMD3<Double>
    /// Width, height and depth; for a circle or sphere x is the radius.
    private var size: SIMD3<Double>

    init(layer: CAEmitterLayer) {
        func d(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
        shape = layer.emitterShape
        mode = layer.emitterMode
        let e = layer.presented.emitter   // this frame's values, animations included
        center = SIMD3(d(e.emitterPosition.x), d(e.emitterPosition.y), d(e.emitterZPosition))
        size = SIMD3(abs(d(e.emitterSize.width)), abs(d(e.emitterSize.height)), abs(d(e.emitterDepth)))
    }

    /// Always `p`.
    static func at(_ p: SIMD3<Double>) -> EmitterShapeSampler {
        var s = EmitterShapeSampler(shape: .point, mode: .points, center: p, size: .zero)
        s.center = p
        return s
    }

    private init(shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode, center: SIMD3<Double>, size: SIMD3<Double>) {
        self.shape = shape; self.mode = mode; self.center = center; self.size = size
    }

    /// A point of the shape, drawn with `g`.
    func sample(_ g: inout SplitMix64) -> SIMD3<Double> {
        let half = size / 2
        // A value in −1…1.
        func s() -> Double { g.unit() * 2 - 1 }
        switch shape {
        case .line:
            if mode == .points { return center + SIMD3(g.unit() < 0.5 ? -half.x : half.x, 0, 0) }
            return center + SIMD3(s() * half.x, 0, 0)
        case .rectangle:
            switch mode {
            case .points: return center + SIMD3(g.unit() < 0.5 ? -half.x : half.x, g.unit() < 0.5 ? -half.y : half.y, 0)
            case .outline: return center + Self.onRectangleOutline(half.x, half.y, &g)
            default: return center + SIMD3(s() * half.x, s() * half.y, 0)
            }
        case .cuboid:
            switch mode {
            case .points:
                return center + SIMD3(g.unit() < 0.5 ? -half.x : half.x, g.unit() < 0.5 ? -half.y : half.y, g.unit() < 0.5 ? -half.z : half.z)
            case .outline: return center + Self.onCuboidEdges(half, &g)
            case .surface: return center + Self.onCuboidFaces(half, &g)
            default: return center + SIMD3(s() * half.x, s() * half.y, s() * half.z)
            }
        case .circle:
            let r = size.x, a = g.unit() * 2 * Double.pi
            switch mode {
            case .points: return center
            case .outline: return center + SIMD3(r * cos(a), r * sin(a), 0)
            default:
                let rr = r * g.unit().squareRoot() // uniform over the disc's area
                return center + SIMD3(rr * cos(a), rr * sin(a), 0)
            }
        case .sphere:
            let r = size.x
            if mode == .points { return center }
            // A uniform direction: z uniform in −1…1, the angle about z uniform.
            let z = s(), a = g.unit() * 2 * Double.pi, ring = (1 - z * z).squareRoot()
            let dir = SIMD3(ring * cos(a), ring * sin(a), z)
            if mode == .volume { return center + dir * (r * cbrt(g.unit())) } // uniform over the ball
            return center + dir * r
        default:
            return center
        }
    }

    /// A point on the outline of a rectangle of half-sides hx, hy, uniform by length.
    private static func onRectangleOutline(_ hx: Double, _ hy: Double, _ g: inout SplitMix64) -> SIMD3<Double> {
        let perimeter = 4 * (hx + hy)
        guard perimeter > 0 else { return .zero }
        var d = g.unit() * perimeter
        if d < 2 * hx { return SIMD3(-hx + d, -hy, 0) }
        d -= 2 * hx
        if d < 2 * hy { return SIMD3(hx, -hy + d, 0) }
        d -= 2 * hy
        if d < 2 * hx { return SIMD3(hx - d, hy, 0) }
        d -= 2 * hx
        return SIMD3(-hx, hy - d, 0)
    }

    /// A point on one of a box's twelve edges, uniform by length.
    private static func onCuboidEdges(_ h: SIMD3<Double>, _ g: inout SplitMix64) -> SIMD3<Double> {
        let total = 4 * 2 * (h.x + h.y + h.z)
        guard total > 0 else { return .zero }
        var d = g.unit() * total
        let sx: Double = g.unit() < 0.5 ? -1 : 1, sy: Double = g.unit() < 0.5 ? -1 : 1
        // Which axis the edge runs along, by its share of the length; the other two at corners.
        if d < 8 * h.x { d = d.truncatingRemainder(dividingBy: 2 * max(h.x, 1e-300)); return SIMD3(-h.x + d, sx * h.y, sy * h.z) }
        d -= 8 * h.x
        if d < 8 * h.y { d = d.truncatingRemainder(dividingBy: 2 * max(h.y, 1e-300)); return SIMD3(sx * h.x, -h.y + d, sy * h.z) }
        d -= 8 * h.y
        d = d.truncatingRemainder(dividingBy: 2 * max(h.z, 1e-300))
        return SIMD3(sx * h.x, sy * h.y, -h.z + d)
    }

    /// A point on one of a box's six faces, uniform by area.
    private static func onCuboidFaces(_ h: SIMD3<Double>, _ g: inout SplitMix64) -> SIMD3<Double> {
        let xy = h.x * h.y, yz = h.y * h.z, xz = h.x * h.z
        let total = xy + yz + xz
        guard total > 0 else { return .zero }
        let pick = g.unit() * total, side: Double = g.unit() < 0.5 ? -1 : 1
        let u = g.unit() * 2 - 1, v = g.unit() * 2 - 1
        if pick < xy { return SIMD3(u * h.x, v * h.y, side * h.z) }
        if pick < xy + yz { return SIMD3(side * h.x, u * h.y, v * h.z) }
        return SIMD3(u * h.x, side * h.y, v * h.z)
    }
}
