import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// `CALayer.render(in:)`'s shadows and masks (Layers/Drawing/CALayer+RenderEffects.swift), against
/// pixels worked out by hand: unblurred shadows (radius 0) land exactly where the offset puts them.
@Suite(.isolatedEngine) struct CALayerRenderEffectsTests {
    static let red = Pixel.pack(r: 255, g: 0, b: 0, a: 255)
    typealias C = CGContextCompositingTests

    /// A root of `size` points with `child` in it.
    static func render(_ child: CALayer, size: CGFloat) -> Bitmap {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.addSublayer(child)
        return CALayerRenderTests.image(size, size) { root.render(in: $0) }
    }

    /// A red 4 × 4 layer covering 2…6 with a half-opaque blue shadow moved by `offset`, unblurred.
    static func shadowed(offset: CGSize) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.shadowOpacity = 0.5
        l.shadowRadius = 0
        l.shadowOffset = offset
        return l
    }

    @Test func theShadowIsDrawnUnderTheLayerMovedByItsOffset() {
        let px = Self.render(Self.shadowed(offset: CGSize(width: 3, height: 3)), size: 12)
        // The shadow covers 5…9 both ways: blue at ½ alpha, premultiplied (0, 0, 127.5, 127.5).
        #expect(C.near(px[7, 7], [0, 0, 128, 128]), "\(C.rgba(px[7, 7]))")
        #expect(C.near(px[8, 5], [0, 0, 128, 128]))
        #expect(px[4, 4] == Self.red && px[5, 5] == Self.red, "the layer is over its shadow")
        #expect(px[10, 10] == 0 && px[1, 1] == 0 && px[7, 3] == 0)
    }

    /// The offset is in the layer's own space: a layer turned a quarter turn casts (4, 0) downwards.
    @Test func theShadowTurnsWithTheLayer() {
        let l = Self.shadowed(offset: CGSize(width: 4, height: 0))
        l.frame = CGRect(x: 4, y: 4, width: 4, height: 4)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)   // about its centre (6, 6): (4, 0) → (0, 4)
        let px = Self.render(l, size: 14)
        #expect(C.near(px[6, 10], [0, 0, 128, 128]), "\(C.rgba(px[6, 10]))")
        #expect(px[10, 6] == 0, "not where the unturned offset would put it")
        #expect(px[6, 6] == Self.red)
    }

    @Test func theShadowPathShapesTheShadowAndABlurSpreadsIt() {
        let l = CALayer()
        l.frame = CGRect(x: 2, y: 2, width: 20, height: 20)
        l.shadowOpacity = 1
        l.shadowRadius = 0
        l.shadowOffset = .zero
        l.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        var px = Self.render(l, size: 30)
        // No background: only the path's shadow, black, inside 2…7.
        #expect(px[4, 4] == Pixel.pack(r: 0, g: 0, b: 0, a: 255) && px[8, 4] == 0 && px[12, 12] == 0)
        // Blurred (radius 4: σ = 2 points), a 20-point square's shadow falls off across its edge
        // as the normal distribution Φ(−d/σ), d the distance past the edge; none 4σ out.
        l.shadowPath = nil
        l.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        l.shadowRadius = 4
        l.shadowOffset = CGSize(width: 0, height: 10)
        px = Self.render(l, size: 40)
        // Column 12 is the square's middle; its bottom edge is at y 22, its shadow's at 32.
        let just = Int(Pixel.a(px[12, 31])), past = Int(Pixel.a(px[12, 32])), far = Int(Pixel.a(px[12, 39]))
        // Pixel centres 0.5 inside and outside the shadow's edge: Φ(0.25) = 0.599, Φ(−0.25) = 0.401.
        #expect(abs(just - 153) <= 8 && abs(past - 102) <= 8, "\(just) \(past)")
        #expect(far == 0 || far < 3)
        #expect(px[12, 20] == Pixel.pack(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func aMaskLayersAlphaClipsTheLayer() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 5, height: 10)
        mask.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        l.mask = mask
        var px = Self.render(l, size: 10)
        #expect(px[2, 5] == Self.red && px[7, 5] == 0)
        // Half-transparent mask: half of the red, premultiplied.
        mask.opacity = 0.5
        px = Self.render(l, size: 10)
        #expect(C.near(px[2, 5], [128, 0, 0, 128]), "\(C.rgba(px[2, 5]))")
        // A mask is placed in the layer's own space, by its own transform.
        mask.opacity = 1
        mask.transform = CATransform3DMakeTranslation(5, 0, 0)
        px = Self.render(l, size: 10)
        #expect(px[2, 5] == 0 && px[7, 5] == Self.red)
        // A hidden mask shows nothing of the layer, as on screen.
        mask.isHidden = true
        px = Self.render(l, size: 10)
        #expect((0..<10).allSatisfy { x in (0..<10).allSatisfy { px[x, $0] == 0 } })
    }

    @Test func aShapeMaskCutsTheLayerAndItsShadow() {
        let l = Self.shadowed(offset: CGSize(width: 3, height: 0))
        l.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
        let circle = CAShapeLayer()
        circle.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 12, height: 12), transform: nil)
        circle.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        l.mask = circle
        let px = Self.render(l, size: 16)
        #expect(px[6, 6] == Self.red && px[0, 0] == 0 && px[11, 0] == 0, "the square's corners are cut")
        // The shadow (3 to the right) shows nowhere outside the circle: the mask clips it too.
        #expect((12..<16).allSatisfy { x in (0..<16).allSatisfy { px[x, $0] == 0 } })
    }
}
