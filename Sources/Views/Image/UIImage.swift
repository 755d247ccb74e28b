import FlipbookResources
import Foundation
import Glibc
import Layers
import Raster
import RasterIO
import Synchronization

/// An image, as UIKit's `UIImage`: a `CGImage` with a scale (pixels per point).
///
/// `UIImage(named:)` finds images as an app's asset lookup does, in SwiftPM resource bundles (there
/// is no app bundle on Linux): see `init(named:in:compatibleWith:)`. `init(contentsOfFile:)` takes
/// a path. PNG and JPEG files load (RasterIO's decoders).
open class UIImage {
    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point: 2 for a `NAME@2x.png` or `NAME@2x.jpg`. Default: 1.
    public let scale: CGFloat
    /// How the pixels were stored (`init(cgImage:scale:orientation:)` has turned them upright). Default: `.up`.
    public internal(set) var imageOrientation = Orientation.up
    /// How the image is drawn: `.alwaysTemplate` is tinted by an image view. Default: `.automatic`.
    public internal(set) var renderingMode = RenderingMode.automatic
    /// The corners a resizable image keeps, in points. Default: zero.
    public internal(set) var capInsets = UIEdgeInsets.zero
    /// How a resizable image's middle fills. Default: `.stretch` (`.tile` after `resizableImage(withCapInsets:)`).
    public internal(set) var resizingMode = ResizingMode.stretch
    /// True for an image made by `resizableImage(withCapInsets:resizingMode:)`.
    var isResizable = false
    /// The SF Symbol's name for an image made by `init(systemName:)` (UIImage+Symbols.swift).
    var symbolName: String?
    /// The configuration a symbol image was made with (nil: the default, or not a symbol).
    public internal(set) var symbolConfiguration: SymbolConfiguration?
    /// True for an image made by `init(systemName:)`.
    public var isSymbolImage: Bool { symbolName != nil }

    /// An image of `cgImage`'s pixels at `scale` pixels per point (non-positive or non-finite: 1).
    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The image in the file at `path` (scale 1), or nil when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        guard let image = CGImage.load(contentsOfFile: path) else { return nil }
        self.init(cgImage: image)
    }

    /// The image called `name` in the program's own places: the main bundle (the folder of the
    /// program), Flipbook's resources, then the current folder and its `Resources/` folder.
    ///
    /// Your package's images are in its target's resource bundle: pass it,
    /// `UIImage(named: "star", in: .module, compatibleWith: nil)`.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image called `name` in `bundle` — a SwiftPM target's `Bundle.module` for the images you
    /// declare with `resources: [.process("Images")]` — or, when `bundle` is nil, in the places
    /// `init(named:)` searches.
    ///
    /// `name` may carry its extension; without one, the PNG for the traits' display scale N is
    /// preferred (`NAME@Nx.png`, or `NAME.png` at 1), then @3x, @2x and `NAME.png`, each giving an
    /// image of its scale, then the JPEGs in the same order (`NAME@Nx.jpg`, @3x, @2x, `NAME.jpg`), then
    /// `NAME.jpeg` and `NAME` itself. There are no asset catalogs: images are plain files.
    ///
    /// - Parameters:
    ///   - name: the image's file name, with or without its extension.
    ///   - bundle: where to look; nil: the places `init(named:)` searches.
    ///   - traitCollection: picks the scale. Default (nil): `UIScreen.main.scale`.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard !name.isEmpty else { return nil }
        let folders: [String]
        if let bundle {
            folders = [bundle.resourcePath ?? bundle.bundlePath]
        } else {
            let cwd = FileManager.default.currentDirectoryPath
            folders = [Bundle.main.resourcePath, FlipbookResources.bundle?.resourcePath, cwd, cwd + "/Resources"].compactMap { $0 }
        }
        let wanted = Int((traitCollection?.displayScale ?? UIScreen.main.scale).rounded())
        for folder in folders {
            for (file, scale) in Self.candidates(for: name, scale: wanted) {
                let path = folder + "/" + file
                guard let image = NamedImageCache.image(at: path) else { continue }
                self.init(cgImage: image, scale: CGFloat(scale))
                return
            }
        }
        return nil
    }

    /// File names to try for `name`, with the scale each gives.
    static func candidates(for name: String, scale: Int) -> [(String, Int)] {
        let ext = (name as NSString).pathExtension.lowercased()
        if ["png", "jpg", "jpeg"].contains(ext) { return [(name, 1)] }
        var scales: [Int] = []
        for s in [max(1, scale), 3, 2, 1] where !scales.contains(s) { scales.append(s) }
        return ["png", "jpg"].flatMap { ext in scales.map { ($0 == 1 ? "\(name).\(ext)" : "\(name)@\($0)x.\(ext)", $0) } }
            + [(name + ".jpeg", 1), (name, 1)]
    }

    /// The size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }
}

extension CGImage {
    /// Loads a PNG or JPEG file (RasterIO decodes both, by their bytes) into a premultiplied
    /// bitmap; nil when the file is missing or not an image (Flipbook's loader; Apple's goes
    /// through CGImageSource).
    public static func load(contentsOfFile path: String) -> CGImage? {
        (try? PNG.read(path)).map { CGImage(bitmap: $0) }
    }
}

/// The images `UIImage(named:)` has decoded, by file. UIKit keeps named images in a cache too
/// ("this method looks in the system caches for an image object with the specified name"), and code
/// makes the same image again for every cell it configures: the cities scene decoded each picture
/// again for each cell it made, and again in a replay (a fifth of a rebuilt window's start under
/// `watch`). An entry holds while its file's modification time and size stay the same, so an image
/// edited while the playground runs loads anew. Past `budget` bytes of pixels the cache starts over.
/// Shared by every engine in the process (parallel tests, time travel's replays): a loaded image is
/// never written to, and the table is behind a lock.
enum NamedImageCache {
    /// Bytes of pixels kept at most. 128 MB: about 16 full-screen images at 2560×1600.
    static let budget = 128 << 20

    private struct Entry {
        let image: CGImage
        let modified: timespec
        let size: Int
    }

    private static let table = Mutex<(entries: [String: Entry], bytes: Int)>(([:], 0))

    /// The image in the file at `path`, decoded once while the file is unchanged; nil when there is
    /// no such file or it is not an image.
    static func image(at path: String) -> CGImage? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        let modified = st.st_mtim, size = Int(st.st_size)
        let cached = table.withLock { t -> CGImage? in
            guard let e = t.entries[path], e.size == size, e.modified.tv_sec == modified.tv_sec,
                  e.modified.tv_nsec == modified.tv_nsec else { return nil }
            return e.image
        }
        if let cached { return cached }
        guard let image = CGImage.load(contentsOfFile: path) else { return nil }
        let bytes = image.width * image.height * 4
        table.withLock { t in
            if let old = t.entries[path] { t.bytes -= old.image.width * old.image.height * 4 }
            if t.bytes + bytes > budget { t = ([:], 0) }
            guard bytes <= budget else { return }
            t.entries[path] = Entry(image: image, modified: modified, size: size)
            t.bytes += bytes
        }
        return image
    }

    /// Forgets every image (tests).
    static func removeAll() { table.withLock { $0 = ([:], 0) } }
}
