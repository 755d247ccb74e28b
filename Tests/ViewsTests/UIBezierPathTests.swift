import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// UIBezierPath as ported code uses it beyond fill and stroke: some corners rounded, hit tests,
/// fills and strokes at an alpha.
@Suite(.isolatedEngine) struct UIBezierPathCornersAndHitTests {
    @Test func onlyTheCornersAskedForAreRounded() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let top = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 10, height: 10))
        #expect(top.bounds == rect)
        #expect(!top.contains(CGPoint(x: 1, y: 1)) && !top.contains(CGPoint(x: 99, y: 1)))
        #expect(top.contains(CGPoint(x: 1, y: 49)) && top.contains(CGPoint(x: 99, y: 49)))
        // As UIKit: the height of the radii is not read; a radius past half the shorter side is clamped.
        let tall = UIBezierPath(roundedRect: rect, byRoundingCorners: .topLeft, cornerRadii: CGSize(width: 10, height: 40))
        #expect(!tall.contains(CGPoint(x: 1, y: 1)) && tall.contains(CGPoint(x: 1, y: 12)))
        let huge = UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 500, height: 500))
        #expect(huge.contains(CGPoint(x: 50, y: 1)) && !huge.contains(CGPoint(x: 3, y: 3)))
        // No radius, or none that is a number: sharp corners.
        for r in [0, -5, CGFloat.nan, .infinity] {
            let sharp = UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: r, height: r))
            #expect(sharp.contains(CGPoint(x: 0.5, y: 0.5)))
        }
    }

    @Test func containsUsesThePathsFillRule() {
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(ring.contains(CGPoint(x: 20, y: 20)))
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(CGPoint(x: 20, y: 20)) && ring.contains(CGPoint(x: 20, y: 5)))
    }

    @Test func fillAndStrokeWithABlendModeAndAlpha() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1)
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill(with: .normal, alpha: 0.5)
        UIColor.blue.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 5))
        line.addLine(to: CGPoint(x: 10, y: 5))
        line.lineWidth = 2
        line.stroke(with: .copy, alpha: 1)
        // The state is restored: a plain fill afterwards is opaque.
        UIBezierPath(rect: CGRect(x: 0, y: 8, width: 10, height: 2)).fill()
        let b = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        UIGraphicsEndImageContext()
        #expect(b[2, 1] == Pixel.pack(r: 128, g: 0, b: 0, a: 128))
        #expect(b[2, 4] == Pixel.pack(r: 0, g: 0, b: 255, a: 255))
        #expect(b[2, 9] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
    }
}
