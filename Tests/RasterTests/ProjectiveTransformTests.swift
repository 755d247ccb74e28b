import Raster
import Testing

@Suite struct ProjectiveTransformTests {
    @Test func inverseUndoesThePerspectiveMapping() throws {
        let m = ProjectiveTransform(m11: 0.9, m12: 0.1, m13: 0.002, m21: -0.2, m22: 1.1, m23: -0.001, m31: 30, m32: 12, m33: 1)
        let inv = try #require(m.inverted)
        for p in [Point(0, 0), Point(100, 40), Point(-30, 77)] {
            let q = try #require(m.apply(p))
            let back = try #require(inv.apply(q))
            #expect((back - p).length < 1e-9)
        }
        #expect(ProjectiveTransform(Transform.scale(0, 1)).inverted == nil)
        #expect(ProjectiveTransform(m11: 1, m12: 0, m13: -1, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).apply(Point(2, 0)) == nil)
    }

    @Test func concatenationMatchesAffineConcatenation() {
        let a = Transform.rotation(0.3).concatenating(.translation(5, 2)), b = Transform.scale(2, 3)
        let p = ProjectiveTransform(a).concatenating(ProjectiveTransform(b))
        #expect(p == ProjectiveTransform(a.concatenating(b)))
    }
}
