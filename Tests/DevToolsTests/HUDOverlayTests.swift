import FrameLoop
import Flipbook
@testable import DevTools
import Raster
import TestSupport
import Testing

@Suite(.isolatedEngine) struct HUDOverlayTests {
    func center(_ r: CGRect?) -> CGPoint { CGPoint(x: r!.midX, y: r!.midY) }

    @Test func hKeyAndPadBackToggleItAndNeverReachTheScene() throws {
        let rig = ToolsRig()
        try rig.run(toFrame: 0)
        rig.driver.enqueue([.key(.character("h"), isDown: true), .key(.character("h"), isDown: false)])
        #expect(rig.hud.isOpen)
        rig.driver.enqueue([.padButton(.back, isDown: true), .padButton(.back, isDown: false)])
        #expect(!rig.hud.isOpen)
        rig.driver.enqueue([.key(.character("x"), isDown: true)])
        try rig.run(toFrame: 1)
        #expect(rig.stage.received == [.key(.character("x"), isDown: true)])
    }

    @Test func theHandleOpensItAndClicksOnTheHUDAreConsumed() throws {
        let rig = ToolsRig()
        rig.driver.hover(at: CGPoint(x: 20, y: 12))
        try rig.run(toFrame: 0)
        // Closed, the handle is in the corner while the pointer is near: a click on it opens the
        // HUD and is not the scene's.
        let handle = rig.hud.layout.rect(of: .openHUD)
        rig.driver.enqueue([.pointerDown(center(handle)), .pointerUp(center(handle))])
        #expect(rig.hud.isOpen)
        try rig.run(toFrame: 1)
        // Pause, then step one frame, from the buttons.
        let pause = center(rig.hud.layout.rect(of: .pause))
        rig.driver.enqueue([.pointerDown(pause), .pointerMove(CGPoint(x: pause.x + 2, y: pause.y)), .pointerUp(pause)])
        #expect(rig.driver.clock.isPaused)
        try rig.run(toFrame: 5)
        #expect(rig.driver.frameTime == 1.0 / 60)
        let step = center(rig.hud.layout.rect(of: .step))
        rig.driver.enqueue([.pointerDown(step), .pointerUp(step)])
        try rig.run(toFrame: 6)
        #expect(abs(rig.driver.frameTime - 2.0 / 60) < 1e-12)
        // A click on the panel's background is taken too; one beside the panel is the scene's.
        let panel = rig.hud.layout.panel
        let outside = CGPoint(x: panel.maxX + 20, y: panel.maxY + 20)
        rig.driver.enqueue([.pointerDown(CGPoint(x: panel.maxX - 3, y: panel.maxY - 3)), .pointerUp(CGPoint(x: panel.maxX - 3, y: panel.maxY - 3)),
                            .pointerDown(outside), .pointerUp(outside)])
        try rig.run(toFrame: 7)
        #expect(rig.stage.received == [.pointerDown(outside), .pointerUp(outside)])
    }

    /// The closed HUD's handle is not in the frame unless the pointer is near its corner, with the
    /// inspector open too: the corner shows the scene the rest of the time.
    @Test func theHandleIsAbsentFromTheFrameUnlessHovered() throws {
        let rig = ToolsRig()
        try rig.run(toFrame: 0)
        let background = rig.driver.bitmap[300, 20]   // the root's colour, nothing over it there
        /// Pixels of the handle's corner (the first button's box) that are not the scene's background.
        func cornerPixels() -> Int {
            var n = 0
            for y in 8..<26 { for x in 8..<60 where rig.driver.bitmap[x, y] != background { n += 1 } }
            return n
        }
        #expect(cornerPixels() == 0 && rig.hud.layout.controls.isEmpty)
        // A click where the handle would be is the scene's (it gets it in the next frame).
        rig.driver.enqueue([.pointerDown(CGPoint(x: 20, y: 15)), .pointerUp(CGPoint(x: 20, y: 15))])
        #expect(!rig.hud.isOpen)
        // The pointer near the corner: the handle shows (and the move asked for a frame).
        rig.driver.hover(at: CGPoint(x: 120, y: 30))
        #expect(rig.driver.hasWork)
        try rig.run(toFrame: 1)
        #expect(rig.stage.received.count == 2)
        #expect(cornerPixels() > 200 && rig.hud.layout.rect(of: .openHUD) != nil)
        // Away from the corner: gone again, the pixels it covered re-composited.
        rig.driver.hover(at: CGPoint(x: 400, y: 300))
        try rig.run(toFrame: 2)
        #expect(cornerPixels() == 0 && rig.hud.layout.controls.isEmpty)
        // The inspector open: still hidden until hovered, then its Inspect button closes it.
        rig.inspector.toggle()
        try rig.run(toFrame: 3)
        #expect(cornerPixels() == 0 && rig.hud.layout.controls.isEmpty)
        rig.driver.hover(at: CGPoint(x: 30, y: 15))
        try rig.run(toFrame: 4)
        let inspect = try #require(rig.hud.layout.rect(of: .inspect))
        #expect(cornerPixels() > 200)
        rig.driver.enqueue([.pointerDown(center(inspect)), .pointerUp(center(inspect))])
        #expect(!rig.inspector.isOpen)
    }

