import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

@Suite(.isolatedEngine) struct CGContextTests {
    final class Canvas: UIView {
        var body: (CGContext) -> Void = { _ in }
        override func draw(_ rect: CGRect) { if let c = UIGraphicsGetCurrentContext() { body(c) } }
    }

    func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { Pixel.a(b[x, y]) }
    func red(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { Pixel.r(b[x, y]) }
    func blue(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { Pixel.b(b[x, y]) }

    @Test func transformsApplyAndStateRestores() {
        let st = ViewStage(60, 60)
        let v = Canvas(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        v.body = { ctx in
            ctx.saveGState()
            ctx.translateBy(x: 20, y: 20)
            ctx.scaleBy(x: 2, y: 2)
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))          // → (20, 20)…(30, 30)
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))          // black again, at the origin
            ctx.setStrokeColor(UIColor.blue.cgColor)
            ctx.setLineWidth(4)
            ctx.move(to: CGPoint(x: 40, y: 50))
            ctx.addLine(to: CGPoint(x: 58, y: 50))
            ctx.strokePath()                                            // y 48…52
            ctx.rotate(by: .pi / 2)                                     // (x, y) → (−y, x)
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 2, y: -12, width: 4, height: 4))         // → x 8…12, y 2…6
        }
        st.window.addSubview(v)
        let b = st.render(at: 0)
        #expect(red(b, 25, 25) == 255 && alpha(b, 25, 25) == 255)
        #expect(alpha(b, 31, 25) == 0 && alpha(b, 19, 25) == 0)
        #expect(alpha(b, 2, 2) == 255 && red(b, 2, 2) == 0)
        #expect(blue(b, 50, 50) == 255 && alpha(b, 50, 46) == 0)
        #expect(blue(b, 10, 4) == 255 && alpha(b, 10, 8) == 0)
    }

    @Test func pathsAreConsumedAndBadWidthsDrawNothing() {
        let ctx = CGContext()
        ctx.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(!ctx.isPathEmpty)
        ctx.fillPath()
        #expect(ctx.isPathEmpty && ctx.drawingOperations == 1)
        ctx.setLineWidth(.nan)
        ctx.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.strokePath()
        #expect(ctx.drawingOperations == 1)
        ctx.restoreGState()                                             // unbalanced: ignored
        ctx.drawPath(using: .fillStroke)                                // empty path: nothing
        #expect(ctx.drawingOperations == 1)
    }
}

@Suite(.isolatedEngine) struct CGContextClipTests {
    func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { Pixel.a(b[x, y]) }

    @Test func clipsIntersectAndRestore() {
        final class Clipped: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.saveGState()
                UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).addClip()
                ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 20))       // top half of the disc
                UIColor.red.setFill()
                UIBezierPath(rect: bounds).fill()
                ctx.restoreGState()
                UIColor.blue.setFill()
                UIBezierPath(rect: CGRect(x: 50, y: 50, width: 10, height: 10)).fill()  // unclipped again
            }
        }
        let st = ViewStage(60, 60)
        st.window.addSubview(Clipped(frame: CGRect(x: 0, y: 0, width: 60, height: 60)))
        let b = st.render(at: 0)
        #expect(alpha(b, 20, 10) == 255)          // inside both
        #expect(alpha(b, 20, 30) == 0)            // inside the disc, below the rect
        #expect(alpha(b, 2, 2) == 0)              // in the rect, outside the disc
        #expect(alpha(b, 45, 10) == 0)            // outside both
        #expect(Pixel.b(b[55, 55]) == 255)
    }
}

@Suite(.isolatedEngine) struct UIGraphicsImageRendererTests {
    /// A block draws with UIKit calls into an image at the format's scale.
    @Test func drawsAtTheFormatsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 6), format: format).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 6))
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 5, y: 0, width: 5, height: 3)).fill()
        }
        let bmp = try #require(image.cgImage?.bitmap)
        #expect(bmp.width == 20 && bmp.height == 12 && image.scale == 2 && image.size == CGSize(width: 10, height: 6))
        #expect(bmp[4, 10] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(bmp[15, 2] == Color(hex: 0x0000FF).premultipliedPixel)
        #expect(bmp[15, 10] == 0)                                       // nothing drawn there
        // A size that cannot be drawn gives a 1 × 1 image and one line, never a trap.
        let bad = UIGraphicsImageRenderer(size: CGSize(width: CGFloat.infinity, height: 4)).image { _ in }
        #expect(bad.cgImage?.width == 1 && CAEngine.current.diagnostics.last?.hasPrefix("UIGraphicsImageRenderer") == true)
    }
}
