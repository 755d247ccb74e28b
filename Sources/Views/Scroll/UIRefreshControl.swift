import Foundation
import Layers

/// Pull to refresh, as UIKit's `UIRefreshControl`: set it as a scroll view's (or table view's)
/// `refreshControl`, pull the content down and a spinner shows its spokes one by one; pulled far
/// enough it starts spinning and sends `.valueChanged`, the content springs back to keep it in
/// view while `isRefreshing`, and `endRefreshing()` slides the content up over it.
///
/// Apple documents the behaviour, not its numbers; Flipbook's, chosen to feel like iOS's:
/// - the control fills the band the pull reveals above the content, its spinner (a medium
///   `UIActivityIndicatorView`) pinned 30 points below the band's top;
/// - a spoke shows per eighth of the trigger distance, `triggerDistance` (110 points of band);
///   reaching it while dragging begins refreshing; the next trigger needs a new drag;
/// - while refreshing, the scroll view's `adjustedContentInset.top` grows by the control's
///   height (60 points, 80 with an `attributedTitle`) once the finger lifts, so the content rests
///   below the spinner; `endRefreshing()` takes it back, easing the content up when it showed the band.
/// `beginRefreshing()` from code starts the spinner and the inset without scrolling and without
/// `.valueChanged`, as UIKit (scroll to show it yourself). Its spinner is grey unless `tintColor` is set.
open class UIRefreshControl: UIControl {
    /// True from a trigger (or `beginRefreshing()`) until `endRefreshing()`.
    open private(set) var isRefreshing = false
    /// A line under the spinner (UIKit draws it small and grey). Default: nil.
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.attributedText = attributedTitle
            titleLabel.isHidden = attributedTitle == nil
            scrollView?.refreshControlDidChange()
        }
    }
    /// The spinner's colour when set; nil (the default) gives UIKit's grey.
    open override var tintColor: UIColor! {
        get { explicitTint ?? super.tintColor }
        set { explicitTint = newValue; spinner.color = newValue ?? .secondaryLabel }
    }
    private var explicitTint: UIColor?

    /// The band's height the pull must reveal to begin refreshing, in points.
    public static let triggerDistance: CGFloat = 110
    /// How much room the control takes above the content while refreshing.
    var restingHeight: CGFloat { attributedTitle == nil ? 60 : 80 }

    let spinner = UIActivityIndicatorView(style: .medium)
    let titleLabel = UILabel()
    /// The scroll view this is the `refreshControl` of.
    weak var scrollView: UIScrollView?
    /// False once a drag triggered, until the next drag begins (one trigger per pull).
    var armed = true

    /// A control, ready to be a scroll view's `refreshControl`.
    public init() {
        super.init(frame: .zero)
        commonInit()
    }
    /// A control (the frame is the scroll view's business once it is set as its `refreshControl`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported: a control as `init()` makes it.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        clipsToBounds = true
        spinner.hidesWhenStopped = false
        spinner.revealedSpokes = 0
        spinner.color = .secondaryLabel
        addSubview(spinner)
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = .secondaryLabel
        titleLabel.textAlignment = .center
        titleLabel.isHidden = true
        addSubview(titleLabel)
    }

    /// Starts refreshing from code: the spinner spins and the content's top inset grows (the content
    /// is not scrolled; no `.valueChanged` is sent). Does nothing while refreshing.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.revealedSpokes = nil
        spinner.startAnimating()
        scrollView?.refreshControlDidChange()
    }

    /// Ends refreshing: the spinner stops and the inset goes, the content easing up over the band
    /// if it showed it. Does nothing when not refreshing.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        spinner.revealedSpokes = 0
        scrollView?.refreshControlDidChange()
    }

    /// The scroll view moved: fill the revealed band, show spokes for the pull, and trigger.
    func update(in s: UIScrollView) {
        let top = -s.contentInset.top, o = s.contentOffset
        let band = max(0, top - o.y)
        CATransaction.performWithoutAnimation {
            UIView.performWithoutAnimation {
                frame = CGRect(x: o.x, y: o.y, width: s.bounds.width, height: band)
                spinner.center = CGPoint(x: s.bounds.width / 2, y: 30)
                titleLabel.frame = CGRect(x: 0, y: 48, width: s.bounds.width, height: 20)
                if !isRefreshing {
                    let k = Int((band / Self.triggerDistance * CGFloat(UIActivityIndicatorView.spokeCount)).rounded(.down))
                    spinner.revealedSpokes = min(UIActivityIndicatorView.spokeCount, max(0, k))
                }
                titleLabel.alpha = isRefreshing ? 1 : min(1, band / Self.triggerDistance)
            }
        }
        if s.isDragging, armed, !isRefreshing, isEnabled, band >= Self.triggerDistance {
            armed = false
            isRefreshing = true
            spinner.revealedSpokes = nil
            spinner.startAnimating()
            sendActions(for: .valueChanged) // the scroll view adds the inset when the finger lifts
        }
    }
}

extension UIScrollView {
    /// The control began or ended refreshing, or changed height: the inset follows (while a finger
    /// drags, when it lifts: `settleRefreshInset()`), and content showing the band eases up when it goes.
    func refreshControlDidChange() {
        if isDragging { refreshControl?.update(in: self); return }
        let old = refreshInset
        settleRefreshInset()
        refreshControl?.update(in: self)
        if refreshInset < old, contentOffset.y < offsetRange.lo.y {
            setContentOffset(CGPoint(x: contentOffset.x, y: offsetRange.lo.y), animated: true)
        }
    }

    /// The top inset the refresh control takes now: its height while refreshing, else none.
    func settleRefreshInset() {
        refreshInset = refreshControl.map { $0.isRefreshing ? $0.restingHeight : 0 } ?? 0
    }
}
