import Foundation
import Layers

/// A view's traits, and how an appearance change travels down the tree.
///
/// Each view keeps the appearance in effect (`effectiveStyle`): its own override, else its
/// controller's (for a controller's root view), else its superview's; a window's falls back to its
/// screen's. When it changes — the screen's appearance, an override, a move under another
/// superview — the change goes down the subtree top-down, pruned where a view's appearance does
/// not change, with an explicit stack (O(views changed)). Each view that changed re-resolves its
/// dynamic colours (its background, what `applyTraitColors()` keeps), redraws if it draws its own
/// content, and hears `traitCollectionDidChange(_:)` (its controller first), with
/// `UITraitCollection.current` set to its traits.
///
/// Decided by Flipbook (UIKit does not say): the callbacks run at once, in the call that changed
/// the appearance (`addSubview`, the override's setter, the screen's), not at the next layout; a
/// view taken out of its tree keeps its last appearance until it joins another, so moving a view
/// between two light windows calls nothing.
extension UIView: UITraitEnvironment {
    /// The traits in effect for this view: the screen's scale, the appearance in effect here
    /// (`.unspecified` before the view joins a window or a tree with one), the idiom (`.phone`) and
    /// the size classes of its window (unspecified outside a window).
    public var traitCollection: UITraitCollection { traits(style: effectiveStyle) }

    /// The traits with `style` for the appearance.
    func traits(style: UIUserInterfaceStyle) -> UITraitCollection {
        let screen = window?.screen ?? UIScreen.main
        let (h, v) = window.map { UITraitCollection.sizeClasses(for: $0.bounds.size) } ?? (.unspecified, .unspecified)
        return UITraitCollection(displayScale: screen.scale, userInterfaceStyle: style, userInterfaceIdiom: .phone,
                                 horizontalSizeClass: h, verticalSizeClass: v)
    }

    /// The appearance this view would take from its overrides and from above.
    func inheritedStyle() -> UIUserInterfaceStyle {
        if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
        if let vc = owningViewController, vc.overrideUserInterfaceStyle != .unspecified { return vc.overrideUserInterfaceStyle }
        if let s = superview { return s.effectiveStyle }
        if let w = self as? UIWindow { return w.screen.userInterfaceStyle }
        return effectiveStyle   // out of a tree: keeps what it had
    }

    /// Takes the appearance from above, and passes a change down the subtree (see the type's comment).
    func updateTraitsFromAbove() {
        guard inheritedStyle() != effectiveStyle else { return }
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            let style = v.inheritedStyle()
            guard style != v.effectiveStyle else { continue }   // unchanged here: unchanged below
            let previous = v.traitCollection
            v.effectiveStyle = style
            v.traitsDidChange(from: previous)
            stack.append(contentsOf: v.subviews.reversed())
        }
    }

    /// One view's share of an appearance change.
    private func traitsDidChange(from previous: UITraitCollection) {
        let traits = traitCollection
        traits.performAsCurrent {
            if let color = backgroundColor, color.isDynamic {
                CATransaction.performWithoutAnimation { layer.backgroundColor = color.resolved { traits } }
            }
            applyTraitColors()
            if drawsOwnContent { layer.setNeedsDisplay() }
            owningViewController?.traitCollectionDidChange(previous)
            traitCollectionDidChange(previous)
        }
    }

    /// Runs `body` with `UITraitCollection.current` set to this view's traits when they are not
    /// already what `current` answers (the layout and drawing callbacks).
    func withTraitsAsCurrent(_ body: () -> Void) {
        let app = UIApplication.shared
        if app.currentTraits == nil && (effectiveStyle == .unspecified || effectiveStyle == (window?.screen ?? UIScreen.main).userInterfaceStyle) {
            return body()
        }
        traitCollection.performAsCurrent(body)
    }
}

extension UIWindow {
    /// Called by the window's layout: when its size crossed a size class's threshold (a resize,
    /// a turn to landscape), every view in it and the controllers of their views hear
    /// `traitCollectionDidChange(_:)` with the classes before, top-down, `current` set to the
    /// view's traits. The first layout only records the classes. An explicit stack; O(views).
    func announceSizeClassesIfChanged() {
        let now = UITraitCollection.sizeClasses(for: bounds.size)
        guard let before = announcedSizeClasses else { announcedSizeClasses = now; return }
        guard before != now else { return }
        announcedSizeClasses = now
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            let traits = v.traitCollection
            let previous = UITraitCollection(displayScale: traits.displayScale, userInterfaceStyle: traits.userInterfaceStyle,
                                             userInterfaceIdiom: traits.userInterfaceIdiom,
                                             horizontalSizeClass: before.0, verticalSizeClass: before.1)
            traits.performAsCurrent {
                v.owningViewController?.traitCollectionDidChange(previous)
                v.traitCollectionDidChange(previous)
            }
            stack.append(contentsOf: v.subviews.reversed())
        }
    }
}
