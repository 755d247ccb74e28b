import Foundation
import Layers
import RasterIO

/// A font: a face name and a point size, as UIKit's `UIFont`, mapped onto the DejaVu faces.
///
/// Flipbook draws text through `CATextLayer`, whose `font` takes a face name: weights of semibold
/// and heavier use DejaVu Sans Bold, lighter ones DejaVu Sans; monospaced and monospaced-digit
/// fonts use DejaVu Sans Mono (its letters are monospaced too — a documented difference).
open class UIFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The face name `CATextLayer.font` understands: "DejaVuSans", "DejaVuSans-Bold" or "DejaVuSansMono".
    public let fontName: String
    /// The size in points. Non-finite or negative sizes become the system size, 17.
    public let pointSize: CGFloat

    /// The font called `fontName`: a bundled DejaVu face ("DejaVuSans", "DejaVuSans-Bold",
    /// "DejaVuSansMono") or a font registered with `registerFonts(in:)` / `register(contentsOf:)`.
    ///
    /// A difference from UIKit, kept so ported code does not stop at a force unwrap: a name
    /// Flipbook does not have (an iOS system font, "HelveticaNeue-Bold") is not nil but draws in the
    /// DejaVu face its name suggests — "Mono" in it gives Mono, "Bold" Bold, anything else Sans.
    /// Nil only for an empty name. Sizes that are not finite or negative become 17.
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.fontName = fontName
        pointSize = Self.safe(fontSize)
    }
    init(face: String, size: CGFloat) { fontName = face; pointSize = Self.safe(size) }

    /// Registers every font file (`.ttf`, `.otf`) at the top of `bundle` — your target's
    /// `Bundle.module` with `resources: [.process("Fonts")]` — so `UIFont(name:size:)` finds it by
    /// its file name without the extension (`Chewy-Regular.ttf` → "Chewy-Regular"). iOS registers
    /// an app's fonts from its Info.plist (`UIAppFonts`) and names them by PostScript name; here
    /// the file's name is the font's. Returns the names registered.
    @discardableResult
    public static func registerFonts(in bundle: Bundle) -> [String] {
        let folder = bundle.resourcePath ?? bundle.bundlePath
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return files.filter { ["ttf", "otf"].contains(($0 as NSString).pathExtension.lowercased()) }.compactMap { file in
            try? register(contentsOf: URL(fileURLWithPath: folder + "/" + file))
        }
    }

    /// Registers one font file, as `CTFontManagerRegisterFontsForURL` does; returns its name (the
    /// file's name without the extension), the one `UIFont(name:size:)` takes.
    /// - Throws: when the file is not a font FreeType can open.
    @discardableResult
    public static func register(contentsOf url: URL) throws -> String {
        try FontLibrary.shared.register(contentsOf: url).name
    }

    /// UIKit's font weights (the same raw values).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight on UIKit's scale, −1 (lightest) … 1 (heaviest).
        public let rawValue: CGFloat
        /// A weight on UIKit's scale (−1…1).
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight on UIKit's scale (−1…1), unlabelled.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// The lighter weights: drawn in DejaVu Sans.
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        /// The heavier weights: semibold and above are drawn in DejaVu Sans Bold.
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)
    }

    /// The system font (DejaVu Sans; Bold from `.semibold` up). Default weight: regular.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(face: weight.rawValue >= Weight.semibold.rawValue ? "DejaVuSans-Bold" : "DejaVuSans", size: fontSize)
    }
    /// The bold system font (DejaVu Sans Bold).
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The regular system font: no oblique DejaVu face is loaded (a documented difference).
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize) }
    /// Digits of equal width, for counters and timers (DejaVu Sans Mono).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: "DejaVuSansMono", size: fontSize)
    }
    /// A monospaced font (DejaVu Sans Mono, whatever the weight).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: "DejaVuSansMono", size: fontSize)
    }
    /// UIKit's default label size.
    open class var labelFontSize: CGFloat { 17 }
    /// UIKit's standard system font size: 14.
    open class var systemFontSize: CGFloat { 14 }
    /// UIKit's standard button font size: 18.
    open class var buttonFontSize: CGFloat { 18 }

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(face: fontName, size: fontSize) }

    /// The DejaVu face the renderer uses for this font.
    public var face: FontLibrary.Face { FontLibrary.face(for: fontName) }

    /// The height of one line, in points (from the font's metrics at scale 1).
    open var lineHeight: CGFloat {
        let px = max(1, Int(saturating: Double(pointSize), rounding: .toNearestOrAwayFromZero))
        let h = FontLibrary.shared.measure("", face: face, pixelSize: px).height
        return h > 0 ? CGFloat(h) : pointSize * 1.2
    }

    /// The distance from a line's top to its baseline, in points: DejaVu's ascent (1901 of the
    /// 2384 font units of its line) of `lineHeight`. Flipbook does not read each font's own ascent;
    /// a registered font is taken to share DejaVu's proportions.
    open var ascender: CGFloat { lineHeight * 1901 / 2384 }

    /// The size of one line of `text` in points.
    func size(of text: String) -> CGSize {
        let px = max(1, Int(saturating: Double(pointSize), rounding: .toNearestOrAwayFromZero))
        let m = FontLibrary.shared.measure(text, face: face, pixelSize: px)
        return CGSize(width: CGFloat(m.width), height: m.height > 0 ? CGFloat(m.height) : lineHeight)
    }

    /// Equal when the face name and the point size are equal.
    public static func == (a: UIFont, b: UIFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    /// Hashes the face name and point size, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(fontName); h.combine(pointSize) }
    /// `UIFont(face, size)`, for logs and test failures.
    public var description: String { "UIFont(\(fontName), \(pointSize))" }

    private static func safe(_ s: CGFloat) -> CGFloat { s.isFinite && s >= 0 ? s : 17 }
}
