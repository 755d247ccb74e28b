import Flipbook
import FlipbookTesting
import Foundation
import FrameLoop
import RasterIO
@testable import Scenes
import Testing
import TestSupport

/// The cities scene's pad path through the frame loop without SDL: the events the router makes
/// from the pad (the SDL path: HeadlessRenderTests.CitiesGamepadTests).
@Suite(.isolatedEngine) struct CitiesPadEventTests {
    @Test func aWhileTheFocusLeadsSelectsTheFocusedCardWhereverThePointerIs() throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        let c = d.scene as! CitiesScene
        d.send([.padButton(.dpadRight, isDown: true)], at: 0.3); d.advance(to: 0.3)
        d.send([.padButton(.dpadRight, isDown: true)], at: 0.6); d.advance(to: 0.6)
        let card = try #require(c.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? CityCell)
        #expect(card.isFocused && c.collectionView.window!.focusLeads)
        d.send([.padButton(.a, isDown: true), .pointerDown(CGPoint(x: 100, y: 100))], at: 0.9); d.advance(to: 0.9)
        d.send([.padButton(.a, isDown: false), .pointerUp(CGPoint(x: 100, y: 100))], at: 0.95); d.advance(to: 0.95)
        d.advance(to: 1.4)
        #expect(card.state == .expanded && card.isFocused)
        d.send([.padAxis(.leftY, value: 0.5)], at: 1.5); d.advance(to: 1.5)
        #expect(abs(card.animator.fractionComplete - 0.375) < 1e-3 && card.isFocused)   // (0.5 − 0.2) / 0.8
        #expect(card.animator.state == .active && !card.animator.isRunning)
        d.send([.padAxis(.leftY, value: 0)], at: 1.8); d.advance(to: 1.8)
        d.advance(to: 2.2)
        #expect(card.state == .expanded && card.animator.state == .inactive && card.frame.width == 640)   // turned back
        d.send([.padAxis(.leftY, value: 0.9)], at: 2.3); d.advance(to: 2.3)
        d.send([.padAxis(.leftY, value: 0.3)], at: 2.35); d.advance(to: 2.35)    // a released stick on its way back
        d.send([.padAxis(.leftY, value: 0)], at: 2.4); d.advance(to: 2.4)
        d.advance(to: 2.9)
        #expect(card.state == .collapsed && card.animator.state == .inactive && c.collectionView.isScrollEnabled)
    }
}
