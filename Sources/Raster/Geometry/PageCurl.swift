#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A page rolled round a cylinder, seen in perspective: the geometry of the page-curl
/// transition, in the page bitmap's pixels (y down, z towards the viewer). `Bitmap.curled`
/// shades and samples what this finds.
///
/// The curl line runs across the page perpendicular to `u` (a unit vector pointing from the part
/// that stays towards the edge that lifts first) at distance `c` along it. The page past the line
/// wraps over a cylinder of radius `r` lying on the page along the line: a point `d` past the line
/// goes to angle θ = d / r, at r·sin θ past the line and r·(1 − cos θ) above the page; past θ = π
/// it lies flat at height 2r, travelling back over the page (`s = πr − d`).
///
/// Two kinds of curl. A free curl (UIView.transition's curl up and down, no spine): the line
/// travels from just past the leading corner to past the trailing corner and the roll, with a
/// fixed radius (a seventh of the shorter side) and tilt, so the page leaves entirely. A bound
/// curl (a page view controller's leaf, `spine` set): the leaf is the part of the page on one
/// side of the spine; the line travels from its outer edge (tilted so that the leading corner
/// goes first) to the spine, fast at first and slowing (1 − (1 − p)² of the way at progress p),
/// straightening as it goes, and the roll flattens as it nears the
/// spine (radius at most half the distance left), so at the end the leaf lies flat, mirrored
/// across the spine, as a book's page does.
///
/// Perspective: the eye is above the centre of the bitmap at `eye` (twice the bitmap's larger
/// side, the distance the flip transition uses); a point at height z is seen scaled by
/// f / (f − z) about that centre, so the roll and the turned-over part (closer to the viewer)
/// look larger than the page beneath. Each pixel casts a ray from the eye and takes the surfaces
/// it meets, nearest first (`hits`).
public struct PageCurl: Sendable {
    /// A line the leaf turns about, and which side of it the leaf is.
    public struct Spine: Sendable, Equatable {
        /// True: the spine is the vertical line x = `position` (pages side by side); false: the
        /// horizontal line y = `position` (pages above each other).
        public var vertical: Bool
        /// The line's x (vertical) or y, in pixels.
        public var position: Double
        /// True: the leaf is the part of the page past `position` (right of it, or below it).
        public var leafAfter: Bool
        /// A spine at `position`; the leaf on the `leafAfter` side.
        public init(vertical: Bool, position: Double, leafAfter: Bool) {
            self.vertical = vertical
            self.position = position.isFinite ? position : 0
            self.leafAfter = leafAfter
        }
    }

    /// What a ray meets: the paper at distance `d` past the line (`along`: the position across the
    /// curl) with the side it shows.
    public struct Hit: Sendable {
        /// Which surface: the flat part turned over on top, the roll seen from outside (the back
        /// of the paper), the roll seen from inside (the front), the page lying flat.
        public enum Kind: Sendable { case flatBack, rollBack, rollFront, flat }
        /// The surface.
        public var kind: Kind
        /// The point of the page it shows, in the page's pixels (centres at +0.5).
        public var x: Double, y: Double
        /// The roll angle θ (0 flat, π turned over).
        public var theta: Double
    }

    /// Width and height of the page bitmap, in pixels.
    public let width: Double, height: Double
    /// The curl line's unit direction (in canonical coordinates: `a` across the spine, `b` along it).
    let ua: Double, ub: Double
    /// The line's distance along u, and the roll's radius (0 when flat at the spine).
    let c: Double, r: Double
    /// The eye, above (ea, eb) at height f.
    let ea: Double, eb: Double, f: Double
    /// The spine, if bound: canonical a of the spine and the leaf's side (+1 past it, −1 before).
    let spine: Spine?
    /// Where the roll's shadow fades (1 while the roll is on the page, 0 when it has left).
    public let shadowFade: Double