    @Test func slowMotionButtonsAndTheSpeedSliderSetTheClock() throws {
        let rig = ToolsRig(hud: true)
        try rig.run(toFrame: 0)
        let x5 = center(rig.hud.layout.rect(of: .slow(1)))
        rig.driver.enqueue([.pointerDown(x5), .pointerUp(x5)])
        #expect(rig.driver.clock.timeScale == 0.2)
        rig.driver.enqueue([.pointerDown(x5), .pointerUp(x5)])   // again: back to normal speed
        #expect(rig.driver.clock.timeScale == 1)
        let track = rig.hud.layout.sliderTrack
        rig.driver.enqueue([.pointerDown(CGPoint(x: track.minX - 2, y: track.midY))])
        #expect(abs(rig.driver.clock.timeScale - HUDOverlay.speedRange.min) < 1e-12)
        rig.driver.enqueue([.pointerMove(CGPoint(x: track.maxX + 40, y: track.midY + 30)), .pointerUp(CGPoint(x: track.maxX, y: 0))])
        #expect(abs(rig.driver.clock.timeScale - HUDOverlay.speedRange.max) < 1e-12)
        #expect(rig.stage.received.isEmpty)
        #expect(abs(HUDOverlay.speed(atSliderPosition: HUDOverlay.sliderPosition(ofSpeed: 0.3)) - 0.3) < 1e-12)
    }

    @Test func phaseTimesAreMeasuredPerPhaseAndTheOverlaysApart() throws {
        let rig = ToolsRig(hud: true)
        rig.driver.phaseTimer = ToolsRig.scriptedPhaseTimer()
        try rig.run(toFrame: 0)
        let phases = rig.driver.lastPhaseSeconds, overlays = rig.driver.lastOverlaySeconds
        #expect(phases.count == FramePhase.allCases.count && phases.allSatisfy { $0 > 0 })
        #expect(overlays > 0 && overlays < phases[FramePhase.render.rawValue])
        try rig.run(toFrame: 1)
        // Frame 1's HUD shows frame 0, whole: the times are published when a frame ends.
        let h = rig.hud.history
        #expect(h.count == 2 && h.total(frame: 0) == 0)
        // The groups add up to the frame: every phase is in exactly one group.
        #expect(abs(h.total(frame: 1) - phases.reduce(0, +)) < 1e-12)
        #expect(h.seconds(.tools, frame: 1) == overlays)
        #expect(abs(h.seconds(.render, frame: 1) - (phases[FramePhase.render.rawValue] - overlays)) < 1e-12)
    }

    /// The HUD over the known scene at 1 s, paused at ×5 slow motion, with 100 frames of scripted
    /// phase times in its graph. Only rectangles and text: no Bézier edges in it.
    @Test func hudGolden() throws {
        let rig = ToolsRig(hud: true)
        rig.driver.phaseTimer = ToolsRig.scriptedPhaseTimer()
        for i in 0...60 {
            if i > 0 { rig.source.advance() }
            try rig.driver.runFrame()
        }
        let x5 = center(rig.hud.layout.rect(of: .slow(1)))
        rig.driver.enqueue([.pointerDown(x5), .pointerUp(x5)])
        rig.driver.apply(.togglePause)
        for _ in 0..<50 { rig.source.advance(); try rig.driver.runFrame() }
        #expect(Snapshot.verify(rig.driver.bitmap, named: "hud", file: #filePath) == nil)
    }

    /// Notes show in boxes under the closed handle (and under the open panel), in the accent colour,
    /// and nowhere without them.
    @Test func notesShowUnderTheHandleAndThePanel() throws {
        func frame(notes: [String], open: Bool) throws -> (Bitmap, HUDLayout) {
            let rig = ToolsRig(hud: open)
            rig.hud.notes = notes
            try rig.run(toFrame: 0)
            return (rig.driver.bitmap, rig.hud.layout)
        }
        for open in [false, true] {
            let (plain, layout) = try frame(notes: [], open: open)
            let (noted, _) = try frame(notes: ["debug build: frames ~100× slower"], open: open)
            // The note's box starts 4 points under the panel, at the left margin.
            let y = Int(layout.panel.maxY + 4 + HUDLayout.buttonHeight / 2), x = Int(HUDLayout.margin) + 2
            #expect(plain[x, y] != noted[x, y], "open: \(open)")
            // Above the note, and far right of it, nothing changed.
            let above = Int(layout.panel.minY) + 1
            #expect(plain[x, above] == noted[x, above])
            #expect(plain[plain.width - 2, y] == noted[plain.width - 2, y])
        }
    }
}
