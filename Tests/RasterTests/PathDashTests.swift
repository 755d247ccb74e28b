import Foundation
import Raster
import Testing

@Suite struct PathDashTests {
    static func horizontalLine(_ length: Double, y: Double = 0) -> Path {
        var p = Path()
        p.move(to: Point(0, y)); p.line(to: Point(length, y))
        return p
    }

    /// The (start x, end x) of every dash on a horizontal line.
    static func spans(_ p: Path) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        var start = 0.0
        for e in p.elements {
            switch e {
            case .move(let q): start = q.x
            case .line(let q): result.append((start, q.x))
            default: break
            }
        }
        return result
    }

    static func same(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.0 - $1.0) < 1e-9 && abs($0.1 - $1.1) < 1e-9 }
    }

    @Test func patternRepeatsAlongALineAndTheLastDashIsCutAtTheEnd() {
        let d = Self.horizontalLine(100).dashed([10, 5])
        #expect(Self.same(Self.spans(d), [(0, 10), (15, 25), (30, 40), (45, 55), (60, 70), (75, 85), (90, 100)]))
    }

    @Test func phaseOffsetsIntoThePatternAndNegativePhasesCountBackwards() {
        let line = Self.horizontalLine(40)
        #expect(Self.same(Self.spans(line.dashed([10, 5], phase: 3)), [(0, 7), (12, 22), (27, 37)]))
        // −3 is 12 into the 15-long pattern: 3 of the gap left.
        #expect(Self.same(Self.spans(line.dashed([10, 5], phase: -3)), [(3, 13), (18, 28), (33, 40)]))
        // A phase of whole periods changes nothing.
        #expect(Self.same(Self.spans(line.dashed([10, 5], phase: 45)), Self.spans(line.dashed([10, 5]))))
    }

    @Test func oddPatternsRepeatToAnEvenOne() {
        let d = Self.horizontalLine(50).dashed([10, 5, 5])  // on 10, off 5, on 5, off 10, on 5, off 5, …
        #expect(Self.same(Self.spans(d), [(0, 10), (15, 20), (30, 35), (40, 50)]))
    }

    @Test func emptyAllZeroNegativeAndNonFinitePatternsAreSolid() {
        let line = Self.horizontalLine(30)
        for pattern in [[], [0, 0], [-1, 5], [5, .nan], [.infinity, 2], [1, -0.5, 2]] as [[Double]] {
            #expect(line.dashed(pattern) == line, "\(pattern)")
        }
        #expect(line.dashed([10, 5], phase: .nan) == line.dashed([10, 5]))
    }

    @Test func patternRestartsOnEverySubpath() {
        var p = Self.horizontalLine(12)
        p.append(contentsOf: Self.horizontalLine(12, y: 5))
        #expect(Self.same(Self.spans(p.dashed([4, 4])), [(0, 4), (8, 12), (0, 4), (8, 12)]))
    }

    @Test func closedSubpathsAreDashedThroughTheirClosingLine() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        let d = p.dashed([5, 10])  // 0…5, 15…20, 30…35
        #expect(d.elements == [.move(Point(0, 0)), .line(Point(5, 0)),
                               .move(Point(10, 5)), .line(Point(10, 10)),
                               .move(Point(0, 10)), .line(Point(0, 5))])
        // Wholly inside one dash: stays closed.
        #expect(p.dashed([100, 1]) == p)
    }

    @Test func paintedLengthOnACircleMatchesThePattern() {
        var p = Path()
        p.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        let total = p.length  // 100π ≈ 314.16: 20 whole periods of 15, then 14.16 left
        let d = p.dashed([10, 5])
        let expected = 20 * 10 + min(10, total - 300)
        #expect(abs(d.length - expected) < 1e-6)
        #expect(d.elements.filter { if case .move = $0 { return true } else { return false } }.count == 21)
    }

    @Test func zeroLengthDashesAreZeroLengthSubpaths() {
        let d = Self.horizontalLine(20).dashed([0, 10])
        #expect(d.elements == [.move(Point(0, 0)), .line(Point(0, 0)), .move(Point(10, 0)), .line(Point(10, 0)),
                               .move(Point(20, 0)), .line(Point(20, 0))])
    }

    @Test func aDotAtTheEndOfAClosedSubpathIsNotDrawnTwiceOverTheStartDot() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        let d = p.dashed([0, 10])
        #expect(d.elements == [.move(Point(0, 0)), .line(Point(0, 0)), .move(Point(10, 0)), .line(Point(10, 0)),
                               .move(Point(10, 10)), .line(Point(10, 10)), .move(Point(0, 10)), .line(Point(0, 10))])
    }

    @Test func patternsThatWouldMakeMillionsOfDashesStrokeSolid() {
        let huge = Self.horizontalLine(1e9)
        #expect(huge.dashed([0.5, 0.5]) == huge)
        #expect(huge.dashed([1e3, 1e3]).elements.count == 1_000_000)
    }
}
