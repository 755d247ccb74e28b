import Foundation
import Raster

/// Where a layer's presented `contents` lands: the part of the image `contentsRect` picks, placed
/// in the bounds by `contentsGravity`, cut in nine by `contentsCenter`.
///
/// Rules (Apple's documentation, with the gaps decided here):
/// - `contentsRect` is in unit coordinates of the image; it is clamped to the image (Apple repeats
///   the edge pixels outside it) and snapped to whole image pixels, so a sprite sheet's cell never
///   shows a sliver of its neighbour. An empty part draws nothing.
/// - The gravity places the part by its size in points (pixels / `contentsScale`).
/// - `contentsCenter` (unit coordinates of the part) is the piece that stretches; the pieces beside
///   it keep their size in points, those above and below keep their height, the corners keep both.
///   When the place is smaller than the fixed pieces, they shrink in proportion (Apple leaves this
///   undefined). Under a fixed-size gravity (`center`, `top`…) nothing is stretched, so the nine
///   pieces are the image.
/// - A crossfade (`LayerContents.incoming`) draws the two images mixed at the first one's pixel
///   size, placed between where each would be placed alone.
struct ContentsPlacement {
    /// The bitmap drawn (the image, or the mixed crossfade).
    let bitmap: Bitmap
    /// The part of `bitmap` shown, in its pixels.
    let source: PixelRect
    /// Where that part lands in the layer's space.
    let destination: CGRect
    /// The stretched piece, in unit coordinates of `source`.
    let center: CGRect

    init?(_ values: LayerValues, _ placement: ContentsValues) {
        let c = values.contents
        guard let first = c.image ?? c.incoming else { return nil }
        var bitmap = first.bitmap
        var pointSize = Self.pointSize(first, placement.scale)
        if let image = c.image, let incoming = c.incoming, c.fraction > 0 {
            guard let mixed = Bitmap.crossfade(image.bitmap, incoming.bitmap, fraction: c.fraction) else { return nil }
            bitmap = mixed
            pointSize = pointSize.interpolated(to: Self.pointSize(incoming, placement.scale), fraction: c.fraction)
        }
        let r = values.contentsRect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        func px(_ u: CGFloat, _ n: Int) -> Int { Int((Swift.min(1, Swift.max(0, u)) * CGFloat(n)).rounded()) }
        let source = PixelRect(x0: px(r.minX, bitmap.width), y0: px(r.minY, bitmap.height),
                               x1: px(r.maxX, bitmap.width), y1: px(r.maxY, bitmap.height))
        guard !source.isEmpty else { return nil }
        // The part's size in points: its share of the image's point size.
        let partSize = CGSize(width: pointSize.width * CGFloat(source.x1 - source.x0) / CGFloat(bitmap.width),
                              height: pointSize.height * CGFloat(source.y1 - source.y0) / CGFloat(bitmap.height))
        let destination = placement.gravity.rect(for: partSize, in: values.bounds)
        guard !destination.isNull, destination.width > 0, destination.height > 0 else { return nil }
        self.bitmap = bitmap
        self.source = source
        self.destination = destination
        let center = values.contentsCenter.standardized
        self.center = center.minX.isFinite && center.maxX.isFinite && center.minY.isFinite && center.maxY.isFinite
            ? center : CGRect(x: 0, y: 0, width: 1, height: 1)
        self.partSize = partSize
    }

    /// The part's size in points before the gravity scales it.
    private let partSize: CGSize

    private static func pointSize(_ image: CGImage, _ scale: CGFloat) -> CGSize {
        CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
    }

    /// One piece to draw: a bitmap and the transform from its pixels to the layer's space.
    struct Piece { let bitmap: Bitmap; let transform: Transform }

    /// The pieces to draw: one when nothing is cut (the whole image, or a cell of it), up to nine
    /// for a nine-part image.
    /// - Complexity: O(pixels of the part) for the copies; no copy when the part is the whole bitmap
    ///   and nothing is cut.
    func parts() -> [Piece] {
        let sw = source.x1 - source.x0, sh = source.y1 - source.y0
        // Column and row cuts in source pixels and in destination points.
        func cuts(_ lo: CGFloat, _ hi: CGFloat, pixels n: Int, points: CGFloat, placed: CGFloat, origin: CGFloat) -> [(Int, CGFloat)] {
            let a = Int((Swift.min(1, Swift.max(0, lo)) * CGFloat(n)).rounded())
            let b = Swift.max(a, Int((Swift.min(1, Swift.max(0, hi)) * CGFloat(n)).rounded()))
            // The fixed pieces keep their size in points, shrunk together when they do not fit.
            var before = points * CGFloat(a) / CGFloat(n), after = points * CGFloat(n - b) / CGFloat(n)
            if before + after > placed, before + after > 0 {
                let k = placed / (before + after)
                before *= k
                after *= k
            }
            return [(0, origin), (a, origin + before), (b, origin + placed - after), (n, origin + placed)]
        }
        let stretches = destination.size != partSize
        let xs = stretches ? cuts(center.minX, center.maxX, pixels: sw, points: partSize.width, placed: destination.width, origin: destination.minX)
                           : [(0, destination.minX), (sw, destination.maxX)]
        let ys = stretches ? cuts(center.minY, center.maxY, pixels: sh, points: partSize.height, placed: destination.height, origin: destination.minY)
                           : [(0, destination.minY), (sh, destination.maxY)]
        var out: [Piece] = []
        for j in 0..<(ys.count - 1) {
            for i in 0..<(xs.count - 1) {
                let (x0, dx0) = xs[i], (x1, dx1) = xs[i + 1], (y0, dy0) = ys[j], (y1, dy1) = ys[j + 1]
                guard x1 > x0, y1 > y0, dx1 > dx0, dy1 > dy0 else { continue }
                let rect = PixelRect(x0: source.x0 + x0, y0: source.y0 + y0, x1: source.x0 + x1, y1: source.y0 + y1)
                let piece = rect == bitmap.bounds ? bitmap : bitmap.copy(of: rect)
                guard let piece else { continue }
                let t = Transform.scale(Double(dx1 - dx0) / Double(piece.width), Double(dy1 - dy0) / Double(piece.height))
                    .concatenating(.translation(Double(dx0), Double(dy0)))
                out.append(Piece(bitmap: piece, transform: t))
            }
        }
        return out
    }
}
