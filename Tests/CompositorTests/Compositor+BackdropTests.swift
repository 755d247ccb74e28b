import TestSupport
import Foundation
import Testing
@testable import Compositor
import Layers
import Raster

/// Backdrop layers composite the same bytes whole, in bands and under damage clips; their tint
/// and saturation are the hand-worked numbers; vibrancy shows the backdrop in the content's shape.
@Suite(.isolatedEngine) struct CompositorBackdropTests {
    /// Stripes behind a blurred card with a rounded corner, a tint and a saturation boost.
    static func tree(radius: CGFloat = 8) -> (CALayer, CABackdropLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = .white
        for i in 0..<8 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(i) * 8, y: 0, width: 4, height: 48)
            stripe.backgroundColor = CGColor(red: CGFloat(i) / 7, green: 0.3, blue: 1 - CGFloat(i) / 7, alpha: 1)
            root.addSublayer(stripe)
        }
        let card = CABackdropLayer()
        card.frame = CGRect(x: 12, y: 8, width: 40, height: 30)
        card.cornerRadius = 6
        card.blurRadius = radius
        card.tintColor = CGColor(gray: 1, alpha: 0.3)
        card.saturation = 1.8
        root.addSublayer(card)
        // A vibrant label inside it: a backdrop behind which lies another backdrop.
        let vibrant = CABackdropLayer()
        vibrant.frame = CGRect(x: 4, y: 16, width: 30, height: 10)
        vibrant.masksBackdropToSublayers = true
        vibrant.blurRadius = radius
        vibrant.tintColor = CGColor(gray: 0, alpha: 0.3)
        let glyph = CALayer()
        glyph.frame = CGRect(x: 2, y: 2, width: 20, height: 6)
        glyph.backgroundColor = .black
        vibrant.addSublayer(glyph)
        card.addSublayer(vibrant)
        let above = CALayer()
        above.frame = CGRect(x: 20, y: 20, width: 8, height: 8)
        above.backgroundColor = .black
        root.addSublayer(above)                 // drawn after the card: not in its backdrop
        return (root, card)
    }

    /// Radius 8 is σ 4 px, blurred at half the resolution; 20 is σ 10, at a quarter; 3 at full.
    @Test(arguments: [3.0, 8.0, 20.0])
    func bandsAndClipsGiveTheWholeFramesBytes(radius: Double) {
        let (root, _) = Self.tree(radius: CGFloat(radius))
        TreeFrames.frame(root, at: 0)
        let display = DisplayStep()
        let snapshot = display.snapshot(of: root, scale: 1)
        let whole = Bitmap(width: 64, height: 48)!
        Compositor().composite(snapshot, into: whole)
        let banded = Bitmap(width: 64, height: 48)!
        let c = Compositor()
        for y in stride(from: 0, to: 48, by: 7) { c.composite(snapshot, into: banded, clip: PixelRect(x0: 0, y0: y, x1: 64, y1: min(48, y + 7))) }
        #expect(CompositorTests.bytes(banded) == CompositorTests.bytes(whole))
        let clipped = Bitmap(width: 64, height: 48)!
        Compositor().composite(snapshot, into: clipped)
        clipped.clear(PixelRect(x0: 30, y0: 10, x1: 40, y1: 30))
        Compositor().composite(snapshot, into: clipped, clip: PixelRect(x0: 30, y0: 10, x1: 40, y1: 30))
        #expect(CompositorTests.bytes(clipped) == CompositorTests.bytes(whole))
        // The black square above the card is not blurred: its middle is black.
        #expect(whole[24, 24] == 0xFF00_0000)
        // Outside the card's rounded corner the stripes show unblurred.
        #expect(whole[0, 0] == snapshotWithout(root)[0, 0])
    }

    func snapshotWithout(_ root: CALayer) -> Bitmap {
        let out = Bitmap(width: 64, height: 48)!
        let display = DisplayStep()
        let copy = root.sublayers!
        root.sublayers = copy.filter { !($0 is CABackdropLayer) }
        TreeFrames.frame(root, at: 0)
        Compositor().composite(display.snapshot(of: root, scale: 1), into: out)
        root.sublayers = copy
        return out
    }

    @Test func tintAndSaturationAreTheHandWorkedNumbers() {
        let b = Bitmap(width: 2, height: 1)!
        b[0, 0] = Pixel.pack(r: 200, g: 100, b: 50, a: 255)
        b[1, 0] = Pixel.pack(r: 100, g: 50, b: 25, a: 128)         // the same colour at half alpha
        b.saturateAndTint(saturation: 2, tint: 0)
        // L = (54·200 + 183·100 + 19·50 + 128) >> 8 = 117; c' = L + 2(c − L), clamped to 0…a.
        #expect(b[0, 0] == Pixel.pack(r: 255, g: 83, b: 0, a: 255))
        // L = (54·100 + 183·50 + 19·25 + 128) >> 8 = 59: 141 → clamped to alpha 128, 59 − 18 = 41
        // (−4480 >> 8 floors to −18), 0.
        #expect(b[1, 0] == Pixel.pack(r: 128, g: 41, b: 0, a: 128))
        let t = Bitmap(width: 1, height: 1)!
        t[0, 0] = Pixel.pack(r: 0, g: 0, b: 255, a: 255)
        t.saturateAndTint(saturation: 1, tint: Pixel.pack(r: 77, g: 77, b: 77, a: 77))     // white at 30%
        #expect(t[0, 0] == Pixel.pack(r: 77, g: 77, b: 77 + 178, a: 255))
    }

    @Test func vibrancyShowsTheBackdropInTheContentsShape() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        let v = CABackdropLayer()
        v.frame = root.bounds
        v.masksBackdropToSublayers = true
        v.tintColor = CGColor(gray: 1, alpha: 0.5)
        let glyph = CALayer()
        glyph.frame = CGRect(x: 5, y: 2, width: 4, height: 4)
        glyph.backgroundColor = .black                  // its colour does not show: its shape does
        v.addSublayer(glyph)
        root.addSublayer(v)
        TreeFrames.frame(root, at: 0)
        let out = Bitmap(width: 20, height: 10)!
        LayerRenderer().render(root, into: out, scale: 1)
        #expect(out[1, 1] == Pixel.pack(r: 0, g: 128, b: 0, a: 255))                  // outside the glyph: the scene
        #expect(out[6, 3] == Pixel.pack(r: 128, g: 128 + 64, b: 128, a: 255))         // inside: green lifted by the tint
    }
}
