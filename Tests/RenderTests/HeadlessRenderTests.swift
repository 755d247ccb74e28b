import FrameLoop
import TestSupport
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import Scenes
import Testing

/// Records the input it receives (test-only scene).
final class RecorderScene: Scene {
    static let name = "recorder"
    static let summary = "Records its input (tests)"
    let rootLayer = CALayer()
    var events: [(Double, InputEvent)] = []
    init() {}
    func setUp(size: CGSize, time: Double) { rootLayer.backgroundColor = CGColor(gray: 0.2, alpha: 1) }
    func handle(_ event: InputEvent, at time: Double) { events.append((time, event)) }
}

/// A view with a pan recognizer that records what it reports (test-only).
final class PanScene: Scene {
    static let name = "pan"
    static let summary = "Records a pan gesture (tests)"
    let window = UIWindow(frame: .zero)
    var rootLayer: CALayer { window.layer }
    var reports: [(state: UIGestureRecognizer.State, translation: CGPoint, velocity: CGPoint)] = []
    init() {}
    func setUp(size: CGSize, time: Double) {
        window.resize(to: size)
        let area = UIView(frame: CGRect(origin: .zero, size: size))
        area.backgroundColor = .systemGray
        window.addSubview(area)
        let pan = UIPanGestureRecognizer { [unowned self] p in  // typed: a UIPanGestureRecognizer
            reports.append((p.state, p.translation(in: area), p.velocity(in: area)))
        }
        area.addGestureRecognizer(pan)
    }
    func resize(to size: CGSize) { window.resize(to: size) }
    func handle(_ event: InputEvent, at time: Double) { window.handle(event, at: time) }
    func update(at time: Double) { window.frameDidAdvance(to: time) }
}

/// Headless runs start SDL, a process-wide library: these tests run one at a time.
@Suite(.serialized, .isolatedEngine) struct HeadlessRenderTests {
    static func tempDir(_ name: String) -> String {
        let d = NSTemporaryDirectory() + "flipbook-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return d
    }

