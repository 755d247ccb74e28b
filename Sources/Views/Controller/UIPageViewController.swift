import Foundation
import Layers

/// Pages of view controllers turned by the user (UIKit's `UIPageViewController`).
///
/// `.scroll`: the pages sit side by side (or stacked, `.vertical`) in a paging scroll view,
/// `interPageSpacing` apart; the finger drags the neighbour in and a release pages as a paging
/// scroll view does. The data source is asked for the neighbours of the current page when it
/// settles; the delegate hears `willTransitionTo` when a drag first shows a neighbour and
/// `didFinishAnimating(_:previousViewControllers:transitionCompleted:)` when the scroll settles
/// (completed false when it came back). The pages are child controllers, added and removed with
/// UIKit's containment calls.
///
/// `.pageCurl`: a tap in the outer fifth of either side turns the page: forward, the leaf lifts
/// from its outer edge (its lower corner leading) and rolls round a cylinder, in perspective,
/// towards the spine, showing its back and a shadow on the page beneath, and lands flat across
/// the spine (the compositor's curl, shared with UIView.transition's curls, 0.75 s); back, the
/// previous leaf unrolls over the current page (spine `.min`/`.max`) or the left page turns
/// over to the right (`.mid`). A drag along the axis turns the page with the finger: the
/// curl's progress follows it, and a release past half-way (or a flick) finishes the turn, else
/// it rolls back (UIPageViewController+Curl.swift). Spines (the options' `.spineLocation`,
/// default `.min`): `.min` one page bound at its left (top) edge; `.max` bound at its right
/// (bottom) edge, turning forward from its left (top) edge (Flipbook's reading: Apple documents
/// the spine, not which edge a forward turn lifts); `.mid` two pages side by side, the right
/// (lower) one turning forward. `isDoubleSided` false: the back of a leaf shows its front's
/// print through the paper; true: the back shows the next page's content (`.mid`: the next left
/// page; `.min`/`.max`: the back controller, pictured once as the turn starts — a frozen
/// snapshot, not made a child, so it does not animate during the turn). UIKit's
/// rules (UIPageViewController+Spine.swift): spine `.mid` is double-sided and shows two
/// controllers; misuse is reported through the engine and refused or corrected as each says.
///
/// `setViewControllers(_:direction:animated:completion:)`: one controller (scroll; curl at
/// `.min`/`.max`), the front and the back of a turning leaf (double-sided `.min`/`.max`: the
/// back is used for the animation only), or the left and right pages (`.mid`). Animated, a scroll
/// page slides in from `direction`'s side (0.3 s) and a curl page curls (0.75 s).
open class UIPageViewController: UIViewController {
    /// How pages turn (UIKit's raw values).
    public enum TransitionStyle: Int, Sendable {
        /// The page curls away like paper.
        case pageCurl = 0
        /// The pages slide as a paging scroll view.
        case scroll = 1
    }
    /// The axis pages follow (UIKit's raw values).
    public enum NavigationOrientation: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
    /// Which way a programmatic turn goes (UIKit's raw values).
    public enum NavigationDirection: Int, Sendable {
        /// To the next page.
        case forward = 0
        /// To the previous page.
        case reverse = 1
    }
    /// Where a curl's spine is (UIKit's raw values).
    public enum SpineLocation: Int, Sendable {
        /// No spine (scroll style).
        case none = 0
        /// The left (or top) edge.
        case min = 1
        /// The middle: two pages at a time.
        case mid = 2
        /// The right (or bottom) edge.
        case max = 3
    }
    /// Keys of the `options` dictionary.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name, UIKit's string.
        public let rawValue: String
        /// A key from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `SpineLocation`'s raw value (an `Int` or a `NSNumber`), for `.pageCurl`.
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// Points between scroll pages (a `CGFloat`, `Double` or `Int`). Default: 0.
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// The style, fixed at init.
    public let transitionStyle: TransitionStyle
    /// The axis, fixed at init.
    public let navigationOrientation: NavigationOrientation
    /// The curl's spine (`.none` for scroll): from the options, or the delegate's
    /// `pageViewController(_:spineLocationFor:)` when the interface orientation changes.
    public internal(set) var spineLocation: SpineLocation
    /// Points between scroll pages.
    public let interPageSpacing: CGFloat
    /// Whether a curl leaf's back shows a page of its own (true) or its front's print through the
    /// paper (false). Default: false; true with spine `.mid`, where false is reported and
    /// refused (UIKit raises).
    open var isDoubleSided = false {
        didSet {
            guard !isDoubleSided, spineLocation == .mid, !choosingSpine else { return }
            CAEngine.current.report("UIPageViewController.isDoubleSided = false refused: spine .mid is double-sided (UIKit raises)")
            isDoubleSided = true
        }
    }
    /// Supplies the pages before and after the current one. Held weakly, as in UIKit.
    open weak var dataSource: UIPageViewControllerDataSource?
    /// Hears about turns. Held weakly, as in UIKit.
    open weak var delegate: UIPageViewControllerDelegate?
    /// The pages shown (one; two side by side with spine `.mid`), or nil before `setViewControllers`.
    open var viewControllers: [UIViewController]? {
        guard let c = current else { return nil }
        if let r = spreadRight { return [c, r] }
        return [c]
    }
    /// The recognizers that turn pages: the scroll view's pan (scroll), or the curl's pan and side tap.
    open var gestureRecognizers: [UIGestureRecognizer] {
        transitionStyle == .scroll ? [scroller.panGestureRecognizer] : [curlPan, curlTap]
    }

