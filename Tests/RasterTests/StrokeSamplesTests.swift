import Raster
import RasterBench
import TestSupport
import Testing

@Suite struct StrokeSamplesTests {
    @Test func everySceneHasAUniqueNameAndAFiniteOutlineInsideItsCanvas() {
        let scenes = StrokeSamples.all
        #expect(Set(scenes.map(\.name)).count == scenes.count)
        for scene in scenes {
            let outline = scene.outline()
            #expect(!outline.points.isEmpty, "\(scene.name)")
            for p in outline.points {
                #expect(p.isFinite && p.x >= 0 && p.y >= 0 && p.x <= Double(scene.width) && p.y <= Double(scene.height),
                        "\(scene.name): \(p)")
            }
            #expect(PolygonArea.nonZero(outline) > 0, "\(scene.name)")
        }
    }

    @Test func trimmedRingEndsAtTwelveOClockAndTheOvalHalvesMeetAtThreeOClock() {
        let ring = StrokeSamples.ringTrimmedAcrossTwelveOClock().path
        #expect(ring.currentPoint!.distance(to: Point(64, 16)) < 1e-9)
        let oval = StrokeSamples.ovalTrimmedAcrossThreeOClock().path
        let moves = oval.elements.compactMap { e -> Point? in if case .move(let p) = e { return p } else { return nil } }
        #expect(moves.count == 2)
        #expect(moves[1] == Point(112, 64))  // the second half starts at 3 o'clock…
        #expect(oval.trimmed(from: 0, to: 0.5).currentPoint!.distance(to: Point(112, 64)) < 1e-9)  // …where the first ends
    }

    @Test func roundDotsSceneMakesTwelveDiscs() {
        let outline = StrokeSamples.roundDotsAlongACircle().outline()
        // Twelve dots: the one the pattern puts at the very end is the first one again, drawn once.
        #expect(outline.contourCount == 12)
    }

    @Test func hairlinesKeepTheirThinArea() {
        for w in [0.1, 0.5] {
            let scene = StrokeSamples.hairline(width: w)
            let length = Point(4, 6).distance(to: Point(60, 10))
            #expect(abs(scene.outline().signedArea - w * length) < 1e-9)
        }
    }

    @Test func zigzagBenchmarkPathHasTheRequestedSegments() {
        #expect(StrokeSamples.zigzag(segments: 1000).elements.count == 1001)
    }
}
