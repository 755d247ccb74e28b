import Foundation
import Layers

/// The traits an interface is shown with, as UIKit's `UITraitCollection`; Flipbook keeps only the
/// display scale, the one trait that picks a resource (`UIImage(named:in:compatibleWith:)`).
public final class UITraitCollection {
    /// Pixels per point. Default: `UIScreen.main.scale`.
    public let displayScale: CGFloat

    /// Traits with `displayScale` pixels per point.
    public init(displayScale: CGFloat) { self.displayScale = displayScale }

    /// The traits of the main screen.
    public static var current: UITraitCollection { UITraitCollection(displayScale: UIScreen.main.scale) }
}
