import Foundation
import Layers

/// UIKit's fixed colours and its adaptive system colours by their names.
///
/// The system and semantic colours are dynamic: each has iOS's light and dark values (sRGB, from
/// Apple's Human Interface Guidelines colour tables, default contrast) and resolves per appearance
/// (UITraitCollection.swift). Each is one object, so `==` between two reads of the same colour holds.
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

    // System and semantic colours: one dynamic object each, light and dark sRGB values.
    /// UIKit's `systemRed`. Light (255, 59, 48), dark (255, 69, 58).
    public static var systemRed: UIColor { Named.systemRed }
    /// UIKit's `systemOrange`. Light (255, 149, 0), dark (255, 159, 10).
    public static var systemOrange: UIColor { Named.systemOrange }
    /// UIKit's `systemYellow`. Light (255, 204, 0), dark (255, 214, 10).
    public static var systemYellow: UIColor { Named.systemYellow }
    /// UIKit's `systemGreen`. Light (52, 199, 89), dark (48, 209, 88).
    public static var systemGreen: UIColor { Named.systemGreen }
    /// UIKit's `systemMint`. Light (0, 199, 190), dark (99, 230, 226).
    public static var systemMint: UIColor { Named.systemMint }
    /// UIKit's `systemTeal`. Light (48, 176, 199), dark (64, 200, 224).
    public static var systemTeal: UIColor { Named.systemTeal }
    /// UIKit's `systemCyan`. Light (50, 173, 230), dark (100, 210, 255).
    public static var systemCyan: UIColor { Named.systemCyan }
    /// UIKit's `systemBlue`. Light (0, 122, 255), dark (10, 132, 255).
    public static var systemBlue: UIColor { Named.systemBlue }
    /// UIKit's `systemIndigo`. Light (88, 86, 214), dark (94, 92, 230).
    public static var systemIndigo: UIColor { Named.systemIndigo }
    /// UIKit's `systemPurple`. Light (175, 82, 222), dark (191, 90, 242).
    public static var systemPurple: UIColor { Named.systemPurple }
    /// UIKit's `systemPink`. Light (255, 45, 85), dark (255, 55, 95).
    public static var systemPink: UIColor { Named.systemPink }
    /// UIKit's `systemBrown`. Light (162, 132, 94), dark (172, 142, 104).
    public static var systemBrown: UIColor { Named.systemBrown }
    /// UIKit's `systemGray`. Light (142, 142, 147), dark (142, 142, 147).
    public static var systemGray: UIColor { Named.systemGray }
    /// UIKit's `systemGray2`. Light (174, 174, 178), dark (99, 99, 102).
    public static var systemGray2: UIColor { Named.systemGray2 }
    /// UIKit's `systemGray3`. Light (199, 199, 204), dark (72, 72, 74).
    public static var systemGray3: UIColor { Named.systemGray3 }
    /// UIKit's `systemGray4`. Light (209, 209, 214), dark (58, 58, 60).
    public static var systemGray4: UIColor { Named.systemGray4 }
    /// UIKit's `systemGray5`. Light (229, 229, 234), dark (44, 44, 46).
    public static var systemGray5: UIColor { Named.systemGray5 }
    /// UIKit's `systemGray6`. Light (242, 242, 247), dark (28, 28, 30).
    public static var systemGray6: UIColor { Named.systemGray6 }
    /// Text: black in light mode, white in dark. Light (0, 0, 0), dark (255, 255, 255).
    public static var label: UIColor { Named.label }
    /// Secondary text. Light (60, 60, 67) at alpha 0.6, dark (235, 235, 245) at alpha 0.6.
    public static var secondaryLabel: UIColor { Named.secondaryLabel }
    /// Tertiary text. Light (60, 60, 67) at alpha 0.3, dark (235, 235, 245) at alpha 0.3.
    public static var tertiaryLabel: UIColor { Named.tertiaryLabel }
    /// Quaternary text. Light (60, 60, 67) at alpha 0.18, dark (235, 235, 245) at alpha 0.16.
    public static var quaternaryLabel: UIColor { Named.quaternaryLabel }
    /// A text field's placeholder. Light (60, 60, 67) at alpha 0.3, dark (235, 235, 245) at alpha 0.3.
    public static var placeholderText: UIColor { Named.placeholderText }
    /// A screen's background. Light (255, 255, 255), dark (0, 0, 0).
    public static var systemBackground: UIColor { Named.systemBackground }
    /// Content layered on `systemBackground`. Light (242, 242, 247), dark (28, 28, 30).
    public static var secondarySystemBackground: UIColor { Named.secondarySystemBackground }
    /// Content layered on `secondarySystemBackground`. Light (255, 255, 255), dark (44, 44, 46).
    public static var tertiarySystemBackground: UIColor { Named.tertiarySystemBackground }
    /// A grouped list's background. Light (242, 242, 247), dark (0, 0, 0).
    public static var systemGroupedBackground: UIColor { Named.systemGroupedBackground }
    /// Content (a grouped list's cells) on `systemGroupedBackground`. Light (255, 255, 255), dark (28, 28, 30).
    public static var secondarySystemGroupedBackground: UIColor { Named.secondarySystemGroupedBackground }
    /// Content layered on `secondarySystemGroupedBackground`. Light (242, 242, 247), dark (44, 44, 46).
    public static var tertiarySystemGroupedBackground: UIColor { Named.tertiarySystemGroupedBackground }
    /// Thin lines that let what is below show through. Light (60, 60, 67) at alpha 0.29, dark (84, 84, 88) at alpha 0.6.
    public static var separator: UIColor { Named.separator }
    /// Thin lines that hide what is below. Light (198, 198, 200), dark (56, 56, 58).
    public static var opaqueSeparator: UIColor { Named.opaqueSeparator }
    /// Fill for thin and small shapes (a slider's track past the thumb). Light (120, 120, 128) at alpha 0.2, dark (120, 120, 128) at alpha 0.36.
    public static var systemFill: UIColor { Named.systemFill }
    /// Fill for medium-size shapes (a switch's track when off). Light (120, 120, 128) at alpha 0.16, dark (120, 120, 128) at alpha 0.32.
    public static var secondarySystemFill: UIColor { Named.secondarySystemFill }
    /// Fill for large shapes (a search field). Light (118, 118, 128) at alpha 0.12, dark (118, 118, 128) at alpha 0.24.
    public static var tertiarySystemFill: UIColor { Named.tertiarySystemFill }
    /// Fill for large areas with complex content. Light (116, 116, 128) at alpha 0.08, dark (118, 118, 128) at alpha 0.18.
    public static var quaternarySystemFill: UIColor { Named.quaternarySystemFill }
    /// Links. Light (0, 122, 255), dark (9, 132, 255).
    public static var link: UIColor { Named.link }
    /// The app's tint (`systemBlue`).
    public static var tintColor: UIColor { systemBlue }

    /// A dynamic colour with sRGB 0…255 components per appearance.
    private static func adaptive(_ light: (CGFloat, CGFloat, CGFloat, CGFloat), _ dark: (CGFloat, CGFloat, CGFloat, CGFloat)) -> UIColor {
        adaptive(rgb255(light.0, light.1, light.2, light.3), rgb255(dark.0, dark.1, dark.2, dark.3))
    }
    /// A dynamic colour that is `light` except in the dark appearance (the system colours here;
    /// Views' own parts — alert cards, table headers — too). The white and black system colours
    /// stay greys, the values they had before Flipbook had a dark appearance.
    static func adaptive(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// The named dynamic colours, made once (immutable after that, so shared by every engine).
    private enum Named {
        static let systemRed = adaptive((255, 59, 48, 1), (255, 69, 58, 1))
        static let systemOrange = adaptive((255, 149, 0, 1), (255, 159, 10, 1))
        static let systemYellow = adaptive((255, 204, 0, 1), (255, 214, 10, 1))
        static let systemGreen = adaptive((52, 199, 89, 1), (48, 209, 88, 1))
        static let systemMint = adaptive((0, 199, 190, 1), (99, 230, 226, 1))
        static let systemTeal = adaptive((48, 176, 199, 1), (64, 200, 224, 1))
        static let systemCyan = adaptive((50, 173, 230, 1), (100, 210, 255, 1))
        static let systemBlue = adaptive((0, 122, 255, 1), (10, 132, 255, 1))
        static let systemIndigo = adaptive((88, 86, 214, 1), (94, 92, 230, 1))
        static let systemPurple = adaptive((175, 82, 222, 1), (191, 90, 242, 1))
        static let systemPink = adaptive((255, 45, 85, 1), (255, 55, 95, 1))
        static let systemBrown = adaptive((162, 132, 94, 1), (172, 142, 104, 1))
        static let systemGray = adaptive((142, 142, 147, 1), (142, 142, 147, 1))
        static let systemGray2 = adaptive((174, 174, 178, 1), (99, 99, 102, 1))
        static let systemGray3 = adaptive((199, 199, 204, 1), (72, 72, 74, 1))
        static let systemGray4 = adaptive((209, 209, 214, 1), (58, 58, 60, 1))
        static let systemGray5 = adaptive((229, 229, 234, 1), (44, 44, 46, 1))
        static let systemGray6 = adaptive((242, 242, 247, 1), (28, 28, 30, 1))
        static let label = adaptive(UIColor(white: 0, alpha: 1), UIColor(white: 1, alpha: 1))
        static let secondaryLabel = adaptive((60, 60, 67, 0.6), (235, 235, 245, 0.6))
        static let tertiaryLabel = adaptive((60, 60, 67, 0.3), (235, 235, 245, 0.3))
        static let quaternaryLabel = adaptive((60, 60, 67, 0.18), (235, 235, 245, 0.16))
        static let placeholderText = adaptive((60, 60, 67, 0.3), (235, 235, 245, 0.3))
        static let systemBackground = adaptive(UIColor(white: 1, alpha: 1), UIColor(white: 0, alpha: 1))
        static let secondarySystemBackground = adaptive((242, 242, 247, 1), (28, 28, 30, 1))
        static let tertiarySystemBackground = adaptive(UIColor(white: 1, alpha: 1), rgb255(44, 44, 46))
        static let systemGroupedBackground = adaptive((242, 242, 247, 1), (0, 0, 0, 1))
        static let secondarySystemGroupedBackground = adaptive((255, 255, 255, 1), (28, 28, 30, 1))
        static let tertiarySystemGroupedBackground = adaptive((242, 242, 247, 1), (44, 44, 46, 1))
        static let separator = adaptive((60, 60, 67, 0.29), (84, 84, 88, 0.6))
        static let opaqueSeparator = adaptive((198, 198, 200, 1), (56, 56, 58, 1))
        static let systemFill = adaptive((120, 120, 128, 0.2), (120, 120, 128, 0.36))
        static let secondarySystemFill = adaptive((120, 120, 128, 0.16), (120, 120, 128, 0.32))
        static let tertiarySystemFill = adaptive((118, 118, 128, 0.12), (118, 118, 128, 0.24))
        static let quaternarySystemFill = adaptive((116, 116, 128, 0.08), (118, 118, 128, 0.18))
        static let link = adaptive((0, 122, 255, 1), (9, 132, 255, 1))
    }
}
