import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite struct NSCoderGeometryTests {
    @Test func stringsAreUIKits() {
        #expect(NSCoder.string(for: CGPoint(x: 1, y: 2)) == "{1, 2}")
        #expect(NSCoder.string(for: CGPoint(x: 0.1, y: -2.5)) == "{0.10000000000000001, -2.5}")
        #expect(NSCoder.string(for: CGSize(width: 3, height: 4)) == "{3, 4}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.string(for: CGAffineTransform(translationX: 10, y: 20)) == "[1, 0, 0, 1, 10, 20]")
        #expect(NSStringFromCGRect(.zero) == "{{0, 0}, {0, 0}}")
    }

    @Test func readingTakesTheNumbersInOrder() {
        #expect(NSCoder.cgPoint(for: "{1, 2}") == CGPoint(x: 1, y: 2))
        #expect(NSCoder.cgPoint(for: "{-1.5e2,+3}") == CGPoint(x: -150, y: 3))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgSize(for: "{7}") == CGSize(width: 7, height: 0))      // missing numbers are 0
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgAffineTransform(for: "") == .identity)
        #expect(NSCoder.cgAffineTransform(for: "[2, 0, 0, 2, 5, 6]") == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        #expect(NSCoder.cgVector(for: "{3, -4}") == CGVector(dx: 3, dy: -4))
    }

    @Test func everyStringReadsBackToTheSameBits() {
        var random = SeededRandom(seed: 34)
        func next() -> CGFloat { CGFloat(random.range(-0.5, 0.5) * pow(10, Double(random.next() % 12) - 4)) }
        for _ in 0..<200 {
            let r = CGRect(x: next(), y: next(), width: next(), height: next())
            #expect(CGRectFromString(NSStringFromCGRect(r)) == r)
        }
    }
}
