import FrameLoop
import Compositor
import Flipbook
import Raster

/// The stage the host runs: the scene menu or one scene, with navigation between them.
///
/// Escape or B returns to the menu, Start opens it, the shoulder buttons (or `[` and `]`) go to the
/// previous/next scene. Tab is left to the scene (it moves the focus between controls). A scene launched alone (`flipbook run NAME`) still has the menu behind it.
public final class Playground: Stage {
    /// The scenes the menu lists and navigation moves between, in menu order: by section
    /// (`Scene.menuSection`), in the order given within each.
    public let registry: [Scene.Type]
    /// The engine the scenes' frames run on.
    public let engine: CAEngine
    /// The scene shown now (the menu is a scene too).
    public private(set) var scene: Scene
    private var size = CGSize(width: 1280, height: 720)
    private var scale = 1.0
    private var requests: [HostRequest] = []
    private var pendingSetUp = true
    private var updateLink: DisplayLink?

    /// Finds a scene by name; the error names the choices.
    public static func sceneType(named name: String, in registry: [Scene.Type]) throws -> Scene.Type {
        if let t = registry.first(where: { $0.name == name }) { return t }
        throw HostError("unknown scene '\(name)'; choose one of: \(registry.map { $0.name }.joined(separator: ", "))")
    }

    /// - Parameters:
    ///   - registry: the scenes the menu lists, in order within each section.
    ///   - initial: the scene to open, or nil for the menu.
    ///   - engine: the engine that runs the scenes. Default: the current one (`CAEngine.main` in
    ///     the program; a test's own engine in a test).
    public init(registry: [Scene.Type], initial: Scene.Type?, engine: CAEngine = .current) {
        self.registry = registry.enumerated().sorted { ($0.element.menuSection, $0.offset) < ($1.element.menuSection, $1.offset) }.map(\.element)
        self.engine = engine
        scene = engine.perform { (initial ?? MenuScene.self).init() }
        if let menu = scene as? MenuScene { menu.choices = self.registry; menu.pixelScale = scale }
        // The scene's display-link callback; the frame loop does not keep running for it alone.
        let link = engine.addDisplayLink { [weak self] t in
            guard let self, !self.pendingSetUp else { return }
            self.scene.update(at: t)
        }
        link.requestsFrames = false
        updateLink = link
    }

    deinit {
        updateLink?.invalidate()
        let scene = scene
        engine.perform { scene.tearDown() }
    }

    /// The shown scene's root layer.
    public var rootLayer: CALayer { scene.rootLayer }

    /// True while typing is the shown scene's: at the menu (its filter) or while a text field of
    /// the scene edits. Then keys are not playground commands (A, space, S, R, D, H, I).
    public var isTakingTextInput: Bool { scene is MenuScene || UIApplication.shared.isTakingTextInput }

    /// The shown scene's `name` (the menu's is "menu").
    public var currentSceneName: String { type(of: scene).name }

    /// Resizes the shown scene to `size` points at `scale` pixels per point.
    public func resize(to size: CGSize, scale: Double) {
        self.size = size
        self.scale = scale
        (scene as? MenuScene)?.pixelScale = scale
        if !pendingSetUp { scene.resize(to: size); fitRoot() }
    }

    private func fitRoot() {
        CATransaction.performWithoutAnimation {
            scene.rootLayer.frame = CGRect(origin: .zero, size: size)
        }
    }

    /// Begins a frame at media time `time` (seconds); the first one sets the scene up.
    public func beginFrame(at time: Double) {
        setUpIfNeeded(time)
    }

    /// Gives `event` to the shown scene at media time `time`. Escape or B goes back (the scene first,
    /// e.g. collapsing a card; else the menu; Escape or B at the menu clears its filter, then
    /// Escape quits and B does nothing), Start opens the menu, the shoulders and `[` `]` go to the
    /// previous and next scene; those are not passed on.
    public func handle(_ event: InputEvent, at time: Double) {
        setUpIfNeeded(time)
        switch event {
        case .key(.escape, true) where scene is MenuScene:
            // Escape at the menu clears its filter, else ends the program, as closing the window
            // does (the pad's B does not: a pad has no other way back into a scene it left by mistake).
            if (scene as? MenuScene)?.clearFilter() != true { requests.append(.quit) }
            return
        case .padButton(.b, true) where scene is MenuScene:
            // B, the pad's Escape, clears the filter too; with none it does nothing (see above).
            _ = (scene as? MenuScene)?.clearFilter()
            return
        case .key(.escape, true), .padButton(.b, true):
            // The scene may use "back" itself (collapse a card); else it leads to the menu.
            if !(scene is MenuScene) {
                if !scene.back(at: time) { open(MenuScene.self, at: time) }
                return
            }
        case .padButton(.start, true):
            open(MenuScene.self, at: time); return
        case .padButton(.rightShoulder, true), .key(.character("]"), true):
            cycle(by: 1, at: time); return
        case .padButton(.leftShoulder, true), .key(.character("["), true):
            cycle(by: -1, at: time); return
        case .key(.character("a"), true) where !isTakingTextInput:
            // The light and dark appearance: the screen's, so it stays across scenes. Input, not a
            // host request, so time travel, recordings and watch's resume replay it. Also a key
            // for the scene, as the clock keys are.
            let screen = UIScreen.main
            screen.userInterfaceStyle = screen.userInterfaceStyle == .dark ? .light : .dark
        default: break
        }
        scene.handle(event, at: time)
        if let menu = scene as? MenuScene, let chosen = menu.takeChoice() { open(chosen, at: time) }
    }

    private func cycle(by step: Int, at time: Double) {
        guard !registry.isEmpty else { return }
        let i = registry.firstIndex { $0 == type(of: scene) } ?? (step > 0 ? -1 : 0)
        open(registry[(i + step + registry.count) % registry.count], at: time)
    }

    private func open(_ type: Scene.Type, at time: Double) {
        scene.tearDown()
        scene = type.init()
        if let menu = scene as? MenuScene { menu.choices = registry; menu.pixelScale = scale }
        pendingSetUp = true
        setUpIfNeeded(time)
        requests.append(.setTitle("Flipbook — \(type.name)"))
    }

    private func setUpIfNeeded(_ time: Double) {
        guard pendingSetUp else { return }
        pendingSetUp = false
        fitRoot()
        scene.setUp(size: size, time: time)
    }

    /// The requests the scenes made of the host since the last call (quit, open a scene…), in order;
    /// they are forgotten.
    public func takeRequests() -> [HostRequest] {
        defer { requests.removeAll() }
        return requests
    }
}
