import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct BasicsSceneTests {
    func x(_ d: SceneTester, _ name: String) -> Double {
        if case .numbers(let p)? = d.traceValues(ofLayerNamed: name)["position"] { return p[0] } else { return .nan }
    }

    @Test func eachBallFollowsItsCurve() throws {
        let d = try SceneTester(scene: "basics", width: 1280, height: 720)
        // The race starts in the first frame's layout, from x 120 to x 640, 2 s each way.
        let start = d.time
        let curves: [(String, CAMediaTimingFunctionName)] = [("easeIn", .easeIn), ("easeOut", .easeOut),
                                                            ("easeInOut", .easeInEaseOut), ("linear", .linear)]
        for t in [0.5, 1.0, 1.5, 3.0] {
            d.advance(to: start + t)
            let leg = t <= 2 ? t / 2 : (4 - t) / 2 // autoreverse: the way back replays the curve
            for (name, curve) in curves {
                let expected = 120 + (640 - 120) * CAMediaTimingFunction(name: curve).value(at: leg)
                #expect(abs(x(d, "ball-\(name)") - expected) < 1e-6, "\(name) at \(t) s")
            }
        }
    }

    @Test func theViewAndTheLayerShareTheOvershootCurve() throws {
        let d = try SceneTester(scene: "basics", width: 1280, height: 720)
        let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        d.advance(to: 2.0) // the 2 s timer swings both right by 200
        let from = x(d, "swingLayer")
        for f in [0.1, 0.5, 0.8] {
            d.advance(to: 2.0 + f)
            let expected = from + 200 * overshoot.value(at: f)
            #expect(abs(x(d, "swingLayer") - expected) < 1e-6)
            #expect(abs(x(d, "swingView") - x(d, "swingLayer")) < 1e-9)
        }
        #expect(overshoot.value(at: 0.8) > 1) // it really overshoots
    }

    @Test func goldenFrame() throws {
        let d = try SceneTester(scene: "basics", width: 1280, height: 720)
        d.advance(to: 2.5)
        d.assertSnapshot(named: "basics-2.5")
    }
}
