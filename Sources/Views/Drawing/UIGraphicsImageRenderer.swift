import Foundation
import Layers
import Raster
import RasterIO

/// How a `UIGraphicsImageRenderer` makes its images (UIKit's `UIGraphicsImageRendererFormat`).
open class UIGraphicsImageRendererFormat {
    /// Pixels per point. Default: the main screen's scale.
    open var scale: CGFloat = UIScreen.main.scale
    /// Whether the image has no transparency (a transparent image is made either way here; the
    /// flag is kept for ports). Default: false.
    open var opaque = false
    /// A format with the main screen's scale, not opaque.
    public init() {}
    /// A new format with the defaults (the main screen's scale, not opaque).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The drawing context an image renderer's block gets (UIKit's `UIGraphicsImageRendererContext`).
open class UIGraphicsImageRendererContext {
    /// The Core Graphics context the block draws into (also the current context during the block).
    public let cgContext: CGContext
    /// The format the image is made with.
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) { self.cgContext = cgContext; self.format = format }
    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect` with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
}

/// Draws into a new image (UIKit's `UIGraphicsImageRenderer`): the block draws with Core
/// Graphics calls, UIBezierPath or UIColor.setFill as in a view's `draw(_:)` (the context is
/// current), and Flipbook's rasterizer paints it at the format's scale.
///
///     let image = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64)).image { ctx in
///         UIColor.systemBlue.setFill()
///         UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 64, height: 64)).fill()
///     }
///
/// Sizes that are not finite and positive, or past the largest bitmap, give a 1 × 1 transparent image.
open class UIGraphicsImageRenderer {
    /// The format images are made with (scale; `opaque` is kept but not used).
    public let format: UIGraphicsImageRendererFormat
    /// The drawing's bounds in points.
    public let bounds: CGRect

    /// A renderer for `bounds` in points: drawing at `bounds.origin` lands on the image's top-left corner.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
    }

    /// A renderer for an image of `size` points, origin at zero.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// Runs `actions` with a current context and returns what it drew. The context is a bitmap
    /// context: `makeImage()` inside the block gives what was drawn so far.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = Double(format.scale.isFinite && format.scale > 0 ? format.scale : 1)
        let w = Double(bounds.size.width) * scale, h = Double(bounds.size.height) * scale
        let fits = w.isFinite && h.isFinite && w >= 0.5 && h >= 0.5
            && w <= Double(Bitmap.maxDimension) && h <= Double(Bitmap.maxDimension)
        let cg = fits ? ImageContextBacking.makeContext(bounds: bounds, scale: scale, opaque: false, who: "UIGraphicsImageRenderer") : CGContext()
        UIGraphicsPushContext(cg)
        actions(UIGraphicsImageRendererContext(cgContext: cg, format: format))
        UIGraphicsPopContext()
        guard fits, let bitmap = (cg.bitmapBacking as? ImageContextBacking)?.render(cg) else {
            if !(bounds.width == 0 || bounds.height == 0) {
                CAEngine.current.report("UIGraphicsImageRenderer: size \(bounds.size) at scale \(scale) cannot be drawn; a 1 × 1 transparent image instead")
            }
            return UIImage(cgImage: CGImage(bitmap: Bitmap(width: 1, height: 1)!), scale: CGFloat(scale))
        }
        return UIImage(cgImage: CGImage(bitmap: bitmap), scale: CGFloat(scale))
    }
}
