import Foundation
import Layers

/// UIKit's fixed colours and its adaptive system colours (light-mode values, sRGB), by their names.
///
/// Flipbook has no dark mode: every system colour is its iOS light-appearance value.
extension UIColor {
    private static func rgb255(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    // Fixed colours (UIKit's class properties).
    /// White 0, alpha 1, as UIKit's `black`.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// White 1.0 / 3.0, alpha 1, as UIKit's `darkGray`.
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// White 2.0 / 3.0, alpha 1, as UIKit's `lightGray`.
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// White 1, alpha 1, as UIKit's `white`.
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// White 0.5, alpha 1, as UIKit's `gray`.
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Red 1, green 0, blue 0, as UIKit's `red`.
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Red 0, green 1, blue 0, as UIKit's `green`.
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Red 0, green 0, blue 1, as UIKit's `blue`.
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Red 0, green 1, blue 1, as UIKit's `cyan`.
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// Red 1, green 1, blue 0, as UIKit's `yellow`.
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// Red 1, green 0, blue 1, as UIKit's `magenta`.
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// Red 1, green 0.5, blue 0, as UIKit's `orange`.
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// Red 0.5, green 0, blue 0.5, as UIKit's `purple`.
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// Red 0.6, green 0.4, blue 0.2, as UIKit's `brown`.
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// White 0, alpha 0, as UIKit's `clear`.
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // System colours, iOS light appearance.
    /// UIKit's `systemRed` in light mode: sRGB (255, 59, 48).
    public static var systemRed: UIColor { rgb255(255, 59, 48) }
    /// UIKit's `systemOrange` in light mode: sRGB (255, 149, 0).
    public static var systemOrange: UIColor { rgb255(255, 149, 0) }
    /// UIKit's `systemYellow` in light mode: sRGB (255, 204, 0).
    public static var systemYellow: UIColor { rgb255(255, 204, 0) }
    /// UIKit's `systemGreen` in light mode: sRGB (52, 199, 89).
    public static var systemGreen: UIColor { rgb255(52, 199, 89) }
    /// UIKit's `systemMint` in light mode: sRGB (0, 199, 190).
    public static var systemMint: UIColor { rgb255(0, 199, 190) }
    /// UIKit's `systemTeal` in light mode: sRGB (48, 176, 199).
    public static var systemTeal: UIColor { rgb255(48, 176, 199) }
    /// UIKit's `systemCyan` in light mode: sRGB (50, 173, 230).
    public static var systemCyan: UIColor { rgb255(50, 173, 230) }
    /// UIKit's `systemBlue` in light mode: sRGB (0, 122, 255).
    public static var systemBlue: UIColor { rgb255(0, 122, 255) }
    /// UIKit's `systemIndigo` in light mode: sRGB (88, 86, 214).
    public static var systemIndigo: UIColor { rgb255(88, 86, 214) }
    /// UIKit's `systemPurple` in light mode: sRGB (175, 82, 222).
    public static var systemPurple: UIColor { rgb255(175, 82, 222) }
    /// UIKit's `systemPink` in light mode: sRGB (255, 45, 85).
    public static var systemPink: UIColor { rgb255(255, 45, 85) }
    /// UIKit's `systemBrown` in light mode: sRGB (162, 132, 94).
    public static var systemBrown: UIColor { rgb255(162, 132, 94) }
    /// UIKit's `systemGray` in light mode: sRGB (142, 142, 147).
    public static var systemGray: UIColor { rgb255(142, 142, 147) }
    /// UIKit's `systemGray2` in light mode: sRGB (174, 174, 178).
    public static var systemGray2: UIColor { rgb255(174, 174, 178) }
    /// UIKit's `systemGray3` in light mode: sRGB (199, 199, 204).
    public static var systemGray3: UIColor { rgb255(199, 199, 204) }
    /// UIKit's `systemGray4` in light mode: sRGB (209, 209, 214).
    public static var systemGray4: UIColor { rgb255(209, 209, 214) }
    /// UIKit's `systemGray5` in light mode: sRGB (229, 229, 234).
    public static var systemGray5: UIColor { rgb255(229, 229, 234) }
    /// UIKit's `systemGray6` in light mode: sRGB (242, 242, 247).
    public static var systemGray6: UIColor { rgb255(242, 242, 247) }

    // Semantic colours, iOS light appearance.
    /// UIKit's `label` in light mode: `.black`.
    public static var label: UIColor { .black }
    /// UIKit's `secondaryLabel` in light mode: sRGB (60, 60, 67) at alpha 0.6.
    public static var secondaryLabel: UIColor { rgb255(60, 60, 67, 0.6) }
    /// UIKit's `tertiaryLabel` in light mode: sRGB (60, 60, 67) at alpha 0.3.
    public static var tertiaryLabel: UIColor { rgb255(60, 60, 67, 0.3) }
    /// UIKit's `systemBackground` in light mode: `.white`.
    public static var systemBackground: UIColor { .white }
    /// UIKit's `secondarySystemBackground` in light mode: sRGB (242, 242, 247).
    public static var secondarySystemBackground: UIColor { rgb255(242, 242, 247) }
    /// UIKit's `tertiarySystemBackground` in light mode: `.white`.
    public static var tertiarySystemBackground: UIColor { .white }
    /// UIKit's `separator` in light mode: sRGB (60, 60, 67) at alpha 0.29.
    public static var separator: UIColor { rgb255(60, 60, 67, 0.29) }
    /// Fill for thin and small shapes (a slider's track past the thumb).
    public static var systemFill: UIColor { rgb255(120, 120, 128, 0.2) }
    /// Fill for medium-size shapes (a switch's track when off).
    public static var secondarySystemFill: UIColor { rgb255(120, 120, 128, 0.16) }
    /// UIKit's `link` in light mode: sRGB (0, 122, 255).
    public static var link: UIColor { rgb255(0, 122, 255) }
    /// UIKit's `tintColor` in light mode: `systemBlue`.
    public static var tintColor: UIColor { systemBlue }
}
