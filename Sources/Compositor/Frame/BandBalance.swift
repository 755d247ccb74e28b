import Raster

/// Where to cut a frame into bands so that every band takes about as long, learnt from the
/// bands of the frames before.
///
/// Why: a frame cut into bands of equal area is rarely equal work (the transitions scene has
/// seven cards with text in its top half and four in its bottom half: its top band took 0.30 ms
/// and its bottom 0.22, so two cores waited on one). Consecutive frames of a scene are much
/// alike, so each band's thread CPU time, spread evenly over its pixels, updates a running
/// estimate of what a pixel of each row costs; the next frame is cut where the estimated cost
/// is shared equally. A band's bytes do not depend on where it is cut (the compositor gives
/// every pixel of any clip the whole frame's bytes), so this only moves work between threads.
///
/// The estimate starts flat (the first frame is cut by area), follows a change in a few frames
/// (each measurement weighs `learningRate`), and forgets nothing about rows no band covered.
struct BandBalance {
    /// Estimated seconds per pixel of each row of the frame; empty until a frame was measured.
    private(set) var rowCost: [Double] = []
    /// Weight of a new measurement against the estimate (0…1).
    var learningRate = 0.3
    /// Per row, the measured seconds and pixels of one frame being recorded (zero between frames).
    private var rowTime: [Double] = [], rowArea: [Double] = []

    /// `rects` (disjoint, inside rows 0..<`height`) cut into about `count` horizontal bands of
    /// similar estimated cost: whole rows, each band inside one rectangle, together exactly the
    /// rectangles' pixels.
    /// - Complexity: O(rows of `rects` + `count`).
    func bands(_ rects: [PixelRect], count: Int, height: Int) -> [PixelRect] {
        // More bands than rows cannot be cut (and a huge count must not overflow below).
        let count = min(count, rects.reduce(0) { $0 + $1.height })
        guard count > 1 else { return rects }
        let estimated = rowCost.count == height
        // A floor keeps rows measured as free from vanishing (a band is never zero work).
        let floor = estimated ? rowCost.reduce(0, +) / Double(max(1, height)) * 0.01 : 0
        func cost(_ y: Int) -> Double {
            guard estimated else { return 1 }
            return y >= 0 && y < height ? max(rowCost[y], floor) : floor
        }
        let weights = rects.map { r in (r.y0..<max(r.y0, r.y1)).reduce(0.0) { $0 + cost($1) } * Double(r.width) }
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return rects }
        var out: [PixelRect] = []
        out.reserveCapacity(count + rects.count)
        for (r, weight) in zip(rects, weights) where !r.isEmpty {
            let pieces = max(1, min(r.height, Int((weight / total * Double(count)).rounded())))
            guard pieces > 1 else { out.append(r); continue }
            // Cut where the running cost first reaches k/pieces of the rectangle's, leaving at
            // least one row to every piece on either side of the cut.
            var y0 = r.y0, running = 0.0, k = 1, y = r.y0
            let rowWeight = Double(r.width)
            while k < pieces {
                running += cost(y) * rowWeight
                y += 1
                let rowsLeft = r.y1 - y, piecesLeft = pieces - k
                if running >= weight * Double(k) / Double(pieces) || rowsLeft == piecesLeft {
                    out.append(PixelRect(x0: r.x0, y0: y0, x1: r.x1, y1: y))
                    y0 = y
                    k += 1
                }
            }
            out.append(PixelRect(x0: r.x0, y0: y0, x1: r.x1, y1: r.y1))
        }
        return out
    }

    /// The estimated CPU seconds of compositing `rects` of a frame `height` rows high; nil before
    /// a frame of that height was measured.
    func estimatedSeconds(_ rects: [PixelRect], height: Int) -> Double? {
        guard rowCost.count == height else { return nil }
        var total = 0.0
        for r in rects {
            let y0 = max(0, r.y0), y1 = min(height, r.y1)
            guard y0 < y1 else { continue }
            total += rowCost[y0..<y1].reduce(0, +) * Double(r.width)
        }
        return total
    }

    /// Learns from one frame: `seconds[i]` is the CPU time band `bands[i]` took. A frame of
    /// another height starts the estimate afresh; non-finite or negative times are ignored.
    mutating func record(_ bands: [PixelRect], seconds: [Double], height: Int) {
        guard bands.count == seconds.count, height > 0 else { return }
        let measured = zip(bands, seconds).filter { !$0.0.isEmpty && $0.1.isFinite && $0.1 >= 0 }
        let area = measured.reduce(0.0) { $0 + Double($1.0.width * $1.0.height) }
        let time = measured.reduce(0.0) { $0 + $1.1 }
        guard area > 0, time > 0, (time / area).isFinite else { return }
        // A new height, or an estimate gone non-finite (it cannot, from finite times; cheap to
        // be sure, as a non-finite estimate would stop every cut), starts afresh.
        if rowCost.count != height || !rowCost.allSatisfy(\.isFinite) {
            rowCost = Array(repeating: time / area, count: height)
        }
        // Rows of several rectangles (damage) take the area-weighted mean of their bands.
        if rowTime.count != height {
            rowTime = Array(repeating: 0, count: height)
            rowArea = Array(repeating: 0, count: height)
        }
        var lo = height, hi = 0
        for (band, t) in measured {
            let perPixel = t / Double(band.width * band.height), a = Double(band.width)
            let y0 = max(0, band.y0), y1 = min(height, max(band.y0, band.y1))
            guard y0 < y1 else { continue }
            lo = min(lo, y0); hi = max(hi, y1)
            for y in y0..<y1 {
                rowTime[y] += perPixel * a
                rowArea[y] += a
            }
        }
        guard lo < hi else { return }
        for y in lo..<hi where rowArea[y] > 0 {
            rowCost[y] += learningRate * (rowTime[y] / rowArea[y] - rowCost[y])
            rowTime[y] = 0
            rowArea[y] = 0
        }
    }
}
