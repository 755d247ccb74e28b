import Flipbook
import Foundation
import Host
import Scenes

/// Starts the window or a headless render for the command line.
enum Launcher {
    static func openWindow(scene: String?, size: (Int, Int)?, scale: Double?, slow: Double) throws {
        let type = try scene.map { try Playground.sceneType(named: $0, in: SceneRegistry.all) }
        var options = WindowHost.Options()
        if let (w, h) = size { options.width = w; options.height = h }
        options.scale = scale
        options.slow = slow
        options.title = "Flipbook — \(type?.name ?? "menu")"
        try options.validate() // before looking for a display: a bad option is named first
        guard SDLSession.hasDisplay else {
            throw HostError("no display (DISPLAY and WAYLAND_DISPLAY are unset); render headless instead: flipbook render SCENE --out DIR")
        }
        let session = try SDLSession.start(headless: false)
        defer { session.shutdown() }
        let stage = Playground(registry: SceneRegistry.all, initial: type)
        let host = try WindowHost(session: session, stage: stage, options: options)
        host.run()
    }

    static func render(_ options: RenderOptions) throws -> HeadlessDriver.Result {
        try HeadlessDriver.render(options, registry: SceneRegistry.all)
    }
}
