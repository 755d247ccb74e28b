import Foundation
import Layers

/// An image, as UIKit's `UIImage`: a `CGImage` with a scale (pixels per point).
///
/// `UIImage(named:)` looks for `NAME`, `NAME.png` and `NAME.jpg` in the current folder and in its
/// `Resources/` folder (there is no app bundle on Linux); `UIImage(named:in:compatibleWith:)` in a
/// bundle's resources (a package's `Bundle.module`); `init(contentsOfFile:)` takes a path.
open class UIImage {
    public let cgImage: CGImage?
    /// Pixels per point. Default: 1.
    public let scale: CGFloat

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    public convenience init?(contentsOfFile path: String) {
        guard let image = CGImage.load(contentsOfFile: path) else { return nil }
        self.init(cgImage: image)
    }

    public convenience init?(named name: String) {
        let fm = FileManager.default
        let folders = [fm.currentDirectoryPath, fm.currentDirectoryPath + "/Resources"]
        let names = [name, name + ".png", name + ".jpg"]
        for folder in folders {
            for n in names where fm.fileExists(atPath: folder + "/" + n) {
                if let image = CGImage.load(contentsOfFile: folder + "/" + n) { self.init(cgImage: image); return }
            }
        }
        return nil
    }

    /// The image `name` (`NAME`, `NAME.png` or `NAME.jpg`, a path below the bundle's resources
    /// allowed: "Cities/hanoi") in `bundle`'s resources, as UIKit's `init(named:in:compatibleWith:)`;
    /// a package's own pictures are in `Bundle.module`. A nil bundle searches as `init(named:)`.
    /// Trait collections do not exist in Flipbook: pass nil.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: AnyObject? = nil) {
        guard let bundle else { self.init(named: name); return }
        guard let folder = bundle.resourcePath else { return nil }
        for n in [name, name + ".png", name + ".jpg"] where FileManager.default.fileExists(atPath: folder + "/" + n) {
            if let image = CGImage.load(contentsOfFile: folder + "/" + n) { self.init(cgImage: image); return }
        }
        return nil
    }

    /// The size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }
}