    /// The curl at `progress` (0: flat, 1: gone or turned over) lifting the edge `direction`
    /// points to (pixels, y down; (0.3, 1): the bottom edge, its right corner leading). For a
    /// bound curl the leaf's side of the spine says which edge lifts; `direction`'s component
    /// along the spine over its component across it gives the tilt (at most 1; its sign: which
    /// corner leads).
    /// NaN or infinite inputs are taken as 0 (progress) and (0, 1) (direction).
    public init(width: Int, height: Int, progress: Double, direction: (x: Double, y: Double) = (0.3, 1), spine: Spine? = nil) {
        let w = Double(max(1, width)), h = Double(max(1, height))
        self.width = w
        self.height = h
        self.spine = spine
        let p = min(1, max(0, progress.isFinite ? progress : 0))
        var dx = direction.x.isFinite ? direction.x : 0, dy = direction.y.isFinite ? direction.y : 1
        let vertical = spine?.vertical ?? true
        // Canonical coordinates: a across the spine (x when the spine is vertical), b along it.
        let (lenA, lenB) = vertical ? (w, h) : (h, w)
        if !vertical { swap(&dx, &dy) }
        (ea, eb, f) = (lenA / 2, lenB / 2, 2 * max(w, h))
        if let spine {
            let sigma: Double = spine.leafAfter ? 1 : -1
            let xs = min(lenA, max(0, spine.position))
            let outer = spine.leafAfter ? lenA : 0
            let leaf = abs(outer - xs)
            // The tilt: how far along b the line leans per unit across; the leading corner is on
            // the side direction's b component points to. It straightens as the leaf turns.
            let t0 = min(1, abs(dx) > 1e-9 ? abs(dy / dx) : 0.3) * (dy < 0 ? -1 : 1)
            // The line's crossing at mid-height: just past the leading corner at 0, at the spine at
            // 1, sweeping fast at first and slowing as it nears the spine (1 − (1 − p)² of the
            // way), so the leaf swings over the spine in the second half of the turn.
            let xm0 = outer + sigma * abs(t0) * lenB / 2
            let e = 1 - (1 - p) * (1 - p)
            let xm = xm0 + e * (xs - xm0)
            // The tilt straightens as the leaf turns, and never so much that the line would cross
            // the spine at the page's top or bottom.
            let t = (t0 < 0 ? -1 : 1) * min(abs(t0) * (1 - p), 0.9 * abs(xm - xs) / max(1, lenB / 2))
            let n = (1 + t * t).squareRoot()
            (ua, ub) = (sigma / n, t / n)
            c = ua * xm + ub * lenB / 2
            r = min(max(2, min(leaf, lenB) / 7), abs(xm - xs) / 2)
            shadowFade = min(1, (1 - p) * 4)
        } else {
            let len = (dx * dx + dy * dy).squareRoot()
            if len < 1e-9 { (dx, dy) = (0, 1) } else { (dx, dy) = (dx / len, dy / len) }
            (ua, ub) = (dx, dy)
            let rr = max(2, min(w, h) / 7)
            r = rr
            let corners = [ua * 0 + ub * 0, ua * lenA, ub * lenB, ua * lenA + ub * lenB]
            let c0 = corners.max() ?? 0, c1 = (corners.min() ?? 0) - rr - 1
            c = c0 - p * (c0 - c1)
            shadowFade = min(1, (1 - p) * 4)
        }
    }

    /// The signed distance of pixel point (x, y) past the curl line (negative: the flat part).
    public func distancePastLine(x: Double, y: Double) -> Double {
        let (a, b) = canonical(x, y)
        return ua * a + ub * b - c
    }

    /// The roll's radius in pixels (0 once a bound leaf lies flat).
    public var radius: Double { r }
    /// True for a curl bound at a spine.
    public var isBound: Bool { spine != nil }

    /// True when pixel point (x, y) is paper of the leaf: inside the page and, for a bound curl,
    /// on the leaf's side of the spine.
    public func isLeaf(x: Double, y: Double) -> Bool {
        guard x >= 0, x < width, y >= 0, y < height else { return false }
        guard let s = spine else { return true }
        let v = s.vertical ? x : y
        return s.leafAfter ? v >= s.position : v < s.position
    }

