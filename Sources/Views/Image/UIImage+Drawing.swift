import Foundation
import Layers
import Raster

extension UIImage {
    /// Draws the image upright at `point` at its size in points, in the current context (UIKit's method).
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1) }
    /// Draws the image upright scaled into `rect` (points), in the current context (UIKit's
    /// method); a resizable image stretches in nine parts. Nothing without a current context.
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }
    /// `draw(in:)` with a blend mode and an alpha (0…1) for this drawing only.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        let r = rect.standardized
        guard let ctx = UIGraphicsGetCurrentContext(), let cgImage, r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite,
              r.minX.isFinite, r.minY.isFinite else { return }
        var bitmap = cgImage.bitmap
        if isResizable {
            // Nine parts made at the pixels the rectangle covers in the context.
            let m = ctx.ctm
            let k = ctx.contentScale * Double(abs(m.a * m.d - m.b * m.c)).squareRoot()
            let w = Int((Double(r.width) * k).rounded()), h = Int((Double(r.height) * k).rounded())
            guard let stretched = ninePartBitmap(width: w, height: h, pixelsPerPoint: k) else { return }
            bitmap = stretched
        }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.drawImage(bitmap, userTransform: Transform(a: Double(r.width) / Double(bitmap.width), b: 0, c: 0,
                                                       d: Double(r.height) / Double(bitmap.height), tx: Double(r.minX), ty: Double(r.minY)))
        ctx.restoreGState()
    }

    /// The image drawn `width × height` pixels at `pixelsPerPoint`, in nine parts by its cap
    /// insets (see `resizableImage(withCapInsets:resizingMode:)`); nil for sizes under one pixel
    /// or past 16384 a side.
    /// - Complexity: O(width × height).
    func ninePartBitmap(width: Int, height: Int, pixelsPerPoint k: Double) -> Bitmap? {
        guard let src = cgImage?.bitmap, let out = Bitmap(width: width, height: height) else { return nil }
        let s = Double(scale)
        /// Two insets along one axis, shrunk in proportion when they do not fit in `length`.
        func fit(_ a: Double, _ b: Double, _ length: Int) -> (Int, Int) {
            let total = a + b, n = Double(length)
            let f = total > n && total > 0 ? n / total : 1
            let lo = Int((a * f).rounded())
            return (lo, min(length - lo, Int((b * f).rounded())))
        }
        let (sl, sr) = fit(Double(capInsets.left) * s, Double(capInsets.right) * s, src.width)
        let (st, sb) = fit(Double(capInsets.top) * s, Double(capInsets.bottom) * s, src.height)
        let (dl, dr) = fit(Double(capInsets.left) * k, Double(capInsets.right) * k, width)
        let (dt, db) = fit(Double(capInsets.top) * k, Double(capInsets.bottom) * k, height)
        let xs = [0, sl, src.width - sr, src.width], ys = [0, st, src.height - sb, src.height]
        let xd = [0, dl, width - dr, width], yd = [0, dt, height - db, height]
        var canvas = Canvas(out)
        for j in 0..<3 {
            for i in 0..<3 {
                let sw = xs[i + 1] - xs[i], sh = ys[j + 1] - ys[j], dw = xd[i + 1] - xd[i], dh = yd[j + 1] - yd[j]
                guard sw > 0, sh > 0, dw > 0, dh > 0, let part = src.cropped(x: xs[i], y: ys[j], width: sw, height: sh) else { continue }
                canvas.clip = PixelRect(x: xd[i], y: yd[j], width: dw, height: dh)
                if resizingMode == .tile && (i == 1 || j == 1) {
                    // Repeated at the size it has at this scale; the edges stretch along their length only.
                    let tw = i == 1 ? Swift.max(1, Double(sw) * k / s) : Double(dw), th = j == 1 ? Swift.max(1, Double(sh) * k / s) : Double(dh)
                    let across = Int((Double(dw) / tw).rounded(.up)), down = Int((Double(dh) / th).rounded(.up))
                    guard across.multipliedReportingOverflow(by: down).partialValue <= width * height else { continue }
                    for ty in 0..<down {
                        for tx in 0..<across {
                            canvas.draw(part, transform: Transform(a: tw / Double(sw), b: 0, c: 0, d: th / Double(sh),
                                                                   tx: Double(xd[i]) + Double(tx) * tw, ty: Double(yd[j]) + Double(ty) * th))
                        }
                    }
                } else {
                    canvas.draw(part, transform: Transform(a: Double(dw) / Double(sw), b: 0, c: 0, d: Double(dh) / Double(sh),
                                                           tx: Double(xd[i]), ty: Double(yd[j])))
                }
            }
        }
        return out
    }
}
