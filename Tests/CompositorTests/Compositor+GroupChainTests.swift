@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

/// Opacity groups nested over the same pixels, each drawing nothing but its one sublayer, are
/// drawn as one scratch with the inner opacities applied through a table (issue 38, item 6):
/// the same bytes, without a scratch bitmap per level.
@Suite(.isolatedEngine) struct CompositorGroupChainTests {
    /// `depth` nested 40×40 layers at opacities cycling through `opacities`, the innermost a
    /// turned square (antialiased edges) over a gradient-free fill; with `breakChain`, each level
    /// also holds a hidden sublayer, which leaves the picture alone but makes every level a group
    /// of its own (the level-by-level path).
    static func tree(depth: Int, opacities: [Float], breakChain: Bool = false) -> CALayer {
        let root = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 48, height: 40)
            root.backgroundColor = CGColor(hex: 0x204060)
            var parent = root
            for level in 0..<depth {
                let l = CALayer()
                l.frame = CGRect(x: level == 0 ? 3.5 : 0, y: 0, width: 40, height: 40)
                l.opacity = opacities[level % opacities.count]
                if breakChain {
                    let hidden = CALayer()
                    hidden.isHidden = true
                    l.addSublayer(hidden)
                }
                parent.addSublayer(l)
                parent = l
            }
            let square = CALayer()
            square.frame = CGRect(x: 9.3, y: 8.7, width: 20, height: 20)
            square.backgroundColor = CGColor(hex: 0xF0C040)
            square.setAffineTransform(CGAffineTransform(rotationAngle: 0.4))
            parent.addSublayer(square)
        }
        TreeFrames.frame(root, at: 0)
        return root
    }

    static func draw(_ root: CALayer, compositor: Compositor = Compositor(), clip: PixelRect? = nil, into bitmap: Bitmap? = nil) throws -> Bitmap {
        let b = try bitmap ?? #require(Bitmap(width: 48, height: 40))
        compositor.composite(DisplayStep().snapshot(of: root, scale: 1), into: b, clip: clip)
        return b
    }

    @Test(arguments: [[Float(0.9)], [0.999], [0.3, 0.97, 0.61, 0.85], [1.0, 0.5]])
    func aChainGivesTheBytesOfGroupsDrawnLevelByLevel(_ opacities: [Float]) throws {
        for depth in [2, 3, 17] {
            let chained = try Self.draw(Self.tree(depth: depth, opacities: opacities))
            let levelByLevel = try Self.draw(Self.tree(depth: depth, opacities: opacities, breakChain: true))
            let differing = (0..<40).reduce(0) { n, y in n + (0..<48).filter { chained[$0, y] != levelByLevel[$0, y] }.count }
            #expect(differing == 0, "\(opacities) × \(depth): \(differing) pixels differ")
            // Not vacuous: the square shows, dimmed, over the background.
            if depth <= 3 { #expect(Pixel.r(chained[22, 20]) > Pixel.r(chained[1, 1]) + 20) }
            // Bands give the whole frame's bytes.
            let bands = try #require(Bitmap(width: 48, height: 40))
            let c = Compositor()
            for y in stride(from: 0, to: 40, by: 7) { _ = try Self.draw(Self.tree(depth: depth, opacities: opacities), compositor: c, clip: PixelRect(x0: 0, y0: y, x1: 48, y1: min(40, y + 7)), into: bands) }
            let banded = (0..<40).reduce(0) { n, y in n + (0..<48).filter { bands[$0, y] != chained[$0, y] }.count }
            #expect(banded == 0, "\(opacities) × \(depth): \(banded) pixels differ in bands")
        }
    }

    /// Ten times the depth takes the same scratch pixels: one scratch for the whole chain
    /// (level by level it was one 40×40 scratch per level, and a walk of the subtree per level).
    @Test func deeperChainsTakeNoMoreScratch() throws {
        var pixels: [Int] = []
        for depth in [100, 1_000] {
            let c = Compositor()
            _ = try Self.draw(Self.tree(depth: depth, opacities: [0.999]), compositor: c)
            pixels.append(c.isolatedPixels)
        }
        #expect(pixels[0] > 0 && pixels[0] == pixels[1], "\(pixels)")
        #expect(pixels[1] <= 48 * 40, "\(pixels)")
    }
}
