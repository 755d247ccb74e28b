import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct GeometrySceneTests {
    func numbers(_ v: TraceValue?) -> [Double] { if case .numbers(let n)? = v { return n } else { return [] } }

    @Test func draggingTheAnchorPointMovesThePositionNotTheFrameOrigin() throws {
        let d = try SceneTester(scene: "geometry", width: 960, height: 540)
        d.advance(to: 0.5)
        func frameOrigin() -> [Double] {
            let v = d.traceValues(ofLayerNamed: "subject")
            let p = numbers(v["position"]), a = numbers(v["anchorPoint"]), b = numbers(v["bounds"])
            return [p[0] - a[0] * b[2], p[1] - a[1] * b[3]]
        }
        let before = frameOrigin()
        let positionBefore = numbers(d.traceValues(ofLayerNamed: "subject")["position"])
        d.send([.pointerDown(CGPoint(x: 250, y: 200))], at: 0.6)
        d.advance(to: 0.6)
        d.send([.pointerMove(CGPoint(x: 170, y: 140))], at: 0.7)
        d.advance(to: 0.7)
        let v = d.traceValues(ofLayerNamed: "subject")
        #expect(numbers(v["position"]) == [170, 140])
        #expect(numbers(v["position"]) != positionBefore)
        #expect(zip(frameOrigin(), before).allSatisfy { abs($0 - $1) < 1e-9 })
        let a = numbers(v["anchorPoint"])
        #expect(abs(a[0] - (170 - before[0]) / 200) < 1e-9 && abs(a[1] - (140 - before[1]) / 130) < 1e-9)
        // Released: it rocks about the new anchor point (the anchor stays fixed on screen).
        d.send([.pointerUp(CGPoint(x: 170, y: 140))], at: 1.0)
        d.advance(to: 1.0)
        d.advance(to: 1.3)
        #expect(numbers(d.traceValues(ofLayerNamed: "subject")["position"]) == [170, 140])
        #expect(d.traceValues(ofLayerNamed: "subject")["transform"] != nil)
    }

    @Test func modelStaysWhilePresentationMoves() throws {
        let d = try SceneTester(scene: "geometry", width: 960, height: 540)
        d.advance(to: 0.75)
        let x = numbers(d.traceValues(ofLayerNamed: "slider")["position"])[0]
        #expect(x > 720 + 1) // presentation, halfway through a +160 slide
        #expect(d.scene!.rootLayer.sublayers!.contains { $0.name == "slider" && $0.position.x == 720 })
    }

    /// At 640 × 480 the green square's slide stays inside the window (160 points ran it off the
    /// right edge), and a window narrowed from 1280 to 640 points gets the shorter slide too.
    @Test func theSlideStaysInANarrowWindow() throws {
        func rightmost(_ d: SceneTester) -> Double {
            stride(from: 0.05, through: 3.0, by: 0.05).map { t in
                d.advance(to: d.time + 0.05)
                return numbers(d.traceValues(ofLayerNamed: "slider")["position"])[0] + 18
            }.max() ?? 0
        }
        let d = try SceneTester(scene: "geometry", width: 640, height: 480)
        let edge = rightmost(d)
        #expect(edge <= 640 && edge > 600, "\(edge)") // 480 + 120 + 18 at the far end
        let wide = try SceneTester(scene: "geometry", width: 1280, height: 720)
        wide.advance(to: 0.5)
        wide.perform { wide.scene!.resize(to: CGSize(width: 640, height: 480)) }
        let narrowed = rightmost(wide)
        #expect(narrowed <= 640 && narrowed > 600, "\(narrowed)")
    }

    @Test func goldenFrame() throws {
        let d = try SceneTester(scene: "geometry", width: 960, height: 540)
        d.advance(to: 1.2)
        d.assertSnapshot(named: "geometry-1.2")
    }
}
