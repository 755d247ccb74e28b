import Flipbook
import FlipbookPlayground

/// The whole program: `swift run Examples` opens the window with these scenes; `render`, `list`,
/// `tour` and `bench` work as they do for `flipbook`.
@main
struct ExamplesPlayground: PlaygroundApp {
    static let scenes: [any Scene.Type] = [BounceViewController.self, CardViewController.self, FAQViewController.self]
}
