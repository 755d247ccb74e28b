import Flipbook
import Raster

/// The controller's virtual pointer, drawn over the frame once a controller has been used: a white
/// ring with a dark outline, filled while A is held; and while Alt is held, the mouse's two
/// fingers (`InputRouter.twoFingerMarks`) as the iOS Simulator shows them: grey circles, darker
/// while pressed. It reads the router; the router itself draws nothing.
package final class PointerOverlay: FrameOverlay {
    private unowned let router: InputRouter
    package private(set) var pixelsDrawn: [PixelRect]? = []
    package init(router: InputRouter) { self.router = router }

    package func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        drawFingers(into: bitmap, scale: scale)
        guard router.pointerVisible else { return }
        let canvas = Canvas(bitmap)
        let p = router.pointer
        let c = Point(Double(p.x) * scale, Double(p.y) * scale)
        // The ring's radius plus half the wider stroke, and a pixel of antialiasing.
        let reach = 11 * scale + 1
        pixelsDrawn?.append(PixelRect(covering: Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)).intersection(bitmap.bounds))
        var ring = Path()
        ring.addArc(center: c, radius: 9 * scale, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.close()
        if router.padPressing {
            canvas.fill(ring, paint: .solid(Color(r: 1, g: 1, b: 1, a: 0.55)))
        }
        canvas.fill(ring.stroked(StrokeStyle(width: 4 * scale)), paint: .solid(Color(r: 0, g: 0, b: 0, a: 0.6)))
        canvas.fill(ring.stroked(StrokeStyle(width: 2 * scale)), paint: .solid(.white))
    }

    /// The two fingers of an Alt-drag: a grey disc 22 points across with a lighter rim at each.
    private func drawFingers(into bitmap: Bitmap, scale: Double) {
        let marks = router.twoFingerMarks
        guard !marks.isEmpty else { return }
        let canvas = Canvas(bitmap)
        let fill = Color(r: 0.35, g: 0.35, b: 0.35, a: router.twoFingersPressing ? 0.7 : 0.45)
        for p in marks {
            let c = Point(Double(p.x) * scale, Double(p.y) * scale)
            guard c.x.isFinite, c.y.isFinite else { continue }
            let reach = 12 * scale + 1
            pixelsDrawn?.append(PixelRect(covering: Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)).intersection(bitmap.bounds))
            var disc = Path()
            disc.addArc(center: c, radius: 11 * scale, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            disc.close()
            canvas.fill(disc, paint: .solid(fill))
            canvas.fill(disc.stroked(StrokeStyle(width: 1.5 * scale)), paint: .solid(Color(r: 0.85, g: 0.85, b: 0.85, a: 0.8)))
        }
    }
}
