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
            showImage()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }
    /// Default: `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill { didSet { layer.contentsGravity = contentMode.gravity; showImage() } }
    /// The colour a template image (`withRenderingMode(.alwaysTemplate)`) is shown in; inherited
    /// from the superview when not set. Setting it redraws the image (a change inherited from a
    /// superview shows at the next layout).
    open override var tintColor: UIColor! { didSet { showImage() } }

    /// What the layer shows for the image: its own pixels, or made for this view — a template
    /// image in the tint colour, a resizable image in nine parts at the bounds' size (with
    /// `.scaleToFill`) — and kept while the image, tint and size stay the same.
    private var shown: (image: UIImage, tint: CGColor, size: CGSize, contents: CGImage, scale: CGFloat)?
    /// A template image is tinted again in the new appearance.
    override func applyTraitColors() { showImage() }

    private func showImage() {
        guard let image, let cg = image.cgImage else {
            shown = nil
            layer.contents = nil
            layer.contentsScale = 1
            return
        }
        let template = image.renderingMode == .alwaysTemplate
        let nine = image.isResizable && contentMode == .scaleToFill && bounds.width > 0 && bounds.height > 0
        guard template || nine else {
            shown = nil
            layer.contents = cg
            layer.contentsScale = image.scale
            return
        }
        let tint = tintColor.resolved { traitCollection }, size = nine ? bounds.size : .zero
        if let s = shown, s.image === image, s.tint == tint, s.size == size {
            layer.contents = s.contents
            layer.contentsScale = s.scale
            return
        }
        var bitmap = cg.bitmap, scale = image.scale
        if nine {
            let k = UIScreen.main.scale
            if let b = image.ninePartBitmap(width: Int((bounds.width * k).rounded()), height: Int((bounds.height * k).rounded()),
                                            pixelsPerPoint: Double(k)) {
                bitmap = b
                scale = k
            }
        }
        if template { bitmap = bitmap.tinted(tint.rasterColor) }
        let contents = CGImage(bitmap: bitmap)
        shown = (image, tint, size, contents, scale)
        layer.contents = contents
        layer.contentsScale = scale
    }

    /// Remakes a resizable or template image for the new size (or an inherited tint).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if image?.isResizable == true || image?.renderingMode == .alwaysTemplate { showImage() }
    }

    // MARK: Animating a sequence of images

    /// The images shown in turn while animating (`startAnimating()`). Default: nil.
    open var animationImages: [UIImage]?
    /// Seconds for one pass through `animationImages`; 0 (the default) means 1/30 s an image.
    open var animationDuration: TimeInterval = 0
    /// Passes before the animation stops and `image` shows again; 0 (the default) repeats forever.
    open var animationRepeatCount = 0
    /// True from `startAnimating()` until `stopAnimating()` or the last pass ends.
    open var isAnimating: Bool { layer.animation(forKey: UIImageView.animationKey) != nil }
    /// The key of the contents animation `startAnimating()` adds to the layer.
    static let animationKey = "UIImageViewAnimation"

    /// Shows `animationImages` in turn, each for an equal share of `animationDuration`, as UIKit
    /// does: a discrete keyframe animation of the layer's `contents` (so the presentation layer
    /// shows the image on screen, and renders and tests see the same image at the same time);
    /// then `image` again. Restarts from the first image when already animating; does nothing
    /// without images.
    open func startAnimating() {
        guard let images = animationImages?.compactMap(\.cgImage), !images.isEmpty else { return }
        let a = CAKeyframeAnimation(keyPath: "contents")
        a.values = images
        a.calculationMode = .discrete
        a.duration = animationDuration.isFinite && animationDuration > 0 ? animationDuration : Double(images.count) / 30
        a.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.add(a, forKey: UIImageView.animationKey)
    }

    /// Stops the image animation; `image` shows again.
    open func stopAnimating() { layer.removeAnimation(forKey: UIImageView.animationKey) }

    /// An image view in `frame`; it hugs its image at 251, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        layoutState.hugging = (251, 251)
    }
    /// Archives are not supported; makes an empty image view, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layoutState.hugging = (251, 251)
    }

    /// The image's size in points; (-1, -1) without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// An image view the size of `image` (in points) at the origin.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()
    }
}
