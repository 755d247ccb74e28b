import Flipbook
@testable import FlipbookPlayground
import Foundation
import FrameLoop
import Testing

/// A layer scene that stands still until a press, which puts a red spot there: its tour moves
/// only through its demo script (written for 200 × 100 points).
final class PaintScene: Scene {
    static let name = "paint"
    static let summary = "a red spot where pressed"
    static let demoScript: DemoScript? = DemoScript("""
        # the spot appears, then moves
        0.2 tap 100 50
        0.6 tap 20 80
        """, size: CGSize(width: 200, height: 100))
    let rootLayer = CALayer()
    let spot = CALayer()
    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        spot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        spot.position = CGPoint(x: -50, y: -50)
        rootLayer.addSublayer(spot)
    }
    func handle(_ event: InputEvent, at time: Double) {
        guard case .pointerDown(let p) = event else { return }
        spot.position = p
        spot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    }
}

/// `PaintScene` without a demo script: nothing presses, so its tour stands still.
final class StillPaintScene: Scene {
    static let name = "still"
    static let summary = "a red spot where pressed, never pressed"
    let paint = PaintScene()
    var rootLayer: CALayer { paint.rootLayer }
    func setUp(size: CGSize, time: Double) { paint.setUp(size: size, time: time) }
    func handle(_ event: InputEvent, at time: Double) { paint.handle(event, at: time) }
}

/// Demo scripts a tour must refuse, each with the scene's name in the message.
final class UnparsableDemoScene: Scene {
    static let name = "unparsable"
    static let summary = ""
    static let demoScript: DemoScript? = DemoScript("0.5 poke 10 10")
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}
final class SizelessDemoScene: Scene {
    static let name = "sizeless"
    static let summary = ""
    static let demoScript: DemoScript? = DemoScript("0.5 tap 10 10", size: CGSize(width: 0, height: CGFloat.nan))
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}
final class RecordedDemoScene: Scene {
    static let name = "recorded"
    static let summary = ""
    static let demoScript: DemoScript? = DemoScript("0 frame\n0.5 tap 10 10\n0.016 frame 0.016")
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}

@Suite struct TourTests {
    /// A fresh folder name under the temporary directory (not made).
    func temporaryPath() -> String { NSTemporaryDirectory() + "fbtour-\(getpid())-\(Int.random(in: 0...999_999_999))" }

    /// The tour's kept frames of `scene` (frames 0, 30, 60: 0, 0.5 and 1 s), as PNG bytes.
    func frames(of scene: String, in out: String) throws -> [Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: out + "/" + scene).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + scene + "/" + $0)) }
    }

    @Test func aSceneWithADemoScriptMovesInTheTourAndOneWithoutStandsStill() throws {
        let out = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let launcher = Launcher(scenes: [PaintScene.self, StillPaintScene.self], commandName: "mine")
        var said: [String] = []
        try launcher.tour(Launcher.TourOptions(out: out, width: 200, height: 100, duration: 1, every: 30)) { said.append($0) }
        #expect(said.count == 3 && said[0].hasPrefix("paint: 3 frames, its demo script played") && said[1].hasPrefix("still: 3 frames in"))
        let painted = try frames(of: "paint", in: out), still = try frames(of: "still", in: out)
        #expect(painted.count == 3 && still.count == 3)
        #expect(Set(painted).count == 3, "the spot appears by 0.5 s and moves by 1 s")
        #expect(Set(still).count == 1, "nothing presses a scene without a demo script")
        #expect(still.first == painted.first, "before the first press both show the same frame")
    }

    @Test func theTourScalesADemoScriptToItsSize() throws {
        let asWritten = try #require(try Launcher.tourScript(for: PaintScene.self, width: 200, height: 100))
        #expect(asWritten.lines.map(\.action) == [.tap(x: 100, y: 50), .tap(x: 20, y: 80)])
        let scaled = try #require(try Launcher.tourScript(for: PaintScene.self, width: 640, height: 480))
        #expect(scaled.lines.map(\.action) == [.tap(x: 320, y: 240), .tap(x: 64, y: 384)])
        #expect(scaled.lines.map(\.time) == [0.2, 0.6])
        #expect(try Launcher.tourScript(for: StillPaintScene.self, width: 640, height: 480) == nil)
    }

    @Test func aDemoScriptTheTourCannotPlayIsNamedBeforeAnyFrame() throws {
        func message(_ scene: any Scene.Type) -> String? {
            let out = temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: out) }
            do {
                try Launcher(scenes: [PaintScene.self, scene], commandName: "mine").tour(Launcher.TourOptions(out: out, width: 64, height: 32, duration: 0.1)) { _ in }
            } catch {
                // Checked before the first scene's frames: the tour leaves nothing behind.
                #expect(!FileManager.default.fileExists(atPath: out))
                return "\(error)"
            }
            return nil
        }
        #expect(message(UnparsableDemoScene.self)?.contains("unparsable's demoScript") == true)
        #expect(message(UnparsableDemoScene.self)?.contains("poke") == true)
        #expect(message(SizelessDemoScene.self) == "sizeless's demoScript is written for a 0xnan window; a size is finite and at least 1x1")
        #expect(message(RecordedDemoScene.self) == "recorded's demoScript has frame lines (a recording's); a demo script is events at times")
    }

    @Test func renderDemoPlaysTheSceneOwnScriptOrSaysThereIsNone() throws {
        let launcher = Launcher(scenes: [PaintScene.self, StillPaintScene.self], commandName: "mine")
        #expect(try launcher.demoScript(scene: "paint", width: 400, height: 200).lines.map(\.action) == [.tap(x: 200, y: 100), .tap(x: 40, y: 160)])
        #expect(throws: HostError("still has no demo script (Scene.demoScript: it moves by itself); give --input FILE to play input")) {
            try launcher.demoScript(scene: "still", width: 400, height: 200)
        }
        #expect(throws: HostError.self) { try launcher.demoScript(scene: "nosuch", width: 400, height: 200) }
    }
}
