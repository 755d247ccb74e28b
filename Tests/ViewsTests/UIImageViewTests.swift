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

/// UIImageView's image sequences (`animationImages`, `startAnimating()`).
@Suite(.isolatedEngine) struct UIImageViewAnimationTests {
    static func solid(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
            color.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    /// The image the presentation layer shows at `t`.
    static func shown(_ view: UIImageView, _ st: ViewStage, at t: Double) -> CGImage? {
        st.frame(t)
        return view.layer.presentation()?.contents as? CGImage
    }

    @Test func imagesTakeEqualSharesOfTheDurationAndRepeat() {
        let frames = [UIColor.red, .green, .blue].map(Self.solid)
        let still = Self.solid(.black)
        let st = ViewStage()
        let view = UIImageView(image: still)
        st.window.addSubview(view)
        view.animationImages = frames
        view.animationDuration = 0.3
        view.animationRepeatCount = 2
        st.frame(0)
        #expect(!view.isAnimating)
        view.startAnimating()
        #expect(view.isAnimating)
        st.frame(1)                                     // the animation begins at this frame
        #expect(Self.shown(view, st, at: 1.05) === frames[0].cgImage)
        #expect(Self.shown(view, st, at: 1.15) === frames[1].cgImage)
        #expect(Self.shown(view, st, at: 1.25) === frames[2].cgImage)
        #expect(Self.shown(view, st, at: 1.35) === frames[0].cgImage)   // second pass
        #expect(Self.shown(view, st, at: 1.7) === still.cgImage)        // two passes, then `image`
        #expect(!view.isAnimating)
    }

    @Test func withoutADurationEachImageShowsForAThirtiethAndStopStops() {
        let frames = [UIColor.red, .green].map(Self.solid)
        let st = ViewStage()
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        st.window.addSubview(view)
        view.animationImages = frames
        st.frame(0)
        view.startAnimating()
        st.frame(1)
        #expect(Self.shown(view, st, at: 1 + 0.5 / 30) === frames[0].cgImage)
        #expect(Self.shown(view, st, at: 1 + 1.5 / 30) === frames[1].cgImage)
        #expect(Self.shown(view, st, at: 1 + 2.5 / 30) === frames[0].cgImage)   // forever
        #expect(Self.shown(view, st, at: 10 + 0.5 / 30) != nil)
        view.stopAnimating()
        #expect(!view.isAnimating)
        #expect(Self.shown(view, st, at: 11) == nil)    // no `image`: nothing
    }

    /// The sequence is drawn, not only presented: an image view with no `image` of its own shows
    /// each frame's pixels (its backing layer draws the presented contents).
    @Test func theSequenceIsDrawnWithoutAnImage() {
        let frames = [UIColor.red, .blue].map(Self.solid)
        let st = ViewStage(4, 4)
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        st.window.addSubview(view)
        view.animationImages = frames
        view.animationDuration = 1
        st.frame(0)
        view.startAnimating()
        st.frame(1)
        let first = st.render(at: 1.25), second = st.render(at: 1.75)
        #expect(first[2, 2] == 0xFF00_00FF && second[2, 2] == 0xFFFF_0000)
    }

    @Test func noImagesNoAnimation() {
        let view = UIImageView()
        view.startAnimating()
        #expect(!view.isAnimating)
        view.animationImages = []
        view.startAnimating()
        #expect(!view.isAnimating)
    }
}
