#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bitmap {
    /// The page rolled up from its bottom edge by `progress` (0: flat, 1: gone), in the page's
    /// pixels: the page-curl transition's moving page.
    ///
    /// Rows above the curl line stay flat; a row a distance d past it lies on a cylinder of radius r
    /// at angle θ = d / r (y' = c + r·sin θ, nearer the eye as θ grows), and past θ = π flat on the
    /// back of the roll, travelling up (y' = c − (d − π·r)); the back of the paper shows lighter. A
    /// per-row depth buffer keeps the nearest row; since |dy'/dd| ≤ 1 the forward map leaves no holes.
    /// - Complexity: O(pixels of the page).
    public func curled(progress: Double) -> Bitmap? {
        let w = width, h = height
        guard let out = Bitmap(width: w, height: h) else { return nil }
        let r = max(2, Double(h) / 8)
        let c = Double(h) - min(1, max(0, progress)) * (Double(h) + Double.pi * r)
        var depth = [Double](repeating: -1, count: h)
        for y in 0..<h {
            let yc = Double(y) + 0.5
            var target: Double, z: Double, shade: Double, back = false
            if yc < c {
                (target, z, shade) = (yc, 0, 1)
            } else {
                let d = yc - c, theta = d / r
                if theta <= Double.pi {
                    target = c + r * sin(theta)
                    z = r * (1 - cos(theta))
                    shade = theta <= Double.pi / 2 ? 1 - 0.35 * (1 - cos(theta)) : 1
                    back = theta > Double.pi / 2
                } else {
                    (target, z, shade) = (c - (d - Double.pi * r), 2 * r, 1)
                    back = true
                }
            }
            let rowIndex = Int(target.rounded(.down))
            guard rowIndex >= 0, rowIndex < h, z >= depth[rowIndex] else { continue }
            depth[rowIndex] = z
            let src = row(y), dst = out.row(rowIndex)
            for x in 0..<w {
                var px = src[x]
                if back { px = Self.paperBack(px) } else if shade < 1 { px = Blend.scale(px, UInt32(shade * 255)) | (px & 0xFF00_0000) }
                dst[x] = px
            }
        }
        return out
    }

    /// The back of the paper: the print seen through, washed towards white.
    static func paperBack(_ p: UInt32) -> UInt32 {
        let a = Pixel.a(p)
        func ch(_ v: UInt32) -> UInt32 { (v * 2 + a * 3) / 5 }
        return Pixel.pack(r: ch(Pixel.r(p)), g: ch(Pixel.g(p)), b: ch(Pixel.b(p)), a: a)
    }
}
