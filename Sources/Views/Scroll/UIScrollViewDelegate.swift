import Foundation
import Layers

/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`); every method is optional.
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (a drag, a glide, a bounce, the wheel or `setContentOffset`), once per change.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag began (the pan gesture recognized); any glide or bounce in progress has stopped.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// `velocity` is in points per millisecond, as UIKit's; `targetContentOffset` is where the
    /// content will come to rest, and the delegate may move it (the scroll view then springs there).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The finger lifted; `decelerate` is true when the content goes on moving (a glide, a bounce or a page snap).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The glide or bounce after a drag came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated: true)` (or `scrollToItem`) came to rest.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

public extension UIScrollViewDelegate {
    /// Default: nothing.
    func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Default: nothing.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Default: nothing (the content rests where the glide takes it).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Default: nothing.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Default: nothing.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Default: nothing.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
