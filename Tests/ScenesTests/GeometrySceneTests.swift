import Flipbook
import Foundation
import Testing
import TestSupport

@Suite(.isolatedEngine) struct GeometrySceneTests {
    func numbers(_ v: TraceValue?) -> [Double] { if case .numbers(let n)? = v { return n } else { return [] } }

    @Test func draggingTheAnchorPointMovesThePositionNotTheFrameOrigin() throws {
        let d = try SceneDriver("geometry", width: 960, height: 540)
        d.run(to: 0.5)
        func frameOrigin() -> [Double] {
            let v = d.values(of: "subject")
            let p = numbers(v["position"]), a = numbers(v["anchorPoint"]), b = numbers(v["bounds"])
            return [p[0] - a[0] * b[2], p[1] - a[1] * b[3]]
        }
        let before = frameOrigin()
        let positionBefore = numbers(d.values(of: "subject")["position"])
        d.run(to: 0.6, events: [.pointerDown(CGPoint(x: 250, y: 200))])
        d.run(to: 0.7, events: [.pointerMove(CGPoint(x: 170, y: 140))])
        let v = d.values(of: "subject")
        #expect(numbers(v["position"]) == [170, 140])
        #expect(numbers(v["position"]) != positionBefore)
        #expect(zip(frameOrigin(), before).allSatisfy { abs($0 - $1) < 1e-9 })
        let a = numbers(v["anchorPoint"])
        #expect(abs(a[0] - (170 - before[0]) / 200) < 1e-9 && abs(a[1] - (140 - before[1]) / 130) < 1e-9)
        // Released: it rocks about the new anchor point (the anchor stays fixed on screen).
        d.run(to: 1.0, events: [.pointerUp(CGPoint(x: 170, y: 140))])
        d.run(to: 1.3)
        #expect(numbers(d.values(of: "subject")["position"]) == [170, 140])
        #expect(d.values(of: "subject")["transform"] != nil)
    }

    @Test func modelStaysWhilePresentationMoves() throws {
        let d = try SceneDriver("geometry", width: 960, height: 540)
        d.run(to: 0.75)
        let x = numbers(d.values(of: "slider")["position"])[0]
        #expect(x > 720 + 1) // presentation, halfway through a +160 slide
        #expect(d.stage.scene.rootLayer.sublayers!.contains { $0.name == "slider" && $0.position.x == 720 })
    }

    @Test func goldenFrame() throws {
        let d = try SceneDriver("geometry", width: 960, height: 540)
        d.run(to: 1.2)
        #expect(Snapshot.verify(d.bitmap, named: "geometry-1.2") == nil)
    }
}
