#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bitmap {
    /// The page rolled round a cylinder by `progress` (0: flat, 1: gone), in the page's pixels:
    /// the page-curl transition's moving page, over a transparent rest that carries the roll's
    /// shadow on whatever is drawn beneath.
    ///
    /// The curl line runs across the page perpendicular to `direction` (a vector in pixels, y
    /// down, pointing from the page's fixed part towards the edge that lifts first; (0.3, 1): the
    /// bottom edge, its right corner leading) and travels against it as `progress` grows. The part
    /// of the page past the line wraps over a cylinder of radius r (a seventh of the shorter side)
    /// lying on the page along the line: a point d past the line goes to angle θ = d / r, seen at
    /// r·sin θ past the line and r·(1 − cos θ) above the page; past θ = π it lies flat on top of
    /// the roll, travelling back over the page. Each output pixel takes the highest of the (up to
    /// four) page points above it, sampled bilinearly (an inverse map: no holes). Shading: the front
    /// of the page darkens towards the cylinder's side (light from the viewer, 0.55 + 0.45·cos θ);
    /// the back of the paper shows the print washed towards white and lit by its own normal; the
    /// page beneath gets a shadow next to the roll (35 % black, fading over 1.5 r, and away over
    /// the last quarter of the turn). Seen from above, the cylinder's upper half (the back of the
    /// paper) hides its lower half wherever both exist; the front's shading shows at a corner.
    /// - Complexity: O(pixels of the page).
    public func curled(progress: Double, direction: (x: Double, y: Double) = (0.3, 1)) -> Bitmap? {
        let w = width, h = height
        guard let out = Bitmap(width: w, height: h) else { return nil }
        var ux = direction.x.isFinite ? direction.x : 0, uy = direction.y.isFinite ? direction.y : 1
        let len = (ux * ux + uy * uy).squareRoot()
        if len < 1e-9 { (ux, uy) = (0, 1) } else { (ux, uy) = (ux / len, uy / len) }
        let r = max(2, Double(min(w, h)) / 7)
        // The line's distance along u from the origin: just past the leading corner at 0, past the
        // trailing corner and the cylinder at 1.
        let corners = [(0.0, 0.0), (Double(w), 0), (0, Double(h)), (Double(w), Double(h))].map { $0.0 * ux + $0.1 * uy }
        let c0 = corners.max()!, c1 = corners.min()! - r - 1
        let p = min(1, max(0, progress.isFinite ? progress : 0))
        let c = c0 - p * (c0 - c1)
        let fw = Double(w), fh = Double(h)
        // The shadow fades over the last quarter, as the roll leaves the page.
        let fade = min(1, (1 - p) * 4)
        for y in 0..<h {
            let dst = out.row(y)
            let py = Double(y) + 0.5
            for x in 0..<w {
                let px = Double(x) + 0.5
                let s = px * ux + py * uy - c
                // Candidates, highest first: (distance d along the page past the line, kind).
                // kind 0: flat back on top, 1: back half of the cylinder, 2: front half, 3: flat page.
                var found = false
                var pixel: UInt32 = 0
                for kind in 0..<4 {
                    let d: Double
                    switch kind {
                    case 0:
                        guard s <= 0 else { continue }
                        d = Double.pi * r - s
                    case 1, 2:
                        guard s >= 0, s <= r else { continue }
                        let a = asin(min(1, s / r))
                        d = r * (kind == 1 ? Double.pi - a : a)
                    default:
                        guard s < 0 else { continue }
                        d = s
                    }
                    let qx = px + (d - s) * ux, qy = py + (d - s) * uy
                    guard qx >= 0, qx < fw, qy >= 0, qy < fh else { continue }
                    var v = sample(qx - 0.5, qy - 0.5)
                    let theta = kind == 3 ? 0 : d / r
                    switch kind {
                    case 0: v = Self.paperBack(v)
                    case 1: v = Blend.scale(Self.paperBack(v), UInt32((0.6 + 0.4 * -cos(theta)) * 255)) | (v & 0xFF00_0000)
                    case 2: v = Blend.scale(v, UInt32((0.55 + 0.45 * cos(theta)) * 255)) | (v & 0xFF00_0000)
                    default: break
                    }
                    pixel = v
                    found = true
                    break
                }
                if !found && s > 0 {
                    // The page beneath shows here: the roll's shadow falls on it.
                    // Only where the page itself has paint (the page beneath is taken to share its
                    // shape: a rounded card casts no shadow outside its corners).
                    let k = 0.35 * min(1, max(0, 1 - (s - r) / (1.5 * r))) * fade * Double(Pixel.a(self[x, y])) / 255
                    pixel = UInt32((k * 255).rounded()) << 24
                }
                dst[x] = pixel
            }
        }
        return out
    }

    /// The bilinear sample at (x, y) in pixel-centre coordinates (centres at integers), clamped.
    private func sample(_ x: Double, _ y: Double) -> UInt32 {
        ImageShader.bilinear(pixels, stride, width, height, Int64((x * 65536).rounded(.down)), Int64((y * 65536).rounded(.down)))
    }

    /// The back of the paper: the print seen through, washed towards white.
    static func paperBack(_ p: UInt32) -> UInt32 {
        let a = Pixel.a(p)
        func ch(_ v: UInt32) -> UInt32 { (v * 2 + a * 3) / 5 }
        return Pixel.pack(r: ch(Pixel.r(p)), g: ch(Pixel.g(p)), b: ch(Pixel.b(p)), a: a)
    }
}
