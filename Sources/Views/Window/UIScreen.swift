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
}