    /// Plays `script` into the recording scene headless and returns what it received.
    static func record(_ script: String, width: Int, height: Int, frames: Int) throws -> [(Double, InputEvent)] {
        var o = RenderOptions(sceneName: "recorder", width: width, height: height, frameCount: frames, outDirectory: tempDir("rec"))
        o.dump = .at([0])
        o.script = try InputScript.parse(script)
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: [RecorderScene.self], initial: RecorderScene.self)
        defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
        _ = try HeadlessDriver(options: o).run(session: session, stage: stage)
        return (stage.scene as! RecorderScene).events
    }

    @Test func theSameCommandWritesIdenticalBytes() throws {
        var paths: [[String]] = []
        for run in 0..<2 {
            var o = RenderOptions(sceneName: "hello", width: 320, height: 180, frameCount: 61, outDirectory: Self.tempDir("det\(run)"))
            o.dump = .at([0, 0.5, 1])
            o.sheetPath = o.outDirectory! + "/sheet.png"
            o.tracePath = o.outDirectory! + "/trace.jsonl"
            let r = try HeadlessDriver.render(o, registry: SceneRegistry.all)
            #expect(r.frames.count == 3)
            paths.append(r.frames + [r.sheet!, r.trace!])
        }
        for (a, b) in zip(paths[0], paths[1]) {
            let da = try Data(contentsOf: URL(fileURLWithPath: a)), db = try Data(contentsOf: URL(fileURLWithPath: b))
            #expect(da == db, "\(a) differs from \(b)")
            #expect(da.count > 100)
        }
        for p in paths { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: p[0]).deletingLastPathComponent().path) }
    }

    @Test func scriptedMouseKeyboardAndControllerReachTheScene() throws {
        let events = try Self.record("""
            0.10 tap 40 30
            0.30 drag 10 10 110 60 0.2
            0.60 key a
            0.70 pad x down
            0.80 pad x up
            0.90 pad rightx -0.5
            1.00 pad disconnect
            """, width: 200, height: 100, frames: 70)
        func times(_ match: (InputEvent) -> Bool) -> [Double] { events.filter { match($0.1) }.map(\.0) }

        // Tap: down at 0.1, up 50 ms later (first frame at or after 0.15).
        #expect(events.contains { $0.1 == .pointerDown(CGPoint(x: 40, y: 30)) && abs($0.0 - 0.1) < 1e-9 })
        #expect(events.contains { $0.1 == .pointerUp(CGPoint(x: 40, y: 30)) && abs($0.0 - 0.15) < 1e-9 })
        // Drag: down at its start, moves in between, up at its end.
        #expect(events.contains { $0.1 == .pointerDown(CGPoint(x: 10, y: 10)) })
        let moves = events.compactMap { if case .pointerMove(let p) = $0.1 { return p } else { return nil } }
        #expect(moves.count >= 10)
        #expect(moves.last == CGPoint(x: 110, y: 60))
        #expect(zip(moves, moves.dropFirst()).allSatisfy { $0.x <= $1.x })
        #expect(events.contains { $0.1 == .pointerUp(CGPoint(x: 110, y: 60)) && abs($0.0 - 0.5) < 1e-9 })
        // Key and controller, through SDL's event queue and virtual joystick.
        #expect(times { $0 == .key(.character("a"), isDown: true) }.count == 1)
        #expect(events.contains { $0.1 == .padAdded })
        #expect(times { $0 == .padButton(.x, isDown: true) }.first.map { $0 > 0.69 && $0 < 0.75 } == true)
        #expect(times { $0 == .padButton(.x, isDown: false) }.count == 1)
        #expect(events.contains { if case .padAxis(.rightX, let v) = $0.1 { return abs(v + 0.5) < 0.001 } else { return false } })
        #expect(events.contains { $0.1 == .padRemoved })
    }

    @Test func theControllerDrivesAPointerThatPressesWithA() throws {
        let events = try Self.record("""
            0.10 pad connect
            0.20 pad leftx 1
            0.50 pad leftx 0
            0.60 pad a down
            0.70 pad lefty 1
            0.80 pad lefty 0
            0.90 pad a up
            """, width: 800, height: 600, frames: 60).map(\.1)
        guard let down = events.firstIndex(where: { if case .pointerDown = $0 { true } else { false } }),
              case .pointerDown(let p0) = events[down],
              let up = events.firstIndex(where: { if case .pointerUp = $0 { true } else { false } }),
              case .pointerUp(let p1) = events[up] else { Issue.record("no press from A: \(events)"); return }
        // The stick moved the pointer right from (100, 100) at up to 900 pt/s for 0.3 s, then A dragged it down.
        #expect(p0.x > 300 && abs(p0.y - 100) < 1e-9)
        #expect(p1.y > 150 && p1.x == p0.x)
        #expect(events[down..<up].contains { if case .pointerMove = $0 { true } else { false } })
    }

    @Test func aScriptedTapRestartsTheCountdownInTheTrace() throws {
        var o = RenderOptions(sceneName: "countdown", width: 640, height: 360, frameCount: RenderOptions.frameCount(duration: 3.5, fps: 60),
                              outDirectory: Self.tempDir("countdown"))
        o.dump = .at([3.5])
        o.script = try InputScript.parse("3.0 tap 100 100")
        o.tracePath = o.outDirectory! + "/trace.jsonl"
        defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
        let result = try HeadlessDriver.render(o, registry: SceneRegistry.all)
        let lines = try String(contentsOfFile: result.trace!, encoding: .utf8).split(separator: "\n")
        func frame(_ n: Int) throws -> [String: Any] {
            let obj = try JSONSerialization.jsonObject(with: Data(lines[n].utf8)) as! [String: Any]
            return obj["layers"] as! [String: Any]
        }
        func label(_ n: Int) throws -> String { (try frame(n)["label"] as! [String: Any])["string"] as! String }
        func strokeEnd(_ n: Int) throws -> Double { (try frame(n)["foreground"] as! [String: Any])["strokeEnd"] as! Double }
        #expect(try label(179) == "7.1")           // t = 2.983, before the tap
        #expect(try strokeEnd(179) > 0.29)
        #expect(try label(183) == "10.0")          // the release lands at 3.05: restarted
        #expect(try strokeEnd(183) == 0)
        #expect(try label(210) == "9.6")           // four 0.1 s ticks since 3.05
    }

    /// A pan driven by an input script, through SDL's event queue and the window's recognizers.
    static func pan(_ script: String) throws -> [(state: UIGestureRecognizer.State, translation: CGPoint, velocity: CGPoint)] {
        var o = RenderOptions(sceneName: "pan", width: 400, height: 300, frameCount: 90, outDirectory: tempDir("pan"))
        o.dump = .at([0])
        o.script = try InputScript.parse(script)
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: [PanScene.self], initial: PanScene.self)
        defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
        _ = try HeadlessDriver(options: o).run(session: session, stage: stage)
        return (stage.scene as! PanScene).reports
    }

    @Test func aScriptedMouseDragPansWithItsVelocity() throws {
        // 200 pt right in 0.5 s: 400 pt/s while it moves.
        let r = try Self.pan("0.2 drag 50 150 250 150 0.5")
        #expect(r.first?.state == .began)
        #expect(r.last?.state == .ended)
        #expect(r.last.map { abs($0.translation.x - 200) < 1e-9 && $0.translation.y == 0 } == true)
        let moving = r.filter { $0.state == .changed }.dropLast().suffix(10).map(\.velocity.x)
        #expect(!moving.isEmpty && moving.allSatisfy { abs($0 - 400) < 40 }, "\(moving)")
    }

    @Test func aScriptedControllerDragPans() throws {
        // The stick moves the pointer while A is held: a drag from the controller.
        let r = try Self.pan("0.1 pad connect\n0.2 pad a down\n0.3 pad leftx 1\n0.6 pad leftx 0\n0.8 pad a up")
        #expect(r.first?.state == .began)
        #expect(r.last?.state == .ended)
        #expect(r.last.map { $0.translation.x > 150 && abs($0.translation.y) < 1e-9 } == true)
        #expect(r.contains { $0.velocity.x > 500 }) // full deflection: up to 900 pt/s
    }

    @Test func unplugDuringAPressCancelsTheTouch() throws {
        let events = try Self.record("0.1 pad a down\n0.3 pad disconnect", width: 200, height: 100, frames: 30).map(\.1)
        #expect(events.contains { if case .pointerDown = $0 { true } else { false } })
        #expect(events.contains { if case .pointerCancel = $0 { true } else { false } })
        #expect(!events.contains { if case .pointerUp = $0 { true } else { false } })
    }
}
