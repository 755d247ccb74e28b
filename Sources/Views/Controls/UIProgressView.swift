import Foundation
import Layers

/// A bar that fills as a task progresses, as UIKit's `UIProgressView`.
///
/// Drawing, as iOS 14 and later: a track `trackTintColor` (default `.systemFill`) with rounded
/// ends, filled from the left to `progress` of its width in `progressTintColor` (default the
/// view's `tintColor`). `init(frame:)` keeps the frame's width and takes iOS's height of 4 points.
/// `setProgress(_:animated:)` with `animated` fills over 0.25 s (UIKit does not document its
/// duration; Flipbook's choice), from where the bar is on screen.
open class UIProgressView: UIView {
    /// iOS's look: `.default`, or `.bar` (square ends, as in a toolbar).
    public enum Style: Int, Sendable {
        /// Rounded ends.
        case `default`
        /// Square ends.
        case bar
    }

    /// iOS's progress view height in points.
    static let height: CGFloat = 4
    /// `setProgress(_:animated:)`'s duration in seconds.
    static let animationDuration: TimeInterval = 0.25

    /// The look. Default: `.default`.
    open var progressViewStyle: Style = .default { didSet { layoutParts() } }
    private var value: Float = 0
    /// The filled share, 0…1 (clamped; NaN is ignored). Setting it moves the bar at once.
    open var progress: Float {
        get { value }
        set { setProgress(newValue, animated: false) }
    }
    /// The fill's colour. Default: nil (the view's `tintColor`).
    open var progressTintColor: UIColor? { didSet { layoutParts() } }
    /// The track's colour. Default: nil (`.systemFill`).
    open var trackTintColor: UIColor? { didSet { layoutParts() } }

    // The parts (internal so tests can read their presentation).
    let track = UIView()
    let bar = UIView()

    /// A progress view of `style`, 4 points high and of zero width until given a frame.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
        layoutParts()   // observers do not run in an initializer
    }
    /// A progress view at `frame.origin`, `frame.size.width` wide and 4 points high (as UIKit).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: Self.height))
        commonInit()
    }
    /// Archives are not supported; makes an empty progress view, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        clipsToBounds = true
        for part in [track, bar] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        layoutParts()
    }

    /// Sets the filled share (clamped to 0…1; NaN is ignored); with `animated`, the bar fills over
    /// 0.25 s from where it is on screen.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard !progress.isNaN else { return }
        value = Swift.min(1, Swift.max(0, progress))
        if animated {
            UIView.animate(withDuration: Self.animationDuration, delay: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.layoutParts() })
        } else {
            bar.layer.removeAllAnimations()
            layoutParts()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    /// The bar's colour when `progressTintColor` is nil; a change recolours it at once.
    open override var tintColor: UIColor! { didSet { layoutParts() } }

    /// Sizes the track to the bounds and the bar to `progress` of them, and colours them.
    private func layoutParts() {
        let b = bounds
        let radius = progressViewStyle == .bar ? 0 : b.height / 2
        layer.cornerRadius = radius
        track.frame = b
        track.backgroundColor = trackTintColor ?? .systemFill
        bar.frame = CGRect(x: b.minX, y: b.minY, width: b.width * CGFloat(value), height: b.height)
        bar.layer.cornerRadius = radius
        bar.backgroundColor = progressTintColor ?? tintColor
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }
    /// No width of its own, iOS's height of 4 points.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }
}
