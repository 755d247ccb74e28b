import Flipbook
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct TransitionsSceneTests {
    @Test func goldenAQuarterIntoTheSecondChange() throws {
        let d = try SceneDriver("transitions", width: 1280, height: 720)
        d.run(to: 2.25)
        #expect(Snapshot.verify(d.bitmap, named: "transitions-2.25", tolerance: 1) == nil)
    }
}
