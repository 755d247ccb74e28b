import FrameLoop
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import RasterIO
import Scenes
import TestSupport
import Testing

extension HeadlessRenderTests {
    /// `--hud` and `--inspector` draw the tools into headless frames, deterministically; without
    /// them nothing of the tools is drawn. The HUD draws over the scene and leaves its values (the
    /// trace) as they were; the inspector docks beside it, so the scene is laid out narrower, as
    /// in the window, and its values follow.
    @Test func theToolsAppearInHeadlessFramesOnlyWhenAsked() throws {
        func render(_ tools: Bool, inspector: Bool? = nil, _ run: Int) throws -> (frame: Data, trace: Data, dir: String, png: String) {
            var o = RenderOptions(sceneName: "hello", width: 640, height: 400, frameCount: 31, outDirectory: Self.tempDir("tools\(run)"))
            o.dump = .at([0.5])
            o.tracePath = o.outDirectory! + "/trace.jsonl"
            o.hud = tools
            o.inspector = inspector ?? tools
            let r = try HeadlessDriver.render(o, registry: SceneRegistry.all)
            return (try Data(contentsOf: URL(fileURLWithPath: r.frames[0])), try Data(contentsOf: URL(fileURLWithPath: r.trace!)), o.outDirectory!, r.frames[0])
        }
        let plain = try render(false, 0), tools = try render(true, 1), again = try render(true, 2)
        let hud = try render(true, inspector: false, 3)
        defer { for r in [plain, tools, again, hud] { try? FileManager.default.removeItem(atPath: r.dir) } }
        #expect(plain.frame != tools.frame)
        #expect(tools.frame == again.frame)
        #expect(plain.trace == hud.trace && !plain.trace.isEmpty)
        #expect(plain.trace != tools.trace)   // hello's card glides across 320 points, not 640
        let a = try PNG.read(plain.png), b = try PNG.read(tools.png)
        #expect(a[20, 20] != b[20, 20])     // the HUD in the top-left corner
        #expect(a[630, 200] != b[630, 200]) // the inspector's panel on the right
    }
}

extension HeadlessRenderTests {
    /// A kept frame with the HUD has the same bytes whichever other frames the render keeps (the
    /// HUD shows the virtual clock's rate headless, not one counted from drawn frames).
    @Test func aKeptHUDFrameDoesNotDependOnTheOtherKeptFrames() throws {
        var bytes: [Data] = []
        for (run, dump) in [RenderOptions.Dump.at([1]), .every(30)].enumerated() {
            var o = RenderOptions(sceneName: "hello", width: 480, height: 300, frameCount: 61, outDirectory: Self.tempDir("hudkeep\(run)"))
            o.dump = dump
            o.hud = true
            let r = try HeadlessDriver.render(o, registry: SceneRegistry.all)
            defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: r.frames.last!)))
        }
        #expect(bytes[0] == bytes[1])
    }
}

extension HeadlessRenderTests {
    /// The inspector over the layout scene with the card picked (a click at 0.3 s): under the
    /// values, the card's constraints — its own first (margins, the width multiplier, the height),
    /// then the ones that place others by it — with the count. Looked at when recorded.
    @Test func theInspectorListsTheSelectedViewsConstraints() throws {
        var o = RenderOptions(sceneName: "layout", width: 960, height: 540, frameCount: 121, outDirectory: Self.tempDir("constraints"))
        o.dump = .at([2])
        o.inspector = true
        o.script = try InputScript.parse("0.30 tap 150 90\n", file: "pick.script")
        let r = try HeadlessDriver.render(o, registry: SceneRegistry.all)
        defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
        if let failure = Snapshot.verify(try PNG.read(r.frames[0]), named: "inspector-constraints") { Issue.record("\(failure)") }
    }
}
