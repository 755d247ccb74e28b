import FrameLoop
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
import Raster
import RasterIO
import Scenes
import Testing

/// A scene named like cities whose screen is empty: what a rebuilt program whose scene changed
/// beyond recognition looks like to the replay.
final class EmptiedCities: Scene {
    static let name = "cities"
    static let summary = "cities with everything removed"
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
    }
}

/// `watch`'s resume: the session handed from one build to the next as a file, replayed by a fresh
/// time machine (`TimeMachine.restore`) to the same media time, must give the very frame the
/// session itself makes next. Nested in `HeadlessRenderTests` for its `.serialized` (SDL's queue).
extension HeadlessRenderTests { @Suite(.isolatedEngine) struct WatchResumeTests {
    /// The new build's window without a window: a fresh machine and driver on a clock of its own.
    static func newProgram(registry: [Scene.Type], scene: String, width: Int, height: Int) throws -> (TimeMachine, FrameDriver) {
        let machine = TimeMachine(registry: registry, initial: try Playground.sceneType(named: scene, in: registry))
        let driver = try #require(FrameDriver(stage: machine.stage, clock: MediaClock(source: SetSource()), pixelWidth: width, pixelHeight: height, scale: 1))
        machine.install(on: driver, showsTimeline: false)
        return (machine, driver)
    }

    /// Taps, a drag and keys (pause, step, slow motion); no controller: a controller's pointer is
    /// the host's (the new window's SDL finds the pad itself), not the session's.
    static let hand = """
        0.20 tap 160 90
        0.60 key space
        0.80 key period
        0.90 key space
        1.00 drag 160 60 160 150 0.3
        1.40 key s
        1.70 key s
        """

    @Test func aResumedSessionMakesTheSameFrameAsTheSessionItself() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        try live.run(frames: 90, player: ScriptPlayer(script: try InputScript.parse(Self.hand), windowID: 0), idleAfter: 40)
        let text = live.machine.log.fileText()
        let session = try SessionLog.read(fileText: text)
        #expect(session.fileText() == text, "the session file reads back to the same session")
        #expect(session.frames.contains { !$0.hits.isEmpty }, "the tap's hit was recorded")
        let (machine, driver) = try Self.newProgram(registry: SceneRegistry.all, scene: "cities", width: 320, height: 180)
        let misses = try machine.restore(session, driver: driver)
        #expect(misses.isEmpty, "\(misses)")
        #expect(driver.clock.now == session.frames.last!.timing.mediaTime)
        // The next frames, live in the old program and resumed in the new one, at the same times.
        var t = live.driver.frameTime
        for step in 1...3 {
            t += 1.0 / 60
            try live.driver.runFrame(at: t)
            try driver.runFrame(at: t)
            #expect(try PNG.encode(live.driver.bitmap) == PNG.encode(driver.bitmap), "frame \(step) after the swap differs")
        }
        // The new program's session is the whole one: the next hand-over carries it on.
        #expect(machine.log.frames.count == session.frames.count + 3)
    }

    @Test func aPressThatNoLongerHitsAnythingIsNamedAndTheTimeIsStillReached() throws {
        let live = try LiveSession(scene: "cities", width: 320, height: 180)
        try live.run(frames: 40, player: ScriptPlayer(script: try InputScript.parse("0.20 tap 160 90\n"), windowID: 0))
        let session = try SessionLog.read(fileText: live.machine.log.fileText())
        let registry: [Scene.Type] = SceneRegistry.all.map { $0.name == "cities" ? EmptiedCities.self : $0 }
        let (machine, driver) = try Self.newProgram(registry: registry, scene: "cities", width: 320, height: 180)
        let misses = try machine.restore(session, driver: driver)
        #expect(misses.count == 1 && misses[0].hasPrefix("the press at 0.2") && misses[0].hasSuffix(", now nothing"), "\(misses)")
        #expect(driver.clock.now == session.frames.last!.timing.mediaTime)
        // The same session into the unchanged scene: nothing to say.
        let (same, sameDriver) = try Self.newProgram(registry: SceneRegistry.all, scene: "cities", width: 320, height: 180)
        #expect(try same.restore(session, driver: sameDriver).isEmpty)
    }

    /// A press that hit nothing is an empty `h` line, and reads back as one (the first hand test
    /// of `watch` found it refused).
    @Test func aPressThatHitNothingReadsBack() throws {
        let text = "# Flipbook session\nf 0.5 0.016 320 180 1 0 0\ne down 5 6\ne key c:61 1\na 0.5 down 5 6\nh \nf 0.6 0 320 180 1 0 0\ne up 5 6\n"
        let log = try SessionLog.read(fileText: text)
        #expect(log.frames.map(\.hits) == [[""], []])
        #expect(log.frames[0].events == [.pointerDown(CGPoint(x: 5, y: 6)), .key(.character("a"), isDown: true)])
        #expect(log.fileText() == text)
    }

    /// Two fingers' events (Alt-drag, a pinch) are written and read back step for step.
    @Test func twoFingerEventsReadBack() throws {
        let text = "# Flipbook session\nf 0.5 0.016 320 180 1 0 0\ne touches 0 down 60 50 1 down 140 50\ne touches 1 move 150.5 50\n"
        let log = try SessionLog.read(fileText: text)
        #expect(log.frames[0].events == [
            .touches([.init(.first, .down, CGPoint(x: 60, y: 50)), .init(.second, .down, CGPoint(x: 140, y: 50))]),
            .touches([.init(.second, .move, CGPoint(x: 150.5, y: 50))]),
        ])
        #expect(log.fileText() == text)
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f 0 0 10 10 1 0 0\ne touches 2 down 1 2\n") }
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f 0 0 10 10 1 0 0\ne touches 0 press 1 2\n") }
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f 0 0 10 10 1 0 0\ne touches\n") }
    }

    @Test func aSessionFileThatIsNotOneIsRefusedWithItsLine() {
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "# Flipbook session\ne down 1 2\n") }
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f 0 0 10 10 1 0 0\ne key c:zz 1\n") }
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f 0 0 -1 10 1 0 0\n") }
        #expect(throws: HostError.self) { try SessionLog.read(fileText: "f nan 0 10 10 1 0 0\n") }
    }
}}
