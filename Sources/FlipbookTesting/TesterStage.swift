import FrameLoop
import Flipbook

/// The stage a `SceneTester` runs: one scene, view controller or view, and nothing else — no scene
/// menu, so Escape and the shoulder buttons reach the code under test.
///
/// It sets things up in the order the playground does (the root fitted to the window first, the
/// scene's display link added before its set-up), so a frame made here is the frame
/// `flipbook render` makes of the same scene.
final class TesterStage: Stage {
    enum Content {
        case scene(any Scene)
        /// A view controller (made the window's root at set-up) or a view (already in the window)
        /// shown in a window of its own.
        case window(UIWindow, root: UIViewController?)
    }

    let engine: CAEngine
    let content: Content
    private var size: CGSize
    private var pendingSetUp = true
    private var link: DisplayLink?

    init(_ content: Content, size: CGSize, engine: CAEngine) {
        self.content = content
        self.size = size
        self.engine = engine
        let link = engine.addDisplayLink { [weak self] t in
            guard let self, !self.pendingSetUp else { return }
            switch self.content {
            case .scene(let scene): scene.update(at: t)
            case .window(let window, _): window.frameDidAdvance(to: t)
            }
        }
        link.requestsFrames = false // as the playground's: a scene alone does not keep frames coming
        self.link = link
    }

    deinit {
        link?.invalidate()
        if case .scene(let scene) = content { engine.perform { scene.tearDown() } }
    }

    var rootLayer: CALayer {
        switch content {
        case .scene(let scene): scene.rootLayer
        case .window(let window, _): window.layer
        }
    }

    func resize(to size: CGSize, scale: Double) {
        self.size = size
        guard !pendingSetUp else { return }
        switch content {
        case .scene(let scene): scene.resize(to: size); fitRoot()
        case .window(let window, _): window.resize(to: size)
        }
    }

    func beginFrame(at time: Double) { setUpIfNeeded(time) }

    func handle(_ event: InputEvent, at time: Double) {
        setUpIfNeeded(time)
        switch content {
        case .scene(let scene): scene.handle(event, at: time)
        case .window(let window, _): window.handle(event, at: time)
        }
    }

    func takeRequests() -> [HostRequest] { [] }

    private func fitRoot() {
        CATransaction.performWithoutAnimation { rootLayer.frame = CGRect(origin: .zero, size: size) }
    }

    private func setUpIfNeeded(_ time: Double) {
        guard pendingSetUp else { return }
        pendingSetUp = false
        switch content {
        case .scene(let scene):
            fitRoot()
            scene.setUp(size: size, time: time)
        case .window(let window, let root):
            // As a view-controller scene is shown (Scene+ViewController.swift): sized, then the root.
            window.resize(to: size)
            if let root { window.rootViewController = root }
            window.makeKeyAndVisible()
        }
    }
}
