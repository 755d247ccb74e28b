import Flipbook
import Raster

/// The damage flash (`--show-damage`, key D): tints the rectangles each frame re-composited and
/// outlines them, so what a frame redraws can be seen. A whole-frame repaint gets a thin outline
/// round the frame only. It follows the overlay rule like any overlay: the tinted pixels are
/// re-composited in the next frame.
public final class DamageFlash: FrameOverlay {
    /// Whether the flash is drawn. Default: false (`--show-damage` or D turns it on).
    public var isOn = false
    weak var driver: FrameDriver?
    /// The boxes the last `draw` touched, which the next frame re-composites.
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// Tints and outlines the rectangles the frame re-composited, when on.
    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        guard isOn, let compositor = driver?.compositor else { return }
        let canvas = Canvas(bitmap)
        var touched: [PixelRect] = []
        for r in compositor.lastDamage {
            // A repaint: the outline only (its four edges are what the next frame must redraw,
            // not the whole frame, which would make every following frame a repaint too).
            // Disjoint edges: overlapping ones would be merged into their bounding box, the frame.
            let top = min(r.y1, r.y0 + 2), bottom = max(top, r.y1 - 2)
            let edges = [PixelRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: top), PixelRect(x0: r.x0, y0: bottom, x1: r.x1, y1: r.y1),
                         PixelRect(x0: r.x0, y0: top, x1: min(r.x1, r.x0 + 2), y1: bottom),
                         PixelRect(x0: max(min(r.x1, r.x0 + 2), r.x1 - 2), y0: top, x1: r.x1, y1: bottom)].filter { !$0.isEmpty }
            let painted = compositor.lastWasFull ? edges : [r]
            for p in painted {
                var area = Path()
                area.addRect(Rect(x: Double(p.x0), y: Double(p.y0), width: Double(p.width), height: Double(p.height)))
                canvas.fill(area, paint: .solid(Color(r: 1, g: 0.1, b: 0.3, a: compositor.lastWasFull ? 0.9 : 0.3)))
            }
            touched += painted
        }
        pixelsDrawn = touched
    }
}
