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
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // System colours, iOS light appearance.
    public static var systemRed: UIColor { rgb255(255, 59, 48) }
    public static var systemOrange: UIColor { rgb255(255, 149, 0) }
    public static var systemYellow: UIColor { rgb255(255, 204, 0) }
    public static var systemGreen: UIColor { rgb255(52, 199, 89) }
    public static var systemMint: UIColor { rgb255(0, 199, 190) }
    public static var systemTeal: UIColor { rgb255(48, 176, 199) }
    public static var systemCyan: UIColor { rgb255(50, 173, 230) }
    public static var systemBlue: UIColor { rgb255(0, 122, 255) }
    public static var systemIndigo: UIColor { rgb255(88, 86, 214) }
    public static var systemPurple: UIColor { rgb255(175, 82, 222) }
    public static var systemPink: UIColor { rgb255(255, 45, 85) }
    public static var systemBrown: UIColor { rgb255(162, 132, 94) }
    public static var systemGray: UIColor { rgb255(142, 142, 147) }
    public static var systemGray2: UIColor { rgb255(174, 174, 178) }
    public static var systemGray3: UIColor { rgb255(199, 199, 204) }
    public static var systemGray4: UIColor { rgb255(209, 209, 214) }
    public static var systemGray5: UIColor { rgb255(229, 229, 234) }
    public static var systemGray6: UIColor { rgb255(242, 242, 247) }

    // Semantic colours, iOS light appearance.
    public static var label: UIColor { .black }
    public static var secondaryLabel: UIColor { rgb255(60, 60, 67, 0.6) }
    public static var tertiaryLabel: UIColor { rgb255(60, 60, 67, 0.3) }
    public static var systemBackground: UIColor { .white }
    public static var secondarySystemBackground: UIColor { rgb255(242, 242, 247) }
    public static var tertiarySystemBackground: UIColor { .white }
    public static var separator: UIColor { rgb255(60, 60, 67, 0.29) }
    /// Fill for thin and small shapes (a slider's track past the thumb).
    public static var systemFill: UIColor { rgb255(120, 120, 128, 0.2) }
    /// Fill for medium-size shapes (a switch's track when off).
    public static var secondarySystemFill: UIColor { rgb255(120, 120, 128, 0.16) }
    public static var link: UIColor { rgb255(0, 122, 255) }
    public static var tintColor: UIColor { systemBlue }
}