    var current: UIViewController?
    /// The right (lower) page of a `.mid` spread.
    var spreadRight: UIViewController?
    /// The interface orientation the spine was chosen for (`pageViewController(_:spineLocationFor:)`).
    var spineOrientation: UIInterfaceOrientation?
    /// True while the delegate answers `pageViewController(_:spineLocationFor:)`.
    var choosingSpine = false
    private var before: UIViewController?
    private var after: UIViewController?
    /// The neighbour a drag has shown (`willTransitionTo` was sent for it).
    private var pending: UIViewController?
    private var programmatic: (target: UIViewController, completion: ((Bool) -> Void)?)?
    let scroller = PageScrollView()
    lazy var curlTap = UITapGestureRecognizer { [weak self] t in if t.state == .ended { self?.curlTapped(t) } }
    lazy var curlPan = UIPanGestureRecognizer { [weak self] p in self?.curlPanned(p) }
    /// True while a curl runs (tapped, set or dragged).
    var curling = false
    /// The finger's curl while it runs (UIPageViewController+Curl.swift).
    var curlDrag: CurlDrag?

    /// A page view controller of `style` along `navigationOrientation`; `options` may give the
    /// spine location (curl) and the spacing between pages (scroll).
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        func number(_ v: Any?) -> Double? {
            switch v { case let d as Double: d; case let f as CGFloat: Double(f); case let i as Int: Double(i); case let n as NSNumber: n.doubleValue; default: nil }
        }
        let spacing = number(options?[.interPageSpacing]) ?? 0
        interPageSpacing = CGFloat(spacing.isFinite ? max(0, spacing) : 0)
        spineLocation = style == .scroll ? .none : Self.curlSpine(number(options?[.spineLocation]))
        super.init()
        isDoubleSided = spineLocation == .mid
    }
    /// Archives are not supported: a horizontal scroll page view controller.
    public required init?(coder: NSCoder) {
        transitionStyle = .scroll
        navigationOrientation = .horizontal
        spineLocation = .none
        interPageSpacing = 0
        super.init(coder: coder)
    }

    open override func loadView() {
        let v = PageHostView()
        v.owner = self
        view = v
        if transitionStyle == .scroll {
            scroller.isPagingEnabled = true
            scroller.showsHorizontalScrollIndicator = false
            scroller.showsVerticalScrollIndicator = false
            scroller.owner = self
            v.addSubview(scroller)
        } else {
            v.addGestureRecognizer(curlTap)
            v.addGestureRecognizer(curlPan)
        }
    }

    /// Shows `viewControllers` (see the type's doc for how many and for animation); the
    /// completion gets true when the turn finished. A turn while another runs is reported and
    /// refused (completion false); so is a count the spine cannot show (UIKit raises).
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection,
                                 animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let engine = CAEngine.current
        guard let vcs = viewControllers, let vc = vcs.first else {
            engine.report("UIPageViewController.setViewControllers ignored: no view controller given (UIKit raises)")
            completion?(false)
            return
        }
        guard programmatic == nil, !curling, !scroller.isDragging else {
            engine.report("UIPageViewController.setViewControllers refused: a page turn is running")
            completion?(false)
            return
        }
        if transitionStyle == .pageCurl {
            guard let (pages, back) = curlPages(from: vcs) else { completion?(false); return }
            loadViewIfNeeded()
            guard animated, current != nil, view.window != nil else {
                showCurlPages(pages)
                completion?(true)
                return
            }
            guard !pages.elementsEqual(self.viewControllers ?? [], by: ===) else { completion?(true); return }
            turnCurl(CurlTurn(old: self.viewControllers ?? [], next: pages, back: back, forward: direction == .forward), completion: completion)
            return
        }
        if vcs.count > 1 { engine.report("UIPageViewController.setViewControllers: \(vcs.count) controllers given; the scroll style shows one, the first is shown") }
        loadViewIfNeeded()
        guard vc !== current else { completion?(true); return }
        guard animated, current != nil, view.window != nil else {
            show(vc)
            completion?(true)
            return
        }
        // Scroll: the new page goes in the slot on `direction`'s side and the scroll view eases there.
        if direction == .forward { adopt(vc, replacing: &after) } else { adopt(vc, replacing: &before) }
        layoutPages()
        programmatic = (vc, completion)
        scroller.setContentOffset(offset(of: vc), animated: true)
    }

    // MARK: Pages

    /// Makes `vc` the current page at once and asks for its neighbours.
    func show(_ vc: UIViewController) {
        let old = [before, current, after].compactMap { $0 }
        current = vc
        if vc.parent !== self { addChild(vc) }
        if vc.view.superview !== pageParent { pageParent.addSubview(vc.view) }
        vc.didMove(toParent: self)
        refreshNeighbours(dropping: old)
    }

    /// Asks the data source for the current page's neighbours and releases pages that left.
    private func refreshNeighbours(dropping old: [UIViewController]) {
        before = nil; after = nil
        if transitionStyle == .scroll, let c = current {
            if let b = dataSource?.pageViewController(self, viewControllerBefore: c), b !== c { adopt(b, replacing: &before) }
            if let a = dataSource?.pageViewController(self, viewControllerAfter: c), a !== c, a !== before { adopt(a, replacing: &after) }
        }
        let keep = [before, current, after].compactMap { $0 }
        for o in old where !keep.contains(where: { $0 === o }) { release(o) }
        layoutPages(recentre: true)
    }

    private func adopt(_ vc: UIViewController, replacing slot: inout UIViewController?) {
        if let old = slot, old !== vc, old !== current { release(old) }
        slot = vc
        if vc.parent !== self {
            addChild(vc)
            pageParent.addSubview(vc.view)
            vc.didMove(toParent: self)
        }
    }

    func release(_ vc: UIViewController) {
        guard vc.parent === self else { return }
        vc.willMove(toParent: nil)
        vc.view.removeFromSuperview()
        vc.removeFromParent()
    }

    private var pageParent: UIView { transitionStyle == .scroll ? scroller : view }

    /// The pages in order.
    private var slots: [UIViewController] { [before, current, after].compactMap { $0 } }

    /// A page's length along the axis, spacing included.
    private var pitch: CGFloat {
        let b = view.bounds
        return (navigationOrientation == .horizontal ? b.width : b.height) + interPageSpacing
    }

    private func offset(of vc: UIViewController) -> CGPoint {
        let i = CGFloat(slots.firstIndex { $0 === vc } ?? 0)
        return navigationOrientation == .horizontal ? CGPoint(x: i * pitch, y: 0) : CGPoint(x: 0, y: i * pitch)
    }

    /// Places the pages in the scroll view, and the scroll view at the current page when
    /// `recentre` or when nothing moves it.
    func layoutPages(recentre: Bool = false) {
        guard isViewLoaded else { return }
        let b = view.bounds
        UIView.performWithoutAnimation {
            if transitionStyle == .pageCurl {
                askSpineLocationIfRotated()
                if !curling { placeCurlPages(viewControllers ?? []) }
                return
            }
            let horizontal = navigationOrientation == .horizontal
            // The scroll view is one page plus the spacing long, so paging steps by the pitch.
            scroller.frame = horizontal ? CGRect(x: b.minX, y: b.minY, width: b.width + interPageSpacing, height: b.height)
                                        : CGRect(x: b.minX, y: b.minY, width: b.width, height: b.height + interPageSpacing)
            let n = CGFloat(slots.count)
            scroller.contentSize = horizontal ? CGSize(width: n * pitch, height: b.height) : CGSize(width: b.width, height: n * pitch)
            for (i, vc) in slots.enumerated() {
                let o = CGFloat(i) * pitch
                vc.view.frame = horizontal ? CGRect(x: o, y: 0, width: b.width, height: b.height) : CGRect(x: 0, y: o, width: b.width, height: b.height)
            }
            if recentre || (programmatic == nil && !scroller.isDragging && !scroller.isDecelerating), let c = current {
                scroller.setContentOffset(offset(of: c), animated: false)
            }
        }
    }

    // MARK: Scroll events (from PageScrollView)

    func scrolled() {
        guard scroller.isDragging || scroller.isDecelerating, programmatic == nil, let c = current else { return }
        let o = navigationOrientation == .horizontal ? scroller.contentOffset.x : scroller.contentOffset.y
        let home = navigationOrientation == .horizontal ? offset(of: c).x : offset(of: c).y
        let shown = o < home ? before : o > home ? after : nil
        if let s = shown, s !== pending {
            pending = s
            delegate?.pageViewController(self, willTransitionTo: [s])
        }
    }

    /// The scroll came to rest: the page at the offset becomes current.
    func settled() {
        let o = navigationOrientation == .horizontal ? scroller.contentOffset.x : scroller.contentOffset.y
        let i = max(0, min(slots.count - 1, Int((o / max(1, pitch)).rounded())))
        let landed = slots.isEmpty ? nil : slots[i]
        let previous = current
        if let p = programmatic {
            programmatic = nil
            if let l = landed, l !== current { current = l; refreshNeighbours(dropping: [previous].compactMap { $0 } + [before, after].compactMap { $0 }) }
            p.completion?(landed === p.target)
            return
        }
        guard let prev = previous else { return }
        let completed = landed != nil && landed !== prev
        if completed, let l = landed {
            current = l
            refreshNeighbours(dropping: [prev] + [before, after].compactMap { $0 })
        }
        if pending != nil || completed {
            pending = nil
            delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [prev], transitionCompleted: completed)
        }
    }
}

