import FrameLoop
import Flipbook
import Foundation
import DevTools
import Render
import Window
import RasterIO

extension Launcher {
    /// A tour: every scene rendered headless into `out/SCENE/`, with a contact sheet `out/SCENE.png`;
    /// a scene with a `demoScript` gets its input, so a scene that waits for a tap moves too.
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
    /// - Parameter say: where the line for each scene goes (default: standard output).
    func tour(_ tour: TourOptions, say: (String) -> Void = { Files.print($0, to: STDOUT_FILENO) }) throws {
        let madeOut = try Self.makeFolder(tour.out)
        do {
            let plans = try scenes.map { type in
                var options = try RenderOptions.commandLine(
                    scene: type.name, out: tour.out + "/" + type.name, width: tour.width, height: tour.height, scale: tour.scale,
                    fps: 60, duration: tour.duration, frames: nil, every: tour.every, at: nil, input: nil, trace: nil,
                    sheet: tour.out + "/" + type.name + ".png")
                options.script = try Self.tourScript(for: type, width: tour.width, height: tour.height)
                try options.validate()
                return options
            }
            for (type, options) in zip(scenes, plans) {
                let result = try render(options)
                var demo = ""
                if options.script != nil, let size = type.demoScript?.size {
                    let written = "\(InputScript.number(Double(size.width)))x\(InputScript.number(Double(size.height)))"
                    demo = written == "\(tour.width)x\(tour.height)" ? ", its demo script played" : ", its demo script played (scaled from \(written))"
                }
                say("\(options.sceneName): \(result.frames.count) frames\(demo) in \(options.outDirectory ?? "-"), contact sheet \(options.sheetPath ?? "-")")
            }
        } catch {
            if madeOut { _ = Files.withCName(tour.out) { rmdir($0) } } // only if empty: never removes a file
            throw error
        }
        say("frames are in \(tour.out)/<scene>/ and contact sheets in \(tour.out)/<scene>.png")
    }

    /// The input the tour plays for `type` at `width`×`height` points: its `demoScript`, or nil when
    /// it has none. At another size than the script's, every position is scaled by the ratio of the
    /// widths across and of the heights down. That is exact for a layout proportional to the window
    /// and approximate for one that is not (a control at a fixed size or a fixed offset from the
    /// centre or an edge): far from the script's size a tap can land beside what it was meant for,
    /// so the built-in scripts name their controls instead (`tap @random`), which scaling leaves be.
    /// A script that does not parse, a size that is not one, or frame lines (a recording's, which
    /// would set the tour's frames) are refused with a message naming the scene.
    static func tourScript(for type: any Scene.Type, width: Int, height: Int) throws -> InputScript? {
        guard let demo = type.demoScript else { return nil }
        let w = Double(demo.size.width), h = Double(demo.size.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw HostError("\(type.name)'s demoScript is written for a \(InputScript.number(w))x\(InputScript.number(h)) window; a size is finite and at least 1x1")
        }
        let script = try InputScript.parse(demo.text, file: "\(type.name)'s demoScript")
        guard !script.isFrameTimed else {
            throw HostError("\(type.name)'s demoScript has frame lines (a recording's); a demo script is events at times")
        }
        return script.scaled(x: Double(width) / w, y: Double(height) / h)
    }

    /// `render SCENE --demo`: the scene's demo script at `width`×`height`, as the tour plays it;
    /// a scene without one is refused with a line that says so.
    func demoScript(scene name: String, width: Int, height: Int) throws -> InputScript {
        let type = try Playground.sceneType(named: name, in: scenes)
        guard let script = try Self.tourScript(for: type, width: width, height: height) else {
            throw HostError("\(type.name) has no demo script (Scene.demoScript: it moves by itself); give --input FILE to play input")
        }
        return script
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
