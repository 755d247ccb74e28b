import CSDL2
import FrameLoop
import TestSupport
import Flipbook
@testable import DevTools
import Render
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
        let order = p.registry   // the menu's order: by section
        #expect(p.currentSceneName == "menu")
        p.handle(.key(.right, isDown: true), at: 0.1)   // second card
        p.handle(.key(.enter, isDown: true), at: 0.2)
        #expect(p.currentSceneName == order[1].name)
        p.handle(.key(.character("]"), isDown: true), at: 0.3)
        #expect(p.currentSceneName == order[2].name)
        p.handle(.padButton(.leftShoulder, isDown: true), at: 0.4)
        #expect(p.currentSceneName == order[1].name)
        p.handle(.key(.tab, isDown: true), at: 0.5)      // Tab belongs to the scene (focus), not navigation
        #expect(p.currentSceneName == order[1].name)
        p.handle(.key(.escape, isDown: true), at: 0.6)
        #expect(p.currentSceneName == "menu")
        p.handle(.padButton(.dpadRight, isDown: true), at: 0.7)
        p.handle(.padButton(.a, isDown: true), at: 0.8)   // A away from the cards opens the selection
        p.handle(.pointerDown(CGPoint(x: 10, y: 700)), at: 0.8)
        p.handle(.pointerUp(CGPoint(x: 10, y: 700)), at: 0.85)
        #expect(p.currentSceneName == order[1].name)
        p.handle(.padButton(.start, isDown: true), at: 0.9)
        #expect(p.currentSceneName == "menu")
        p.handle(.padButton(.b, isDown: true), at: 1.0)  // B in the menu stays in the menu
        #expect(p.currentSceneName == "menu")
        _ = p.takeRequests()
        p.handle(.key(.escape, isDown: true), at: 1.1)    // Escape in the menu quits
        #expect(p.takeRequests() == [.quit])
    }

    /// Ctrl-Q quits wherever it is pressed: the SDL translation makes it the window's quit.
    @Test func controlQIsQuit() {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(SDLK_q.rawValue)
        #expect(SDLSession.translateInput(e) == .key(.character("q"), name: "Q", isDown: true, isRepeat: false))
        e.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
        #expect(SDLSession.translateInput(e) == .quit)
    }

    @Test func unknownScenesAreNamedWithTheChoices() {
        #expect(throws: HostError.self) { _ = try Playground.sceneType(named: "nope", in: SceneRegistry.all) }
        do { _ = try Playground.sceneType(named: "nope", in: SceneRegistry.all) } catch {
            #expect("\(error)".contains("countdown"))
        }
    }
}

/// A screen written as an iOS developer writes one: a view controller, here a scene by conformance.
final class TapCountingScene: UIViewController, Scene {
    static let name = "tapcounting"
    static let summary = "a view controller as a scene"
    let button = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 100))
    var taps = 0, appeared = 0, disappeared = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        button.backgroundColor = .systemBlue
        button.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in taps += 1 })
        view.addSubview(button)
    }
    override func viewDidAppear(_ animated: Bool) { appeared += 1 }
    override func viewDidDisappear(_ animated: Bool) { disappeared += 1 }
}

@Suite(.isolatedEngine) struct ViewControllerSceneTests {
    @Test func aViewControllerSceneFillsAWindowTakesInputAndIsReleasedWhenLeft() throws {
        let p = Playground(registry: [TapCountingScene.self], initial: TapCountingScene.self)
        let source = ManualSource(fps: 60)
        let driver = try #require(FrameDriver(stage: p, clock: MediaClock(source: source), pixelWidth: 640, pixelHeight: 360, scale: 1))
        try driver.runFrame()
        weak var released: TapCountingScene?
        do {
            let scene = try #require(p.scene as? TapCountingScene)
            released = scene
            #expect(scene.appeared == 1)
            #expect(p.rootLayer === scene.view.window?.layer)
            #expect(scene.view.frame == CGRect(x: 0, y: 0, width: 640, height: 360))
            driver.enqueue([.pointerDown(CGPoint(x: 150, y: 150))]); source.advance(); try driver.runFrame()
            driver.enqueue([.pointerUp(CGPoint(x: 150, y: 150))]); source.advance(); try driver.runFrame()
            #expect(scene.taps == 1)
            driver.enqueue([.key(.escape, isDown: true)]); source.advance(); try driver.runFrame()
            #expect(p.currentSceneName == "menu")
            #expect(scene.disappeared == 1)
        }
        #expect(released == nil, "the window and its root controller kept each other alive")
    }
}
