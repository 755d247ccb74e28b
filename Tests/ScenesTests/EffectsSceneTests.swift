import Flipbook
import FlipbookTesting
import Foundation
@testable import Scenes
import Testing
import TestSupport

@Suite(.isolatedEngine) struct EffectsSceneTests {
    func blurRadius(_ d: SceneTester) -> Double {
        if case .number(let n)? = d.traceValues(ofLayerNamed: "card")["backdropBlurRadius"] { return n } else { return .nan }
    }

    /// The blur fades in once the card has shown (0.4 s delay, 1.6 s), then the slider scrubs it.
    @Test func theBlurFadesInThenScrubs() throws {
        let d = try SceneTester(scene: "effects", width: 960, height: 540)
        d.advance(to: 0.3)
        #expect(blurRadius(d) == 0)
        d.advance(to: 3)
        #expect(blurRadius(d) == 30)
        let scene = d.scene as! EffectsScene
        d.perform { scene.scrub(to: 0.25) }
        d.advance(by: 1.0 / 60)
        #expect(abs(blurRadius(d) - 7.5) < 1e-6)         // paused: linear in fractionComplete
        // A tap on the card plays it forwards again from there.
        d.tap(CGPoint(x: 480, y: 100))
        d.advance(by: 2)
        #expect(blurRadius(d) == 30)
    }

    /// The sprite sheet steps through its eight cells, a tenth of a second each.
    @Test func theSpriteSheetStepsThroughItsCells() throws {
        let d = try SceneTester(scene: "effects", width: 960, height: 540)
        let scene = d.scene as! EffectsScene
        var cells: [CGFloat] = []
        for k in 0..<8 {
            d.advance(to: 0.55 + 0.1 * Double(k))       // mid-cell: the sheet began with the scene, at 0
            cells.append((scene.sprite.presentation()?.contentsRect.minX ?? -1) * 8)
        }
        #expect(cells.map { Int($0.rounded()) } == [5, 6, 7, 0, 1, 2, 3, 4])
        #expect(cells.allSatisfy { abs($0 - $0.rounded()) < 1e-9 })     // whole cells: discrete
    }

    @Test(arguments: [0.3, 1.2, 2.5])
    func frames(at t: Double) throws {
        let d = try SceneTester(scene: "effects", width: 960, height: 540)
        d.advance(to: t)
        d.assertSnapshot(named: "effects-\(t)")
    }
}
