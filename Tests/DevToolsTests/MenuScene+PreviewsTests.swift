import FrameLoop
import Flipbook
@testable import DevTools
import Raster
@testable import Scenes
import Testing

/// The menu's live pictures: drawn from the scenes themselves, only for cards on screen, at a
/// bounded rate (pictures counted, never timed), playing demo scripts, and never in the way of the
/// scene's real opening.
@Suite struct MenuScenePreviewsTests {
    /// The window's stage at the menu, driven frame by frame at 60 fps.
    final class Window {
        let engine = CAEngine()
        let stage: Playground
        let source = ManualSource(fps: 60)
        let driver: FrameDriver
        var menu: MenuScene { stage.scene as! MenuScene }

        init(_ registry: [Scene.Type] = SceneRegistry.all, width: Int = 1280, height: Int = 720) throws {
            engine.reportSink = { Issue.record("misuse reported: \($0)") }
            let engine = engine
            stage = engine.perform { Playground(registry: registry, initial: nil, engine: engine) }
            driver = try #require(FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: width, pixelHeight: height, scale: 1, threads: 1))
        }

        /// Runs frames for `seconds` of media time.
        func run(_ seconds: Double) throws {
            for _ in 0..<Int((seconds * 60).rounded()) { try driver.runFrame(); source.advance() }
        }

        func picture(_ name: String) -> Bitmap? {
            (menu.cards.first { $0.type.name == name }?.picture.contents as? CGImage)?.bitmap
        }
    }

    static func pixels(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { Array(b.row($0)) } }