/// Supplies a page view controller's pages (UIKit's `UIPageViewControllerDataSource`).
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the first page.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// The page after `viewController`, or nil at the last page.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// The number of pages for a page indicator. Default: 0 (Flipbook draws no built-in indicator).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The current page's index for a page indicator. Default: 0.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    /// Default: 0.
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    /// Default: 0.
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Hears about a page view controller's turns (UIKit's `UIPageViewControllerDelegate`); every
/// method has a default.
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A user's turn is starting towards `pendingViewControllers`.
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// A user's turn ended; `completed` is false when the page came back.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
    /// The spine for a new interface orientation (curl style only), asked when the window turns
    /// between portrait and landscape. Set new view controllers (and `isDoubleSided`) here when
    /// the number shown changes, as in UIKit.
    func pageViewController(_ pageViewController: UIPageViewController, spineLocationFor orientation: UIInterfaceOrientation)
        -> UIPageViewController.SpineLocation
}

extension UIPageViewControllerDelegate {
    /// Default: nothing.
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    /// Default: nothing.
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
    /// Default: the spine it has (UIKit keeps it when the method is not implemented).
    public func pageViewController(_ pageViewController: UIPageViewController, spineLocationFor orientation: UIInterfaceOrientation)
        -> UIPageViewController.SpineLocation { pageViewController.spineLocation }
}

/// The page view controller's root view: lays the pages out when its size changes.
final class PageHostView: UIView {
    weak var owner: UIPageViewController?
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.layoutPages()
    }
}

/// The paging scroll view of a `.scroll` page view controller: it tells its owner of scrolling
/// and of coming to rest (without taking the public `delegate`).
final class PageScrollView: UIScrollView, UIScrollViewDelegate {
    weak var owner: UIPageViewController?
    override init(frame: CGRect) {
        super.init(frame: frame)
        delegate = self
    }
    required init?(coder: NSCoder) { nil }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { owner?.scrolled() }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { owner?.settled() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { owner?.settled() }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { owner?.settled() }
    }
}
