import Foundation

/// Flipbook's bundled files — this folder, Resources/, as SwiftPM resources (see README.md here).
///
/// Found through `Bundle.module`, which SwiftPM makes for this target. Its generated accessor
/// stops the program when the bundle folder is not where the build put it (an executable copied
/// elsewhere without its `…_FlipbookResources.resources` folder): `bundle` asks it only when that
/// folder is beside the program, and is nil otherwise, so callers fall back instead of trapping.
public enum FlipbookResources {
    /// The resource bundle, or nil when its folder is not beside the running program.
    public static let bundle: Bundle? = {
        let dir = Bundle.main.bundleURL
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        guard entries.contains(where: { $0.hasSuffix("_FlipbookResources.resources") || $0.hasSuffix("_FlipbookResources.bundle") }) else {
            return nil
        }
        return Bundle.module
    }()

    /// The folder holding the bundled fonts (DejaVu Sans, Sans Bold, Sans Mono and their licence),
    /// or nil when the bundle is not found.
    public static var fontsFolder: String? {
        bundle?.url(forResource: "Fonts", withExtension: nil)?.path
    }
}
