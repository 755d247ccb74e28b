import TestSupport
import Foundation
import Raster
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct CGAffineTransformTests {
    @Test func identityAndConstructors() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGAffineTransform(translationX: 3, y: -4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -4))
        #expect(CGAffineTransform(scaleX: 2, y: 5) == CGAffineTransform(a: 2, b: 0, c: 0, d: 5, tx: 0, ty: 0))
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isNear(r, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        #expect(!CGAffineTransform(translationX: 0, y: 1e-300).isIdentity)
    }

    @Test func concatenatingIsSelfThenOther() {
        // Translate (10, 0) then scale 2: [x y 1]·T·S → (2x + 20, 2y).
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 2))
        // Hand-computed product of two general matrices.
        let m1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        #expect(m1.concatenating(m2) == CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
    }

    @Test func byMethodsPrepend() {
        let base = CGAffineTransform(scaleX: 2, y: 3)
        // translatedBy moves in the transform's input space: (x + 10)·2.
        let t = base.translatedBy(x: 10, y: 1)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 3))
        #expect(t == CGAffineTransform(translationX: 10, y: 1).concatenating(base))
        #expect(t != base.concatenating(CGAffineTransform(translationX: 10, y: 1)))
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // S(2, 3)·M = [[2, 4], [9, 12]], translation unchanged.
        #expect(m.scaledBy(x: 2, y: 3) == CGAffineTransform(a: 2, b: 4, c: 9, d: 12, tx: 5, ty: 6))
        // R(90°)·M = [[0, 1], [−1, 0]]·M = [[3, 4], [−1, −2]].
        #expect(isNear(m.rotated(by: .pi / 2), CGAffineTransform(a: 3, b: 4, c: -1, d: -2, tx: 5, ty: 6)))
    }

    @Test func inversion() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let inv = m.inverted()
        #expect(isNear(inv, CGAffineTransform(a: -2, b: 1, c: 1.5, d: -0.5, tx: 1, ty: -2)))
        #expect(isNear(m.concatenating(inv), .identity))
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
        let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(nan.inverted().a.isNaN)
    }

    @Test func applyingToSizesAndRects() {
        let rot = CGAffineTransform(rotationAngle: .pi / 2)
        let s = CGSize(width: 2, height: 1).applying(rot)
        #expect(isNear(s.width, -1) && isNear(s.height, 2))
        let r = CGRect(x: 0, y: 0, width: 2, height: 1).applying(rot.translatedBy(x: 0, y: 0))
        #expect(isNear(r.origin.x, -1) && isNear(r.origin.y, 0) && isNear(r.width, 1) && isNear(r.height, 2))
        // A negative-size rectangle is standardized first.
        let r2 = CGRect(x: 4, y: 4, width: -2, height: -2).applying(CGAffineTransform(scaleX: 2, y: 1))
        #expect(r2 == CGRect(x: 4, y: 2, width: 4, height: 2))
        #expect(CGRect.null.applying(rot).isNull)
    }

    @Test func decompositionRoundTrip() {
        let t = CGAffineTransform(scaleX: 2, y: -3)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: 0.7))
            .concatenating(CGAffineTransform(translationX: 5, y: -6))
        let p = t.decomposition
        #expect(isNear(p.rotation, 0.7) && isNear(p.scale.width, 2) && isNear(p.scale.height, -3))
        #expect(isNear(p.translation, CGPoint(x: 5, y: -6)))
        #expect(isNear(CGAffineTransform(p), t))
    }

    @Test func interpolationThroughCATransform3D() {
        let a = CGAffineTransform.identity
        let b = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 10, y: 20))
        let mid = a.interpolated(to: b, fraction: 0.5)
        let expected = CGAffineTransform(rotationAngle: .pi / 4).concatenating(CGAffineTransform(translationX: 5, y: 10))
        #expect(isNear(mid, expected))
        // Scale from zero animates smoothly (no discrete jump).
        let z = CGAffineTransform(scaleX: 0, y: 0).interpolated(to: .identity, fraction: 0.25)
        #expect(isNear(z, CGAffineTransform(scaleX: 0.25, y: 0.25)))
    }

    @Test func rasterInterop() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let r = Raster.Transform(t)
        #expect(r == Raster.Transform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(CGAffineTransform(r) == t)
        // Both apply a point the same way.
        let p = r.apply(Raster.Point(7, 8))
        #expect(CGPoint(p) == CGPoint(x: 7, y: 8).applying(t))
        #expect(CGRect(Raster.Rect(CGRect(x: 1, y: 2, width: 3, height: 4))) == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
