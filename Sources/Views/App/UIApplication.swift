import Foundation
import Layers

/// The app as iOS code reaches for it (`UIApplication.shared`): its windows, the key window and
/// a few app-wide settings. One per engine, as `UIScreen.main`: each playground stage, scene test
/// and time-travel replay is an app of its own.
///
/// Flipbook's differences: the app is always `.active` (a hidden window sleeps instead), the
/// settings that reach the device (`isIdleTimerDisabled`, the badge number) are kept and read back
/// but do nothing, and `open(_:)` of a URL reports one line and answers false.
public final class UIApplication {
    /// The current engine's app (`CAEngine.current`); use it on the thread that drives its frames.
    public static var shared: UIApplication { CAEngine.current.attachment { UIApplication() } }

    /// Whether the app is in front, as UIKit's.
    public enum State: Int, Sendable {
        /// In front and taking events (always, in Flipbook).
        case active
        /// In front without events.
        case inactive
        /// Not on screen.
        case background
    }

    private struct WeakWindow { weak var window: UIWindow? }
    private var registered: [WeakWindow] = []

    init() {}

    /// `UITraitCollection.current` when set (UITraitCollection.swift).
    var currentTraits: UITraitCollection?

    /// Whether a text field of one of the app's windows is taking typing (not UIKit API): the
    /// playground's single-key commands (space, period, S, R, D, A) then stay keys for the field.
    public var isTakingTextInput: Bool { windows.contains { $0.editingTextField?.window === $0 } }

    /// The app's one window scene.
    private lazy var windowScene = UIWindowScene()
    /// The app's scenes: one `UIWindowScene` holding every window.
    public var connectedScenes: Set<UIScene> { [windowScene] }

    /// The app's windows that are still alive, in the order they were made.
    /// - Complexity: O(windows made).
    public var windows: [UIWindow] {
        registered.removeAll { $0.window == nil }
        return registered.compactMap(\.window)
    }

    /// The window that gets key and controller input (the last made key), if any.
    public var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

    /// Always `.active` in Flipbook.
    public var applicationState: State { .active }
    /// Kept and read back; Flipbook's window never dims.
    public var isIdleTimerDisabled = false
    /// Kept and read back; there is no home screen to show it.
    public var applicationIconBadgeNumber = 0

    /// iOS opens `url` in another app; Flipbook has none to open it in: one line, and false.
    public func canOpenURL(_ url: URL) -> Bool { false }

    /// Reports that Flipbook cannot open `url` and calls `completion` with false.
    public func open(_ url: URL, options: [String: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        CAEngine.current.report("UIApplication.open(\(url.absoluteString)): Flipbook opens no other app (ignored)")
        completion?(false)
    }

    /// Called by `UIWindow`'s initializer.
    func register(_ window: UIWindow) {
        registered.removeAll { $0.window == nil }
        registered.append(WeakWindow(window: window))
    }

    /// `window` became key: the others stop being key, as only one window is key in UIKit.
    func windowDidBecomeKey(_ window: UIWindow) {
        for w in windows where w !== window && w.isKeyWindow { w.resignKey() }
    }
}
