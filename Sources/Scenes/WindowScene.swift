import Flipbook

/// A scene written as a view controller: a UIWindow is the root layer, input goes through its hit
/// testing and gesture recognizers, and the frame time drives its layout and long presses.
/// Subclasses give the name, the summary and `makeRootViewController()`.
class WindowScene: Scene {
    class var name: String { "window" }
    class var summary: String { "" }
    let window = UIWindow(frame: .zero)
    var rootLayer: CALayer { window.layer }

    required init() {}

    /// The controller whose view fills the window.
    func makeRootViewController() -> UIViewController { UIViewController() }

    func setUp(size: CGSize, time: Double) {
        window.resize(to: size)
        window.rootViewController = makeRootViewController()
        window.makeKeyAndVisible()
    }
    func resize(to size: CGSize) { window.resize(to: size) }
    func handle(_ event: InputEvent, at time: Double) { window.handle(event, at: time) }
    func update(at time: Double) { window.frameDidAdvance(to: time) }
}

/// A small deterministic generator (SplitMix64): scenes that pick "random" values do so the same
/// way on every run, so headless renders stay byte-identical.
struct SceneRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
