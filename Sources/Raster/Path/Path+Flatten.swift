#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A simple, correct flattener: every curve is cut into a fixed number of equal-parameter pieces
// chosen from its control polygon in device space. The geometry half may replace this body with
// an adaptive flattener; keep both signatures (`Canvas` and `Mask.fill` call
// `flatten(into:transform:tolerance:)` to reuse a buffer), and the contract: transform first,
// tolerance in device pixels, subpaths holding a non-finite point dropped whole.

extension Path {
    /// The path's subpaths as closed device-space polygons, ready for filling.
    ///
    /// The transform is applied to the control points first, so the tolerance is in device pixels.
    /// A curve is split into `n = ⌈√(M / (8·tol))⌉` equal-parameter pieces, where `M` bounds the
    /// length of its second derivative (a chord over a parameter step `h` strays at most `M·h²/8`
    /// from the curve), computed from the control polygon's second differences. A subpath holding a
    /// non-finite point (NaN, ±inf, or one that overflows under the transform) is dropped whole,
    /// since no meaningful outline can be recovered from it.
    ///
    /// - Parameters:
    ///   - transform: user space → device space.
    ///   - tolerance: largest distance in device pixels between curve and polygon; values below
    ///     0.01 are raised to 0.01. Default for fills is 0.25.
    /// - Complexity: O(elements + output points); a curve yields at most 4096 pieces.
    public func flattened(transform: Transform, tolerance: Double = 0.25) -> Polygons {
        var out = Polygons()
        flatten(into: &out, transform: transform, tolerance: tolerance)
        return out
    }

    /// `flattened(transform:tolerance:)` appending to a reused buffer (no allocation once warm).
    public func flatten(into out: inout Polygons, transform t: Transform, tolerance: Double = 0.25) {
        let tol = tolerance.isFinite ? Swift.max(0.01, tolerance) : 0.25
        var bad = false          // the open contour holds a non-finite point
        var open = false
        var current = Point.zero, start = Point.zero

        func finish() {
            if open { if bad { out.discardOpenContour() } else { out.closeContour() } }
            open = false; bad = false
        }
        func emit(_ p: Point) {
            if !p.isFinite { bad = true }
            out.line(to: p)
        }
        // Pieces for a curve whose second derivative is at most `m` long (device space).
        func pieces(_ m: Double) -> Int {
            guard m.isFinite else { return 1 }
            let n = (m / (8 * tol)).squareRoot().rounded(.up)
            return Int(Swift.min(4096, Swift.max(1, n)))
        }

        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = t.apply(p)
                start = current
                open = true
                emit(current)
            case .line(let p):
                if !open { open = true; start = current; emit(current) }
                current = t.apply(p)
                emit(current)
            case .quad(let c, let p):
                if !open { open = true; start = current; emit(current) }
                let p0 = current, p1 = t.apply(c), p2 = t.apply(p)
                if !p1.isFinite { bad = true }   // a control point is never emitted; check it here
                let n = pieces(2 * (p0 - 2 * p1 + p2).length)
                for i in 1..<n {
                    let s = Double(i) / Double(n), u = 1 - s
                    emit(p0 * (u * u) + p1 * (2 * u * s) + p2 * (s * s))
                }
                emit(p2)
                current = p2
            case .cubic(let c1, let c2, let p):
                if !open { open = true; start = current; emit(current) }
                let p0 = current, p1 = t.apply(c1), p2 = t.apply(c2), p3 = t.apply(p)
                if !p1.isFinite || !p2.isFinite { bad = true }
                let n = pieces(6 * Swift.max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length))
                for i in 1..<n {
                    let s = Double(i) / Double(n), u = 1 - s
                    let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
                    emit(Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
                emit(p3)
                current = p3
            case .close:
                finish()
                current = start  // Core Graphics continues from the subpath's start after a close.
            }
        }
        finish()
    }
}

