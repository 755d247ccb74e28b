import FrameLoop
import Flipbook
@testable import FlipbookBench
import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window
import Testing

/// The benchmark's collection view does the work it claims to time: it scrolls at 3,000 points a
/// second by its own display link, and the rows on screen are recycled cells showing their items.
@Suite struct CollectionBenchSceneTests {
    @Test func theRowsScrollAtThreeThousandPointsASecondOnRecycledCells() throws {
        let engine = CAEngine()
        let stage = Playground(registry: [], initial: CollectionBenchScene.self, engine: engine)
        let source = ManualSource(fps: 60)
        let driver = try #require(FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: 320, pixelHeight: 240, scale: 1))
        let scene = try #require(stage.scene as? CollectionBenchScene)
        var offsets: [CGFloat] = []
        var cells = Set<ObjectIdentifier>()
        var mostVisible = 0
        for frame in 0...61 {
            if frame > 0 { source.advance() }
            try driver.runFrame(drawing: false)
            let cv = scene.collectionView!
            offsets.append(cv.contentOffset.y)
            mostVisible = max(mostVisible, cv.visibleCells.count)
            cells.formUnion(cv.visibleCells.map(ObjectIdentifier.init))
            for path in cv.indexPathsForVisibleItems {
                let row = try #require(cv.cellForItem(at: path) as? CollectionBenchScene.Row)
                #expect(row.label.text == "Row \(path.item + 1) of 10000")
                #expect(row.frame.intersects(cv.bounds))
            }
        }
        // Half a second apart: 1,500 points, whichever frame the scrolling began on.
        #expect(abs(offsets[61] - offsets[31] - 1500) < 1e-6)
        #expect(offsets[61] > 2900)   // some 50 rows of 60 points went by
        #expect(mostVisible >= 4 && cells.count <= mostVisible + 2)
    }
}
