import FrameLoop
import Flipbook
import Foundation
import DevTools
import Render
import Window
import RasterIO

extension Launcher {
    /// A tour: every scene rendered headless into `out/SCENE/`, with a contact sheet `out/SCENE.png`.
    struct TourOptions {
        var out: String
        var width = 1280, height = 720
        var scale = 1.0
        /// Seconds per scene, its last instant included.
        var duration = 4.0
        /// Every K-th frame is written (30: two a second at 60 fps).
        var every = 30
    }

    /// Renders every scene in menu order. Each scene is a render of its own with `render`'s
    /// guarantees (a file that exists is refused, a failed render leaves nothing of itself); the
    /// scenes before a failure keep their files. `out` is made when missing (its parent is not),
    /// every scene's options and paths are checked before the first frame, and `out` is removed
    /// again when a failure leaves it empty.
    func tour(_ tour: TourOptions) throws {
        let madeOut = try Self.makeFolder(tour.out)
        do {
            let plans = try scenes.map { type in
                let options = try RenderOptions.commandLine(
                    scene: type.name, out: tour.out + "/" + type.name, width: tour.width, height: tour.height, scale: tour.scale,
                    fps: 60, duration: tour.duration, frames: nil, every: tour.every, at: nil, input: nil, trace: nil,
                    sheet: tour.out + "/" + type.name + ".png")
                try options.validate()
                return options
            }
            for options in plans {
                let result = try render(options)
                Files.print("\(options.sceneName): \(result.frames.count) frames in \(options.outDirectory ?? "-"), contact sheet \(options.sheetPath ?? "-")", to: STDOUT_FILENO)
            }
        } catch {
            if madeOut { _ = Files.withCName(tour.out) { rmdir($0) } } // only if empty: never removes a file
            throw error
        }
        Files.print("frames are in \(tour.out)/<scene>/ and contact sheets in \(tour.out)/<scene>.png", to: STDOUT_FILENO)
    }

    /// Makes `path` (not its parents) unless it is a folder already; true when it made it.
    static func makeFolder(_ path: String) throws -> Bool {
        switch Files.kind(path) {
        case .directory: return false
        case .file, .other: throw HostError("--out \(OneLine.quote(path)) exists and is not a folder")
        case .missing:
            if Files.exists(path) { throw HostError("--out \(OneLine.quote(path)) is a symbolic link to nothing") }
            guard Files.withCName(path, { mkdir($0, 0o777) }) == 0 else {
                throw HostError("--out \(OneLine.quote(path)) cannot be made (its parent folder is not created): \(String(cString: strerror(errno)))")
            }
            return true
        }
    }

    /// `name` when nothing by that name exists here, else the first free `name-2`, `name-3`, …: the
    /// tour a display-less start renders never meets an earlier one's files.
    static func firstFreeFolder(named name: String, in parent: String = ".") -> String {
        var candidate = name, n = 1
        while Files.exists(parent + "/" + candidate) {
            n += 1
            candidate = "\(name)-\(n)"
        }
        return candidate
    }
}
