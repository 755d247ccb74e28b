import DevTools
import FlipbookTesting
import Scenes

extension SceneTester {
    /// A built-in scene by its command-line name, as `flipbook render NAME --size WxH` shows it.
    convenience init(scene name: String, width: Int = 640, height: Int = 360) throws {
        try self.init(Playground.sceneType(named: name, in: SceneRegistry.all), size: CGSize(width: width, height: height))
    }
}
