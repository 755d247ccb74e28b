/// Gaussian-like blur from three separable box passes (shadows, `shadowRadius`).
///
/// Three successive box filters approach a Gaussian closely (the central limit theorem; the
/// widths follow Kovesi's "Fast almost-Gaussian filtering"), at a cost independent of the
/// radius: each pass keeps a running sum. Pixels beyond the edges count as transparent (0), so
/// callers pad the image by about 3σ to keep the blur's tails. Premultiplied pixels stay valid
/// (every channel is averaged with the same weights and rounding is monotonic).
public enum Blur {
    /// Odd box widths of three passes whose combined variance is close to σ².
    public static func boxWidths(sigma: Double) -> [Int] {
        guard sigma.isFinite, sigma > 0.2 else { return [] }
        let s = Swift.min(sigma, 2000)
        let n = 3.0
        let ideal = (12 * s * s / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = Swift.max(1, wl)
        let wu = wl + 2
        let mIdeal = (12 * s * s - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<3).map { $0 < m ? wl : wu }
    }

    /// One box pass over `count` samples `step` bytes apart, in place, using `temp` (≥ count).
    static func boxLine(_ p: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius r: Int, temp: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count { temp[i] = p[i * step] }
        let width = UInt64(2 * r + 1)
        let inv = ((UInt64(1) << 32) + width / 2) / width
        var sum: UInt64 = 0
        for i in 0..<Swift.min(r, count) { sum += UInt64(temp[i]) }
        for i in 0..<count {
            if i + r < count { sum += UInt64(temp[i + r]) }
            p[i * step] = UInt8(truncatingIfNeeded: Swift.min(255, (sum * inv + (1 << 31)) >> 32))
            if i - r >= 0 { sum -= UInt64(temp[i - r]) }
        }
    }

    /// One vertical box pass over all columns at once, so memory is walked row by row: a
    /// running sum per byte column, read from a copy of the image (`temp`, rowBytes × height).
    static func boxColumns(_ base: UnsafeMutablePointer<UInt8>, bytesPerRow n: Int, height: Int, rowBytes: Int, radius r: Int,
                           temp: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<UInt32>) {
        for y in 0..<height { (temp + y * n).update(from: base + y * rowBytes, count: n) }
        sums.update(repeating: 0, count: n)
        let width = UInt64(2 * r + 1)
        let inv = ((UInt64(1) << 32) + width / 2) / width
        for y in 0..<Swift.min(r, height) { let row = temp + y * n; for i in 0..<n { sums[i] &+= UInt32(row[i]) } }
        for y in 0..<height {
            if y + r < height { let row = temp + (y + r) * n; for i in 0..<n { sums[i] &+= UInt32(row[i]) } }
            let out = base + y * rowBytes
            for i in 0..<n { out[i] = UInt8(truncatingIfNeeded: Swift.min(255, (UInt64(sums[i]) &* inv &+ (1 << 31)) >> 32)) }
            if y - r >= 0 { let row = temp + (y - r) * n; for i in 0..<n { sums[i] &-= UInt32(row[i]) } }
        }
    }

    /// Blurs `channels` interleaved byte planes of a `width × height` image in place.
    static func blur(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int, sigma: Double) {
        let widths = boxWidths(sigma: sigma)
        guard !widths.isEmpty else { return }
        let n = width * channels
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let temp = UnsafeMutablePointer<UInt8>.allocate(capacity: n * height)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { line.deallocate(); temp.deallocate(); sums.deallocate() }
        for w in widths {
            let r = (w - 1) / 2
            guard r > 0 else { continue }
            for y in 0..<height {
                for c in 0..<channels { boxLine(base + y * rowBytes + c, step: channels, count: width, radius: r, temp: line) }
            }
            boxColumns(base, bytesPerRow: n, height: height, rowBytes: rowBytes, radius: r, temp: temp, sums: sums)
        }
    }
}

extension Mask {
    /// Blurs the mask in place with a Gaussian of standard deviation `sigma` pixels (see `Blur`).
    /// Callers convert their radius convention (e.g. a shadow radius) to σ. σ ≤ 0.2 does nothing.
    /// - Complexity: O(width × height), independent of sigma.
    public func blur(sigma: Double) {
        Blur.blur(bytes, width: width, height: height, rowBytes: stride, channels: 1, sigma: sigma)
    }
}

extension Bitmap {
    /// Blurs all four channels in place with a Gaussian of standard deviation `sigma` (see `Blur`).
    /// - Complexity: O(width × height), independent of sigma.
    public func blur(sigma: Double) {
        pixels.withMemoryRebound(to: UInt8.self, capacity: stride * height * 4) {
            Blur.blur($0, width: width, height: height, rowBytes: stride * 4, channels: 4, sigma: sigma)
        }
    }
}
