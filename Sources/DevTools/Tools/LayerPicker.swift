import Flipbook

/// Finds the layer drawn at a window point and a layer's outline on screen, from presentation
/// values — where a layer is seen mid-animation, not where its model says it will be.
///
/// Each layer's map to the window is a 3×3 projection (a `CATransform3D` flattened to the z = 0
/// plane at every level, as the compositor draws), composed down the tree. The walk is an explicit
/// stack, so a 1,000-deep tree is as safe as a flat one of 10,000.
enum LayerPicker {
    /// A plane projection with row vectors: (x, y, 1) · M.
    struct Projection {
        var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
        static let identity = Projection(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

        init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }
        /// The z = 0 plane's map of a 3D transform (rows 1, 2 and 4; columns x, y and w).
        init(_ t: CATransform3D) {
            m = (Double(t.m11), Double(t.m12), Double(t.m14), Double(t.m21), Double(t.m22), Double(t.m24),
                 Double(t.m41), Double(t.m42), Double(t.m44))
        }
        /// This map, then `o`.
        func then(_ o: Projection) -> Projection {
            let a = m, b = o.m
            return Projection(m: (a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                                  a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                                  a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
        }
        /// The image of (x, y), nil behind the eye (w ≤ 0) or not finite.
        func apply(_ x: Double, _ y: Double) -> CGPoint? {
            let w = x * m.2 + y * m.5 + m.8
            guard w > 1e-9 else { return nil }
            let p = CGPoint(x: (x * m.0 + y * m.3 + m.6) / w, y: (x * m.1 + y * m.4 + m.7) / w)
            return p.x.isFinite && p.y.isFinite ? p : nil
        }
    }

    /// The layer's own map into its superlayer's space, from presented values.
    static func local(_ layer: CALayer) -> Projection {
        Projection(CALayer.transformToSuperlayer(layer.presented, layer.superlayer?.presented))
    }

    /// The corners of `layer`'s presented bounds on screen (window points), nil when any is behind
    /// the eye. O(depth): the chain up to the root.
    static func quad(of layer: CALayer) -> [CGPoint]? {
        var p = Projection.identity
        var node: CALayer? = layer
        while let n = node { p = p.then(local(n)); node = n.superlayer }
        return quad(layer.presented.bounds, p)
    }

    static func quad(_ b: CGRect, _ p: Projection) -> [CGPoint]? {
        let xs = [Double(b.minX), Double(b.maxX), Double(b.maxX), Double(b.minX)]
        let ys = [Double(b.minY), Double(b.minY), Double(b.maxY), Double(b.maxY)]
        var out: [CGPoint] = []
        out.reserveCapacity(4)
        for i in 0..<4 { guard let q = p.apply(xs[i], ys[i]) else { return nil }; out.append(q) }
        return out
    }

    /// True when `point` is inside the convex quad (either winding; its edges count as inside).
    static func contains(_ quad: [CGPoint], _ point: CGPoint) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = quad[i], b = quad[(i + 1) % 4]
            let c = Double((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x))
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }

    /// The topmost visible layer whose presented bounds hold `point` (window points): the last in
    /// drawing order (pre-order, sublayers in order), skipping hidden and transparent subtrees and,
    /// under `masksToBounds`, what lies outside the clipping layer. Masks are not picked.
    /// - Complexity: O(layers).
    static func pick(at point: CGPoint, root: CALayer) -> CALayer? {
        var hit: CALayer?
        var stack: [(CALayer, Projection)] = [(root, local(root))]
        while let (layer, p) = stack.popLast() {
            let v = layer.presented
            guard !v.isHidden, v.opacity > 0 else { continue }
            let inside = quad(v.bounds, p).map { contains($0, point) } ?? false
            if v.masksToBounds && !inside { continue }
            if inside { hit = layer }
            if let subs = layer.sublayers {
                for s in subs.reversed() { stack.append((s, local(s).then(p))) }
            }
        }
        return hit
    }
}
