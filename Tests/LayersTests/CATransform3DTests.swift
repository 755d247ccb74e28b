import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct CATransform3DTests {
    @Test func makeFunctions() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m44 == 1)
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4)
        let rz = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isNear(CATransform3DGetAffineTransform(rz), CGAffineTransform(rotationAngle: .pi / 2)))
        // Rotation about x by 90°: y → z ([0 1 0]·M = [0 0 1]).
        let rx = CATransform3DMakeRotation(.pi / 2, 2, 0, 0)
        let p = rx.project(x: 0, y: 1, z: 0)!
        #expect(isNear(p.x, 0) && isNear(p.y, 0) && isNear(p.z, 1))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == .identity)
    }

    @Test func concatAndPrependingHelpers() {
        let t = CATransform3DMakeTranslation(10, 0, 0), s = CATransform3DMakeScale(2, 2, 2)
        // Translate then scale: x → 2(x + 10).
        let ts = CATransform3DConcat(t, s)
        #expect(ts.m41 == 20 && ts.m11 == 2)
        // CATransform3DScale(t, …) scales first, then t: x → 2x + 10.
        let st = CATransform3DScale(t, 2, 2, 2)
        #expect(st == CATransform3DConcat(s, t) && st.m41 == 10)
        #expect(CATransform3DTranslate(s, 1, 0, 0).m41 == 2)
        #expect(isNear(CATransform3DRotate(.identity, 0.3, 0, 1, 0), CATransform3DMakeRotation(0.3, 0, 1, 0)))
    }

    @Test func inversion() {
        var m = CATransform3DRotate(CATransform3DMakeTranslation(3, -2, 5), 0.4, 1, 1, 0)
        m.m34 = -1 / 500
        #expect(isNear(CATransform3DConcat(m, CATransform3DInvert(m)), .identity, 1e-12))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
    }

    @Test func affineRoundTrip() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        var p = t
        p.m34 = -0.002
        #expect(!CATransform3DIsAffine(p))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
    }

    @Test func perspectiveProjection() {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        // A point at z = 250 is halfway to the eye: W = 1 − 250/500 = 0.5, so it appears twice as far out.
        let p = t.project(x: 10, y: 20, z: 250)!
        #expect(isNear(p.x, 20) && isNear(p.y, 40))
        #expect(t.project(x: 0, y: 0, z: 500) == nil)
        // Rotating about y then perspective: the 3×3 plane map agrees with the 4×4 projection.
        let m = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 0), t)
        let h = m.planeProjection
        #expect(!h.isAffine)
        let q = CGPoint(x: 30, y: -12)
        #expect(isNear(h.apply(q)!, m.project(q)!, 1e-12))
        #expect(CATransform3DMakeTranslation(1, 2, 0).planeProjection.isAffine)
    }

    @Test func decompositionRoundTrips() {
        var persp = CATransform3DIdentity
        persp.m34 = -1.0 / 800
        let cases: [CATransform3D] = [
            .identity,
            CATransform3DMakeTranslation(1, -2, 3),
            CATransform3DMakeScale(2, 3, 0.5),
            CATransform3DMakeScale(-1, 1, 1),
            CATransform3DMakeRotation(2.5, 1, 2, 3),
            CATransform3DMakeRotation(.pi, 0, 1, 0),
            CATransform3DConcat(CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: 0.7, d: 1.2, tx: 4, ty: 5)),
                                CATransform3DMakeRotation(0.8, 0, 1, 1)),
            CATransform3DConcat(CATransform3DRotate(CATransform3DMakeScale(1.5, 0.5, 2), 1.1, 1, 0, 0), persp),
        ]
        for m in cases {
            let d = try! #require(m.decomposed())
            #expect(isNear(d.matrix, m, 1e-12), "round trip of \(m)")
        }
        let rot = CATransform3DMakeRotation(1.2, 0, 0, 1).decomposed()!
        #expect(isNear(rot.quaternion.z, sin(0.6)) && isNear(rot.quaternion.w, cos(0.6)))
        var zero = CATransform3DIdentity
        zero.m44 = 0
        #expect(zero.decomposed() == nil)
    }

    @Test func interpolationKeepsPerspectiveAndTakesShortArc() {
        var p0 = CATransform3DIdentity
        p0.m34 = -1.0 / 500
        let p1 = CATransform3DRotate(p0, .pi / 2, 0, 1, 0)
        let mid = p0.interpolated(to: p1, fraction: 0.5)
        #expect(isNear(mid, CATransform3DRotate(p0, .pi / 4, 0, 1, 0), 1e-12))
        #expect(mid.m34 != 0)
        // 0 → 270° about z goes the short way: halfway is −45°.
        let r = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1), fraction: 0.5)
        #expect(isNear(r, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), 1e-12))
        // 170° → −170° crosses 180° (a 20° turn), not 0° (340°): the quaternions' dot product is negative here.
        let deg = Double.pi / 180
        let across = CATransform3DMakeRotation(170 * deg, 0, 0, 1).interpolated(to: CATransform3DMakeRotation(-170 * deg, 0, 0, 1), fraction: 0.5)
        #expect(isNear(across, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-12))
        // Translation and scale interpolate linearly; the ends are returned exactly.
        let a = CATransform3DMakeScale(1, 1, 1), b = CATransform3DTranslate(CATransform3DMakeTranslation(10, 0, 0), 0, 0, 0)
        #expect(isNear(a.interpolated(to: b, fraction: 0.3), CATransform3DMakeTranslation(3, 0, 0)))
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: b, fraction: .nan) == a)
        // Scale from zero (singular) still interpolates.
        let s = CATransform3DMakeScale(0, 0, 1).interpolated(to: CATransform3DMakeScale(2, 2, 1), fraction: 0.5)
        #expect(isNear(s, CATransform3DMakeScale(1, 1, 1)))
    }
}

@Suite(.isolatedEngine) struct CATransform3DProductTests {
    @Test func concatMatchesTheTextbookProduct() {
        var ra = [[Double]](repeating: [0, 0, 0, 0], count: 4), rb = ra, expected = ra
        for i in 0..<4 {
            for j in 0..<4 {
                ra[i][j] = Double(i * 4 + j + 1)
                rb[i][j] = Double((i + 2) * (j + 1)) - 3
            }
        }
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += ra[i][k] * rb[k][j] }
                expected[i][j] = sum
            }
        }
        let a = CATransform3D(rows: ra), b = CATransform3D(rows: rb)
        #expect(CATransform3DConcat(a, b).rows == expected)
        #expect(CATransform3D(rows: [[2]]) == CATransform3DMakeScale(2, 1, 1))
        #expect(!CATransform3D(rows: [[.nan]]).isFinite)
    }
}
