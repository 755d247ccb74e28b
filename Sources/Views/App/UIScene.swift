import Foundation
import Layers

/// One instance of the app's interface, as UIKit's `UIScene`: Flipbook's app has exactly one, a
/// `UIWindowScene`, so code that finds its key window through `connectedScenes` ports unchanged.
open class UIScene: UIResponder {
    /// Whether the scene is in front and taking events (always `.foregroundActive` in Flipbook).
    public enum ActivationState: Int, Sendable {
        /// Not running.
        case unattached
        /// On screen and taking events (Flipbook's scenes).
        case foregroundActive
        /// On screen without events.
        case foregroundInactive
        /// Not on screen.
        case background
    }

    /// Always `.foregroundActive`.
    open var activationState: ActivationState { .foregroundActive }
    /// A title some platforms show for the scene. Default: "".
    open var title: String = ""
}

/// The scene that holds the app's windows (UIKit's `UIWindowScene`).
public final class UIWindowScene: UIScene {
    /// Made by `UIApplication`, one per app.
    override init() { super.init() }

    /// The app's windows that are still alive, in the order they were made.
    public var windows: [UIWindow] { UIApplication.shared.windows }
    /// The key window, if any.
    public var keyWindow: UIWindow? { UIApplication.shared.keyWindow }
    /// The screen the scene shows on.
    public var screen: UIScreen { .main }
    /// The screen's traits.
    public var traitCollection: UITraitCollection { UIScreen.main.traitCollection }
    /// The interface's orientation for the device's: portrait, or — the device held landscape
    /// left, as Flipbook's wide screens are — `.landscapeRight` (UIKit names the interface's
    /// orientation the other way round from the device's).
    public var interfaceOrientation: UIInterfaceOrientation {
        UIDevice.current.orientation == .portrait ? .portrait : .landscapeRight
    }
}

/// Which way up the interface is shown, as UIKit's `UIInterfaceOrientation`.
public enum UIInterfaceOrientation: Int, Sendable {
    /// Not known.
    case unknown
    /// Upright.
    case portrait
    /// Upside down.
    case portraitUpsideDown
    /// Landscape, the device held landscape right (UIKit's names swap between the two enums).
    case landscapeLeft
    /// Landscape, the device held landscape left.
    case landscapeRight

    /// Whether it is one of the two portrait orientations.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether it is one of the two landscape orientations.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// How the status bar's content is drawn, as UIKit's `UIStatusBarStyle` (Flipbook shows no status
/// bar; a controller's preference is kept for code that reads it).
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content in the light appearance, light in the dark.
    case `default`
    /// Light content, for dark backgrounds.
    case lightContent
    /// Dark content, for light backgrounds.
    case darkContent = 3
}
