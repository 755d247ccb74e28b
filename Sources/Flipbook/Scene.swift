/// One playground screen: a demo that builds a layer tree and reacts to input.
///
/// Two ways to write one, both this protocol:
/// - a `UIViewController` subclass, declared `final`, that adds `name` and `summary`: the
///   playground shows it as the root view controller of a window that fills the screen and hands
///   the window its input and frame times (Scene+ViewController.swift gives every other member);
///
///       final class Bounce: UIViewController, Scene {
///           static let name = "bounce"
///           static let summary = "A square that bounces"
///           override func viewDidLoad() { … }
///       }
///
/// - any class with a `rootLayer`, for layer-level demos without views (`setUp(size:time:)` builds
///   the tree, `handle(_:at:)` gets the input).
///
/// The host owns the frame loop; a scene never reads a clock. Its layers animate through Core
/// Animation (animations and transactions evaluated at the frame's media time), and `update(at:)`
/// is its display-link callback for anything that must follow the clock by hand.
///
/// `SendableMetatype`: a list of scene types (`PlaygroundApp.scenes`) may be a stored `static let`
/// in a Swift 6 language-mode target without a concurrency warning; the scenes themselves are not
/// `Sendable` (they live on the thread that drives frames).
public protocol Scene: AnyObject, SendableMetatype {
    /// The name used on the command line (`flipbook run NAME`): lowercase, no spaces.
    static var name: String { get }
    /// One line for `flipbook list` and the menu.
    static var summary: String { get }
    /// A short input script that shows the scene at work when it waits for input: `flipbook tour`
    /// (and so `make run` without a display) plays it. Default: nil, for a scene that moves by
    /// itself. Declare it with its optional type, `static let demoScript: DemoScript? = …`: a
    /// `static let` of type `DemoScript` is a member of its own that the protocol does not see.
    static var demoScript: DemoScript? { get }
    /// The part of the playground's menu that lists the scene. Default: `.yours` ("Your scenes"),
    /// so every scene a program of your own lists lands there; Flipbook's built-in scenes say
    /// `.fromTheArticles` or `.toolsAndDemos`.
    static var menuSection: SceneSection { get }
    /// Makes the scene; the playground calls it each time the scene is opened. Build nothing heavy
    /// here: the tree belongs in `setUp(size:time:)` (or `viewDidLoad` for a view controller).
    init()
    /// The layer the host draws, sized to the window by the host.
    var rootLayer: CALayer { get }
    /// The first frame's time and the window's size in points; build the layer tree here.
    func setUp(size: CGSize, time: Double)
    /// The window changed size; re-lay out.
    func resize(to size: CGSize)
    /// One input event in the frame's `.input` phase.
    func handle(_ event: InputEvent, at time: Double)
    /// The display-link callback, once per frame in `.displayLink`.
    func update(at time: Double)
    /// The user asked to go back (Escape, the pad's B): return true when the scene used it (an
    /// expanded card collapsed), false to let the playground go back to its menu. Default: false;
    /// a view-controller scene sends its window a `.menu` press (`UIWindow.pressMenu(at:)`).
    func back(at time: Double) -> Bool
    /// The playground is done with the scene (another scene opened, or the playground went away):
    /// let go of what would keep it alive. Default: nothing; a view-controller scene leaves its window.
    func tearDown()
}

public extension Scene {
    /// Default: nil (the scene moves by itself, or has nothing to show without a person).
    static var demoScript: DemoScript? { nil }
    /// Default: `.yours`.
    static var menuSection: SceneSection { .yours }
    /// Default: nothing.
    func resize(to size: CGSize) {}
    /// Default: ignores the event.
    func handle(_ event: InputEvent, at time: Double) {}
    /// Default: nothing.
    func update(at time: Double) {}
    /// Default: false (the playground goes back to its menu).
    func back(at time: Double) -> Bool { false }
    /// Default: nothing.
    func tearDown() {}
}

/// The parts of the playground's menu, in the menu's order (empty ones are not shown).
public enum SceneSection: Int, CaseIterable, Comparable, Sendable {
    /// "From the articles": a scene rebuilt from the seed articles — the Vietnamese articles on iOS
    /// animation that Flipbook grew from (its summary says which: "Seed 001").
    case fromTheArticles
    /// "Your scenes": a scene of the program's own (what a `PlaygroundApp` lists; the default).
    case yours
    /// "Tools and demos": Flipbook's other built-in scenes, each showing one part of the engine.
    case toolsAndDemos

    /// The section's heading in the menu.
    public var title: String {
        switch self {
        case .fromTheArticles: "From the articles"
        case .yours: "Your scenes"
        case .toolsAndDemos: "Tools and demos"
        }
    }

    /// Menu order.
    public static func < (a: SceneSection, b: SceneSection) -> Bool { a.rawValue < b.rawValue }
}

/// A scene's demo input: script text in the format of `flipbook render --input` (README, "Input
/// scripts": `0.3 tap 640 360`, `1.2 drag 640 300 640 600 0.3`, `2.0 pad a down`), with the window
/// size in points its coordinates were written for. A tour at another size scales the positions by
/// the ratio of the sizes (see `Scene.demoScript`).
public struct DemoScript: Equatable, Sendable {
    /// The script: one timed event a line, times in seconds from the scene's first frame,
    /// positions in points from the window's top-left.
    public var text: String
    /// The window size, in points, the positions are for.
    public var size: CGSize

    /// A demo of `text` written for a window of `size` points; default 1280 × 720, the tour's size.
    public init(_ text: String, size: CGSize = CGSize(width: 1280, height: 720)) {
        self.text = text
        self.size = size
    }
}
