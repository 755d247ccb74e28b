import TestSupport
import Flipbook
@testable import Host
import Scenes
import Testing

@Suite(.isolatedEngine) struct PlaygroundTests {
    func stage(_ initial: Scene.Type?) -> Playground {
        let p = Playground(registry: SceneRegistry.all, initial: initial)
        p.resize(to: CGSize(width: 1280, height: 720), scale: 1)
        p.beginFrame(at: 0)
        return p
    }

    @Test func keysAndPadNavigateBetweenScenesAndTheMenu() {
        let p = stage(nil)
        #expect(p.currentSceneName == "menu")
        p.handle(.key(.right, isDown: true), at: 0.1)   // second card
        p.handle(.key(.enter, isDown: true), at: 0.2)
        #expect(p.currentSceneName == SceneRegistry.all[1].name)
        p.handle(.key(.character("]"), isDown: true), at: 0.3)
        #expect(p.currentSceneName == SceneRegistry.all[2].name)
        p.handle(.padButton(.leftShoulder, isDown: true), at: 0.4)
        #expect(p.currentSceneName == SceneRegistry.all[1].name)
        p.handle(.key(.tab, isDown: true), at: 0.5)      // Tab belongs to the scene (focus), not navigation
        #expect(p.currentSceneName == SceneRegistry.all[1].name)
        p.handle(.key(.escape, isDown: true), at: 0.6)
        #expect(p.currentSceneName == "menu")
        p.handle(.padButton(.dpadRight, isDown: true), at: 0.7)
        p.handle(.padButton(.a, isDown: true), at: 0.8)   // A away from the cards opens the selection
        p.handle(.pointerDown(CGPoint(x: 1200, y: 700)), at: 0.8)
        p.handle(.pointerUp(CGPoint(x: 1200, y: 700)), at: 0.85)
        #expect(p.currentSceneName == SceneRegistry.all[1].name)
        p.handle(.padButton(.start, isDown: true), at: 0.9)
        #expect(p.currentSceneName == "menu")
        p.handle(.padButton(.b, isDown: true), at: 1.0)  // B in the menu stays in the menu
        #expect(p.currentSceneName == "menu")
    }

    @Test func unknownScenesAreNamedWithTheChoices() {
        #expect(throws: HostError.self) { _ = try Playground.sceneType(named: "nope", in: SceneRegistry.all) }
        do { _ = try Playground.sceneType(named: "nope", in: SceneRegistry.all) } catch {
            #expect("\(error)".contains("countdown"))
        }
    }
}
