import FrameLoop
import Flipbook
import Raster

/// The time-travel band along the bottom edge of the window: the session's recorded media time,
/// the frame shown, and how to scrub it.
///
/// Docked, not drawn over the scene: the driver lays the stage out in the window less the band's
/// height (`docked`), so what a scene shows along its bottom edge (its footer hints) stays in
/// view, as a UIKit sheet or toolbar shortens the view beside it. The band keeps one height
/// whether or not the mouse is over it, so the scene is not laid out again each time the pointer
/// passes; with the mouse over it, or while scrubbing, its track is lit. Drawn by the host over
/// the frame, so it is in no layer tree, trace or golden (headless renders have no time machine).
public final class TimelineOverlay: FrameOverlay {
    private unowned let machine: TimeMachine
    /// The band's height in points.
    static let bandHeight = 30.0
    /// Points left and right of the track.
    static let margin = 12.0
    private let glyphs = GlyphCache()
    init(machine: TimeMachine) { self.machine = machine }

    /// The band the last `draw` covered (every tick, cursor and label lies in it), so a frame
    /// re-composites only the band and what changed, not the whole window (see
    /// `FrameOverlay.pixelsDrawn`; without it every window frame was repainted and pushed whole).
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// The band's room along the bottom edge, which the stage is not laid out in.
    public var docked: DockedSpace { DockedSpace(bottom: Self.bandHeight) }

    /// True when a point at `y` (points from the top) is on the band, in a window `height` high.
    func contains(y: Double, height: Double) -> Bool {
        y >= height - Self.bandHeight
    }

    /// The media time under `x` in a window `width` points wide.
    func time(atX x: Double, width: Double) -> Double {
        let f = min(1, max(0, (x - Self.margin) / max(1, width - 2 * Self.margin)))
        return machine.startTime + f * (machine.endTime - machine.startTime)
    }

    /// Draws the band along the bottom (history, the shown time and the live end; before the first
    /// frame only its background); `scale` is pixels per point. It draws every frame, so it paints
    /// as the other tools do (`OverlayPainter`: pixel rows and cached monospaced glyphs), not
    /// through paths and FreeType.
    public func draw(into bitmap: Bitmap, scale: Double) {
        let h = Double(bitmap.height) / scale, w = Double(bitmap.width) / scale
        let height = min(h, Self.bandHeight)
        // Whole pixels from the stage's last row down: the band meets the stage without a seam.
        let top = max(0, bitmap.height - Int((height * scale).rounded()))
        pixelsDrawn = [PixelRect(x0: 0, y0: top, x1: bitmap.width, y1: bitmap.height)]
        var p = OverlayPainter(bitmap: bitmap, scale: scale, text: glyphs)
        p.clip = pixelsDrawn![0]
        p.fill(pixels: p.clip, OverlayStyle.dock)
        p.fill(pixels: PixelRect(x0: 0, y0: top, x1: bitmap.width, y1: top + 1), OverlayStyle.panelEdge)
        guard let shown = machine.shownTime else { return }
        let lit = machine.hovering || machine.isActive
        let start = machine.startTime, end = machine.endTime
        let span = max(end - start, 1e-9)
        let trackX = Self.margin, trackW = max(1, w - 2 * Self.margin)
        let f = min(1, max(0, (shown - start) / span))
        let trackY = h - 9, trackH = 4.0
        func rect(_ x: Double, _ y: Double, _ rw: Double, _ rh: Double, _ color: Color) {
            p.fill(CGRect(x: x, y: y, width: rw, height: rh), color)
        }
        rect(trackX, trackY, trackW, trackH, Color(r: 1, g: 1, b: 1, a: lit ? 0.3 : 0.18))
        rect(trackX, trackY, trackW * f, trackH, Color(r: 0.35, g: 0.7, b: 1, a: lit ? 0.95 : 0.6))
        // Ticks each second (each ten past two minutes), the cursor, the times.
        let step = span > 120 ? 10.0 : 1.0
        var t = (start / step).rounded(.up) * step
        while t <= end {
            rect(trackX + trackW * (t - start) / span - 0.5, trackY - 3, 1, 3, Color(r: 1, g: 1, b: 1, a: 0.4))
            t += step
        }
        rect(trackX + trackW * f - 1.5, trackY - 8, 3, trackH + 12, lit ? .white : Color(r: 1, g: 1, b: 1, a: 0.7))
        let label = machine.isActive
            ? String(format: "%.2f s of %.2f s: release to go on from here", shown, end)
            : String(format: "%.2f s: drag here, hold - or =, or pull a trigger to travel in time", end)
        p.text(label, at: CGPoint(x: trackX, y: h - Self.bandHeight + 3), lit ? .white : OverlayStyle.dim)
    }
}
