import Flipbook
import FrameLoop
import Foundation
@testable import Render
import Raster
import RasterIO
import Scenes
import TestSupport
import Testing

extension HeadlessRenderTests {
    /// `--appearance dark` renders the scene dark from its first frame; a script's A key switches
    /// it back, as in the window; the command line refuses anything but light or dark.
    @Test func theDarkAppearanceRendersDarkAndTheAKeySwitchesIt() throws {
        func background(dark: Bool, script: String?, run: Int) throws -> UInt32 {
            var o = RenderOptions(sceneName: "layout", width: 320, height: 180, frameCount: 31, outDirectory: Self.tempDir("appearance\(run)"))
            defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
            o.dump = .at([0.5])
            o.darkAppearance = dark
            if let script {
                let path = o.outDirectory! + "-input.script"
                try script.write(toFile: path, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(atPath: path) }
                o.script = try InputScript.load(path: path)
            }
            let r = try HeadlessDriver.render(o, registry: SceneRegistry.all)
            return try PNG.read(r.frames[0])[1, 60]     // the layout scene's background, left of everything
        }
        let light = try background(dark: false, script: nil, run: 0)
        let dark = try background(dark: true, script: nil, run: 1)
        let switched = try background(dark: true, script: "0.1 key a\n", run: 2)
        #expect(Pixel.r(light) == 242 && Pixel.r(dark) == 18, "light \(String(light, radix: 16)), dark \(String(dark, radix: 16))")
        #expect(switched == light)
        let bad = try FlipbookCommand.run(["render", "hello", "--appearance", "purple", "--frames", "1", "--size", "32x18", "--out", "x"])
        #expect(bad.status == 2 && bad.err.contains("expected light or dark"), "\(bad)")
    }
}
