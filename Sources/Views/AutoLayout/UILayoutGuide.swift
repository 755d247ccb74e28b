import Foundation
import Layers

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's `UILayoutGuide`:
/// spacing between views, a region to centre in, a view's margins, its safe area.
///
/// A guide belongs to a view (`addLayoutGuide(_:)`); its anchors make constraints like a view's,
/// and after layout `layoutFrame` is where the constraints put it, in the owning view's
/// coordinates. Guides draw nothing and get no touches. The margins, safe-area and readable
/// guides are made by the view (`layoutMarginsGuide`…) and constrained by the layout engine.
open class UILayoutGuide {
    /// What the layout engine constrains a guide made by its view to.
    enum Kind {
        /// A user's guide: only the constraints that name it.
        case custom
        /// The view's frame inset by its margins (`layoutMarginsGuide`).
        case margins
        /// The view's frame inset by its safe area (`safeAreaLayoutGuide`).
        case safeArea
        /// The margins narrowed to a readable width, centred (`readableContentGuide`).
        case readable
    }

    let kind: Kind

    /// The view the guide belongs to; nil until added (weak, as UIKit's).
    public internal(set) weak var owningView: UIView?
    /// A name for debugging output.
    open var identifier = ""
    /// Where the last layout pass put the guide, in the owning view's coordinates. Default: zero.
    public internal(set) var layoutFrame: CGRect = .zero

    /// A guide to add to a view with `addLayoutGuide(_:)`.
    public init() { kind = .custom }

    init(kind: Kind, owner: UIView) {
        self.kind = kind
        owningView = owner
        identifier = ["", "UIViewLayoutMarginsGuide", "UIViewSafeAreaLayoutGuide", "UIViewReadableContentGuide"][
            kind == .custom ? 0 : kind == .margins ? 1 : kind == .safeArea ? 2 : 3]
    }

    /// The left edge (the leading edge: left-to-right only).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The right edge (the trailing edge: left-to-right only).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
}

extension UIView {
    /// The guides added with `addLayoutGuide(_:)`, in order.
    public var layoutGuides: [UILayoutGuide] { layoutState.guides }

    /// Adds `guide` to this view (taking it from another view first), so constraints can relate
    /// it to this view and its subviews.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.kind == .custom else {
            return CAEngine.current.report("addLayoutGuide refused: \(guide.identifier) belongs to its view")
        }
        if guide.owningView === self { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutState.guides.append(guide)
    }

    /// Removes `guide` from this view; the constraints that name it end, as in UIKit.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self, guide.kind == .custom else { return }
        layoutState.guides.removeAll { $0 === guide }
        guide.owningView = nil
        layoutInputDidChange()
    }

    /// The guides of this view that constraints may name, in the order the engine lists them.
    var allLayoutGuides: [UILayoutGuide] {
        [layoutState.marginsGuide, layoutState.safeAreaGuide, layoutState.readableGuide].compactMap { $0 } + layoutState.guides
    }
}
