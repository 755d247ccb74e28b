import FrameLoop
import Flipbook
import FlipbookTesting
import Foundation
import DevTools
import Render
import Window
import RasterIO
@testable import Scenes
import Testing
import TestSupport

// In HeadlessRenderTests' serialized suite: SDL is one per process, and this test's session run
// beside another suite's render corrupted both (it failed whenever the two ran together).
extension HeadlessRenderTests {
    /// The cities scene at 640×360 played by docs/scripts/cities-pad.script through the headless
    /// renderer: the controller is SDL's virtual joystick, so the pad takes the window's own path
    /// (router, A as select while the focus leads, the stick offered to the focused card, B as back).
    @Suite(.isolatedEngine, .serialized) struct CitiesGamepadTests {
        /// The frames that show the pad's path: the third card focused (grown, centred), its collapse
        /// scrubbed to 0.375 by the stick at half, expanded again after that release, collapsed by the
        /// full push, collapsed again by B after A re-expanded it. Only these (and the two frames before
        /// each) are drawn; the other frames run undrawn, so the 4 s script costs seconds, not minutes.
        static let goldenTimes = [1.1, 1.95, 2.3, 2.55, 4.0]

        /// Renders the script up to `seconds` at 60 fps, dumping `dumps`; returns the playground (the
        /// scene lives as long as it does) and the dumped frames' paths.
        static func play(to seconds: Double, dumps: [Double] = []) throws -> (Playground, [String]) {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/cities-pad.script")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cities-pad-\(UUID().uuidString)").path
            var o = RenderOptions(sceneName: "cities", width: 640, height: 360, frameCount: Int((seconds * 60).rounded()) + 1, outDirectory: dir)
            o.script = try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "cities-pad.script")
            o.dump = .at(dumps.isEmpty ? [seconds] : dumps)
            try o.validate()
            let session = try SDLSession.start(headless: true)
            defer { session.shutdown() }
            let stage = Playground(registry: SceneRegistry.all, initial: CitiesScene.self)
            let result = try HeadlessDriver(options: o).run(session: session, stage: stage)
            return (stage, result.frames)
        }

        static func card(_ c: CitiesScene, _ item: Int) -> CityCell? {
            c.collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? CityCell
        }

        @Test func aFullPushCollapsesAndBCollapsesAgainWithoutLeavingTheScene() throws {
            let (stage, frames) = try Self.play(to: 4.0, dumps: Self.goldenTimes)
            let c = try #require(stage.scene as? CitiesScene)   // B collapsed the card: still the scene, not the menu
            defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: frames[0]).deletingLastPathComponent().path) }
            let card = try #require(Self.card(c, 2))
            #expect(card.state == .collapsed && card.animator.state == .inactive && card.isFocused)
            #expect(c.collectionView.isScrollEnabled && card.frame.width < 640)
            let pitch = c.cardSize.width + c.layout.minimumLineSpacing
            #expect(abs(c.collectionView.contentOffset.x - 2 * pitch) < 0.5)   // centred on the focused card
            for (t, path) in zip(Self.goldenTimes, frames) {
                if let failure = Snapshot.verify(try PNG.read(path), named: "cities-pad-\(t)") { Issue.record("\(failure)") }
            }
        }

        @Test func bWithNothingExpandedGoesBackToTheMenu() throws {
            let stage = Playground(registry: SceneRegistry.all, initial: CitiesScene.self)
            stage.beginFrame(at: 0)
            stage.handle(.padButton(.b, isDown: true), at: 0.1)
            #expect(!(stage.scene is CitiesScene))
        }
    }
}
