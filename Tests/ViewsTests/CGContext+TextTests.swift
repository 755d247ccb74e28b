import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// Text in a context follows its CTM (Layers/Drawing/CGContext+Compositing.swift `drawText`,
/// Views/Text/TextLayout.swift): turned, flipped and stretched as Core Graphics draws it,
/// checked against the same text drawn upright and the pixels moved by hand.
@Suite(.isolatedEngine) struct CGContextTextTests {
    static let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 16), .foregroundColor: UIColor.black]
    static let side = 40

    /// "Fg" drawn at (8, 10) in a 40 × 40 image after `transform` sets up the CTM.
    static func text(_ transform: (CGContext) -> Void = { _ in }) -> Bitmap {
        CGContextCompositingTests.draw(CGFloat(side), CGFloat(side)) { ctx in
            transform(ctx)
            "Fg".draw(at: CGPoint(x: 8, y: 10), withAttributes: attributes)
        }
    }

    static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(Pixel.a(b[x, y])) }

    /// Every pixel of `b` against `a`'s pixel `map` gives, within `tolerance` levels of alpha.
    static func matches(_ b: Bitmap, _ a: Bitmap, tolerance: Int = 2, _ map: (Int, Int) -> (Int, Int)) -> Bool {
        (0..<side).allSatisfy { y in (0..<side).allSatisfy { x in
            let (u, v) = map(x, y)
            return abs(alpha(b, x, y) - alpha(a, u, v)) <= tolerance
        } }
    }

    @Test func textTurnsWithTheContext() {
        let upright = Self.text()
        // Ink, and not symmetric under a half turn (else the test could not fail).
        #expect((0..<Self.side).contains { y in (0..<Self.side).contains { Self.alpha(upright, $0, y) > 200 } })
        #expect(!Self.matches(upright, upright) { (Self.side - 1 - $0, Self.side - 1 - $1) })
        // A half turn about the image's centre: pixel (x, y) shows what (39 − x, 39 − y) showed.
        let turned = Self.text { $0.translateBy(x: 40, y: 40); $0.rotate(by: .pi) }
        #expect(Self.matches(turned, upright) { (Self.side - 1 - $0, Self.side - 1 - $1) })
    }

    @Test func textFlipsAndStretchesWithTheContext() {
        let upright = Self.text()
        // y flipped about the middle: (x, y) shows (x, 39 − y).
        let flipped = Self.text { $0.translateBy(x: 0, y: 40); $0.scaleBy(x: 1, y: -1) }
        #expect(Self.matches(flipped, upright) { ($0, Self.side - 1 - $1) })
        // Stretched twice as wide (made at √2 pixels per point, drawn 2 × 1): the ink starts and
        // ends twice as far right. "Fg" at 10 points from x = 2 fits either way.
        func small(_ transform: (CGContext) -> Void) -> Bitmap {
            CGContextCompositingTests.draw(CGFloat(Self.side), CGFloat(Self.side)) { ctx in
                transform(ctx)
                "Fg".draw(at: CGPoint(x: 2, y: 4), withAttributes: [.font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor.black])
            }
        }
        func inkColumns(_ b: Bitmap) -> [Int] { (0..<Self.side).filter { x in (0..<Self.side).contains { Self.alpha(b, x, $0) > 100 } } }
        let u = inkColumns(small { _ in }), w = inkColumns(small { $0.scaleBy(x: 2, y: 1) })
        let (u0, u1, w0, w1) = (u.first ?? 0, (u.last ?? 0) + 1, w.first ?? 0, (w.last ?? 0) + 1)
        #expect(u1 > u0 + 5 && w1 < Self.side, "\(u0)…\(u1) → \(w0)…\(w1)")
        #expect(abs(w0 - 2 * u0) <= 2 && abs(w1 - 2 * u1) <= 3, "\(u0)…\(u1) → \(w0)…\(w1)")
    }

    /// Moving and scaling evenly keeps the text on whole pixels, as it always was: twice the scale
    /// at (8, 10) is the 32-point text at (16, 20), byte for byte.
    @Test func evenScalesStayOnWholePixels() {
        let scaled = Self.text { $0.scaleBy(x: 2, y: 2) }
        let big = CGContextCompositingTests.draw(40, 40) { _ in
            "Fg".draw(at: CGPoint(x: 16, y: 20), withAttributes: [.font: UIFont.systemFont(ofSize: 32), .foregroundColor: UIColor.black])
        }
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { scaled[$0, y] == big[$0, y] } })
    }
}