    /// The mirror of pixel point (x, y) across the spine (itself for a free curl): where the
    /// point lands when the leaf has turned over, so where a double-sided leaf's back is drawn from.
    public func mirrored(x: Double, y: Double) -> (x: Double, y: Double) {
        guard let s = spine else { return (x, y) }
        return s.vertical ? (2 * s.position - x, y) : (x, 2 * s.position - y)
    }

    /// The surfaces of the leaf the ray through pixel point (x, y) meets, nearest the eye first,
    /// into `into` (cleared first; at most four). The flat page is listed only where the leaf lies
    /// flat under the pixel (past the line's flat side and on the leaf).
    /// - Complexity: O(1).
    public func hits(x: Double, y: Double, into out: inout [Hit]) {
        out.removeAll(keepingCapacity: true)
        let (sa, sb) = canonical(x, y)
        // The ray from the eye E (z = f) to the screen point S (z = 0): P(t) = E + t (S − E).
        let sE = ua * ea + ub * eb - c, sS = ua * sa + ub * sb - c
        let wE = -ub * ea + ua * eb, wS = -ub * sa + ua * sb
        let ds = sS - sE, dw = wS - wE
        func add(_ kind: Hit.Kind, t: Double, d: Double, theta: Double) {
            let w = wE + t * dw
            // The page point d past the line at w along it, back in pixels.
            let along = c + d
            let a = ua * along - ub * w, b = ub * along + ua * w
            var (px, py) = pixel(a, b)
            // Points that are pixel centres up to rounding are put back on them, so a flat page
            // (or a leaf lying flat across the spine) samples exactly its pixels.
            func snap(_ v: Double) -> Double {
                let h = (v * 2).rounded() / 2
                return abs(v - h) < 1e-6 ? h : v
            }
            px = snap(px); py = snap(py)
            guard isLeaf(x: px, y: py) else { return }
            out.append(Hit(kind: kind, x: px, y: py, theta: theta))
        }
        if r > 1e-6 {
            // The turned-over part, flat at height 2r.
            let t1 = 1 - 2 * r / f
            let s1 = sE + t1 * ds
            if s1 <= 0 { add(.flatBack, t: t1, d: Double.pi * r - s1, theta: Double.pi) }
            // The roll: s² + (z − r)² = r² with z = f (1 − t). Its paper lies at s ≥ 0, and s is
            // linear along the ray: a ray below s = 0 at both heights 2r and 0 cannot meet it.
            guard s1 >= 0 || sS >= 0 else {
                if sS < 0 { add(.flat, t: 1, d: sS, theta: 0) }
                return
            }
            let qa = ds * ds + f * f
            let qb = 2 * (sE * ds - f * (f - r))
            let qc = sE * sE + (f - r) * (f - r) - r * r
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let root = disc.squareRoot()
                for (i, t) in [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)].enumerated() where t >= t1 && t <= 1 {
                    let s = sE + t * ds, z = f * (1 - t)
                    guard s >= 0 else { continue }
                    let theta = atan2(s, r - z)
                    add(i == 0 ? .rollBack : .rollFront, t: t, d: r * theta, theta: theta)
                }
            }
        } else if sS <= 0 {
            // Flat at the spine: the leaf lies mirrored across it.
            add(.flatBack, t: 1, d: -sS, theta: Double.pi)
        }
        if sS < 0 { add(.flat, t: 1, d: sS, theta: 0) }
    }

    private func canonical(_ x: Double, _ y: Double) -> (Double, Double) {
        (spine?.vertical ?? true) ? (x, y) : (y, x)
    }
    private func pixel(_ a: Double, _ b: Double) -> (Double, Double) {
        (spine?.vertical ?? true) ? (a, b) : (b, a)
    }
}
