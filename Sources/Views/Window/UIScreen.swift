import Foundation
import Layers

/// The display (UIKit's `UIScreen`): its size in points and pixels per point.
///
/// The host sets `UIScreen.main`'s bounds and scale when the window is made or resized.
public final class UIScreen {
    /// The screen of the current engine (`CAEngine.current`): the playground's window or the
    /// headless frame it drives. One per engine, not per process, so parallel scene tests and
    /// time-travel replays each read the size of their own window; use it on the thread that
    /// drives that engine's frames.
    public static var main: UIScreen { CAEngine.current.attachment { UIScreen() } }
    /// Default: 390 × 844 points (an iPhone's), until the host says otherwise.
    public var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// Pixels per point. Default: 1.
    public var scale: CGFloat = 1
    /// Pixels per point of the display: the same as `scale`.
    public var nativeScale: CGFloat { scale }
    /// The screen in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    /// A screen with the defaults above.
    public init() {}

    /// The system's appearance, which windows, views and controllers inherit unless they override
    /// it. Default: `.light`. The playground sets it (`A` in the window, `--appearance` for renders,
    /// `SceneTester.userInterfaceStyle`); setting it re-resolves the dynamic colours of the app's
    /// windows and calls `traitCollectionDidChange(_:)` where the appearance changed.
    /// `.unspecified` is taken as `.light`.
    public var userInterfaceStyle: UIUserInterfaceStyle = .light {
        didSet {
            if userInterfaceStyle == .unspecified { userInterfaceStyle = .light }
            guard userInterfaceStyle != oldValue else { return }
            for w in UIApplication.shared.windows where w.screen === self { w.updateTraitsFromAbove() }
        }
    }
}

extension UIScreen: UITraitEnvironment {
    /// The screen's traits: its scale, the system's appearance, the device's idiom and the size
    /// classes of its bounds.
    public var traitCollection: UITraitCollection {
        let (h, v) = UITraitCollection.sizeClasses(for: bounds.size)
        return UITraitCollection(displayScale: scale, userInterfaceStyle: userInterfaceStyle, userInterfaceIdiom: .phone,
                                 horizontalSizeClass: h, verticalSizeClass: v)
    }
    /// Called by nobody in Flipbook (the screen's changes reach the windows); kept for UIKit code.
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}
