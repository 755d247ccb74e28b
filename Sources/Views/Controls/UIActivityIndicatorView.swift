import Foundation
import Layers

/// A spinner that shows work going on, as UIKit's `UIActivityIndicatorView`: eight rounded spokes
/// round a circle, fading from the leading one, stepping an eighth of a turn every eighth of a
/// second while animating.
///
/// The look is Flipbook's take on iOS's (its exact spoke sizes are not documented): 20 × 20 points
/// (`.medium`) or 37 × 37 (`.large`), the spokes a tenth of the size wide and a quarter long, from
/// half way out to the edge, in `color` (default `.secondaryLabel`'s grey) at opacities from 1
/// down to 0.37. The spin is a discrete keyframe animation of the spokes' rotation on the media
/// clock (so renders and tests see the same step at the same time). With `hidesWhenStopped`
/// (the default) the view is hidden whenever it is not animating, a new one included.
open class UIActivityIndicatorView: UIView {
    /// The indicator's size, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// 20 × 20 points.
        case medium = 100
        /// 37 × 37 points.
        case large = 101

        /// The side of the square the spokes fill, in points.
        var side: CGFloat { self == .large ? 37 : 20 }
    }

    /// The spinner's size. Default: `.medium`.
    open var style: Style = .medium {
        didSet {
            frame.size = CGSize(width: style.side, height: style.side)
            layoutSpokes()
            invalidateIntrinsicContentSize()
        }
    }
    /// The spokes' colour. Default: `.secondaryLabel` (nil resets it).
    open var color: UIColor! {
        get { storedColor ?? .secondaryLabel }
        set { storedColor = newValue; layoutSpokes() }
    }
    private var storedColor: UIColor?
    /// Whether the view hides while not animating. Default: true.
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// True between `startAnimating()` and `stopAnimating()`.
    open private(set) var isAnimating = false

    /// The layer the spokes turn in.
    let spokes = CALayer()
    /// How many spokes show, clockwise from 12 o'clock (nil: all): a refresh control reveals them
    /// one by one as the content is pulled down.
    var revealedSpokes: Int? { didSet { if revealedSpokes != oldValue { layoutSpokes() } } }
    static let spokeCount = 8
    static let spinKey = "UIActivityIndicatorView.spin"

    /// An indicator of `style`'s size at the origin, hidden until it animates.
    public init(style: Style = .medium) {
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        self.style = style
        commonInit()
    }
    /// An indicator in `frame`, the spokes `.medium`'s size and centred; a frame of zero size
    /// (what `UIActivityIndicatorView()` passes) takes the style's size.
    public override init(frame: CGRect) {
        let side = Style.medium.side
        super.init(frame: frame.size == .zero ? CGRect(origin: frame.origin, size: CGSize(width: side, height: side)) : frame)
        commonInit()
    }
    /// Archives are not supported; makes a medium indicator, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = false
        layer.addSublayer(spokes)
        for _ in 0..<Self.spokeCount { spokes.addSublayer(CALayer()) }
        isHidden = hidesWhenStopped
        layoutSpokes()
    }

    /// Starts the spin (and shows the view); does nothing when already spinning.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<Self.spokeCount).map { Double($0) * 2 * .pi / Double(Self.spokeCount) }
        spin.calculationMode = .discrete
        spin.duration = 1
        spin.repeatCount = .infinity
        spokes.add(spin, forKey: Self.spinKey)
    }

    /// Stops the spin (and hides the view when `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokes.removeAnimation(forKey: Self.spinKey)
        isHidden = hidesWhenStopped
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSpokes()
    }

    /// Places the spokes round the centre of the bounds, the leading one at 12 o'clock and each
    /// next one an eighth of a turn back and fainter.
    /// The spokes take the colour as the new appearance resolves it.
    override func applyTraitColors() { layoutSpokes() }

    private func layoutSpokes() {
        CATransaction.performWithoutAnimation {
            let side = style.side, b = bounds
            spokes.frame = CGRect(x: b.midX - side / 2, y: b.midY - side / 2, width: side, height: side)
            let width = side / 10, length = side / 4
            for (k, spoke) in (spokes.sublayers ?? []).enumerated() {
                spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
                spoke.cornerRadius = width / 2
                spoke.backgroundColor = color.resolved { traitCollection }
                spoke.opacity = Float(1 - 0.09 * Double(k))
                spoke.isHidden = revealedSpokes.map { (Self.spokeCount - k) % Self.spokeCount >= $0 } ?? false
                // Rotated about the spinner's centre: anchored at the spoke's far end from it.
                spoke.anchorPoint = CGPoint(x: 0.5, y: 2)
                spoke.position = CGPoint(x: side / 2, y: side / 2)
                spoke.setAffineTransform(CGAffineTransform(rotationAngle: -2 * .pi * Double(k) / Double(Self.spokeCount)))
            }
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: style.side, height: style.side) }
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
}
