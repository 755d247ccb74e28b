@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

/// Layers drawn straight into their parent's target are walked from an explicit stack (issue 38,
/// item 6): a chain 100,000 deep cost a call frame per level, 480 MB of stack in release.
@Suite(.isolatedEngine) struct CompositorDirectWalkTests {
    /// Only the groups on the way down open a walk of their own: 10,000 levels nest 2 walks (the
    /// root's and the first level's, a group) or, with a group every 2,500, 5; not 10,000 calls.
    @Test func aChainOfPlainLayersIsOneWalk() throws {
        for (depth, groupEvery, walks) in [(10_000, Int.max, 2), (10_000, 2_500, 5)] {
            let (root, _) = DisplayStepTests.chain(depth, groupEvery: groupEvery)
            let c = Compositor()
            let bitmap = try #require(Bitmap(width: 10, height: 10))
            c.composite(DisplayStep().snapshot(of: root, scale: 1), into: bitmap)
            #expect(c.deepestNesting == walks, "\(depth) deep, a group every \(groupEvery): \(c.deepestNesting)")
            #expect(Pixel.r(bitmap[5, 5]) > 240 && Pixel.g(bitmap[5, 5]) == 0)
        }
    }

    /// The walk keeps the order calls gave: own drawing, sublayers in z order (each with its own
    /// sublayers and border), then the border over them.
    @Test func siblingsBordersAndZOrderKeepTheirOrder() throws {
        let root = CALayer(), a = CALayer(), b = CALayer(), inner = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            root.borderWidth = 2; root.borderColor = CGColor(hex: 0x00FF00)
            a.frame = CGRect(x: 0, y: 0, width: 20, height: 20); a.backgroundColor = CGColor(hex: 0xFF0000)
            b.frame = CGRect(x: 10, y: 10, width: 20, height: 20); b.backgroundColor = CGColor(hex: 0x0000FF)
            b.zPosition = -1                                   // drawn first despite being added last
            inner.frame = CGRect(x: 5, y: 5, width: 5, height: 5); inner.backgroundColor = CGColor(hex: 0xFFFFFF)
            a.borderWidth = 1; a.borderColor = CGColor(hex: 0x000000)
            root.addSublayer(a); root.addSublayer(b); a.addSublayer(inner)
        }
        TreeFrames.frame(root, at: 0)
        let bitmap = try #require(Bitmap(width: 30, height: 30))
        Compositor().composite(DisplayStep().snapshot(of: root, scale: 1), into: bitmap)
        #expect(bitmap[15, 15] == Color(hex: 0xFF0000).premultipliedPixel)      // a over b (z order)
        #expect(bitmap[25, 25] == Color(hex: 0x0000FF).premultipliedPixel)
        #expect(bitmap[7, 7] == Color(hex: 0xFFFFFF).premultipliedPixel)        // a's sublayer over a
        #expect(bitmap[0, 10] == Color(hex: 0x00FF00).premultipliedPixel)       // root's border over a
        #expect(bitmap[19, 5] == Color(hex: 0x000000).premultipliedPixel)       // a's border
    }
}
