import Foundation
import Layers

/// Light or dark appearance, as UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not decided here: inherited (an override of `.unspecified` is no override); colours resolve as `.light`.
    case unspecified
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// A coarse width or height class, as UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    /// Not known (a view outside a window).
    case unspecified
    /// Narrow or short: a phone's width in portrait, its height in landscape.
    case compact
    /// Wide or tall: a tablet's.
    case regular
}

/// The traits an interface is shown with, as UIKit's `UITraitCollection`: the display scale, the
/// light or dark appearance, the idiom and the size classes.
///
/// Flipbook's traits: the style comes from the screen (the playground's appearance, `A` in the
/// window, `--appearance` for renders) unless a window, view or view controller overrides it
/// (`overrideUserInterfaceStyle`); the size classes come from the window's size in points
/// (regular from 700 wide or 500 high — a tablet's or a large phone's landscape; decided by
/// Flipbook, UIKit's come from the device model); the idiom is the device's (`.phone`).
public final class UITraitCollection: Equatable, CustomStringConvertible, @unchecked Sendable {
    /// Pixels per point; 0 when unspecified.
    public let displayScale: CGFloat
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// The kind of device (`.unspecified` in a collection made for one trait).
    public let userInterfaceIdiom: UIDevice.UserInterfaceIdiom
    /// The width class.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height class.
    public let verticalSizeClass: UIUserInterfaceSizeClass

    /// A collection with every trait given.
    init(displayScale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle, userInterfaceIdiom: UIDevice.UserInterfaceIdiom,
         horizontalSizeClass: UIUserInterfaceSizeClass, verticalSizeClass: UIUserInterfaceSizeClass) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 0
        self.userInterfaceStyle = userInterfaceStyle
        self.userInterfaceIdiom = userInterfaceIdiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// Every trait unspecified.
    public convenience init() {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, userInterfaceIdiom: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }
    /// Only the display scale specified (a scale that is not positive and finite is unspecified).
    public convenience init(displayScale: CGFloat) {
        self.init(displayScale: displayScale, userInterfaceStyle: .unspecified, userInterfaceIdiom: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }
    /// Only the appearance specified.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(displayScale: 0, userInterfaceStyle: userInterfaceStyle, userInterfaceIdiom: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }
    /// Only the idiom specified.
    public convenience init(userInterfaceIdiom: UIDevice.UserInterfaceIdiom) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, userInterfaceIdiom: userInterfaceIdiom,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }
    /// Only the width class specified.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, userInterfaceIdiom: .unspecified,
                  horizontalSizeClass: horizontalSizeClass, verticalSizeClass: .unspecified)
    }
    /// Only the height class specified.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, userInterfaceIdiom: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: verticalSizeClass)
    }
    /// The traits of `collections` combined: for each trait, the last collection that specifies it.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var scale: CGFloat = 0, style = UIUserInterfaceStyle.unspecified, idiom = UIDevice.UserInterfaceIdiom.unspecified
        var h = UIUserInterfaceSizeClass.unspecified, v = UIUserInterfaceSizeClass.unspecified
        for c in collections {
            if c.displayScale > 0 { scale = c.displayScale }
            if c.userInterfaceStyle != .unspecified { style = c.userInterfaceStyle }
            if c.userInterfaceIdiom != .unspecified { idiom = c.userInterfaceIdiom }
            if c.horizontalSizeClass != .unspecified { h = c.horizontalSizeClass }
            if c.verticalSizeClass != .unspecified { v = c.verticalSizeClass }
        }
        self.init(displayScale: scale, userInterfaceStyle: style, userInterfaceIdiom: idiom, horizontalSizeClass: h, verticalSizeClass: v)
    }

    /// This collection with the style replaced.
    func with(style: UIUserInterfaceStyle) -> UITraitCollection {
        UITraitCollection(displayScale: displayScale, userInterfaceStyle: style, userInterfaceIdiom: userInterfaceIdiom,
                          horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass)
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let o = other else { return true }
        return (o.displayScale == 0 || o.displayScale == displayScale)
            && (o.userInterfaceStyle == .unspecified || o.userInterfaceStyle == userInterfaceStyle)
            && (o.userInterfaceIdiom == .unspecified || o.userInterfaceIdiom == userInterfaceIdiom)
            && (o.horizontalSizeClass == .unspecified || o.horizontalSizeClass == horizontalSizeClass)
            && (o.verticalSizeClass == .unspecified || o.verticalSizeClass == verticalSizeClass)
    }

    /// Whether a dynamic colour may resolve differently under `other` (UIKit: the appearance, the
    /// contrast and the elevation; Flipbook has only the appearance). Nil differs from anything.
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        guard let o = other else { return true }
        return o.userInterfaceStyle != userInterfaceStyle
    }

    /// Equal when every trait is equal.
    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.displayScale == b.displayScale && a.userInterfaceStyle == b.userInterfaceStyle && a.userInterfaceIdiom == b.userInterfaceIdiom
            && a.horizontalSizeClass == b.horizontalSizeClass && a.verticalSizeClass == b.verticalSizeClass
    }

    /// The traits, for logs and test failures.
    public var description: String {
        "UITraitCollection(style: \(userInterfaceStyle), scale: \(displayScale), idiom: \(userInterfaceIdiom), "
            + "size classes: \(horizontalSizeClass)/\(verticalSizeClass))"
    }

    /// The traits dynamic colours resolve with when read as `cgColor` without a view: UIKit sets
    /// this around `layoutSubviews()`, `draw(_:)`, `updateConstraints()` and
    /// `traitCollectionDidChange(_:)` to the view's traits, and so does Flipbook; outside them it
    /// is what was last set, or the main screen's traits. Kept per engine (as `UIScreen.main`),
    /// so parallel scene tests do not see each other's.
    public static var current: UITraitCollection {
        get { UIApplication.shared.currentTraits ?? UIScreen.main.traitCollection }
        set { UIApplication.shared.currentTraits = newValue }
    }

    /// Runs `body` with `current` set to this collection, then restores it.
    public func performAsCurrent(_ body: () throws -> Void) rethrows {
        let app = UIApplication.shared
        let saved = app.currentTraits
        app.currentTraits = self
        defer { app.currentTraits = saved }
        try body()
    }

    /// The size classes of a window `size` points big (see the type's comment).
    static func sizeClasses(for size: CGSize) -> (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass) {
        (size.width >= 700 ? .regular : .compact, size.height >= 500 ? .regular : .compact)
    }
}

/// What has traits and hears of their changes: views, view controllers, windows, the screen
/// (UIKit's `UITraitEnvironment`).
public protocol UITraitEnvironment: AnyObject {
    /// The traits in effect here.
    var traitCollection: UITraitCollection { get }
    /// Called after the traits changed (Flipbook: the appearance, a view's first traits when it
    /// joins a window, the window's size classes after a resize), with the traits before.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
