import Flipbook
import FlipbookPlayground
import Scenes

/// `flipbook`: the playground program with the built-in scenes — the first user of
/// FlipbookPlayground, written as any user's playground is.
@main
struct FlipbookApp: PlaygroundApp {
    static let commandName = "flipbook"
    static let scenes: [any Scene.Type] = SceneRegistry.all
}
