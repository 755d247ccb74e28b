import Foundation

/// Where two convex shapes touch: the normal from the first to the second, and up to two points
/// with how deep each is (negative: apart by that much, within the contact margin).
struct ContactManifold {
    var normal: V2
    var points: [(point: V2, depth: Double)]
}

/// Contacts between convex polygons (their corners in order with a positive turn, x right and
/// y down as the reference view has them) by the separating-axis test: the face of least
/// penetration is the reference face, the other shape's most opposed edge is clipped to it.
enum DynamicsCollide {
    /// Contacts are made up to this far apart (points), so a resting item keeps its contact from
    /// step to step instead of touching and leaving on alternate steps; moving items add how far
    /// they can travel in a step (speculative contacts: a fast item stops at the surface instead
    /// of sinking in and being pushed out, which would add energy).
    static let margin = 0.5

    /// The outward normals of a polygon's edges (edge i runs from corner i to corner i + 1).
    static func normals(_ p: [V2]) -> [V2] {
        p.indices.map { i in
            let e = p[(i + 1) % p.count] - p[i]
            let n = V2(e.y, -e.x)
            let l = n.length
            return l > 0 ? n / l : V2(0, 0)
        }
    }

    /// The largest separation of `b` from `a` along `a`'s face normals, and the face.
    private static func maxSeparation(_ a: [V2], _ na: [V2], _ b: [V2]) -> (Double, Int) {
        var best = -Double.infinity, face = 0
        for i in a.indices {
            let n = na[i], v = a[i]
            var s = Double.infinity
            for w in b { s = min(s, n.dot(w - v)) }
            if s > best { best = s; face = i }
        }
        return (best, face)
    }

    /// The contact of polygons `a` and `b` (a segment is a polygon of two corners), or nil when
    /// they are farther apart than the margin.
    static func polygons(_ a: [V2], _ b: [V2], margin: Double = margin) -> ContactManifold? {
        guard a.count >= 2, b.count >= 2 else { return nil }
        let na = normals(a), nb = normals(b)
        let (sa, fa) = maxSeparation(a, na, b)
        if sa > margin { return nil }
        let (sb, fb) = maxSeparation(b, nb, a)
        if sb > margin { return nil }
        // The reference face is the one of least penetration; ties go to `a` so the choice is stable.
        let flip = sb > sa + 1e-3
        let ref = flip ? b : a, inc = flip ? a : b
        let nRef = flip ? nb : na, nInc = flip ? na : nb
        let face = flip ? fb : fa
        let n = nRef[face]
        // The incident edge: the one whose normal is most opposed to the reference normal.
        var incEdge = 0, least = Double.infinity
        for i in inc.indices { let d = nInc[i].dot(n); if d < least { least = d; incEdge = i } }
        var clip = [inc[incEdge], inc[(incEdge + 1) % inc.count]]
        let r1 = ref[face], r2 = ref[(face + 1) % ref.count]
        let edge = r2 - r1, len = edge.length
        guard len > 0 else { return nil }
        let t = edge / len
        clip = clipSegment(clip, normal: -t, offset: -t.dot(r1))
        if clip.count < 2 { return nil }
        clip = clipSegment(clip, normal: t, offset: t.dot(r2))
        if clip.count < 2 { return nil }
        var points: [(V2, Double)] = []
        for p in clip {
            let separation = n.dot(p - r1)
            if separation <= margin { points.append((p, -separation)) }
        }
        guard !points.isEmpty else { return nil }
        return ContactManifold(normal: flip ? -n : n, points: points)
    }

    /// The part of segment `s` where `normal · p ≤ offset` (0, 1 or 2 points).
    private static func clipSegment(_ s: [V2], normal: V2, offset: Double) -> [V2] {
        let d0 = normal.dot(s[0]) - offset, d1 = normal.dot(s[1]) - offset
        var out: [V2] = []
        if d0 <= 0 { out.append(s[0]) }
        if d1 <= 0 { out.append(s[1]) }
        if d0 * d1 < 0 {
            let k = d0 / (d0 - d1)
            out.append(s[0] + (s[1] - s[0]) * k)
        }
        return out
    }

    /// Contacts of polygon `p` with the inside of `rect` (the reference bounds as a boundary): per
    /// side the polygon crosses, its two deepest corners; the normal points out through that side.
    static func insideRect(_ p: [V2], _ rect: CGRect, margin: Double = margin) -> [(side: Int, manifold: ContactManifold)] {
        let planes: [(inward: V2, offset: Double)] = [
            (V2(1, 0), Double(rect.minX)), (V2(-1, 0), -Double(rect.maxX)),
            (V2(0, 1), Double(rect.minY)), (V2(0, -1), -Double(rect.maxY)),
        ]
        var out: [(Int, ContactManifold)] = []
        for (side, plane) in planes.enumerated() {
            var hits: [(V2, Double)] = []
            for v in p {
                let s = plane.inward.dot(v) - plane.offset
                if s <= margin { hits.append((v, -s)) }
            }
            guard !hits.isEmpty else { continue }
            hits.sort { $0.1 > $1.1 }
            out.append((side, ContactManifold(normal: -plane.inward, points: Array(hits.prefix(2)))))
        }
        return out
    }
}
