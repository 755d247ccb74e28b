import Flipbook
import Raster

/// The controller's virtual pointer, drawn over the frame: a white ring with a dark outline, filled
/// while A is held.
enum PointerOverlay {
    static func draw(at p: CGPoint, pressed: Bool, scale: Double, into bitmap: Bitmap) {
        let canvas = Canvas(bitmap)
        let c = Point(Double(p.x) * scale, Double(p.y) * scale)
        var ring = Path()
        ring.addArc(center: c, radius: 9 * scale, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.close()
        if pressed {
            canvas.fill(ring, paint: .solid(Color(r: 1, g: 1, b: 1, a: 0.55)))
        }
        canvas.fill(ring.stroked(StrokeStyle(width: 4 * scale)), paint: .solid(Color(r: 0, g: 0, b: 0, a: 0.6)))
        canvas.fill(ring.stroked(StrokeStyle(width: 2 * scale)), paint: .solid(.white))
    }
}
