import FrameLoop
import Flipbook
import Raster
import RasterIO

/// The time-travel strip along the bottom edge of the window: the session's recorded media time,
/// the frame shown, and how to scrub it.
///
/// A thin bar while the mouse is elsewhere; with the mouse near the bottom edge, or while
/// scrubbing, a strip with the times and a cursor. Drawn by the host over the frame, so it is in
/// no layer tree, trace or golden (headless renders have no time machine).
public final class TimelineOverlay: FrameOverlay {
    private unowned let machine: TimeMachine
    /// Heights in points: the thin bar, and the strip with the mouse over it or while scrubbing.
    static let thinHeight = 6.0, fullHeight = 30.0
    /// Points left and right of the track.
    static let margin = 12.0
    init(machine: TimeMachine) { self.machine = machine }

    /// The strip the last `draw` covered (every tick, cursor and label lies in it), so a frame
    /// re-composites only the strip and what changed, not the whole window (see
    /// `FrameOverlay.pixelsDrawn`; without it every window frame was repainted and pushed whole).
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// True when a point at `y` (points from the top) is on the strip, in a window `height` high.
    func contains(y: Double, height: Double, hovering: Bool) -> Bool {
        y >= height - (hovering ? Self.fullHeight : Self.thinHeight + 4)
    }

    /// The media time under `x` in a window `width` points wide.
    func time(atX x: Double, width: Double) -> Double {
        let f = min(1, max(0, (x - Self.margin) / max(1, width - 2 * Self.margin)))
        return machine.startTime + f * (machine.endTime - machine.startTime)
    }

    /// Draws the timeline strip along the bottom (history, the shown time and the live end), only while
    /// the machine has a time to show; `scale` is pixels per point.
    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        guard let shown = machine.shownTime else { return }
        let canvas = Canvas(bitmap)
        let w = Double(bitmap.width) / scale, h = Double(bitmap.height) / scale
        let full = machine.hovering || machine.isActive
        let height = full ? Self.fullHeight : Self.thinHeight
        // A pixel of margin for the antialiased top edge.
        let top = Int(((h - height) * scale).rounded(.down)) - 1
        pixelsDrawn = [PixelRect(x0: 0, y0: top, x1: bitmap.width, y1: bitmap.height).intersection(bitmap.bounds)]
        func rect(_ x: Double, _ y: Double, _ rw: Double, _ rh: Double, _ color: Color) {
            var p = Path()
            p.addRect(Rect(x: x * scale, y: y * scale, width: rw * scale, height: rh * scale))
            canvas.fill(p, paint: .solid(color))
        }
        let start = machine.startTime, end = machine.endTime
        let span = max(end - start, 1e-9)
        let trackX = Self.margin, trackW = max(1, w - 2 * Self.margin)
        let f = min(1, max(0, (shown - start) / span))
        rect(0, h - height, w, height, Color(r: 0, g: 0, b: 0, a: full ? 0.6 : 0.35))
        let trackY = full ? h - 9 : h - height + 2, trackH = full ? 4.0 : 2.0
        rect(trackX, trackY, trackW, trackH, Color(r: 1, g: 1, b: 1, a: 0.25))
        rect(trackX, trackY, trackW * f, trackH, Color(r: 0.35, g: 0.7, b: 1, a: 0.95))
        guard full else { return }
        // Ticks each second (each ten past two minutes), the cursor, the times.
        let step = span > 120 ? 10.0 : 1.0
        var t = (start / step).rounded(.up) * step
        while t <= end {
            rect(trackX + trackW * (t - start) / span - 0.5, trackY - 3, 1, 3, Color(r: 1, g: 1, b: 1, a: 0.4))
            t += step
        }
        rect(trackX + trackW * f - 1.5, trackY - 8, 3, trackH + 12, .white)
        let label = machine.isActive
            ? String(format: "%.2f s of %.2f s: release to go on from here", shown, end)
            : String(format: "%.2f s: drag here, hold - or =, or pull a trigger to travel in time", end)
        if let text = FontLibrary.shared.render(label, pixelSize: max(1, Int((11 * scale).rounded())), color: .white) {
            canvas.draw(text, transform: .translation((trackX * scale).rounded(), ((h - Self.fullHeight + 3) * scale).rounded()))
        }
    }
}
