import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct TransitionsSceneTests {
    @Test func goldenAQuarterIntoTheSecondChange() throws {
        let d = try SceneTester(scene: "transitions", width: 1280, height: 720)
        d.advance(to: 2.25)
        d.assertSnapshot(named: "transitions-2.25", tolerance: 1)
    }
}
