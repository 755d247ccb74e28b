extension Path {
    /// How far along each edge a continuous corner of radius 1 reaches (a circular one: 1).
    public static let continuousCornerExtent = 1.52866483

    /// One continuous corner of radius 1, in corner coordinates: (a, b) is a along the edge the
    /// outline arrives by and b along the edge it leaves by, both measured from the corner. A line
    /// to the first point, two short lines and three cubics (control 1, control 2, end).
    ///
    /// The curve is the widely used reconstruction of iOS 7's continuous corners (PaintCode's
    /// measurement of `UIBezierPath(roundedRect:cornerRadius:)`): it starts 1.52866·r from the
    /// corner, so the curvature rises from zero along the edge instead of jumping to 1/r where a
    /// circular arc begins, and meets the diagonal at 0.2915·r from the corner (a circle: 0.2929·r).
    /// It is symmetric about the diagonal. Apple publishes no formula; this is the curve Flipbook
    /// draws for `cornerCurve = .continuous`.
    static let continuousCorner: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double), lineFirstTo: (Double, Double)?)] = [
        ((1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600), nil),
        ((0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399), (0.63149399, 0.07491100)),
        ((0, 0.86840689), (0, 1.08849323), (0, continuousCornerExtent), (0.06549600, 0.66993427)),
    ]

    /// Adds a closed rectangle whose rounded corners are continuous (`CALayerCornerCurve.continuous`),
    /// clockwise from the top edge, as `addRoundedRect(_:topLeft:topRight:bottomRight:bottomLeft:)`.
    ///
    /// A corner whose continuous curve would not fit — 1.52866·r past half the shorter side — is a
    /// circular arc of the radius clamped to half the shorter side (UIKit blends between the two
    /// shapes there; Flipbook switches). Radii that are not positive are sharp corners.
    /// - Complexity: O(1): at most 4 lines and 12 cubics plus the edges.
    public mutating func addContinuousRoundedRect(_ rect: Rect, topLeft: Double, topRight: Double,
                                                  bottomRight: Double, bottomLeft: Double) {
        let limit = Swift.min(abs(rect.width), abs(rect.height)) / 2
        let radii = [topLeft, topRight, bottomRight, bottomLeft]
        guard radii.allSatisfy({ !($0 > 0) || $0 * Self.continuousCornerExtent <= limit }) else {
            // One corner does not fit: all circular, so the outline stays one consistent shape.
            addRoundedRect(rect, topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
            return
        }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // Corners clockwise from the top right: the corner, the direction back along the edge
        // arrived by, the direction along the edge left by.
        let corners: [(Point, Point, Point, Double)] = [
            (Point(x1, y0), Point(-1, 0), Point(0, 1), topRight),
            (Point(x1, y1), Point(0, -1), Point(-1, 0), bottomRight),
            (Point(x0, y1), Point(1, 0), Point(0, -1), bottomLeft),
            (Point(x0, y0), Point(0, 1), Point(1, 0), topLeft),
        ]
        func at(_ c: (Point, Point, Point, Double), _ ab: (Double, Double)) -> Point {
            let r = c.3
            return Point(c.0.x + (ab.0 * c.1.x + ab.1 * c.2.x) * r, c.0.y + (ab.0 * c.1.y + ab.1 * c.2.y) * r)
        }
        let tl = topLeft > 0 ? topLeft : 0
        move(to: Point(x0 + tl * Self.continuousCornerExtent, y0))
        for c in corners {
            guard c.3 > 0 else { line(to: c.0); continue }
            line(to: at(c, (Self.continuousCornerExtent, 0)))
            for s in Self.continuousCorner {
                if let l = s.lineFirstTo { line(to: at(c, l)) }
                cubic(to: at(c, s.end), control1: at(c, s.c1), control2: at(c, s.c2))
            }
        }
        close()
    }
}
