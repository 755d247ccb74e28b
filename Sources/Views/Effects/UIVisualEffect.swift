import Foundation
import Layers

/// An effect a `UIVisualEffectView` applies to what lies behind it (UIKit's `UIVisualEffect`).
open class UIVisualEffect: NSObject, @unchecked Sendable {
    /// The backdrop values the effect view's layer takes (blur radius, tint, saturation, vibrancy).
    var backdrop: CABackdropLayer.Values { CABackdropLayer.Values() }
}

/// A blur of the backdrop in one of the system's styles (UIKit's `UIBlurEffect`).
///
/// Each style is a blur radius, a saturation boost and a tint laid over the blur. Apple publishes
/// none of these numbers; Flipbook's are chosen to look like iOS's styles in light appearance
/// (the plain `.regular`, `.prominent` and `.system…Material` styles follow light mode; the
/// `…Dark` materials and `.dark` are dark): radius 30 points (20 for `.dark` and `.extraLight`,
/// as CABackdropLayer's well-known inputRadius values), saturation 1.8, and the tints in
/// `UIBlurEffect.Style.parameters`.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// The system's blur styles.
    public enum Style: Int, Sendable, CaseIterable {
        /// Nearly white: white 97% at 78% over the blur.
        case extraLight
        /// Light: white at 30%.
        case light
        /// Dark: grey 11% at 73%.
        case dark
        /// Follows the appearance (light here): as `.light`.
        case regular = 4
        /// Follows the appearance, more opaque: white at 55%.
        case prominent = 5
        /// Materials, thinnest to thickest, following the appearance (light here).
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        /// Light materials: white at 20, 35, 50, 65 and 75% (chrome: grey 97%).
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        /// Dark materials: grey 10% at 25, 40, 55, 70 and 80% (chrome: grey 20%).
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

        /// The blur radius in points, the tint and the saturation of the style.
        public var parameters: (radius: CGFloat, tint: CGColor, saturation: CGFloat) {
            func light(_ a: CGFloat, gray: CGFloat = 1) -> (CGFloat, CGColor, CGFloat) { (30, CGColor(gray: gray, alpha: a), 1.8) }
            func dark(_ a: CGFloat, gray: CGFloat = 0.1) -> (CGFloat, CGColor, CGFloat) { (30, CGColor(gray: gray, alpha: a), 1.8) }
            switch self {
            case .extraLight: return (20, CGColor(gray: 0.97, alpha: 0.78), 1.8)
            case .light, .regular: return light(0.3)
            case .dark: return (20, CGColor(gray: 0.11, alpha: 0.73), 1.8)
            case .prominent: return light(0.55)
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return light(0.2)
            case .systemThinMaterial, .systemThinMaterialLight: return light(0.35)
            case .systemMaterial, .systemMaterialLight: return light(0.5)
            case .systemThickMaterial, .systemThickMaterialLight: return light(0.65)
            case .systemChromeMaterial, .systemChromeMaterialLight: return light(0.75, gray: 0.97)
            case .systemUltraThinMaterialDark: return dark(0.25)
            case .systemThinMaterialDark: return dark(0.4)
            case .systemMaterialDark: return dark(0.55)
            case .systemThickMaterialDark: return dark(0.7)
            case .systemChromeMaterialDark: return dark(0.8, gray: 0.2)
            }
        }

        /// True for the styles whose tint is dark (vibrancy over them is light).
        var isDark: Bool {
            switch self {
            case .dark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
                 .systemChromeMaterialDark: return true
            default: return false
            }
        }
    }

    /// The style.
    public let style: Style
    /// A blur of `style`.
    public init(style: Style) { self.style = style }

    override var backdrop: CABackdropLayer.Values {
        var v = CABackdropLayer.Values()
        (v.blurRadius, v.tintColor, v.saturation) = style.parameters
        return v
    }
}

/// Vibrancy: content shown as the blurred backdrop, brightened or darkened, in the content's shape
/// (UIKit's `UIVibrancyEffect`), inside a `UIVisualEffectView` over a blur of the same style.
///
/// Flipbook's reading: the vibrancy view's content is not drawn as it is; where it draws (in its
/// alpha) the backdrop shows, blurred as by the blur effect, with a tint that lifts it off the
/// blur — white at 45% over dark styles, black at 30% over light ones — and saturation 2. Apple's
/// vibrancy is a private filter; this keeps its look (the content takes the colours behind it).
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur the vibrancy sits on.
    public let blurEffect: UIBlurEffect
    /// Vibrancy for content over `blurEffect`.
    public init(blurEffect: UIBlurEffect) { self.blurEffect = blurEffect }

    override var backdrop: CABackdropLayer.Values {
        var v = CABackdropLayer.Values()
        v.blurRadius = blurEffect.style.parameters.radius
        v.tintColor = blurEffect.style.isDark ? CGColor(gray: 1, alpha: 0.45) : CGColor(gray: 0, alpha: 0.3)
        v.saturation = 2
        v.masksBackdropToSublayers = true
        return v
    }
}
