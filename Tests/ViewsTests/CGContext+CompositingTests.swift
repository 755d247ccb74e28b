import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// Core Graphics in a bitmap context: blend modes, gradients, clips, shadows, images
/// (Layers/Drawing/CGContext+Compositing.swift, CGGradient.swift; Views/Drawing/UIGraphics+ImageContext.swift),
/// checked against pixels worked out by hand.
@Suite(.isolatedEngine) struct CGContextCompositingTests {
    /// Draws `body` into a `w × h` image at scale 1 and returns its pixels.
    static func draw(_ w: CGFloat, _ h: CGFloat, _ body: (CGContext) -> Void) -> Bitmap {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: w, height: h), false, 1)
        body(UIGraphicsGetCurrentContext()!)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image!.cgImage!.bitmap
    }
    static func rgba(_ p: UInt32) -> [Int] { [Int(Pixel.r(p)), Int(Pixel.g(p)), Int(Pixel.b(p)), Int(Pixel.a(p))] }
    static func near(_ p: UInt32, _ e: [Int], _ tolerance: Int = 1) -> Bool { zip(rgba(p), e).allSatisfy { abs($0 - $1) <= tolerance } }

    /// Each mode through the context: a translucent blue square, then a translucent red one over
    /// it in the mode; the hand-worked pixel is the same as the raster test's.
    @Test(arguments: [
        (CGBlendMode.normal, [128, 0, 95, 223]),
        (.multiply, [32, 0, 95, 223]),
        (.screen, [128, 0, 191, 223]),       // s + d − s·d per premultiplied channel
        (.clear, [0, 0, 0, 0]),
        (.copy, [128, 0, 0, 128]),
        (.sourceIn, [96, 0, 0, 96]),
        (.sourceOut, [32, 0, 0, 32]),
        (.sourceAtop, [96, 0, 95, 191]),
        (.destinationOut, [0, 0, 95, 95]),
        (.xor, [32, 0, 95, 127]),
        (.plusLighter, [128, 0, 191, 255]),
        (.darken, [32, 0, 95, 223]),
        (.lighten, [128, 0, 191, 223]),      // s(1−da) + d(1−sa) + max(s·da, d·sa)
        (.overlay, [32, 0, 191, 223]),       // decided by d: r 2·s·d = 0, b screen
        (.hardLight, [128, 0, 95, 223]),     // decided by s: r screen (αs·αd), b 2·s·d = 0
        (.softLight, [32, 0, 191, 223]),     // straight: r B(1, 0) = 0, b B(0, 1) = 1
        (.colorDodge, [32, 0, 191, 223]),    // r: Cd = 0 → 0; b: Cs = 0 → Cd = 1
        (.colorBurn, [32, 0, 191, 223]),     // r: 1 − min(1, 1/1) = 0; b: Cd = 1 → 1
        (.difference, [128, 0, 191, 223]),   // |s·αd − d·αs|: r 95.87, b 95.87
        (.exclusion, [128, 0, 191, 223]),    // s·αd + d·αs − 2·s·d
        // Non-separable (Raster's BlendMode+NonSeparableTests works them out): Lum(red) 0.3, Lum(blue) 0.11.
        (.hue, [67, 0, 95, 223]),
        (.saturation, [32, 0, 191, 223]),
        (.color, [67, 0, 95, 223]),
        (.luminosity, [53, 20, 191, 223]),
        (.plusDarker, [64, 0, 127, 255]),    // αo = min(1, αs + αd); co = αo − ((αs − cs) + (αd − cd))
    ])
    func blendModes(mode: CGBlendMode, expected: [Int]) {
        let b = Self.draw(4, 4) { ctx in
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.75))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.setBlendMode(mode)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
            ctx.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        }
        #expect(Self.near(b[2, 2], expected), "\(mode): \(Self.rgba(b[2, 2]))")
        #expect(Self.near(b[0, 0], [0, 0, 191, 191]), "outside the square the destination stays")
    }

    /// A linear gradient black → white along x: pixel centre x + ½ of 100 is (x + ½)/100 of the
    /// way; outside the band nothing is painted unless an option extends it.
    @Test func linearGradientAndItsOptions() throws {
        let g = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [CGColor.black, CGColor.white], locations: [0, 1]))
        let plain = Self.draw(120, 1) { $0.drawLinearGradient(g, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 110, y: 0), options: []) }
        #expect(Self.near(plain[59, 0], [126, 126, 126, 255], 2))    // (59.5 − 10)/100·255 = 126.2
        #expect(Self.near(plain[34, 0], [63, 63, 63, 255], 2))       // 24.5/100·255 = 62.5
        #expect(plain[5, 0] == 0 && plain[115, 0] == 0)
        let both = Self.draw(120, 1) {
            $0.drawLinearGradient(g, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 110, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(Self.near(both[5, 0], [0, 0, 0, 255]) && Self.near(both[115, 0], [255, 255, 255, 255]))
        // Locations move the ramp: with white at 0.25 the colour is white from x = 35 on.
        let early = try #require(CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white], locations: [0, 0.25]))
        let moved = Self.draw(120, 1) { $0.drawLinearGradient(early, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 110, y: 0), options: []) }
        #expect(Self.near(moved[80, 0], [255, 255, 255, 255]) && Self.near(moved[22, 0], [127, 127, 127, 255], 3)) // 12.5/25
    }

    /// A radial gradient red → blue from radius 10 to 40 about (50, 50): radius 25 is half way;
    /// inside 10 and past 40 nothing unless the options say so.
    @Test func radialGradientAndItsOptions() throws {
        let g = try #require(CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                        locations: nil))
        let c = CGPoint(x: 50, y: 50)
        let plain = Self.draw(100, 100) { $0.drawRadialGradient(g, startCenter: c, startRadius: 10, endCenter: c, endRadius: 40, options: []) }
        // Pixel (74, 49) has its centre at (74.5, 49.5): distance 24.505 → t = 0.4835.
        #expect(Self.near(plain[74, 49], [132, 0, 123, 255], 3), "\(Self.rgba(plain[74, 49]))")
        #expect(plain[52, 49] == 0, "inside the start circle")
        #expect(plain[95, 49] == 0, "outside the end circle")
        let both = Self.draw(100, 100) {
            $0.drawRadialGradient(g, startCenter: c, startRadius: 10, endCenter: c, endRadius: 40, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(Self.near(both[52, 49], [255, 0, 0, 255]) && Self.near(both[95, 49], [0, 0, 255, 255]) && Self.near(both[2, 2], [0, 0, 255, 255]))
    }

    /// Clipping: a rectangle, an even-odd ring, an intersection of two, restored by restoreGState.
    @Test func clipsRestrictPaintingUntilRestored() {
        let b = Self.draw(40, 40) { ctx in
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
            ctx.clip(to: CGRect(x: 10, y: 0, width: 30, height: 20))        // now x 10…20, y 0…20
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
            ctx.restoreGState()
            ctx.saveGState()
            ctx.addRect(CGRect(x: 0, y: 20, width: 20, height: 20))
            ctx.addRect(CGRect(x: 5, y: 25, width: 10, height: 10))
            ctx.clip(using: .evenOdd)                                       // a ring
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
            ctx.restoreGState()
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 30, y: 30, width: 10, height: 10))            // unclipped again
        }
        #expect(b[15, 10] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(b[5, 10] == 0 && b[25, 10] == 0 && b[25, 25] == 0)
        #expect(b[2, 22] == Pixel.pack(r: 0, g: 0, b: 255, a: 255))          // in the ring
        #expect(b[10, 30] == 0)                                              // the hole
        #expect(b[35, 35] == Pixel.pack(r: 0, g: 255, b: 0, a: 255))
    }

    /// clip(to:mask:): an image with transparency masks by its alpha; an opaque one by its grey.
    /// Core Graphics puts the image's first row at the rectangle's bottom.
    @Test func clipToMaskUsesAlphaOrGrey() {
        let alphaMask = Bitmap(width: 2, height: 2)!
        alphaMask[0, 0] = Pixel.pack(r: 255, g: 255, b: 255, a: 255)       // top-left of the image: opaque
        alphaMask[1, 1] = Pixel.pack(r: 64, g: 64, b: 64, a: 64)            // bottom-right: a quarter
        let b = Self.draw(20, 20) { ctx in
            ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: CGImage(bitmap: alphaMask))
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        // Flipped: the image's top-left lands bottom-left, its bottom-right top-right.
        #expect(b[2, 17] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(Self.near(b[17, 2], [64, 0, 0, 64]))
        #expect(b[2, 2] == 0 && b[17, 17] == 0)
        let grey = Bitmap(width: 1, height: 1)!
        grey.clear(Pixel.pack(r: 128, g: 128, b: 128, a: 255))
        let g = Self.draw(4, 4) { ctx in
            ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4), mask: CGImage(bitmap: grey))
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(Self.near(g[1, 1], [0, 0, 128, 128]) && g[3, 1] == 0)
    }

    /// A shadow without blur is the shape's alpha in the shadow colour, moved by the offset
    /// (positive height down), under the shape.
    @Test func shadowsFollowTheOffsetUnderTheShape() {
        let b = Self.draw(40, 40) { ctx in
            ctx.setShadow(offset: CGSize(width: 5, height: 5), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
        #expect(b[12, 12] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(Self.near(b[22, 22], [0, 0, 0, 128]))
        #expect(b[8, 8] == 0 && b[26, 26] == 0)
        // With blur the shadow spreads past the shape's edge and stays under half alpha there.
        let blurred = Self.draw(40, 40) { ctx in
            ctx.setShadow(offset: .zero, blur: 6)
            ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
        #expect(Pixel.a(blurred[8, 15]) > 0 && Pixel.a(blurred[8, 15]) < 60 && blurred[0, 0] == 0)
    }

    /// draw(_:in:) puts an image's first row at the bottom (Core Graphics' orientation);
    /// UIImage.draw(in:) draws it upright; alpha applies to both.
    @Test func imagesDrawFlippedOrUpright() {
        let img = Bitmap(width: 1, height: 2)!
        img[0, 0] = Pixel.pack(r: 255, g: 0, b: 0, a: 255)
        img[0, 1] = Pixel.pack(r: 0, g: 0, b: 255, a: 255)
        let b = Self.draw(4, 8) { ctx in
            ctx.draw(CGImage(bitmap: img), in: CGRect(x: 0, y: 0, width: 2, height: 8))
            UIImage(cgImage: CGImage(bitmap: img)).draw(in: CGRect(x: 2, y: 0, width: 2, height: 8), blendMode: .normal, alpha: 0.5)
        }
        #expect(b[0, 1] == Pixel.pack(r: 0, g: 0, b: 255, a: 255) && b[0, 6] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(Self.near(b[3, 1], [128, 0, 0, 128]) && Self.near(b[3, 6], [0, 0, 128, 128]))
    }

    /// The tangent arc rounds the corner: the arc's middle lies `r(√2 − 1)` inside the corner.
    @Test func tangentArcRoundsACorner() {
        let b = Self.draw(40, 40) { ctx in
            ctx.move(to: CGPoint(x: 0, y: 0))
            ctx.addArc(tangent1End: CGPoint(x: 30, y: 0), tangent2End: CGPoint(x: 30, y: 30), radius: 10)
            ctx.addLine(to: CGPoint(x: 30, y: 40))
            ctx.addLine(to: CGPoint(x: 0, y: 40))
            ctx.closePath()
            ctx.fillPath()
        }
        #expect(b[10, 5] != 0 && b[25, 10] != 0)
        #expect(b[29, 0] == 0, "the corner itself is cut away")
        #expect(Pixel.a(b[26, 3]) > 200, "inside the arc (distance to centre (20, 10) is 9.2)")
        #expect(Pixel.a(b[28, 2]) == 0, "outside the arc (distance 11.3)")
    }
}

extension CGContextCompositingTests {
    /// Different centres: Core Graphics' two-circle gradient, not painted outside the end circle
    /// without the option, and nothing reported.
    @Test func radialGradientBetweenTwoCentres() throws {
        let g = try #require(CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white], locations: [0, 1]))
        let b = Self.draw(100, 100) { $0.drawRadialGradient(g, startCenter: CGPoint(x: 30, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: []) }
        #expect(Self.near(b[59, 49], [125, 125, 125, 255], 2) && b[95, 49] == 0)
        #expect(CAEngine.current.diagnostics.isEmpty)
    }
}

extension CGContextCompositingTests {
    /// A transparency layer is composited as one picture: at ½ alpha the overlap of red and blue
    /// shows blue at ½, not blue at ½ over red at ½ (64, 0, 128, 191).
    @Test func transparencyLayersCompositeAsOne() {
        let b = Self.draw(20, 10) { ctx in
            ctx.setAlpha(0.5)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 10))
            ctx.saveGState()
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 6, y: 0, width: 14, height: 10))
            ctx.restoreGState()
            ctx.restoreGState()        // unbalanced inside the layer: ignored
            ctx.endTransparencyLayer()
            ctx.endTransparencyLayer() // none open: one line
        }
        #expect(Self.near(b[9, 5], [0, 0, 128, 128]) && Self.near(b[2, 5], [128, 0, 0, 128]), "\(Self.rgba(b[9, 5]))")
        #expect(CAEngine.current.diagnostics.count == 1 && CAEngine.current.diagnostics[0].hasPrefix("CGContext.endTransparencyLayer"))
    }
}

