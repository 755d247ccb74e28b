/// Gaussian-like blur from three separable box passes (shadows, `shadowRadius`).
///
/// Three successive box filters approach a Gaussian closely (the central limit theorem; the
/// widths follow Kovesi's "Fast almost-Gaussian filtering"), at a cost independent of the
/// radius: each pass keeps a running sum (CRasterKernels' Blur.c, all channels of a row at once,
/// the passes pipelined over the rows). Pixels beyond the edges count as transparent (0), so
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

    /// Blurs `channels` interleaved byte planes of a `width × height` image in place.
    ///
    /// Only the rectangle that can hold a non-zero byte is walked: the bounding box of the image's
    /// non-zero bytes grown by the passes' combined reach (the sum of their radii). Outside it every
    /// byte is 0 before and after each pass, and inside it the bytes beyond its edges read as the 0
    /// they are, so the result is the same, byte for byte, as blurring the whole image. Why: a
    /// shadow's bitmap covers its layer's whole extent (up to 2048² pixels) while its shape is
    /// often a small part of it; blurring the empty rest cost most of a frame (RELIABILITY.md, the
    /// fuzzer's seed 1 case 1528).
    static func blur(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int, sigma: Double) {
        let widths = boxWidths(sigma: sigma)
        guard !widths.isEmpty, width > 0, height > 0 else { return }
        let reach = widths.reduce(0) { $0 + ($1 - 1) / 2 }
        guard reach > 0, let box = nonZeroBounds(base, width: width, height: height, rowBytes: rowBytes, channels: channels) else { return }
        let x0 = Swift.max(0, box.x0 - reach), x1 = Swift.min(width, box.x1 + reach)
        let y0 = Swift.max(0, box.y0 - reach), y1 = Swift.min(height, box.y1 + reach)
        blurAll(base + y0 * rowBytes + x0 * channels, width: x1 - x0, height: y1 - y0, rowBytes: rowBytes, channels: channels, widths: widths)
    }

    /// The pixel rectangle [x0, x1) × [y0, y1) holding every non-zero byte; nil when there is none.
    static func nonZeroBounds(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int,
                              channels: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let n = width * channels
        var x0 = n, x1 = 0, y0 = height, y1 = 0
        for y in 0..<height {
            let row = base + y * rowBytes
            var first = 0
            while first < n && row[first] == 0 { first += 1 }
            guard first < n else { continue }
            var last = n - 1
            while row[last] == 0 { last -= 1 }
            x0 = Swift.min(x0, first); x1 = Swift.max(x1, last + 1)
            if y0 == height { y0 = y }
            y1 = y + 1
        }
        guard y1 > y0 else { return nil }
        return (x0 / channels, (x1 + channels - 1) / channels, y0, y1)
    }

    /// The passes over every pixel of the image (the reference the bounded walk must equal), by
    /// CRasterKernels' pipeline (`RasterKernels.blur`): for each width, a horizontal then a
    /// vertical box, each rounding to bytes as `min(255, (sum·inv + 2³¹) >> 32)`, inv = 2³²/width
    /// rounded. The image is read and written once for all passes.
    static func blurAll(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int, widths: [Int]) {
        let radii = widths.map { Int32(clamping: ($0 - 1) / 2) }.filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0, channels > 0 else { return }
        RasterKernels.blur(base, width: width, height: height, rowBytes: rowBytes, channels: channels, radii: radii)
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
