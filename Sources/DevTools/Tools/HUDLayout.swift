import Flipbook

/// Where the HUD's parts are, in window points: worked out each drawn frame from the text size,
/// and kept for the clicks that follow.
struct HUDLayout {
    enum Control: Equatable {
        case openHUD, inspect, close, pause, step, slow(Int), slider
        /// The panel's background: taken (a click on it is not the scene's) but does nothing.
        case panel
    }

    var panel = CGRect.zero
    var controls: [(Control, CGRect)] = []
    var sliderTrack = CGRect.zero
    var graph = CGRect.zero
    var legend = CGPoint.zero
    var title = CGPoint.zero
    var stats = CGPoint.zero
    var time = CGPoint.zero
    var hints = CGPoint.zero
    /// Where the lines below the hints begin (the window's present line).
    var extra = CGPoint.zero
    var speedLabel = CGPoint.zero
    var speedValue = CGPoint.zero

    static let margin: CGFloat = 8
    static let padding: CGFloat = 8
    static let width: CGFloat = 344
    static let buttonHeight: CGFloat = 18

    /// The control under `p`, topmost first; nil when the HUD does not cover `p`.
    func control(at p: CGPoint, open: Bool, handle: Bool) -> Control? {
        for (c, r) in controls where r.contains(p) { return c }
        return panel.contains(p) ? .panel : nil
    }

    func rect(of control: Control) -> CGRect? { controls.first { $0.0 == control }?.1 }

    /// The closed HUD: the handle's two buttons.
    static func handle(painter: OverlayPainter) -> HUDLayout {
        var l = HUDLayout()
        let a = painter.advance()
        var x = margin
        for (c, label) in [(Control.openHUD, HUDOverlay.handleLabels[0]), (.inspect, HUDOverlay.handleLabels[1])] {
            let w = a * CGFloat(label.count) + 12
            l.controls.append((c, CGRect(x: x, y: margin, width: w, height: buttonHeight)))
            x += w + 4
        }
        l.panel = CGRect(x: margin, y: margin, width: x - 4 - margin, height: buttonHeight)
        return l
    }

    /// The open HUD's panel in the top-left corner, `extraLines` lines taller at its foot (the
    /// window's present line).
    static func open(size: CGSize, painter: OverlayPainter, extraLines: Int = 0) -> HUDLayout {
        var l = HUDLayout()
        let a = painter.advance()
        let x0 = margin + padding, right = margin + width - padding
        var y = margin + 6
        l.title = CGPoint(x: x0, y: y)
        // Right-aligned at the title row: Inspect (I) and the close box.
        var bx = right
        for (c, label) in [(Control.close, "× H"), (.inspect, "Inspect I")] {
            let w = a * CGFloat(label.count) + 10
            bx -= w
            l.controls.append((c, CGRect(x: bx, y: y - 2, width: w, height: buttonHeight - 2)))
            bx -= 4
        }
        y += 20
        l.stats = CGPoint(x: x0, y: y)
        y += 18
        l.graph = CGRect(x: x0, y: y, width: CGFloat(FrameTimeHistory.capacity) * 2, height: 63)
        l.legend = CGPoint(x: l.graph.maxX + 10, y: y)
        y += l.graph.height + 8
        var x = x0
        for (c, label) in [(Control.pause, "Pause"), (.step, "Step"), (.slow(0), "×2"), (.slow(1), "×5"), (.slow(2), "×10")] {
            let w = a * CGFloat(max(label.count, 5)) + 12
            l.controls.append((c, CGRect(x: x, y: y, width: w, height: buttonHeight + 2)))
            x += w + 6
        }
        y += buttonHeight + 10
        l.speedLabel = CGPoint(x: x0, y: y + 2)
        let trackX = x0 + a * 6
        l.sliderTrack = CGRect(x: trackX, y: y, width: right - trackX - a * 7, height: 16)
        l.controls.append((.slider, l.sliderTrack.insetBy(dx: -6, dy: -2)))
        l.speedValue = CGPoint(x: l.sliderTrack.maxX + a, y: y + 2)
        y += 22
        l.time = CGPoint(x: x0, y: y)
        y += 18
        l.hints = CGPoint(x: x0, y: y)
        y += OverlayStyle.lineHeight * CGFloat(HUDOverlay.hintLines.count)
        l.extra = CGPoint(x: x0, y: y)
        y += OverlayStyle.lineHeight * CGFloat(max(0, extraLines)) + 4
        l.panel = CGRect(x: margin, y: margin, width: width, height: y - margin)
        return l
    }
}
