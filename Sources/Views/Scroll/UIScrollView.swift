import Foundation
import Layers

/// A view whose bounds origin is the visible part of a larger content (UIKit's `UIScrollView`):
/// drag it with its pan gesture, fling it, and it glides, rubber-bands past the edges, springs
/// back, and snaps to pages when `isPagingEnabled` — iOS's laws (`ScrollPhysics`) on the media
/// clock, so slow motion, pause, single steps and headless renders apply.
///
/// The mouse wheel and a touchpad scroll it (`scroll(by:)`), and so does a controller's right stick.
/// `adjustedContentInset` equals `contentInset` (there are no safe areas on a desktop window).
/// Defaults: `bounces` true, `decelerationRate` .normal (0.998 per millisecond), indicators shown.
open class UIScrollView: UIView {
    /// The glide's speed kept per millisecond (UIKit's `UIScrollView.DecelerationRate`).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The speed kept per millisecond of gliding, 0…1 (the smaller, the sooner it stops).
        public let rawValue: CGFloat
        /// A rate from its raw value (the speed kept per millisecond).
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond: a fling released at v points per second glides 0.4995·v points.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond: a fling glides about a fifth as far as with `.normal` (0.0995·v).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Told of scrolls, drags and glides (weak, as in UIKit).
    open weak var delegate: UIScrollViewDelegate?
    /// The content's size; non-finite or negative sizes are ignored.
    open var contentSize: CGSize = .zero {
        didSet { if !Self.isValid(contentSize) { contentSize = oldValue } }
    }
    /// Extra scrollable space around the content, in points: the offset may go from
    /// (−left, −top) to the content's far edges plus right and bottom. Default: `.zero`.
    open var contentInset: UIEdgeInsets = .zero
    /// The inset scrolling uses: `contentInset` (no safe areas on a desktop window), its top grown
    /// by the refresh control's height while it refreshes (as UIKit's).
    open var adjustedContentInset: UIEdgeInsets {
        var i = contentInset
        i.top += refreshInset
        return i
    }
    /// Pull to refresh for this scroll view (UIKit's `refreshControl`, UIRefreshControl.swift): the
    /// control is put behind the content and laid out by the scroll view as it moves. Setting
    /// another removes the old one; a control moved from another scroll view leaves it.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            if let old = oldValue {
                if old.superview === self { old.removeFromSuperview() }
                old.scrollView = nil
            }
            if let c = refreshControl {
                if let other = c.scrollView, other !== self { other.refreshControl = nil }
                c.scrollView = self
                insertSubview(c, at: 0)
            }
            refreshControlDidChange()
        }
    }
    /// The room the refreshing control takes above the content (0 when none refreshes).
    var refreshInset: CGFloat = 0
    /// The visible content's origin: the bounds origin. Setting it stops any motion.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }
    /// Whether the pan gesture scrolls (turning it off disables `panGestureRecognizer`). Default: true.
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether content rubber-bands past its edges and springs back; false stops it at the edge.
    /// Default: true.
    open var bounces = true
    /// Whether a horizontal drag moves the content even when it is no wider than the view. Default: false.
    open var alwaysBounceHorizontal = false
    /// Whether a vertical drag moves the content even when it is no taller than the view. Default: false.
    open var alwaysBounceVertical = false
    /// Whether a release settles on a multiple of the bounds' size (a page): a flick faster than
    /// 300 points per second goes to the next page, a slower release to the nearer one. Default: false.
    open var isPagingEnabled = false
    /// How fast a glide slows down. Default: `.normal` (0.998).
    open var decelerationRate = DecelerationRate.normal
    /// Whether the horizontal indicator shows while scrolling. Default: true.
    open var showsHorizontalScrollIndicator = true
    /// Whether the vertical indicator shows while scrolling. Default: true.
    open var showsVerticalScrollIndicator = true
    /// True while a finger (or the mouse) drags the content.
    public private(set) var isTracking = false
    /// True from the start of a drag until its release.
    public private(set) var isDragging = false
    /// True while the content glides or springs back after a release.
    public private(set) var isDecelerating = false
    /// The scroll view's own drag (UIKit exposes it so others can require it to fail, or read it).
    public let panGestureRecognizer = UIPanGestureRecognizer()

    var motion = (x: ScrollAxisMotion(), y: ScrollAxisMotion())
    private var link: DisplayLink?
    private var dragOrigin = CGPoint.zero
    private var animatingOffset = false
    let indicators = ScrollIndicators()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported; makes a scroll view with a zero frame, so UIKit subclasses port.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }
    private func commonInit() {
        clipsToBounds = true
        panGestureRecognizer.addBaseAction { [unowned self] _ in self.handlePan() }
        addGestureRecognizer(panGestureRecognizer)
        indicators.install(in: self)
    }

    // MARK: Limits

    /// The smallest and largest content offsets at rest.
    var offsetRange: (lo: CGPoint, hi: CGPoint) {
        let i = adjustedContentInset, b = bounds.size
        let lo = CGPoint(x: -i.left, y: -i.top)
        let hi = CGPoint(x: max(lo.x, contentSize.width + i.right - b.width), y: max(lo.y, contentSize.height + i.bottom - b.height))
        return (lo, hi)
    }
    /// Whether an axis moves at all: content larger than the view, or `alwaysBounce…`.
    var scrollsHorizontally: Bool { offsetRange.hi.x > offsetRange.lo.x || alwaysBounceHorizontal }
    var scrollsVertically: Bool { offsetRange.hi.y > offsetRange.lo.y || alwaysBounceVertical }

    // MARK: Offsets

    /// Moves the content; `animated` eases there over 0.3 s with `scrollViewDidScroll` every frame
    /// and `scrollViewDidEndScrollingAnimation` at the end. Non-finite offsets are ignored.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else { return }
        stopMotion()
        if animated {
            let from = contentOffset
            motion.x = ScrollAxisMotion(kind: .ease(from: Double(from.x), to: Double(offset.x), duration: 0.3))
            motion.y = ScrollAxisMotion(kind: .ease(from: Double(from.y), to: Double(offset.y), duration: 0.3))
            animatingOffset = true
            startLink()
        } else {
            apply(offset)
        }
    }

    /// Scrolls the least distance that shows `rect` (in content coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard UIView.isFinite(rect) else { return }
        var o = contentOffset
        let b = bounds.size
        if rect.maxX > o.x + b.width { o.x = rect.maxX - b.width }
        if rect.minX < o.x { o.x = rect.minX }
        if rect.maxY > o.y + b.height { o.y = rect.maxY - b.height }
        if rect.minY < o.y { o.y = rect.minY }
        let r = offsetRange
        o = CGPoint(x: min(max(o.x, r.lo.x), r.hi.x), y: min(max(o.y, r.lo.y), r.hi.y))
        if o != contentOffset { setContentOffset(o, animated: animated) }
    }

    /// Wheel and touchpad scrolling: moves by `delta` points at once, within the limits.
    open func scroll(by delta: CGVector) {
        guard isScrollEnabled, !isDragging, delta.dx.isFinite, delta.dy.isFinite else { return }
        stopMotion()
        let r = offsetRange, o = contentOffset
        let x = scrollsHorizontally ? min(max(o.x + delta.dx, r.lo.x), r.hi.x) : o.x
        let y = scrollsVertically ? min(max(o.y + delta.dy, r.lo.y), r.hi.y) : o.y
        if x != o.x || y != o.y { apply(CGPoint(x: x, y: y)) }
        indicators.flash(self)
    }

    func apply(_ offset: CGPoint) {
        guard offset != bounds.origin else { return }
        bounds = CGRect(origin: offset, size: bounds.size)
        indicators.layout(in: self)
        delegate?.scrollViewDidScroll(self)
        scrollViewDidScroll()
        refreshControl?.update(in: self)
    }

    /// Moves the vertical offset by `dy` while keeping whatever moves it going: a drag goes on
    /// from the moved place, a glide, spring or animated scroll is moved with it. For content that
    /// grew or shrank above what shows (a table's rows measured above the visible ones), so what
    /// shows stays where it is on screen. Sends no `scrollViewDidScroll` (the content did not move
    /// on screen). Non-finite values are ignored.
    func shiftContentOffset(byY dy: CGFloat) {
        guard dy.isFinite, dy != 0 else { return }
        UIView.performWithoutAnimation { bounds.origin.y += dy }
        dragOrigin.y += dy
        motion.y.shift(by: Double(dy))
        indicators.layout(in: self)
    }

    /// Subclasses (UICollectionView) react to scrolling here; called after the delegate.
    func scrollViewDidScroll() {}
    /// Where a release would stop before the delegate is asked: `natural` (where the content
    /// comes to rest or its page), or a subclass's choice (a collection view asks its layout).
    /// `velocity` in points per millisecond.
    func proposedTargetContentOffset(_ natural: CGPoint, velocity: CGPoint) -> CGPoint { natural }

    // MARK: Dragging

    private func handlePan() {
        let pan = panGestureRecognizer
        switch pan.state {
        case .began:
            stopMotion()
            isTracking = true
            isDragging = true
            refreshControl?.armed = true
            dragOrigin = unbanded(contentOffset)
            delegate?.scrollViewWillBeginDragging(self)
            indicators.show(self)
            followFinger()
        case .changed:
            followFinger()
        case .ended, .cancelled:
            isTracking = false
            release(velocity: pan.state == .ended ? pan.velocity(in: self) : .zero)
        default: break
        }
    }

    /// The offset a drag shows: the finger's, rubber-banded past the edges.
    private func followFinger() {
        let t = panGestureRecognizer.translation(in: self), r = offsetRange
        func axis(_ raw: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dim: CGFloat, _ on: Bool, _ now: CGFloat) -> CGFloat {
            guard on else { return now }
            if raw < lo { return bounces ? lo + CGFloat(ScrollPhysics.rubberBand(Double(raw - lo), dimension: Double(dim))) : lo }
            if raw > hi { return bounces ? hi + CGFloat(ScrollPhysics.rubberBand(Double(raw - hi), dimension: Double(dim))) : hi }
            return raw
        }
        let o = contentOffset
        apply(CGPoint(x: axis(dragOrigin.x - t.x, r.lo.x, r.hi.x, bounds.width, scrollsHorizontally, o.x),
                      y: axis(dragOrigin.y - t.y, r.lo.y, r.hi.y, bounds.height, scrollsVertically, o.y)))
    }

    /// The finger offset that shows `offset` (undoing the rubber band), so a new drag starts there.
    private func unbanded(_ o: CGPoint) -> CGPoint {
        let r = offsetRange
        func axis(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dim: CGFloat) -> CGFloat {
            if v < lo { return lo + CGFloat(ScrollPhysics.rubberBandInverse(Double(v - lo), dimension: Double(dim))) }
            if v > hi { return hi + CGFloat(ScrollPhysics.rubberBandInverse(Double(v - hi), dimension: Double(dim))) }
            return v
        }
        return CGPoint(x: axis(o.x, r.lo.x, r.hi.x, bounds.width), y: axis(o.y, r.lo.y, r.hi.y, bounds.height))
    }

    /// The finger lifted at `fingerVelocity` (points per second): glide, spring back or page.
    private func release(velocity fingerVelocity: CGPoint) {
        settleRefreshInset() // a refresh that began (or ended) during the drag takes (or gives back) its room now
        let r = offsetRange, o = contentOffset
        var v = CGPoint(x: scrollsHorizontally ? -fingerVelocity.x : 0, y: scrollsVertically ? -fingerVelocity.y : 0)
        if !v.x.isFinite || !v.y.isFinite { v = .zero }
        let rate = Double(decelerationRate.rawValue)
        // Where each axis would come to rest, and where it will.
        func natural(_ o: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ page: CGFloat) -> CGFloat {
            if isPagingEnabled, page > 0 {
                let current = ((o - lo) / page).rounded(.down), fraction = (o - lo) / page - current
                let index = abs(v) > 300 ? (v > 0 ? current + 1 : current) : (fraction > 0.5 ? current + 1 : current)
                return min(max(lo + index * page, lo), hi)
            }
            let rest = o + CGFloat(ScrollPhysics.projection(velocity: Double(v), rate: rate))
            return min(max(rest, lo), hi)
        }
        let natural = CGPoint(x: natural(o.x, v.x, r.lo.x, r.hi.x, bounds.width), y: natural(o.y, v.y, r.lo.y, r.hi.y, bounds.height))
        let velocity = CGPoint(x: v.x / 1000, y: v.y / 1000)
        var target = proposedTargetContentOffset(natural, velocity: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        if !target.x.isFinite || !target.y.isFinite { target = natural }
        func axis(_ o: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ t: CGFloat, _ chosen: Bool) -> ScrollAxisMotion {
            if o < lo || o > hi {
                let edge = o < lo ? lo : hi
                return ScrollAxisMotion(kind: .spring(rest: Double(edge), displacement: Double(o - edge), velocity: Double(v)))
            }
            if isPagingEnabled || chosen {
                return ScrollAxisMotion(kind: .spring(rest: Double(t), displacement: Double(o - t), velocity: Double(v)))
            }
            return abs(v) > CGFloat(ScrollPhysics.restingSpeed) ? ScrollAxisMotion(kind: .glide(from: Double(o), velocity: Double(v))) : ScrollAxisMotion()
        }
        motion.x = axis(o.x, v.x, r.lo.x, r.hi.x, target.x, target.x != natural.x)
        motion.y = axis(o.y, v.y, r.lo.y, r.hi.y, target.y, target.y != natural.y)
        let decelerates = motion.x.isMoving || motion.y.isMoving
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        if decelerates {
            isDecelerating = true
            startLink()
        } else {
            indicators.hide(self)
        }
    }

    // MARK: Motion on the frame clock

    private func startLink() {
        guard link == nil else { return }
        link = CAEngine.current.addDisplayLink { [weak self] t in self?.step(at: t) }
    }

    /// One frame of the glide, spring or ease at the frame's time.
    func step(at now: Double) {
        let r = offsetRange, rate = Double(decelerationRate.rawValue), o = contentOffset
        let x = motion.x.advance(to: now, current: Double(o.x), lo: Double(r.lo.x), hi: Double(r.hi.x), rate: rate, bounces: bounces)
        let y = motion.y.advance(to: now, current: Double(o.y), lo: Double(r.lo.y), hi: Double(r.hi.y), rate: rate, bounces: bounces)
        apply(CGPoint(x: CGFloat(x.value), y: CGFloat(y.value)))
        guard x.done, y.done else { return }
        let wasAnimating = animatingOffset, wasDecelerating = isDecelerating
        stopMotion()
        indicators.hide(self)
        if wasAnimating { delegate?.scrollViewDidEndScrollingAnimation(self) }
        if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
    }

    private func stopMotion() {
        link?.invalidate()
        link = nil
        motion = (ScrollAxisMotion(), ScrollAxisMotion())
        isDecelerating = false
        animatingOffset = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        indicators.layout(in: self)
        refreshControl?.update(in: self)
    }

    static func isValid(_ s: CGSize) -> Bool { s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0 }
}
