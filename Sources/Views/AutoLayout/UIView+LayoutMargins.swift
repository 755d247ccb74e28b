import Foundation
import Layers

/// Edge insets that follow the reading direction, as UIKit's `NSDirectionalEdgeInsets`
/// (Flipbook lays out left to right: leading is left, trailing is right).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The inset of each edge in points.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Insets of each edge, in points.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// All insets zero.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    /// All insets zero.
    public static let zero = NSDirectionalEdgeInsets()
}

/// Margins, the safe area and the readable width, and the guides constraints use for them, as
/// UIKit's. Insets are read when the layout engine syncs: a margin preserved from the superview
/// or a safe area that depends on where the view is follows the frames of the last layout pass.
extension UIView {
    /// The space inside the view's edges that content keeps to (`layoutMarginsGuide`, the margin
    /// attributes). Default: 8 on each edge (UIKit gives a view controller's root view wider side
    /// margins; Flipbook keeps 8). Values that are not finite are refused with one reported line.
    public var layoutMargins: UIEdgeInsets {
        get { layoutState.margins }
        set {
            guard [newValue.top, newValue.left, newValue.bottom, newValue.right].allSatisfy(\.isFinite) else {
                return CAEngine.current.report("layoutMargins \(newValue) refused: not finite")
            }
            guard newValue != layoutState.margins else { return }
            layoutState.margins = newValue
            marginsDidChange()
        }
    }

    /// `layoutMargins` by leading and trailing edge (left and right here).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// Whether each margin is at least the superview's margin where it reaches into this view.
    /// Default: false.
    public var preservesSuperviewLayoutMargins: Bool {
        get { layoutState.preservesSuperviewMargins }
        set { layoutState.preservesSuperviewMargins = newValue; marginsDidChange() }
    }

    /// Whether the margins are measured from the safe area's edges rather than the view's.
    /// Default: true, as UIKit.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { layoutState.insetsMarginsFromSafeArea }
        set { layoutState.insetsMarginsFromSafeArea = newValue; marginsDidChange() }
    }

    /// The view's bounds inset by its margins, for constraints (`view.layoutMarginsGuide.leadingAnchor`).
    public var layoutMarginsGuide: UILayoutGuide {
        if let g = layoutState.marginsGuide { return g }
        let g = UILayoutGuide(kind: .margins, owner: self)
        layoutState.marginsGuide = g
        return g
    }

    /// The part of the view not covered by the window's safe-area insets (a notch, a home
    /// indicator), for constraints.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let g = layoutState.safeAreaGuide { return g }
        let g = UILayoutGuide(kind: .safeArea, owner: self)
        layoutState.safeAreaGuide = g
        return g
    }

    /// The margins narrowed to a comfortable line length: at most 672 points wide (UIKit's width
    /// for the default text size), centred between the margins.
    public var readableContentGuide: UILayoutGuide {
        if let g = layoutState.readableGuide { return g }
        let g = UILayoutGuide(kind: .readable, owner: self)
        layoutState.readableGuide = g
        return g
    }

    /// How far the window's safe-area insets reach into this view, per edge (zero outside a
    /// window). A window answers its `simulatedSafeAreaInsets`.
    /// - Complexity: O(depth) (the view's rectangle in the window).
    public var safeAreaInsets: UIEdgeInsets {
        if let window = self as? UIWindow { return window.layoutState.windowSafeArea }
        guard let window, window.layoutState.windowSafeArea != .zero else { return .zero }
        let w = window.layoutState.windowSafeArea, wb = window.bounds
        let r = convert(bounds, to: window)
        func clamp(_ x: CGFloat, _ limit: CGFloat) -> CGFloat { max(0, min(limit, x)) }
        return UIEdgeInsets(top: clamp(wb.minY + w.top - r.minY, r.height), left: clamp(wb.minX + w.left - r.minX, r.width),
                            bottom: clamp(r.maxY - (wb.maxY - w.bottom), r.height), right: clamp(r.maxX - (wb.maxX - w.right), r.width))
    }

    /// The margins the margins guide uses: `layoutMargins`, plus the safe area when
    /// `insetsLayoutMarginsFromSafeArea`, each at least the superview's margin reaching into the
    /// view when `preservesSuperviewLayoutMargins`. - Complexity: O(depth) with preserving ancestors.
    var effectiveLayoutMargins: UIEdgeInsets {
        var m = layoutState.margins
        if layoutState.insetsMarginsFromSafeArea {
            let s = safeAreaInsets
            m = UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        if layoutState.preservesSuperviewMargins, let sup = superview {
            let sm = sup.effectiveLayoutMargins, f = frame, sb = sup.bounds
            m.left = max(m.left, sm.left - (f.minX - sb.minX))
            m.top = max(m.top, sm.top - (f.minY - sb.minY))
            m.right = max(m.right, sm.right - (sb.maxX - f.maxX))
            m.bottom = max(m.bottom, sm.bottom - (sb.maxY - f.maxY))
        }
        return m
    }

    /// The margins changed: the engine re-solves, and the view lays out again.
    private func marginsDidChange() {
        layoutInputDidChange()
        setNeedsLayout()
    }
}

extension UIWindow {
    /// The insets the playground window declares as unsafe (a notch, a home indicator), which
    /// `safeAreaInsets` and `safeAreaLayoutGuide` of the views in it keep clear of. Flipbook's own
    /// hook (on a phone they come from the device). Default: zero. Values that are not finite or
    /// negative are refused with one reported line.
    public var simulatedSafeAreaInsets: UIEdgeInsets {
        get { layoutState.windowSafeArea }
        set {
            guard [newValue.top, newValue.left, newValue.bottom, newValue.right].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                return CAEngine.current.report("simulatedSafeAreaInsets \(newValue) refused: not finite or negative")
            }
            layoutState.windowSafeArea = newValue
            layoutInputDidChange()
            setNeedsLayout()
        }
    }
}
