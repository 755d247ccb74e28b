import Foundation
import Layers

/// A view that shows an image, as UIKit's `UIImageView`: the image is the layer's `contents`,
/// placed by `contentMode` (its `contentsGravity`), shared with the image, never copied.
open class UIImageView: UIView {
    /// How content fills the bounds (UIKit's `UIView.ContentMode`; here on image views only).
    public enum ContentMode: Int, Sendable {
        /// Stretch to fill; fit inside keeping the aspect ratio; fill keeping it (cropped); `.redraw` as
        /// `.scaleToFill`; then unscaled at the centre or against one edge.
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        /// Unscaled in a corner.
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .top
            case .bottom: return .bottom
            case .left: return .left
            case .right: return .right
            case .topLeft: return .topLeft
            case .topRight: return .topRight
            case .bottomLeft: return .bottomLeft
            case .bottomRight: return .bottomRight
            }
        }
    }

    /// The image shown, placed by `contentMode`. Default: nil.
    open var image: UIImage? {
        didSet {
            layer.contents = image?.cgImage
            layer.contentsScale = image?.scale ?? 1
        }
    }
    /// Default: `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill { didSet { layer.contentsGravity = contentMode.gravity } }

    /// An image view the size of `image` (in points) at the origin.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
}
