import Flipbook
import Raster

/// The damage flash (`--show-damage`, key D): tints the rectangles the scene's changes made each
/// frame re-composite (`FrameCompositor.lastSceneDamage`: the flash's own last tint, erased in the
/// same pass, is not tinted again), so what a frame redraws can be seen. A whole-frame repaint gets a bracket in each corner of the
/// frame instead. It follows the overlay rule like any overlay: the pixels it tinted are
/// re-composited in the next frame.
public final class DamageFlash: FrameOverlay {
    /// Whether the flash is drawn. Default: false (`--show-damage` or D turns it on).
    public var isOn = false
    weak var driver: FrameDriver?
    /// The boxes the last `draw` touched, which the next frame re-composites.
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// Tints the rectangles the scene's changes re-composited, or brackets the corners of a repaint, when on.
    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        guard isOn, let compositor = driver?.compositor else { return }
        let canvas = Canvas(bitmap)
        var touched: [PixelRect] = []
        let color = Color(r: 1, g: 0.1, b: 0.3, a: compositor.lastWasFull ? 0.9 : 0.3)
        func paint(_ p: PixelRect) {
            var area = Path()
            area.addRect(Rect(p))
            canvas.fill(area, paint: .solid(color))
        }
        guard compositor.lastWasFull else {
            for r in compositor.lastSceneDamage { paint(r) }
            pixelsDrawn = compositor.lastSceneDamage
            return
        }
        for r in compositor.lastSceneDamage {
            // A repaint: an L-shaped bracket in each corner, reported as its small box. An outline
            // round the frame was reported as four edges, which any damage touching them (the HUD's
            // handle in a corner, a layer near the border) merged into the whole frame: with the
            // flash on, every frame became a repaint.
            let side = max(1, min(24, r.width / 4, r.height / 4)), t = min(3, side)
            for (x, y, right, down) in [(r.x0, r.y0, true, true), (r.x1 - side, r.y0, false, true),
                                        (r.x0, r.y1 - side, true, false), (r.x1 - side, r.y1 - side, false, false)] {
                let box = PixelRect(x0: x, y0: y, x1: x + side, y1: y + side)
                let armY = down ? box.y0 : box.y1 - t, armX = right ? box.x0 : box.x1 - t
                paint(PixelRect(x0: box.x0, y0: armY, x1: box.x1, y1: armY + t))
                paint(PixelRect(x0: armX, y0: box.y0, x1: armX + t, y1: box.y1))
                touched.append(box)
            }
        }
        pixelsDrawn = touched
    }
}
