import Foundation
import Layers

/// A row of dots with one lit for the current page, as UIKit's `UIPageControl`.
///
/// A tap on the control moves one page towards the tap (left of the current dot: back; right:
/// forward) and sends `.valueChanged`; dragging along the dots (iOS 14's scrub, which iOS starts
/// after a press; here a drag starts it at once) puts the current page under the finger, sending
/// `.valueChanged` at each change. Setting `currentPage` sends nothing. The lit dot cross-fades to
/// its new place over 0.25 s (Apple publishes no timing).
///
/// Drawing: 8-point dots 16 points apart (centre to centre), centred in the bounds;
/// `pageIndicatorTintColor` (default `.tertiaryLabel`) and `currentPageIndicatorTintColor`
/// (default `.label`). With `hidesForSinglePage` the control draws nothing for one page or none.
/// Values out of range are clamped: `currentPage` into 0…numberOfPages − 1, a negative
/// `numberOfPages` to 0 (reported).
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance between dot centres, in points.
    static let dot: CGFloat = 8
    static let pitch: CGFloat = 16
    /// The lit dot's cross-fade, in seconds.
    static let fadeDuration: TimeInterval = 0.25

    /// How many dots. Default: 0. Negative values are reported and taken as 0.
    open var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 {
                CAEngine.current.report("UIPageControl.numberOfPages \(numberOfPages) clamped to 0")
                numberOfPages = 0
            }
            current = min(current, max(0, numberOfPages - 1))
            rebuild()
        }
    }
    private var current = 0
    /// The lit dot, clamped into 0…numberOfPages − 1. Setting it cross-fades the dots and sends nothing.
    open var currentPage: Int {
        get { current }
        set { setPage(newValue, animated: true) }
    }
    /// Whether one page (or none) hides the control. Default: false.
    open var hidesForSinglePage = false { didSet { style(animated: false) } }
    /// The unlit dots' colour. Default: nil (`.tertiaryLabel`).
    open var pageIndicatorTintColor: UIColor? { didSet { style(animated: false) } }
    /// The lit dot's colour. Default: nil (`.label`).
    open var currentPageIndicatorTintColor: UIColor? { didSet { style(animated: false) } }

    /// The dot views (internal so tests read their colours).
    private(set) var dots: [UIView] = []

    /// An empty page control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Archives are not supported: an empty control.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The size showing `pageCount` dots: 16 points a dot (plus 8 at the ends), 26 high.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(0, pageCount)) * Self.pitch + Self.dot, height: 26)
    }
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private func setPage(_ page: Int, animated: Bool) {
        let p = min(max(0, page), max(0, numberOfPages - 1))
        guard p != current else { return }
        current = p
        style(animated: animated)
    }

    private func rebuild() {
        // Dots are added or removed at the end only: building n pages costs O(n), not O(n²).
        while dots.count > numberOfPages { dots.removeLast().removeFromSuperview() }
        while dots.count < numberOfPages {
            let d = UIView()
            d.isUserInteractionEnabled = false
            d.layer.cornerRadius = Self.dot / 2
            addSubview(d)
            dots.append(d)
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        UIView.performWithoutAnimation { place() }
        style(animated: false)
    }

    /// The centre x of dot `i`.
    func dotCentreX(_ i: Int) -> CGFloat {
        bounds.midX + (CGFloat(i) - CGFloat(numberOfPages - 1) / 2) * Self.pitch
    }

    private func place() {
        for (i, d) in dots.enumerated() {
            d.frame = CGRect(x: dotCentreX(i) - Self.dot / 2, y: bounds.midY - Self.dot / 2, width: Self.dot, height: Self.dot)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    private func style(animated: Bool) {
        let apply = { [self] in
            for (i, d) in dots.enumerated() {
                d.backgroundColor = i == current ? (currentPageIndicatorTintColor ?? .label) : (pageIndicatorTintColor ?? .tertiaryLabel)
            }
        }
        if animated { UIView.animate(withDuration: Self.fadeDuration, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction], animations: apply) } else { UIView.performWithoutAnimation(apply) }
        isHidden = hidesForSinglePage && numberOfPages <= 1
    }

    // MARK: Touch: a tap steps, a drag scrubs

    private var downX: CGFloat = 0
    private var scrubbing = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        downX = touches.first?.location(in: self).x ?? 0
        scrubbing = false
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        guard isEnabled, numberOfPages > 0, let x = touches.first?.location(in: self).x else { return }
        if !scrubbing && abs(x - downX) < 8 { return }
        scrubbing = true
        let page = Int(((x - dotCentreX(0)) / Self.pitch).rounded())
        let old = current
        setPage(page, animated: true)
        if current != old { sendActions(for: .valueChanged) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasScrubbing = scrubbing
        scrubbing = false
        super.touchesEnded(touches, with: event)
        guard !wasScrubbing, isEnabled, numberOfPages > 0, let t = touches.first,
              bounds.contains(t.location(in: self)) else { return }
        let x = t.location(in: self).x
        let old = current
        setPage(x < dotCentreX(current) ? current - 1 : current + 1, animated: true)
        if current != old { sendActions(for: .valueChanged) }
    }
}
