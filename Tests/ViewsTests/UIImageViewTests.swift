import TestSupport
import Foundation
import Layers
import Raster
import RasterIO
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIImageViewTests {
    /// A 4×2 image, left half red and right half blue, written to a temporary PNG.
    static func imageFile() throws -> String {
        let bmp = try #require(Bitmap(width: 4, height: 2))
        for y in 0..<2 { for x in 0..<4 { bmp[x, y] = Color(hex: x < 2 ? 0xFF0000 : 0x0000FF).premultipliedPixel } }
        let path = NSTemporaryDirectory() + "flipbook-image-\(getpid())-\(Int.random(in: 0...999_999)).png"
        try PNG.write(bmp, to: path)
        return path
    }

    @Test func loadsAFileAndShowsItAspectFit() throws {
        let path = try Self.imageFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try #require(UIImage(contentsOfFile: path))
        #expect(image.size == CGSize(width: 4, height: 2))
        let st = ViewStage(100, 100)
        st.window.backgroundColor = .white
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        view.contentMode = .scaleAspectFit // 80×40, centred: y 30…70
        st.show(view)
        let bmp = st.render(at: 1)
        #expect(bmp[20, 50] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(bmp[80, 50] == Color(hex: 0x0000FF).premultipliedPixel)
        #expect(bmp[50, 20] == Color.white.premultipliedPixel) // above the fitted image
        #expect((view.layer.contents as? CGImage) === image.cgImage) // shared, not copied
    }

    @Test func aMissingFileOrAMissingNameIsNil() {
        #expect(UIImage(contentsOfFile: "/nonexistent/image.png") == nil)
        #expect(UIImage(named: "no-such-image-anywhere") == nil)
    }
}
