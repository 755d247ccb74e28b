import TestSupport
import Foundation
import Testing
@testable import Layers
import Compositor
import Raster

/// `contents` placed, cut and animated, checked pixel by pixel against positions worked out by hand.
@Suite(.isolatedEngine) struct CALayerContentsTests {
    static let red: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF

    /// An opaque image of these pixels, row by row.
    static func image(_ width: Int, _ pixels: [UInt32]) -> CGImage {
        let b = Bitmap(width: width, height: pixels.count / width)!
        for (i, p) in pixels.enumerated() { b[i % width, i / width] = p }
        return CGImage(bitmap: b)
    }

    /// The frame's pixels of a `size` root holding `layer` at (0, 0), drawn at media time `t`.
    static func render(_ layer: CALayer, size: (Int, Int), frames: TreeFrames? = nil, at t: Double = 0) -> Bitmap {
        let f = frames ?? TreeFrames()
        if layer.superlayer == nil { f.root.addSublayer(layer) }
        f.frame(t)
        let out = Bitmap(width: size.0, height: size.1)!
        LayerRenderer().render(f.root, into: out, scale: 1)
        return out
    }

    /// The 2×2 image red green / blue white in a 6×4 layer under `gravity`.
    func placed(_ gravity: CALayerContentsGravity) -> Bitmap {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 6, height: 4)
        layer.contents = Self.image(2, [Self.red, Self.green, Self.blue, Self.white])
        layer.contentsGravity = gravity
        return Self.render(layer, size: (6, 4))
    }

    @Test func unscaledGravitiesPutTheImageWhereTheyName() {
        // Top-left corner of the 2×2 image for each gravity, in the 6×4 bounds (y down).
        let corners: [(CALayerContentsGravity, Int, Int)] = [
            (.center, 2, 1), (.top, 2, 0), (.bottom, 2, 2), (.left, 0, 1), (.right, 4, 1),
            (.topLeft, 0, 0), (.topRight, 4, 0), (.bottomLeft, 0, 2), (.bottomRight, 4, 2),
        ]
        for (gravity, x, y) in corners {
            let b = placed(gravity)
            for py in 0..<4 {
                for px in 0..<6 {
                    let inside = (x..<x + 2).contains(px) && (y..<y + 2).contains(py)
                    let expected = inside ? [Self.red, Self.green, Self.blue, Self.white][(py - y) * 2 + (px - x)] : 0
                    #expect(b[px, py] == expected, "\(gravity.rawValue) at (\(px), \(py))")
                }
            }
        }
    }

    @Test func scalingGravitiesFillFitOrCover() {
        let resize = placed(.resize)            // stretched to 6×4
        #expect(resize[0, 0] == Self.red && resize[5, 0] == Self.green && resize[0, 3] == Self.blue && resize[5, 3] == Self.white)
        let fit = placed(.resizeAspect)         // 4×4 at x 1…5: a clear column each side
        #expect(fit[0, 0] == 0 && fit[5, 3] == 0 && fit[1, 0] == Self.red && fit[4, 3] == Self.white)
        let fill = placed(.resizeAspectFill)    // 6×6 at y −1…5: every pixel covered
        #expect(fill[0, 0] == Self.red && fill[5, 3] == Self.white && (0..<6).allSatisfy { fill[$0, 1] >> 24 == 255 })
    }

    @Test func contentsRectShowsOneCellOfASpriteSheet() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.contents = Self.image(4, [Self.red, Self.green, Self.blue, Self.white])
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.25, height: 1)     // the third cell: blue
        let b = Self.render(layer, size: (2, 2))
        #expect([b[0, 0], b[1, 0], b[0, 1], b[1, 1]] == Array(repeating: Self.blue, count: 4))
    }

    @Test func contentsCenterStretchesTheMiddleOnly() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 7, height: 5)
        let (r, g, b) = (Self.red, Self.green, Self.blue)
        layer.contents = Self.image(3, [r, g, r, g, b, g, r, g, r])
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let out = Self.render(layer, size: (7, 5))
        for y in 0..<5 {
            for x in 0..<7 {
                let edgeX = x == 0 || x == 6, edgeY = y == 0 || y == 4
                let expected = edgeX && edgeY ? r : (edgeX || edgeY ? g : b)
                #expect(out[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func aDiscreteKeyframeAnimationOfContentsIsASpriteSheet() {
        let frames = TreeFrames()
        let images = [Self.red, Self.green, Self.blue].map { Self.image(1, [$0]) }
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        frames.root.addSublayer(layer)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "contents")
        a.values = images
        a.calculationMode = .discrete
        a.duration = 3
        layer.add(a, forKey: nil)
        frames.frame(1)                         // begins
        for (t, k) in [(1.5, 0), (2.5, 1), (3.5, 2), (3.99, 2)] {
            let b = Self.render(layer, size: (1, 1), frames: frames, at: t)
            #expect(layer.presentation()?.contents as? CGImage === images[k], "at \(t)")
            #expect(b[0, 0] == [Self.red, Self.green, Self.blue][k], "at \(t)")
        }
        frames.frame(4.5)                       // over: the model's contents (none)
        #expect(layer.presentation()?.contents == nil)
    }

    @Test func aBasicAnimationCrossfadesTwoImages() {
        let frames = TreeFrames()
        let from = Self.image(1, [Self.red]), to = Self.image(1, [Self.blue])
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        layer.contents = to
        frames.root.addSublayer(layer)
        frames.frame(0)
        let a = CABasicAnimation(keyPath: "contents")
        a.fromValue = from
        a.toValue = to
        a.duration = 1
        layer.add(a, forKey: nil)
        frames.frame(1)
        let quarter = Self.render(layer, size: (1, 1), frames: frames, at: 1.25)
        // red·(1 − 0.25) + blue·0.25, each weight quantised to 1/255: 191 and 64, alpha 255.
        #expect(quarter[0, 0] == 0xFF40_00BF)
        #expect(layer.presentation()?.contents as? CGImage === from)   // mostly red still
        let most = Self.render(layer, size: (1, 1), frames: frames, at: 1.75)
        #expect(most[0, 0] == 0xFFBF_0040)
        #expect(layer.presentation()?.contents as? CGImage === to)
    }

    @Test func aStandaloneLayerCrossfadesImplicitly() {
        let frames = TreeFrames()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        layer.contents = Self.image(1, [Self.red])
        frames.root.addSublayer(layer)
        frames.frame(0)
        layer.contents = Self.image(1, [Self.blue])
        frames.frame(1)
        let mid = Self.render(layer, size: (1, 1), frames: frames, at: 1.125)
        #expect(mid[0, 0] & 0xFF > 0 && (mid[0, 0] >> 16) & 0xFF > 0)    // some of each
        let end = Self.render(layer, size: (1, 1), frames: frames, at: 1.25)
        #expect(end[0, 0] == Self.blue)
    }

    @Test func contentsRectAnimatesDiscretelyThroughCells() {
        let frames = TreeFrames()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        layer.contents = Self.image(4, [Self.red, Self.green, Self.blue, Self.white])
        frames.root.addSublayer(layer)
        frames.frame(0)
        let a = CAKeyframeAnimation(keyPath: "contentsRect")
        a.values = (0..<4).map { NSValue(cgRect: CGRect(x: CGFloat($0) / 4, y: 0, width: 0.25, height: 1)) }
        a.calculationMode = .discrete
        a.duration = 4
        layer.add(a, forKey: nil)
        frames.frame(1)
        for k in 0..<4 {
            let b = Self.render(layer, size: (1, 1), frames: frames, at: 1.5 + Double(k))
            #expect(b[0, 0] == [Self.red, Self.green, Self.blue, Self.white][k])
        }
    }
}
