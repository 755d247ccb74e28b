import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct HelloSceneTests {
    /// The card glides with ease-in-ease-out: at a quarter of the 2 s leg it has covered
    /// easeInEaseOut(0.25) of the way, checked against the curve solved independently here.
    @Test func theCardFollowsTheEaseInEaseOutCurveAndAutoreverses() throws {
        let d = try SceneTester(scene: "hello")
        func x() -> Double { if case .numbers(let p)? = d.traceValues(ofLayerNamed: "card")["position"] { return p[0] } else { return .nan } }
        let from = 260.0 / 2 + 40, to = 640 - from
        d.advance(to: 0)
        #expect(x() == from)
        d.advance(to: 0.5)
        // cubic-bezier(0.42, 0, 0.58, 1) at x = 0.25, by bisection on the curve's x(t).
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let mid = (lo + hi) / 2; if bezier(mid, 0.42, 0.58) < 0.25 { lo = mid } else { hi = mid } }
        let eased = bezier((lo + hi) / 2, 0, 1)
        #expect(abs(x() - (from + (to - from) * eased)) < 1e-6)
        d.advance(to: 2)
        #expect(abs(x() - to) < 1e-9)
        d.advance(to: 3)
        #expect(abs(x() - (from + to) / 2) < 1e-6) // halfway back
    }

    @Test func aTapPausesAndResumesWithoutAJump() throws {
        let d = try SceneTester(scene: "hello")
        func x() -> Double { if case .numbers(let p)? = d.traceValues(ofLayerNamed: "card")["position"] { return p[0] } else { return .nan } }
        d.advance(to: 0.5)
        let up: [InputEvent] = [.pointerUp(CGPoint(x: 5, y: 5))]
        d.send(up, at: 0.5 + 1.0 / 60)
        d.advance(to: 0.5 + 1.0 / 60)
        let paused = x()
        d.advance(to: 1.5)
        #expect(x() == paused)
        d.send(up, at: 1.5 + 1.0 / 60)
        d.advance(to: 1.5 + 1.0 / 60)
        #expect(x() == paused) // resumes from where it stopped
        d.advance(to: 1.6)
        #expect(x() > paused)
    }
}
