extension ProjectiveTransform2D {
    /// The inverse map (by the adjugate), or nil when the matrix is singular or not finite.
    /// Hit testing and the renderer's inverse mapping of pixels use it.
    public func inverted() -> ProjectiveTransform2D? {
        let c11 = m22 * m33 - m23 * m32, c12 = m23 * m31 - m21 * m33, c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return ProjectiveTransform2D(
            m11: c11 * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: c12 * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: c13 * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
    }
}