    @Test func picturesAreDrawnOnlyForCardsOnScreenAndAtABoundedRate() throws {
        let w = try Window()
        try w.run(3)
        let m = w.menu
        let visible = Set(m.visibleCards())
        #expect(!visible.isEmpty && visible.count < m.cards.count)   // some cards are below the fold
        for (i, card) in m.cards.enumerated() {
            if visible.contains(i) {
                #expect(card.renders >= 1, "\(card.type.name) on screen has no picture")
                #expect(card.renders <= Int(3 * MenuScene.previewRate) + 1, "\(card.type.name): \(card.renders) pictures in 3 s")
            } else {
                #expect(card.renders == 0 && card.preview == nil, "\(card.type.name) is off screen but drawn")
            }
        }
        let total = m.cards.map(\.renders).reduce(0, +)
        #expect(total <= Int(3 * MenuScene.maxRendersPerSecond) + 1, "\(total) pictures in 3 s")
        #expect(m.cards.map(\.renders).max()! >= 6)   // moving scenes are drawn again and again, not once

        // Scrolled to the end: the first row's previews go (their scenes torn down), the last
        // row's begin; nothing off screen is drawn from then on.
        let before = m.cards.map(\.renders)
        w.driver.enqueue([.wheel(at: CGPoint(x: 640, y: 400), delta: CGVector(dx: 0, dy: 10_000))])
        try w.run(2)
        let now = Set(m.visibleCards())
        #expect(now != visible)
        for (i, card) in m.cards.enumerated() where !now.contains(i) {
            #expect(card.preview == nil)
            if !visible.contains(i) { #expect(card.renders == 0) }
        }
        #expect(now.subtracting(visible).allSatisfy { m.cards[$0].renders > 0 })
        #expect(visible.subtracting(now).allSatisfy { m.cards[$0].renders <= before[$0] + 1 })
    }

    @Test func aPictureIsTheScenesOwnPixels() throws {
        let w = try Window()
        try w.run(1.5)
        let hello = try #require(w.picture("hello")), countdown = try #require(w.picture("countdown"))
        // Not blank, and two scenes look different.
        #expect(Set(Self.pixels(hello)).count > 8 && Set(Self.pixels(countdown)).count > 8)
        #expect(Self.pixels(hello) != Self.pixels(countdown))
        // The card's picture is the window's size in points drawn small.
        let card = try #require(w.menu.cards.first { $0.type.name == "hello" })
        #expect(hello.width == Int(card.picture.frame.width) && hello.height == Int(card.picture.frame.height))
        // The same pixels a render of hello at that size and time makes.
        let preview = try #require(card.preview)
        let engine = CAEngine()
        let stage = engine.perform { Playground(registry: [], initial: HelloScene.self, engine: engine) }
        let direct = try #require(FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)), pixelWidth: hello.width,
                                             pixelHeight: hello.height, scale: Double(hello.width) / 1280, threads: 1))
        direct.overlays = []
        let drawn = Self.pixels(hello)
        func differing(from other: [UInt32]) -> Int {
            zip(drawn, other).filter { a, b in [Pixel.r, Pixel.g, Pixel.b, Pixel.a].contains { abs(Int($0(a)) - Int($0(b))) > 2 } }.count
        }
        try direct.runFrame(at: 0)   // the scene's first frame: its animation starts there
        try direct.runFrame(at: preview.time - 1.0 / 60, drawing: false)
        try direct.runFrame(at: preview.time)
        let same = differing(from: Self.pixels(direct.bitmap))
        #expect(same == 0, "\(same) of \(drawn.count) pixels differ from a render of hello at \(preview.time) s")
        // Not vacuous: a fifth of a second later the card has moved.
        try direct.runFrame(at: preview.time + 0.2)
        #expect(differing(from: Self.pixels(direct.bitmap)) * 100 > drawn.count)
    }

    @Test func aDemoScriptPlaysInThePictureAndStartsAgainAfterItsRest() throws {
        let w = try Window([TapColourScene.self])
        func centre() throws -> UInt32 {
            let b = try #require(w.picture("tapcolour"))
            return b[b.width / 2, b.height / 2]
        }
        let red = Pixel.pack(r: 255, g: 0, b: 0, a: 255), green = Pixel.pack(r: 0, g: 255, b: 0, a: 255)
        try w.run(0.4)
        #expect(try centre() == red)
        try w.run(0.6)                        // the demo's tap at 0.5 s: green
        #expect(try centre() == green)
        let first = try #require(w.menu.cards[0].preview)
        #expect(first.loopLength == 0.5 + InputScript.tapHoldTime + ScenePreview.rest)
        try w.run(1.7)                        // 2.7 s: played out, a new preview starts red
        #expect(try centre() == red)
        #expect(w.menu.cards[0].preview !== first)
        try w.run(0.8)
        #expect(try centre() == green)
        // A still scene is not drawn again and again: the pictures came when something changed.
        #expect(w.menu.cards[0].renders <= 8, "\(w.menu.cards[0].renders) pictures of a scene that changed four times")
    }

    @Test func openingACardMakesAFreshSceneAndStopsThePreviews() throws {
        let w = try Window()
        try w.run(1)
        let card = try #require(w.menu.cards.first { $0.type.name == "hello" })
        let previewed = try #require(card.preview?.stage.scene)
        for c in "hello" { w.driver.enqueue([.key(.character(c), isDown: true)]) }
        w.driver.enqueue([.key(.enter, isDown: true)])
        let menu = w.menu
        try w.run(0.1)
        #expect(w.stage.currentSceneName == "hello")
        #expect(w.stage.scene !== previewed)
        #expect(menu.cards.allSatisfy { $0.preview == nil } && menu.previewTimer == nil)
        // Its first frame is the scene's own from time 0, not the preview's state.
        #expect(!(w.stage.rootLayer.sublayers ?? []).isEmpty)
    }

    /// Pictures a few times a second still give each scene the frames around what happens to it,
    /// so no built-in scene meets refused misuse in its preview (the pages scene's demo did: a
    /// page turned 0.05 s after the last turn ended, with no frame between to end it).
    @Test(arguments: 0..<SceneRegistry.all.count)
    func everySceneRunsInAPreviewWithoutMisuse(_ index: Int) throws {
        let type = SceneRegistry.all[index], name = type.name
        for step in [0.25, 0.45] {
            var said: [String] = []
            let host = CAEngine()
            host.reportSink = { said.append($0) }
            let preview = try #require(host.perform {
                ScenePreview(type, windowSize: CGSize(width: 1280, height: 720), pixelWidth: 269, pixelHeight: 151, style: .light)
            })
            var t = 0.0
            while t < 9 { _ = preview.frame(at: t); t += step }
            #expect(said.isEmpty, "\(name), a picture every \(step) s: \(said)")
            #expect(preview.framesRun >= Int(9 / step))
        }
    }

    /// The pictures follow the menu's appearance: a still scene's card (drawn once, then nothing
    /// new) is drawn again in the new appearance when it changes while the menu is up, its
    /// running preview takes it (the scene is not started again), and a preview made later is
    /// made in it.
    @Test func picturesFollowAnAppearanceChangedAtTheMenu() throws {
        let w = try Window([SystemBackgroundScene.self, TapColourScene.self])
        try w.run(1)
        let card = try #require(w.menu.cards.first { $0.type == SystemBackgroundScene.self })
        let light = try #require(w.picture("systembackground"))
        let rendersBefore = card.renders
        let preview = try #require(card.preview)
        try w.run(0.5)
        #expect(w.menu.cards.first { $0.type == SystemBackgroundScene.self }?.renders == rendersBefore)   // still: not drawn again
        w.engine.perform { UIScreen.main.userInterfaceStyle = .dark }
        try w.run(0.5)
        let after = try #require(w.menu.cards.first { $0.type == SystemBackgroundScene.self })
        #expect(after.preview === preview && preview.style == .dark)
        #expect(after.renders > rendersBefore)
        let dark = try #require(w.picture("systembackground"))
        let centre = { (b: Bitmap) in b.row(b.height / 2)[b.width / 2] }
        #expect(centre(light) != centre(dark), "the picture kept its light background")
        #expect(centre(dark) == Color(r: 0, g: 0, b: 0).premultipliedPixel)   // systemBackground is black in the dark
        // Previews made from now on are dark too (a card the filter hid and shows again).
        for c in "tap" { w.driver.enqueue([.key(.character(c), isDown: true)]) }
        try w.run(0.2)
        w.driver.enqueue([.key(.backspace, isDown: true), .key(.backspace, isDown: true), .key(.backspace, isDown: true)])
        try w.run(0.5)
        #expect(w.menu.cards.allSatisfy { $0.preview?.style ?? .dark == .dark })
        w.engine.perform { UIScreen.main.userInterfaceStyle = .light }
        try w.run(0.5)
        #expect(w.menu.cards.allSatisfy { $0.preview?.style ?? .light == .light })
        #expect(w.picture("systembackground").map(centre) == centre(light))
    }

    @Test func lettersAtTheMenuAreTheFiltersNotThePlaygroundsKeys() throws {
        let w = try Window()
        let tools = w.driver.installTools(hudOpen: false, inspectorOpen: false, showsHandle: false)
        for key in ["s", "h", "i", "d"] {
            _ = w.driver.route([.key(.character(Character(key)), name: key.uppercased(), isDown: true, isRepeat: false)])
        }
        try w.run(0.1)
        #expect(w.menu.filter == "shid")
        #expect(w.driver.clock.timeScale == 1 && !w.driver.damageFlash.isOn)
        #expect(!tools.hud.isOpen && !tools.inspector.isOpen)
    }
}

/// Red until tapped, then green; its demo taps at 0.5 s.
final class TapColourScene: Scene {
    static let name = "tapcolour"
    static let summary = "Red, green when tapped"
    static let demoScript: DemoScript? = DemoScript("0.5 tap 640 360")
    let rootLayer = CALayer()
    init() {}
    func setUp(size: CGSize, time: Double) {
        CATransaction.performWithoutAnimation { rootLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
    }
    func handle(_ event: InputEvent, at time: Double) {
        guard case .pointerUp = event else { return }
        CATransaction.performWithoutAnimation { rootLayer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
    }
}

/// A still view-controller scene on the system background (white in the light appearance, black
/// in the dark): nothing moves, so its card is drawn once until something changes.
final class SystemBackgroundScene: UIViewController, Scene {
    static let name = "systembackground"
    static let summary = "The system background, still"
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }
}
