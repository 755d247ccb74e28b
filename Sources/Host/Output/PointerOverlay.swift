import Flipbook
import Raster

/// The controller's virtual pointer, drawn over the frame once a controller has been used: a white
/// ring with a dark outline, filled while A is held. It reads the router's pointer; the router
/// itself draws nothing.
final class PointerOverlay: FrameOverlay {
    private unowned let router: InputRouter
    init(router: InputRouter) { self.router = router }

    func draw(into bitmap: Bitmap, scale: Double) {
        guard router.pointerVisible else { return }
        let canvas = Canvas(bitmap)
        let p = router.pointer
        let c = Point(Double(p.x) * scale, Double(p.y) * scale)
        var ring = Path()
        ring.addArc(center: c, radius: 9 * scale, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.close()
        if router.padPressing {
            canvas.fill(ring, paint: .solid(Color(r: 1, g: 1, b: 1, a: 0.55)))
        }
        canvas.fill(ring.stroked(StrokeStyle(width: 4 * scale)), paint: .solid(Color(r: 0, g: 0, b: 0, a: 0.6)))
        canvas.fill(ring.stroked(StrokeStyle(width: 2 * scale)), paint: .solid(.white))
    }
}
