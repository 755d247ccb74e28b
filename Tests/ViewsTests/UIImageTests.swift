import FlipbookResources
import Foundation
import Layers
import Raster
import RasterIO
import Testing
import Views

/// `UIImage(named:in:compatibleWith:)` and `UIFont(name:size:)` finding a package's own resources,
/// here a folder standing in for a target's `Bundle.module`.
struct UIImageTests {
    static func bundle(with files: [String: Int]) throws -> (Bundle, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString).resources")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, side) in files {
            let bmp = try #require(Bitmap(width: side, height: side))
            bmp.clear(Color(hex: 0xFFCC00).premultipliedPixel)
            let path = dir.appendingPathComponent(name).path
            if name.hasSuffix(".jpg") {
                try Data(JPEG.encodeForTests(bmp, quality: 90)).write(to: URL(fileURLWithPath: path))
            } else {
                try PNG.write(bmp, to: path)
            }
        }
        return (try #require(Bundle(path: dir.path)), dir)
    }

    @Test func anImageInAGivenBundleAtTheTraitsScale() throws {
        let (bundle, dir) = try Self.bundle(with: ["star.png": 8, "star@2x.png": 16, "badge.png": 4])
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.size == CGSize(width: 8, height: 8) && one.scale == 1)
        let two = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(two.scale == 2 && two.cgImage?.width == 16 && two.size == CGSize(width: 8, height: 8))
        #expect(UIImage(named: "badge", in: bundle, compatibleWith: UITraitCollection(displayScale: 2))?.scale == 1)
        #expect(UIImage(named: "badge.png", in: bundle, compatibleWith: nil)?.size == CGSize(width: 4, height: 4))
        #expect(UIImage(named: "missing", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "star") == nil)                 // not in the program's own places
    }

    /// A named image is decoded once while its file is unchanged (UIKit caches named images): the
    /// same pixels come back; a file written anew (an image edited while the playground runs)
    /// is read again; a folder or a missing file is no image.
    @Test func namedImagesAreDecodedOnceWhileTheirFileIsUnchanged() throws {
        let (bundle, dir) = try Self.bundle(with: ["tile.png": 6])
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try #require(UIImage(named: "tile", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        let again = try #require(UIImage(named: "tile", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(first !== again)                          // two UIImages, as on iOS…
        #expect(first.cgImage === again.cgImage)          // …of the one decoded image
        let bigger = try #require(Bitmap(width: 10, height: 10))
        bigger.clear(Color(hex: 0x3366FF).premultipliedPixel)
        try PNG.write(bigger, to: dir.appendingPathComponent("tile.png").path)
        let edited = try #require(UIImage(named: "tile", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(edited.cgImage !== first.cgImage && edited.size == CGSize(width: 10, height: 10))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        #expect(UIImage(named: "folder.png", in: bundle, compatibleWith: nil) == nil)
    }

    /// JPEGs are found as PNGs are, @2x and @3x included (the PNGs first), and read by RasterIO.
    @Test func jpegsAtEveryScale() throws {
        let (bundle, dir) = try Self.bundle(with: ["photo.jpg": 8, "photo@2x.jpg": 16, "both.png": 4, "both@2x.jpg": 12])
        defer { try? FileManager.default.removeItem(at: dir) }
        let two = try #require(UIImage(named: "photo", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(two.scale == 2 && two.cgImage?.width == 16)
        let one = try #require(UIImage(named: "photo", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.scale == 1 && one.cgImage?.width == 8)
        #expect(UIImage(named: "both", in: bundle, compatibleWith: UITraitCollection(displayScale: 2))?.cgImage?.width == 4) // PNG first
        #expect(UIImage(contentsOfFile: dir.appendingPathComponent("photo@2x.jpg").path)?.cgImage?.width == 16)
    }

    @Test func registeredFontsAreFoundByName() throws {
        let folder = try #require(FlipbookResources.fontsFolder)
        let name = "PackageFace\(UUID().uuidString.prefix(6))"
        let (bundle, dir) = try Self.bundle(with: [:])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: folder + "/DejaVuSansMono.ttf", toPath: dir.appendingPathComponent(name + ".ttf").path)
        #expect(UIFont(name: name, size: 20)?.face == .regular)  // not registered yet: the Sans fallback
        #expect(UIFont.registerFonts(in: bundle) == [name])
        let font = try #require(UIFont(name: name, size: 20))
        #expect(font.face == FontLibrary.Face(name: name))
        #expect(UIFont(name: "DejaVuSans-Bold", size: 12)?.face == .bold)
        #expect(UIFont(name: "HelveticaNeue-Bold", size: 12)?.face == .bold)
        #expect(UIFont(name: "", size: 12) == nil)
    }
}
