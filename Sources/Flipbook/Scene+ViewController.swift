/// A view controller as a scene: the playground shows it as the root view controller of a window
/// that fills the screen, as a UIKit app's scene delegate does, and the window takes the input
/// (hit testing, gesture recognizers, controls, the focus ring) and the frame times (long presses).
///
/// A controller that implements one of these members itself replaces the window's part in it:
/// forward to `view.window` (`handle(_:at:)`, `frameDidAdvance(to:)`) to keep it.
public extension Scene where Self: UIViewController {
    /// The window's layer.
    var rootLayer: CALayer { sceneWindow.layer }

    /// Sizes the window and makes this controller its root: `viewDidLoad`, then
    /// `viewWillAppear`/`viewDidAppear`, then layout in the frame's `.layout` phase.
    func setUp(size: CGSize, time: Double) {
        sceneWindow.resize(to: size)
        sceneWindow.rootViewController = self
        sceneWindow.makeKeyAndVisible()
    }

    /// Resizes the window (the controller's view follows in the next layout phase).
    func resize(to size: CGSize) { sceneWindow.resize(to: size) }

    /// Hands the event to the window: touches and pointer to hit testing and gesture recognizers,
    /// keys and pad buttons to the focus ring and the first responder.
    func handle(_ event: InputEvent, at time: Double) { sceneWindow.handle(event, at: time) }

    /// Tells the window the frame's time, for time-based recognizers such as long presses.
    func update(at time: Double) { sceneWindow.frameDidAdvance(to: time) }

    /// A `.menu` press up the responder chain from the focused view (`UIWindow.pressMenu(at:)`).
    func back(at time: Double) -> Bool { sceneWindow.pressMenu(at: time) }

    /// Leaves the window (`viewWillDisappear`/`viewDidDisappear`), which held the controller.
    func tearDown() { sceneWindow.rootViewController = nil }
}
