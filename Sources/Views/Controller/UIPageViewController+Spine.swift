import Foundation
import Layers

/// The curl style's spine: UIKit's rules for how many controllers each spine shows, where the
/// pages sit, which pages a turn shows, and the delegate's spine for a new orientation.
///
/// UIKit's table (setViewControllers' documentation): spine `.mid` (always double-sided) takes
/// the left and the right page; `.min`/`.max` double-sided take the front of the page to show and
/// the back of the leaf that turns away (used by the animation only); single-sided, the front.
/// Where UIKit raises, Flipbook reports one line through the engine and refuses or corrects.
extension UIPageViewController {
    /// The pages a curl turn takes away and shows, and the page printed on the leaf's back
    /// (double-sided `.min`/`.max`; nil otherwise).
    struct CurlTurn {
        let old: [UIViewController]
        let next: [UIViewController]
        let back: UIViewController?
        let forward: Bool
    }

    /// The options' spine for a curl: `.min` when missing; `.none` or an unknown value is
    /// reported and taken as `.min`.
    static func curlSpine(_ raw: Double?) -> SpineLocation {
        guard let raw else { return .min }
        if raw.isFinite, let s = SpineLocation(rawValue: Int(raw)), s != .none { return s }
        CAEngine.current.report("UIPageViewController: spine location \(raw) is not one a page curl has (min 1, mid 2, max 3); .min is used")
        return .min
    }

    /// The pages `setViewControllers` shows and the back it turns with, or nil (reported) when
    /// the count does not fit the spine.
    func curlPages(from vcs: [UIViewController]) -> (pages: [UIViewController], back: UIViewController?)? {
        let engine = CAEngine.current
        if choosingSpine {
            // The delegate is choosing a new spine: checked once it has answered.
            return (vcs.count > 1 && vcs[1] !== vcs[0] ? Array(vcs.prefix(2)) : [vcs[0]], nil)
        }
        if spineLocation == .mid {
            guard vcs.count == 2, vcs[0] !== vcs[1] else {
                engine.report("UIPageViewController.setViewControllers refused: spine .mid shows two different view controllers, \(vcs.count) given (UIKit raises)")
                return nil
            }
            return (vcs, nil)
        }
        if isDoubleSided {
            if vcs.count > 2 { engine.report("UIPageViewController.setViewControllers: \(vcs.count) controllers given; a double-sided page takes its front and back, the first two are used") }
            return ([vcs[0]], vcs.count > 1 && vcs[1] !== vcs[0] ? vcs[1] : nil)
        }
        if vcs.count > 1 { engine.report("UIPageViewController.setViewControllers: \(vcs.count) controllers given; a single-sided page shows one, the first is shown") }
        return ([vcs[0]], nil)
    }

    /// Makes `pages` the shown pages at once: children added, the pages that left removed.
    func showCurlPages(_ pages: [UIViewController]) {
        let old = viewControllers ?? []
        for vc in pages where vc.parent !== self { addChild(vc) }
        for vc in pages {
            if vc.view.superview !== view { view.addSubview(vc.view) }
            vc.didMove(toParent: self)
        }
        current = pages.first
        spreadRight = pages.count > 1 ? pages[1] : nil
        for o in old where !pages.contains(where: { $0 === o }) { release(o) }
        placeCurlPages(pages)
    }

    /// The frame of each page: the whole view, or its halves (left and right, or top and
    /// bottom) for a spread.
    func curlFrames(count: Int) -> [CGRect] {
        let b = view.bounds
        guard count > 1 else { return [b] }
        if navigationOrientation == .horizontal {
            let w = b.width / 2
            return [CGRect(x: b.minX, y: b.minY, width: w, height: b.height), CGRect(x: b.minX + w, y: b.minY, width: b.width - w, height: b.height)]
        }
        let h = b.height / 2
        return [CGRect(x: b.minX, y: b.minY, width: b.width, height: h), CGRect(x: b.minX, y: b.minY + h, width: b.width, height: b.height - h)]
    }

    /// Places `pages` at their frames.
    func placeCurlPages(_ pages: [UIViewController]) {
        for (vc, f) in zip(pages, curlFrames(count: pages.count)) { vc.view.frame = f }
    }

    /// The turn from the shown pages one leaf forward or back, asked of the data source; nil at
    /// either end of the book. A spread the data source can give only half of is reported and
    /// not turned (UIKit needs both pages of a `.mid` spread).
    func neighbourTurn(forward: Bool) -> CurlTurn? {
        guard let shown = viewControllers, let first = shown.first, let ds = dataSource else { return nil }
        func step(_ vc: UIViewController) -> UIViewController? {
            let n = forward ? ds.pageViewController(self, viewControllerAfter: vc) : ds.pageViewController(self, viewControllerBefore: vc)
            return n === vc || shown.contains(where: { $0 === n }) ? nil : n
        }
        if spineLocation == .mid {
            guard let near = step(forward ? shown[shown.count - 1] : first) else { return nil }
            guard let far = step(near) else {
                CAEngine.current.report("UIPageViewController: spine .mid turns two pages at a time; the data source gave one, the turn is not made")
                return nil
            }
            return CurlTurn(old: shown, next: forward ? [near, far] : [far, near], back: nil, forward: forward)
        }
        if isDoubleSided {
            guard let back = step(first), let next = step(back) else { return nil }
            return CurlTurn(old: shown, next: [next], back: back, forward: forward)
        }
        guard let next = step(first) else { return nil }
        return CurlTurn(old: shown, next: [next], back: nil, forward: forward)
    }

    /// Asks the delegate for the spine when the interface has turned between portrait and
    /// landscape since it was last asked (the first layout only records the orientation). While
    /// it answers, `setViewControllers` takes one or two pages unchecked; then the count must fit
    /// the answer (`.mid`: two; else one, a double-sided page's second being its back). When it
    /// does not, or the answer is `.none`, that is reported and the spine and pages stay as they
    /// were. A `.mid` answer makes the pages double-sided.
    func askSpineLocationIfRotated() {
        guard view.window != nil, let delegate else { return }
        let now: UIInterfaceOrientation = UIDevice.current.orientation == .portrait ? .portrait : .landscapeRight
        guard let before = spineOrientation else { spineOrientation = now; return }
        guard before != now, !curling else { return }
        spineOrientation = now
        let oldSpine = spineLocation, oldPages = viewControllers ?? [], oldSided = isDoubleSided
        choosingSpine = true
        let asked = delegate.pageViewController(self, spineLocationFor: now)
        choosingSpine = false
        var shown = viewControllers ?? []
        if asked != .mid, shown.count == 2, isDoubleSided {
            shown = [shown[0]]                       // the front and its back: the front shows
            showCurlPages(shown)
        }
        let fits = asked != .none && (shown.isEmpty || shown.count == (asked == .mid ? 2 : 1))
        guard fits else {
            CAEngine.current.report("UIPageViewController: the delegate's spine location \(asked) does not fit the \(shown.count) page(s) shown; the spine and pages stay (set them in pageViewController(_:spineLocationFor:))")
            spineLocation = oldSpine
            isDoubleSided = oldSided
            if !oldPages.isEmpty { showCurlPages(oldPages) }
            return
        }
        spineLocation = asked
        if asked == .mid { isDoubleSided = true }
        placeCurlPages(shown)
    }
}
