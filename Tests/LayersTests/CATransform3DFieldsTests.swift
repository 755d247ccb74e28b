import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct CATransform3DFieldsTests {
    func number(_ t: CATransform3D, _ f: AnimationKeyPath.TransformField) -> Double { t.value(for: f).number! }

    @Test func readsFields() {
        let t = CATransform3DTranslate(CATransform3DMakeTranslation(5, -3, 2), 0, 0, 0)
        #expect(t.value(for: .translation) == .size(CGSize(width: 5, height: -3)))
        #expect(number(t, .translationZ) == 2)
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(number(s, .scale) == 3 && number(s, .scaleX) == 2 && number(s, .scaleZ) == 4)
        #expect(isNear(number(CATransform3DMakeRotation(0.7, 0, 0, 1), .rotation), 0.7))
        #expect(isNear(number(CATransform3DMakeRotation(0.7, 0, 0, 1), .rotationX), 0))
        #expect(isNear(number(CATransform3DMakeRotation(-1.2, 0, 1, 0), .rotationY), -1.2))
        #expect(isNear(number(CATransform3DMakeRotation(0.4, 1, 0, 0), .rotationX), 0.4))
        #expect(CATransform3DIdentity.value(for: .whole) == .transform(.identity))
    }

    /// The identity's fields come from its decomposition worked out once; a translation of −0
    /// (equal to the identity) is still read and kept as −0, as decomposing it gives.
    @Test func theIdentityAndANegativeZeroTranslationReadAsDecomposed() {
        let negativeZero = CATransform3DMakeTranslation(-0.0, -0.0, 0)
        #expect(number(negativeZero, .translationX).sign == .minus && number(negativeZero, .translationY).sign == .minus)
        #expect(negativeZero.replacing(.rotationZ, with: .number(0)).m41.sign == .minus)
        #expect(number(CATransform3DIdentity, .translationX).sign == .plus && number(CATransform3DIdentity, .rotation) == 0)
        let turned = CATransform3DIdentity.replacing(.rotationZ, with: .number(0.5))
        #expect(isNear(number(turned, .rotation), 0.5) && turned == CATransform3DMakeRotation(0.5, 0, 0, 1).decomposed()!.matrix)
    }

    @Test func writingAFieldKeepsTheOthers() {
        let scaled = CATransform3DMakeScale(2, 2, 1)
        let turned = scaled.replacing(.rotationZ, with: .number(.pi / 2))
        // Scale first, then the rotation: (1, 0) → (2, 0) → (0, 2).
        #expect(isNear(turned.project(CGPoint(x: 1, y: 0))!, CGPoint(x: 0, y: 2)))
        #expect(isNear(number(turned, .scaleX), 2))
        let moved = turned.replacing(.translation, with: .size(CGSize(width: 10, height: 20)))
        #expect(isNear(moved.project(CGPoint(x: 0, y: 0))!, CGPoint(x: 10, y: 20)))
        #expect(isNear(number(moved, .rotationZ), .pi / 2))
        #expect(isNear(CATransform3DIdentity.replacing(.scale, with: .number(1.2)), CATransform3DMakeScale(1.2, 1.2, 1.2)))
        // Euler round trip through all three axes.
        var r = CATransform3DIdentity
        r = r.replacing(.rotationX, with: .number(0.3))
        r = r.replacing(.rotationY, with: .number(-0.5))
        r = r.replacing(.rotationZ, with: .number(1.1))
        #expect(isNear(number(r, .rotationX), 0.3) && isNear(number(r, .rotationY), -0.5) && isNear(number(r, .rotationZ), 1.1))
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                               CATransform3DMakeRotation(-0.5, 0, 1, 0)),
                                           CATransform3DMakeRotation(1.1, 0, 0, 1))
        #expect(isNear(r, expected, 1e-12))
    }

    @Test func perspectiveSurvivesAFieldAnimation() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let r = p.replacing(.rotationY, with: .number(.pi / 4))
        #expect(isNear(r, CATransform3DRotate(p, .pi / 4, 0, 1, 0), 1e-12))
    }

    @Test func wrongKindsLeaveTheTransformAlone() {
        let t = CATransform3DMakeScale(2, 2, 2)
        #expect(t.replacing(.scaleX, with: .point(.zero)) == t)
        #expect(t.replacing(.translation, with: .number(3)) == t)
        #expect(t.replacing(.whole, with: .number(3)) == t)
        var singular = CATransform3DIdentity
        singular.m44 = 0
        #expect(singular.replacing(.scale, with: .number(2)) == singular)
        #expect(singular.value(for: .scale) == .number(1))
    }
}
