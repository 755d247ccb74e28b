import Foundation
import Raster
import RasterIO

/// A bitmap image, as Core Graphics' `CGImage`: immutable, shared by reference (layers that show
/// it never copy its pixels).
public final class CGImage: Hashable, @unchecked Sendable {
    /// Premultiplied RGBA8 pixels.
    public let bitmap: Bitmap
    /// The width in pixels.
    public var width: Int { bitmap.width }
    /// The height in pixels.
    public var height: Int { bitmap.height }
    /// An image of `bitmap`'s pixels (shared, not copied).
    public init(bitmap: Bitmap) { self.bitmap = bitmap }
    /// Images are identities: equal only to themselves (two images of equal pixels are not equal).
    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    /// Hashes the image's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// How a layer's `contents` image is placed in its bounds (`CALayerContentsGravity`).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"resize"`, `"resizeAspect"`, …).
    public let rawValue: String
    /// A gravity from Core Animation's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Stretched to fill the bounds (default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds, keeping its aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, keeping its aspect ratio (the overflow shows unless masksToBounds).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    /// The contents at their size, centred.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// At their size, centred at the top.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// At their size, centred at the bottom.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// At their size, centred on the left.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// At their size, centred on the right.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// At their size, in the top left corner.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// At their size, in the top right corner.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// At their size, in the bottom left corner.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// At their size, in the bottom right corner.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")

    /// Where an image of `size` points goes in `bounds` (y down: "top" is the minimum y).
    func rect(for size: CGSize, in bounds: CGRect) -> CGRect {
        let w = size.width, h = size.height
        guard w > 0, h > 0 else { return .null }
        switch self {
        case .resizeAspect, .resizeAspectFill:
            let fit = self == .resizeAspect ? min(bounds.width / w, bounds.height / h) : max(bounds.width / w, bounds.height / h)
            return CGRect(x: bounds.midX - w * fit / 2, y: bounds.midY - h * fit / 2, width: w * fit, height: h * fit)
        case .resize: return bounds
        default:
            let raw = rawValue.lowercased()
            let x = raw.contains("left") ? bounds.minX : raw.contains("right") ? bounds.maxX - w : bounds.midX - w / 2
            let y = raw.hasPrefix("top") ? bounds.minY : raw.hasPrefix("bottom") ? bounds.maxY - h : bounds.midY - h / 2
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }
}

/// The contents values the display step's cache depends on.
struct ContentsValues: Equatable {
    var image: CGImage?
    var gravity: CALayerContentsGravity
    var scale: CGFloat
}

extension CALayer {
    /// The layer's image: a `CGImage` shown in the bounds per `contentsGravity`. Default: nil.
    /// (Apple's property is `Any?`; anything but a CGImage draws nothing.)
    public var contents: Any? {
        get { contentsValues.image }
        set {
            let image = newValue as? CGImage
            guard image !== contentsValues.image else { return }
            changeContent(forKey: "contents", old: contentsValues.image) { contentsValues.image = image }
        }
    }
    /// Default: `.resize`.
    public var contentsGravity: CALayerContentsGravity {
        get { contentsValues.gravity }
        set { guard newValue != contentsValues.gravity else { return }; contentsValues.gravity = newValue; setNeedsDisplay() }
    }
    /// Image pixels per point. Default: 1.
    public var contentsScale: CGFloat {
        get { contentsValues.scale }
        set {
            let s = newValue.isFinite && newValue > 0 ? newValue : 1
            guard s != contentsValues.scale else { return }
            contentsValues.scale = s
            setNeedsDisplay()
        }
    }

    /// Where the contents image lands in the layer's space, or null when there is none.
    var contentsRectInBounds: CGRect {
        guard let image = contentsValues.image else { return .null }
        let size = CGSize(width: CGFloat(image.width) / contentsValues.scale, height: CGFloat(image.height) / contentsValues.scale)
        return contentsValues.gravity.rect(for: size, in: presented.bounds)
    }

    /// Records the contents image (drawn bilinear) in its rect.
    func drawContentsImage(in context: LayerDrawingContext) {
        guard let image = contentsValues.image else { return }
        let r = contentsRectInBounds
        guard !r.isNull, r.width > 0, r.height > 0 else { return }
        let imageToLayer = Transform.scale(Double(r.width) / Double(image.width), Double(r.height) / Double(image.height))
            .concatenating(.translation(Double(r.minX), Double(r.minY)))
        context.record { $0.draw(image.bitmap, imageTransform: imageToLayer) }
    }
}

extension CGImage {
    /// Loads a PNG or JPEG file (RasterIO decodes both, by their bytes) into a premultiplied
    /// bitmap; nil when the file is missing or not an image (Flipbook's loader; Apple's goes
    /// through CGImageSource).
    public static func load(contentsOfFile path: String) -> CGImage? {
        (try? PNG.read(path)).map { CGImage(bitmap: $0) }
    }
}
