import Flipbook
import Foundation
import Raster

extension HUDOverlay {
    /// The handle's two buttons: what a new user sees in the corner before opening anything.
    static let handleLabels = ["HUD (H)", "Inspect (I)"]
    /// Every key the tools and the clock answer, shown at the HUD's foot.
    static let hintLines = [
        "H hud  I inspect  Space pause  . step",
        "S slow ×10  [ ] scene  Esc menu",
        "R record  D redraws  - = time travel",
    ]
    /// The graph's full height in milliseconds (two frames at 60 Hz).
    static let graphMilliseconds = 1000.0 / 30

    func drawHandle(_ p: OverlayPainter) {
        for (i, (control, r)) in layout.controls.enumerated() {
            let on = control == .inspect && (inspector?.isOpen ?? false)
            p.fill(r, on ? OverlayStyle.buttonOn : OverlayStyle.panel)
            p.frame(r, OverlayStyle.panelEdge)
            p.text(Self.handleLabels[i], at: CGPoint(x: r.minX + 6, y: r.minY + 2), OverlayStyle.text)
        }
    }

    /// `notes`, one box per line, stacked from `y` down along the left margin.
    func drawNotes(_ p: OverlayPainter, below y: CGFloat) {
        let a = p.advance()
        var top = y + 4
        for note in notes {
            let r = CGRect(x: HUDLayout.margin, y: top, width: a * CGFloat(note.count) + 12, height: HUDLayout.buttonHeight)
            p.fill(r, OverlayStyle.panel)
            p.frame(r, OverlayStyle.panelEdge)
            p.text(note, at: CGPoint(x: r.minX + 6, y: r.minY + 2), OverlayStyle.accent)
            top = r.maxY + 2
        }
    }

    func drawPanel(_ p: OverlayPainter) {
        let l = layout
        p.fill(l.panel, OverlayStyle.panel)
        p.frame(l.panel, OverlayStyle.panelEdge)
        p.text("Flipbook HUD", at: l.title, OverlayStyle.accent)

        // Headless (no phase timer) the rate is the virtual clock's: counting drawn frames would
        // depend on which frames a render keeps, and a kept frame must not.
        let rate = driver.phaseTimer == nil ? 1 / driver.stepDuration : history.framesPerSecond
        let fps = rate.map { String(format: "%5.1f fps", $0) } ?? "  --- fps"
        if history.hasMeasurements {
            let last = history.count - 1
            let frameMs = history.total(frame: last) * 1000
            let toolsMs = history.seconds(.tools, frame: last) * 1000
            p.text(fps + String(format: "  frame %5.2f ms  tools %4.2f ms", frameMs, toolsMs), at: l.stats, OverlayStyle.text)
        } else {
            p.text("\(fps)  (phase times: window only)", at: l.stats, OverlayStyle.text)
        }
        drawGraph(p)
        drawControls(p)

        let clock = driver.clock
        let state = clock.isPaused ? "paused" : clock.timeScale == 1 ? "running" : String(format: "running ×%.2f", clock.timeScale)
        p.text(String(format: "t %9.3f s  frame %d  ", driver.frameTime, driver.framesProduced) + state, at: l.time, OverlayStyle.text)
        for (i, line) in Self.hintLines.enumerated() {
            p.text(line, at: CGPoint(x: l.hints.x, y: l.hints.y + OverlayStyle.lineHeight * CGFloat(i)), OverlayStyle.dim)
        }
        if let presentation { p.text(presentation, at: l.extra, OverlayStyle.text) }
    }

    private func drawGraph(_ p: OverlayPainter) {
        let g = layout.graph
        p.fill(g, Color(r: 0, g: 0, b: 0, a: 0.35))
        let perMs = Double(g.height) / Self.graphMilliseconds
        // One stacked bar per frame, oldest left; each group's slice in its colour.
        let barWidth = g.width / CGFloat(FrameTimeHistory.capacity)
        let start = FrameTimeHistory.capacity - history.count
        for i in 0..<history.count {
            let x = g.minX + barWidth * CGFloat(start + i)
            var y = Double(g.maxY)
            for group in FrameTimeHistory.Group.allCases {
                let h = history.seconds(group, frame: i) * 1000 * perMs
                guard h > 0 else { continue }
                let top = max(Double(g.minY), y - h)
                p.fill(CGRect(x: x, y: CGFloat(top), width: barWidth, height: CGFloat(y - top)), group.color)
                y = top
                if y <= Double(g.minY) { break }
            }
        }
        // The 60 Hz budget.
        let budget = g.maxY - CGFloat(1000.0 / 60 * perMs)
        p.fill(CGRect(x: g.minX, y: budget, width: g.width, height: 1 / CGFloat(p.scale)), Color(r: 1, g: 1, b: 1, a: 0.5))
        p.text("16.7", at: CGPoint(x: g.minX + 2, y: budget - 11), OverlayStyle.dim, size: 8)
        // Legend: each group's mean over the last 30 frames.
        for (i, group) in FrameTimeHistory.Group.allCases.enumerated() {
            let y = layout.legend.y + CGFloat(i) * 9
            p.fill(CGRect(x: layout.legend.x, y: y + 2, width: 6, height: 6), group.color)
            p.text(group.name.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: "%5.2f", history.mean(group) * 1000), at: CGPoint(x: layout.legend.x + 9, y: y),
                   OverlayStyle.text, size: 8)
        }
    }

    private func drawControls(_ p: OverlayPainter) {
        let clock = driver.clock
        for (control, r) in layout.controls {
            let label: String
            var on = false
            switch control {
            case .pause: label = clock.isPaused ? "Play" : "Pause"; on = clock.isPaused
            case .step: label = "Step"
            case .slow(let i):
                label = "×\(Int(Self.slowFactors[i]))"
                on = abs(clock.timeScale - 1 / Self.slowFactors[i]) < 1e-9
            case .close: label = "× H"
            case .inspect: label = "Inspect I"; on = inspector?.isOpen ?? false
            default: continue
            }
            p.fill(r, on ? OverlayStyle.buttonOn : OverlayStyle.button)
            p.frame(r, OverlayStyle.panelEdge)
            let w = p.advance() * CGFloat(label.count)
            p.text(label, at: CGPoint(x: r.midX - w / 2, y: r.midY - 7), OverlayStyle.text)
        }
        // Speed slider: a track, a tick at normal speed, the knob.
        let t = layout.sliderTrack
        p.text("speed", at: layout.speedLabel, OverlayStyle.dim)
        p.fill(CGRect(x: t.minX, y: t.midY - 1, width: t.width, height: 2), OverlayStyle.panelEdge)
        let one = t.minX + t.width * CGFloat(Self.sliderPosition(ofSpeed: 1))
        p.fill(CGRect(x: one - 0.5, y: t.minY + 3, width: 1, height: t.height - 6), OverlayStyle.dim)
        let knob = t.minX + t.width * CGFloat(Self.sliderPosition(ofSpeed: clock.timeScale))
        p.fill(CGRect(x: knob - 4, y: t.minY, width: 8, height: t.height), OverlayStyle.accent)
        p.text(String(format: "%.2f×", clock.timeScale), at: layout.speedValue, OverlayStyle.text)
    }
}
