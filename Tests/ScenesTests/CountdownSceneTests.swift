import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct CountdownSceneTests {
    @Test(arguments: [0.0, 2.5, 5.0, 10.2])
    func goldenFrames(_ t: Double) throws {
        let d = try SceneTester(scene: "countdown")
        d.advance(to: t)
        d.assertSnapshot(named: "countdown-\(t)")
    }

    @Test func theLabelCountsDownInTenthsAndTheRingFillsLinearly() throws {
        let d = try SceneTester(scene: "countdown")
        d.advance(to: 2.5)
        #expect(d.traceValues(ofLayerNamed: "label")["string"] == .text("7.5"))
        #expect(d.traceValues(ofLayerNamed: "foreground")["strokeEnd"] == .number(0.25))
        d.advance(to: 10.2)
        #expect(d.traceValues(ofLayerNamed: "label")["string"] == .text("0.0"))
        #expect(d.traceValues(ofLayerNamed: "foreground")["strokeEnd"] == .number(1)) // fillMode forwards holds the end
        // The pulse is removed when the countdown ends: back to its model opacity and scale.
        #expect(d.traceValues(ofLayerNamed: "pulse")["opacity"] == .number(1))
        #expect(d.traceValues(ofLayerNamed: "pulse")["transform"] == nil)
    }

    @Test func aTapRestartsTheCountdown() throws {
        let d = try SceneTester(scene: "countdown")
        d.advance(to: 3)
        #expect(d.traceValues(ofLayerNamed: "label")["string"] == .text("7.0"))
        d.send([.pointerDown(CGPoint(x: 10, y: 10)), .pointerUp(CGPoint(x: 10, y: 10))], at: 3 + 1.0 / 60)
        d.advance(to: 3 + 1.0 / 60)
        #expect(d.traceValues(ofLayerNamed: "label")["string"] == .text("10.0"))
        #expect(d.traceValues(ofLayerNamed: "foreground")["strokeEnd"] == .number(0))
        d.advance(to: 4 + 1.0 / 60)
        #expect(d.traceValues(ofLayerNamed: "label")["string"] == .text("9.0"))
    }
}
