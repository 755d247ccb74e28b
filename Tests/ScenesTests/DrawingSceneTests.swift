import Flipbook
import FlipbookTesting
import Foundation
import Raster
@testable import Scenes
import Testing
import TestSupport

@Suite(.isolatedEngine) struct DrawingSceneTests {
    /// The pixels of `rect` in the tester's last frame.
    func pixels(_ d: SceneTester, _ rect: CGRect) -> [UInt32] {
        let b = d.bitmap
        return (Int(rect.minY)..<Int(rect.maxY)).flatMap { y in (Int(rect.minX)..<Int(rect.maxX)).map { b[$0, y] } }
    }

    /// The badge turns, a tap redraws the swatches and a new badge, and nothing is reported.
    @Test func theBadgeTurnsAndATapShiftsTheColours() throws {
        let d = try SceneTester(scene: "drawing", width: 800, height: 560)
        d.advance(to: 0.5)
        let vc = d.scene as! DrawingScene
        let badge = vc.badge.frame, swatches = vc.swatches.frame
        let badgeBefore = pixels(d, badge), swatchesBefore = pixels(d, swatches)
        #expect(swatchesBefore.contains { $0 >> 24 == 255 && $0 & 0xFF != 0xF5 }, "the swatches drew something")
        d.advance(to: 2)
        #expect(pixels(d, badge) != badgeBefore, "the badge turned")
        #expect(pixels(d, swatches) == swatchesBefore, "the swatches stay until tapped")
        d.send([.pointerDown(CGPoint(x: 5, y: 5)), .pointerUp(CGPoint(x: 5, y: 5))], at: 2 + 1.0 / 60)
        d.advance(to: 2.1)
        #expect(pixels(d, swatches) != swatchesBefore, "a tap shifted the colours")
        #expect(CAEngine.current.diagnostics.isEmpty, "\(CAEngine.current.diagnostics)")
    }
}
