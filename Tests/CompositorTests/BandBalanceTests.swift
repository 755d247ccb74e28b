@testable import Compositor
import Raster
import Testing

/// Where a frame is cut into bands (Frame/BandBalance.swift).
struct BandBalanceTests {
    /// Seconds a band takes when row y of a pixel costs `cost(y)`.
    static func seconds(_ band: PixelRect, _ cost: (Int) -> Double) -> Double {
        (band.y0..<band.y1).reduce(0.0) { $0 + cost($1) } * Double(band.width)
    }

    /// Bands are whole rows inside one rectangle, do not overlap, and together are exactly the
    /// rectangles, whatever the estimate says.
    @Test func bandsAreExactlyTheRectanglesRows() {
        var balance = BandBalance()
        let rects = [PixelRect(x0: 0, y0: 0, x1: 640, y1: 300), PixelRect(x0: 100, y0: 310, x1: 200, y1: 313),
                     PixelRect(x0: 0, y0: 400, x1: 1, y1: 480)]
        let cost: (Int) -> Double = { y in y < 40 ? 1e-7 : (y % 7 == 0 ? 3e-9 : 1e-9) }
        for frame in 0..<6 {
            for count in [2, 3, 5, 16, 64, 400, Int.max] {
                let bands = balance.bands(rects, count: count, height: 480)
                var covered = [Int](repeating: 0, count: 640 * 480)
                for b in bands {
                    #expect(!b.isEmpty)
                    #expect(rects.contains { $0.x0 == b.x0 && $0.x1 == b.x1 && $0.y0 <= b.y0 && b.y1 <= $0.y1 })
                    for y in b.y0..<b.y1 { for x in b.x0..<b.x1 { covered[y * 640 + x] += 1 } }
                }
                for y in 0..<480 { for x in 0..<640 {
                    let inside = rects.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                    if covered[y * 640 + x] != (inside ? 1 : 0) {
                        Issue.record("frame \(frame), \(count) bands: pixel (\(x), \(y)) drawn \(covered[y * 640 + x]) times")
                        return
                    }
                } }
                if count == 3 { balance.record(bands, seconds: bands.map { Self.seconds($0, cost) }, height: 480) }
            }
        }
    }

    /// Cost all in the top quarter: the first frame, cut by area, gives one band nearly all the
    /// work; a few frames later the bands take about as long as each other.
    @Test func bandsOfUnevenWorkComeToTakeAsLongAsEachOther() {
        var balance = BandBalance()
        let frame = [PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080)]
        let cost: (Int) -> Double = { y in y < 270 ? 2e-9 : 1e-10 }
        func spread(_ bands: [PixelRect]) -> Double {
            let t = bands.map { Self.seconds($0, cost) }
            return t.max()! / (t.reduce(0, +) / Double(t.count))
        }
        let first = balance.bands(frame, count: 2, height: 1080)
        #expect(first == [PixelRect(x0: 0, y0: 0, x1: 1920, y1: 540), PixelRect(x0: 0, y0: 540, x1: 1920, y1: 1080)])
        #expect(spread(first) > 1.7)
        var bands = first
        for _ in 0..<30 {
            balance.record(bands, seconds: bands.map { Self.seconds($0, cost) }, height: 1080)
            bands = balance.bands(frame, count: 2, height: 1080)
        }
        #expect(spread(bands) < 1.05, "bands \(bands)")
        // Four bands learn the same way.
        for _ in 0..<30 {
            bands = balance.bands(frame, count: 4, height: 1080)
            balance.record(bands, seconds: bands.map { Self.seconds($0, cost) }, height: 1080)
        }
        #expect(spread(balance.bands(frame, count: 4, height: 1080)) < 1.1)
    }

    /// The estimate of a frame's work: none before a frame of that height was measured, then the
    /// measured seconds; bad measurements are ignored.
    @Test func estimateFollowsWhatWasMeasured() throws {
        var balance = BandBalance()
        let frame = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        #expect(balance.estimatedSeconds([frame], height: 100) == nil)
        balance.record([frame], seconds: [.nan], height: 100)
        balance.record([frame], seconds: [-1], height: 100)
        #expect(balance.estimatedSeconds([frame], height: 100) == nil)
        balance.record([frame], seconds: [0.002], height: 100)
        let whole = try #require(balance.estimatedSeconds([frame], height: 100))
        #expect(abs(whole - 0.002) < 1e-12)
        let quarter = try #require(balance.estimatedSeconds([PixelRect(x0: 0, y0: 0, x1: 50, y1: 50)], height: 100))
        #expect(abs(quarter - 0.0005) < 1e-12)
        // Another height starts afresh.
        #expect(balance.estimatedSeconds([frame], height: 200) == nil)
        // Rectangles reaching outside the frame count only their rows inside it.
        let outside = try #require(balance.estimatedSeconds([PixelRect(x0: 0, y0: -50, x1: 100, y1: 50)], height: 100))
        #expect(abs(outside - 0.001) < 1e-12)
    }
}
