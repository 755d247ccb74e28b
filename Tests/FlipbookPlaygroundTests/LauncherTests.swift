import Flipbook
@testable import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window
import Testing

/// Scenes for the launcher's checks; they are never set up.
final class PlainScene: Scene {
    static let name = "plain"
    static let summary = "a layer scene"
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}
final class SameNameScene: Scene {
    static let name = "plain"
    static let summary = "a second scene named plain"
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}
final class SpacedNameScene: Scene {
    static let name = "two words"
    static let summary = ""
    let rootLayer = CALayer()
    func setUp(size: CGSize, time: Double) {}
}

@Suite struct LauncherTests {
    func check(_ scenes: [any Scene.Type]) -> String? {
        do { try Launcher(scenes: scenes, commandName: "mine").checkScenes(); return nil } catch { return "\(error)" }
    }

    @Test func aSceneListTheCommandLineCannotAddressIsNamed() {
        #expect(check([PlainScene.self]) == nil)
        #expect(check([]) == "the playground has no scenes (PlaygroundApp.scenes is empty)")
        #expect(check([PlainScene.self, SameNameScene.self]) == "two scenes are named 'plain'; names must be unique")
        #expect(check([SpacedNameScene.self])?.contains("'two words'") == true)
    }

    @Test func aDisplaylessStartToursIntoTheFirstFreeFolder() throws {
        let dir = NSTemporaryDirectory() + "fbtour-\(getpid())-\(Int.random(in: 0...999_999))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Launcher.firstFreeFolder(named: "out", in: dir) == "out")
        try "".write(toFile: dir + "/out", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out-2", withDestinationPath: "nowhere") // dangling counts
        #expect(Launcher.firstFreeFolder(named: "out", in: dir) == "out-3")
    }
}