extension CGContextCompositingTests {
    /// Bad values anywhere give a defined picture, never a trap: non-finite and huge geometry,
    /// shadows, gradients, masks, images, text and degenerate arcs.
    @Test func badValuesDrawNothingOrSomethingBounded() throws {
        let nan = CGFloat.nan, inf = CGFloat.infinity
        let g = try #require(CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white], locations: [nan, 2]))
        let img = CGImage(bitmap: Bitmap(width: 2, height: 2)!)
        let b = Self.draw(20, 20) { ctx in
            ctx.setShadow(offset: CGSize(width: nan, height: 1), blur: inf, color: CGColor.black)
            ctx.setShadow(offset: CGSize(width: 1e12, height: 1e12), blur: 1e12, color: CGColor.black)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))          // its shadow is far away: only the square
            ctx.setShadow(offset: .zero, blur: 0, color: nil)
            ctx.drawLinearGradient(g, start: CGPoint(x: nan, y: 0), end: CGPoint(x: 10, y: 10), options: [])
            ctx.drawLinearGradient(g, start: CGPoint(x: 5, y: 5), end: CGPoint(x: 5, y: 5), options: [.drawsAfterEndLocation])
            ctx.drawRadialGradient(g, startCenter: CGPoint(x: 1e300, y: 0), startRadius: -5, endCenter: CGPoint(x: 0, y: 0),
                                   endRadius: inf, options: [])
            ctx.drawRadialGradient(g, startCenter: CGPoint(x: 10, y: 10), startRadius: 3, endCenter: CGPoint(x: 11, y: 10), endRadius: 3, options: [])
            ctx.draw(img, in: CGRect(x: 0, y: 0, width: inf, height: 3))
            ctx.draw(img, in: CGRect(x: nan, y: 0, width: 3, height: 3))
            UIImage(cgImage: img).draw(in: CGRect(x: 0, y: 0, width: nan, height: 2))
            UIImage(cgImage: img).resizableImage(withCapInsets: UIEdgeInsets(top: inf, left: -4, bottom: nan, right: 1e9))
                .draw(in: CGRect(x: 0, y: 10, width: 10, height: 10))
            ctx.move(to: CGPoint(x: 1, y: 1))
            ctx.addArc(tangent1End: CGPoint(x: 1, y: 1), tangent2End: CGPoint(x: 5, y: 5), radius: nan)
            ctx.addArc(tangent1End: CGPoint(x: 2, y: 2), tangent2End: CGPoint(x: 3, y: 3), radius: 4)   // collinear: a line
            ctx.strokePath()
            "text".draw(at: CGPoint(x: nan, y: inf), withAttributes: [.font: UIFont.systemFont(ofSize: 1e9), .kern: nan])
            "text".draw(in: CGRect(x: 0, y: 0, width: -5, height: nan), withAttributes: nil)
            ctx.saveGState()
            ctx.clip(to: CGRect(x: nan, y: 0, width: 1, height: 1), mask: img)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))            // the clip is empty: nothing
            ctx.restoreGState()
            ctx.setBlendMode(.copy)
            ctx.setFillColor(CGColor(red: nan, green: 2, blue: -1, alpha: inf))
            ctx.fill(CGRect(x: 16, y: 16, width: 4, height: 4))
        }
        #expect(b[1, 1] == Pixel.pack(r: 0, g: 0, b: 0, a: 255), "the square, without its far-away shadow")
        #expect(Pixel.a(b[17, 17]) == 255, "a colour clamped into 0…1 is drawn")
    }
}

extension CGContextCompositingTests {
    /// While a transparency layer is open, an image shows only what is outside it; a layer never
    /// ended is dropped, and what was drawn before it stays.
    @Test func anOpenTransparencyLayerIsNotInTheImage() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let ctx = try #require(UIGraphicsGetCurrentContext())
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        let during = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        ctx.endTransparencyLayer()
        let after = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let last = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        UIGraphicsEndImageContext()
        #expect(during[0, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255) && during[3, 0] == 0)
        #expect(after[3, 0] == Pixel.pack(r: 0, g: 0, b: 255, a: 255))
        #expect(last[0, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255), "the layer left open is not drawn")
    }
}
