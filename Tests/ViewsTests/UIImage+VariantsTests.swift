import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// Images from and to bytes, orientation, cropping, template and resizable images
/// (Views/Image/UIImage+Variants.swift, UIImage+Drawing.swift, UIImageView.swift).
@Suite(.isolatedEngine) struct UIImageVariantsTests {
    static func picture() -> Bitmap {
        let b = Bitmap(width: 3, height: 2)!
        for y in 0..<2 { for x in 0..<3 { b[x, y] = Pixel.pack(r: UInt32(40 * x + 10), g: UInt32(100 * y + 20), b: 200, a: 255) } }
        return b
    }
    static func same(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && (0..<a.height).allSatisfy { y in (0..<a.width).allSatisfy { a[$0, y] == b[$0, y] } }
    }

    @Test func pngRoundTripIsExact() throws {
        let image = UIImage(cgImage: CGImage(bitmap: Self.picture()), scale: 2)
        let data = try #require(image.pngData())
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let back = try #require(UIImage(data: data, scale: 2))
        #expect(Self.same(try #require(back.cgImage?.bitmap), Self.picture()) && back.size == CGSize(width: 1.5, height: 1))
        // Through a file too.
        let path = NSTemporaryDirectory() + "/flipbook-uiimage-\(UUID().uuidString).png"
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Self.same(try #require(UIImage(contentsOfFile: path)?.cgImage?.bitmap), Self.picture()))
    }

    @Test func jpegRoundTripIsClose() throws {
        let big = Bitmap(width: 16, height: 16)!
        big.clear(Pixel.pack(r: 200, g: 60, b: 30, a: 255))
        let data = try #require(UIImage(cgImage: CGImage(bitmap: big)).jpegData(compressionQuality: 0.9))
        #expect(data.prefix(2) == Data([0xFF, 0xD8]))
        let back = try #require(UIImage(data: data)?.cgImage?.bitmap)
        let p = back[8, 8]
        #expect(abs(Int(Pixel.r(p)) - 200) <= 4 && abs(Int(Pixel.g(p)) - 60) <= 4 && abs(Int(Pixel.b(p)) - 30) <= 4 && Pixel.a(p) == 255)
        #expect(UIImage(data: Data([1, 2, 3])) == nil && UIImage(data: Data()) == nil)
    }

    /// `.right`: shown turned a quarter turn clockwise, so the stored top-left goes top-right.
    @Test func orientationTurnsThePixels() throws {
        let src = CGImage(bitmap: Self.picture())
        let right = UIImage(cgImage: src, scale: 1, orientation: .right)
        let b = try #require(right.cgImage?.bitmap)
        #expect(right.size == CGSize(width: 2, height: 3) && right.imageOrientation == .right)
        #expect(b[1, 0] == Self.picture()[0, 0] && b[0, 0] == Self.picture()[0, 1] && b[0, 2] == Self.picture()[2, 1])
        let left = try #require(UIImage(cgImage: src, scale: 1, orientation: .left).cgImage?.bitmap)
        #expect(left[0, 2] == Self.picture()[0, 0])
        let down = try #require(UIImage(cgImage: src, scale: 1, orientation: .down).cgImage?.bitmap)
        #expect(down[2, 1] == Self.picture()[0, 0])
        let mirrored = try #require(UIImage(cgImage: src, scale: 1, orientation: .upMirrored).cgImage?.bitmap)
        #expect(mirrored[2, 0] == Self.picture()[0, 0])
    }

    @Test func croppingCutsToTheImage() throws {
        let src = CGImage(bitmap: Self.picture())
        let c = try #require(src.cropping(to: CGRect(x: 1, y: 1, width: 5, height: 5)))
        #expect(c.width == 2 && c.height == 1 && c.bitmap[0, 0] == Self.picture()[1, 1])
        #expect(src.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(src.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
        #expect(src.bytesPerRow == 12 && src.bitsPerComponent == 8)
    }

    /// A template image in an image view shows its alpha in the tint colour.
    @Test func templateImagesTakeTheTint() throws {
        let mask = Bitmap(width: 2, height: 1)!
        mask[0, 0] = Pixel.pack(r: 10, g: 20, b: 30, a: 255)
        mask[1, 0] = Pixel.pack(r: 5, g: 5, b: 5, a: 128)
        let view = UIImageView(image: UIImage(cgImage: CGImage(bitmap: mask)).withRenderingMode(.alwaysTemplate))
        view.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let shown = try #require(view.layer.contents as? CGImage)
        #expect(shown.bitmap[0, 0] == Pixel.pack(r: 0, g: 255, b: 0, a: 255) && shown.bitmap[1, 0] == Pixel.pack(r: 0, g: 128, b: 0, a: 128))
        view.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect((view.layer.contents as? CGImage)?.bitmap[0, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        // An original image is shown as it is, shared.
        let plain = UIImage(cgImage: CGImage(bitmap: mask))
        view.image = plain
        #expect((view.layer.contents as? CGImage) === plain.cgImage)
    }

    /// A resizable image keeps its corners and stretches its middle.
    @Test func resizableImagesStretchInNineParts() throws {
        // 4 × 4: a 1-pixel red frame around a blue middle.
        let src = Bitmap(width: 4, height: 4)!
        for y in 0..<4 { for x in 0..<4 { src[x, y] = (x == 0 || y == 0 || x == 3 || y == 3) ? Pixel.pack(r: 255, g: 0, b: 0, a: 255) : Pixel.pack(r: 0, g: 0, b: 255, a: 255) } }
        let image = UIImage(cgImage: CGImage(bitmap: src)).resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1), resizingMode: .stretch)
        let out = try #require(image.ninePartBitmap(width: 20, height: 10, pixelsPerPoint: 1))
        #expect(out[0, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255) && out[19, 9] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(out[10, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255) && out[0, 5] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(out[10, 5] == Pixel.pack(r: 0, g: 0, b: 255, a: 255) && out[1, 1] == Pixel.pack(r: 0, g: 0, b: 255, a: 255))
        // In an image view, at the view's size.
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 30, height: 12))
        view.image = image
        let shown = try #require(view.layer.contents as? CGImage)
        #expect(shown.width == 30 && shown.height == 12 && shown.bitmap[15, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        // Overlapping insets shrink to fit; tiling fills the middle too.
        let tiled = UIImage(cgImage: CGImage(bitmap: src)).resizableImage(withCapInsets: UIEdgeInsets(top: 9, left: 9, bottom: 9, right: 9))
        let t = try #require(tiled.ninePartBitmap(width: 9, height: 9, pixelsPerPoint: 1))
        #expect(Pixel.a(t[4, 4]) == 255)
    }
}
