import Foundation
import Layers
import Raster
import RasterIO

/// The pixels behind a bitmap context (`UIGraphicsBeginImageContextWithOptions`, an image
/// renderer's context): the context records, and its recording is played into this bitmap op by
/// op when an image is asked for, so asking again after more drawing plays only what is new.
final class ImageContextBacking: CGBitmapBacking {
    /// Nil for a context whose size could not be drawn (it records nothing and gives no image).
    let bitmap: Bitmap?
    /// Pixels per point.
    let scale: Double
    private let player: DisplayList.Player?
    var pixelWidth: Int { bitmap?.width ?? 0 }
    var pixelHeight: Int { bitmap?.height ?? 0 }

    /// A backing for a drawing of `bounds` (points) at `scale`, or a failed one when `bitmap` is nil.
    init(bitmap: Bitmap?, bounds: CGRect, scale: Double) {
        self.bitmap = bitmap
        self.scale = scale
        player = bitmap.map { b in
            let toBitmap = Transform.scale(scale, scale)
                .concatenating(.translation(-Double(bounds.minX) * scale, -Double(bounds.minY) * scale))
            return DisplayList.Player(target: .init(bitmap: b, clip: b.bounds), transform: toBitmap, scratch: Canvas(b))
        }
    }

    /// The bitmap with everything the context recorded so far played into it.
    func render(_ context: CGContext) -> Bitmap? {
        guard let player, let bitmap, let list = context.recording else { return nil }
        player.play(list)
        return bitmap
    }

    func makeImage(of context: CGContext) -> CGImage? {
        guard let b = render(context), let copy = Bitmap(width: b.width, height: b.height) else { return nil }
        for y in 0..<b.height { copy.row(y).baseAddress!.update(from: b.row(y).baseAddress!, count: b.width) }
        return CGImage(bitmap: copy)
    }

    /// A recording context over a new bitmap for `bounds` at `scale` (opaque: it starts opaque
    /// black, so whatever is drawn ends opaque), or a context that draws nothing and the line that
    /// says why (`who` names the caller) when the size cannot be drawn: not finite and positive,
    /// or past `Bitmap.maxDimension` pixels a side.
    static func makeContext(bounds: CGRect, scale: Double, opaque: Bool, who: String) -> CGContext {
        // The size as given: CGRect's width and height would make a negative size positive.
        let w = Double(bounds.size.width) * scale, h = Double(bounds.size.height) * scale
        let fits = w.isFinite && h.isFinite && w >= 0.5 && h >= 0.5 && bounds.minX.isFinite && bounds.minY.isFinite
            && w <= Double(Bitmap.maxDimension) && h <= Double(Bitmap.maxDimension)
        guard fits, let bitmap = Bitmap(width: Int(w.rounded()), height: Int(h.rounded())) else {
            CAEngine.current.report("\(who): size \(bounds.size) at scale \(scale) cannot be drawn (1...\(Bitmap.maxDimension) pixels a side); nothing is drawn and there is no image")
            let dead = CGContext()
            dead.bitmapBacking = ImageContextBacking(bitmap: nil, bounds: .zero, scale: scale)
            return dead
        }
        if opaque { bitmap.clear(Pixel.pack(r: 0, g: 0, b: 0, a: 255)) }
        let cg = CGContext(drawingInto: LayerDrawingContext(scale: scale, textRasterizer: FontLibrary.shared.rasterize))
        cg.bitmapBacking = ImageContextBacking(bitmap: bitmap, bounds: bounds, scale: scale)
        return cg
    }
}

/// Starts drawing into a new image of `size` points (UIKit's function): a bitmap context
/// becomes the current context until `UIGraphicsEndImageContext()`. Contexts nest; each Begin
/// needs its End.
///
/// - Parameters:
///   - size: in points; not finite and positive, or past 16384 pixels a side at `scale`, gives a
///     context that draws nothing (one line through the engine's report) and no image.
///   - opaque: the image has no transparency: it starts black and ends opaque.
///   - scale: pixels per point; 0 means the main screen's scale; negative or not finite: 1 (one line).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    var s = Double(scale)
    if s == 0 { s = Double(UIScreen.main.scale) }
    if !(s.isFinite && s > 0) {
        CAEngine.current.report("UIGraphicsBeginImageContextWithOptions: scale \(scale) is not a positive number; 1 is used")
        s = 1
    }
    let cg = ImageContextBacking.makeContext(bounds: CGRect(origin: .zero, size: size), scale: s, opaque: opaque,
                                             who: "UIGraphicsBeginImageContextWithOptions")
    UIGraphicsPushContext(cg)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)` (UIKit's function).
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// An image of what the current image context has drawn so far (UIKit's function), at the
/// context's scale; nil when the current context is not an image context (one line) or could
/// not be made. Asking again after more drawing plays only the new drawing.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let cg = UIGraphicsGetCurrentContext(), let backing = cg.bitmapBacking as? ImageContextBacking else {
        CAEngine.current.report("UIGraphicsGetImageFromCurrentImageContext: the current context is not an image context; no image")
        return nil
    }
    guard let image = backing.makeImage(of: cg) else { return nil }
    return UIImage(cgImage: image, scale: CGFloat(backing.scale))
}

/// Ends the current image context (UIKit's function): the context under it is current again.
/// Without an image context on top, one line is reported and nothing is ended.
public func UIGraphicsEndImageContext() {
    guard let cg = UIGraphicsGetCurrentContext(), cg.bitmapBacking is ImageContextBacking else {
        CAEngine.current.report("UIGraphicsEndImageContext: the current context is not an image context; nothing ended")
        return
    }
    UIGraphicsPopContext()
}
