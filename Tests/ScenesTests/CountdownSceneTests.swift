import Flipbook
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct CountdownSceneTests {
    @Test(arguments: [0.0, 2.5, 5.0, 10.2])
    func goldenFrames(_ t: Double) throws {
        let d = try SceneDriver("countdown")
        d.run(to: t)
        #expect(Snapshot.verify(d.bitmap, named: "countdown-\(t)") == nil)
    }

    @Test func theLabelCountsDownInTenthsAndTheRingFillsLinearly() throws {
        let d = try SceneDriver("countdown")
        d.run(to: 2.5)
        #expect(d.values(of: "label")["string"] == .text("7.5"))
        #expect(d.values(of: "foreground")["strokeEnd"] == .number(0.25))
        d.run(to: 10.2)
        #expect(d.values(of: "label")["string"] == .text("0.0"))
        #expect(d.values(of: "foreground")["strokeEnd"] == .number(1)) // fillMode forwards holds the end
        // The pulse is removed when the countdown ends: back to its model opacity and scale.
        #expect(d.values(of: "pulse")["opacity"] == .number(1))
        #expect(d.values(of: "pulse")["transform"] == nil)
    }

    @Test func aTapRestartsTheCountdown() throws {
        let d = try SceneDriver("countdown")
        d.run(to: 3)
        #expect(d.values(of: "label")["string"] == .text("7.0"))
        d.run(to: 3 + 1.0 / 60, events: [.pointerDown(CGPoint(x: 10, y: 10)), .pointerUp(CGPoint(x: 10, y: 10))])
        #expect(d.values(of: "label")["string"] == .text("10.0"))
        #expect(d.values(of: "foreground")["strokeEnd"] == .number(0))
        d.run(to: 4 + 1.0 / 60)
        #expect(d.values(of: "label")["string"] == .text("9.0"))
    }
}
