import Flipbook
import Raster

/// The damage flash (`--show-damage`, key D): tints the rectangles each frame re-composited and
/// outlines them, so what a frame redraws can be seen. A whole-frame repaint gets a thin outline
/// round the frame only. It follows the overlay rule like any overlay: the tinted pixels are
/// re-composited in the next frame.
public final class DamageFlash: FrameOverlay {
    public var isOn = false
    weak var driver: FrameDriver?
    public private(set) var pixelsDrawn: [PixelRect]? = []

    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        guard isOn, let compositor = driver?.compositor else { return }
        let canvas = Canvas(bitmap)
        var touched: [PixelRect] = []
        for r in compositor.lastDamage {
            var outline = Path()
            outline.addRect(Rect(x: Double(r.x0), y: Double(r.y0), width: Double(r.width), height: Double(r.height)))
            if !compositor.lastWasFull { canvas.fill(outline, paint: .solid(Color(r: 1, g: 0.1, b: 0.3, a: 0.25))) }
            var edge = Path()
            let inner = Rect(x: Double(r.x0) + 2, y: Double(r.y0) + 2, width: Double(r.width) - 4, height: Double(r.height) - 4)
            edge.addRect(Rect(x: Double(r.x0), y: Double(r.y0), width: Double(r.width), height: Double(r.height)))
            if inner.width > 0, inner.height > 0 { edge.addRect(inner) }
            canvas.fill(edge, rule: .evenOdd, paint: .solid(Color(r: 1, g: 0.1, b: 0.3, a: 0.9)))
            touched.append(r)
        }
        pixelsDrawn = touched
    }
}
