import Foundation
import Raster

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

/// The contents values set on the model only (not animatable): placement and scale.
struct ContentsValues: Equatable {
    var gravity: CALayerContentsGravity
    var scale: CGFloat
}

/// The contents values the display step's cache depends on: the presented image (or crossfade),
/// the part shown, the stretched part, placement and scale.
struct DrawnContents: Equatable {
    var contents: LayerContents
    var rect: CGRect
    var center: CGRect
    var placement: ContentsValues
}

extension CALayer {
    /// The layer's image: a `CGImage` shown in the bounds per `contentsGravity`, `contentsRect` and
    /// `contentsCenter`. Animatable: a keyframe animation of images is a sprite sheet (discrete) or
    /// a sequence of dissolves, a basic animation crossfades (see `LayerContents`); a standalone
    /// layer crossfades implicitly, as on iOS. Default: nil.
    /// (Apple's property is `Any?`; anything but a CGImage draws nothing.) On a presentation layer
    /// during a crossfade, the image mostly shown.
    public var contents: Any? {
        get { modelValues.contents.dominant }
        set { contentsValue = LayerContents(newValue as? CGImage) }
    }
    /// `contents` as its animatable value (the property table's accessor).
    var contentsValue: LayerContents {
        get { modelValues.contents }
        set {
            guard newValue != modelValues.contents else { return }
            changeContent(forKey: "contents", old: modelValues.contents.dominant) { modelValues.contents = newValue }
        }
    }
    /// The part of the image shown, in unit coordinates of the image (a sprite sheet's cell);
    /// stretched into the place `contentsGravity` gives it. Animatable. Default: (0, 0, 1, 1).
    public var contentsRect: CGRect { get { modelValues.contentsRect } set { update(\.contentsRect, newValue, "contentsRect") } }
    /// The part of the image (of the part `contentsRect` shows) that stretches, in unit
    /// coordinates: the parts left, right, above and below it keep their size in points (a nine-part
    /// image: a button's rounded ends). Animatable. Default: (0, 0, 1, 1), all of it stretches.
    public var contentsCenter: CGRect { get { modelValues.contentsCenter } set { update(\.contentsCenter, newValue, "contentsCenter") } }
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

    /// The presented contents values the content cache keys on.
    var drawnContents: DrawnContents {
        DrawnContents(contents: presented.contents, rect: presented.contentsRect, center: presented.contentsCenter, placement: contentsValues)
    }

    /// True when the presented or model contents has an image (a contents animation may show
    /// images while the model has none).
    package var hasContentsImage: Bool { presented.contents.image != nil || modelValues.contents.image != nil }

    /// Where the presented contents image lands in the layer's space, or null when there is none.
    var contentsRectInBounds: CGRect {
        guard let placed = ContentsPlacement(presented, contentsValues) else { return .null }
        return placed.destination
    }

    /// Records the presented contents (an image, or a crossfade of two) in its place.
    func drawContentsImage(in context: LayerDrawingContext) {
        guard let placed = ContentsPlacement(presented, contentsValues) else { return }
        for part in placed.parts() {
            context.record { $0.draw(part.bitmap, imageTransform: part.transform) }
        }
    }
}
