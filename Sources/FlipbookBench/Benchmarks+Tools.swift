import FrameLoop
import Compositor
import Flipbook
import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window

extension Benchmarks {
    /// The tools' cost per frame over a scene, against the scene's own frame: the overlays' share
    /// of `.render` as the driver measures it (what the HUD shows as "tools"), for the handle only
    /// (the pointer held near its corner, where it shows), the open HUD, and the HUD with the
    /// inspector docked, showing a selected layer mid-animation. All
    /// cases run in the same loop, frame by frame, so drift hits them alike. Times are the thread's
    /// CPU time: on a shared machine a wall clock charges other processes' time slices to whichever
    /// short step they interrupt.
    static func toolsCost(scene type: any Scene.Type, in scenes: [any Scene.Type], width: Int, height: Int, frames: Int) throws {
        struct Case {
            let name: String
            let driver: FrameDriver
            let source: ManualSource
            var tools: [Double] = []
            var scene: [Double] = []
        }
        var cases: [Case] = []
        for (name, hud, inspector) in [("handle only", false, false), ("HUD open", true, false), ("HUD + inspector", true, true)] {
            let source = ManualSource(fps: 60)
            guard let driver = FrameDriver(stage: Playground(registry: scenes, initial: type), clock: MediaClock(source: source),
                                           pixelWidth: width, pixelHeight: height, scale: 1) else {
                throw HostError("cannot make a \(width)x\(height) frame")
            }
            driver.phaseTimer = WorkerPool.threadCPUSeconds
            let tools = driver.installTools(hudOpen: hud, inspectorOpen: inspector, showsHandle: true)
            driver.hover(at: CGPoint(x: 20, y: 12))
            if inspector {
                try driver.runFrame()
                // The layer with the most animations, selected as a click would.
                let layers = InspectorOverlay.flatten(driver.stage.rootLayer).map(\.layer)
                tools.inspector.select(layers.max { ($0.animationKeys()?.count ?? 0) < ($1.animationKeys()?.count ?? 0) })
            }
            cases.append(Case(name: name, driver: driver, source: source))
        }
        for i in 0..<(frames + 10) {
            for c in cases.indices {
                cases[c].source.advance()
                try cases[c].driver.runFrame()
                guard i >= 10 else { continue } // warm-up: glyph caches, content caches
                let d = cases[c].driver
                cases[c].tools.append(d.lastOverlaySeconds)
                cases[c].scene.append(d.lastPhaseSeconds.reduce(0, +) - d.lastOverlaySeconds)
            }
        }
        for c in cases {
            let share = median(c.tools) / median(c.scene) * 100
            report("tools \(c.name) over \(type.name) \(width)x\(height)", c.tools,
                   extra: String(format: "  scene %.3f ms; %.1f%% of it, %.1f%% of a 60 Hz frame",
                                 median(c.scene) * 1000, share, median(c.tools) * 60 * 100))
        }
    }
}
