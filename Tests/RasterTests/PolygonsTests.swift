import Raster
import Testing

@Suite struct PolygonsTests {
    @Test func contoursAreDelimitedByTheirEnds() {
        var p = Polygons()
        p.move(to: Point(0, 0)); p.line(to: Point(1, 0)); p.line(to: Point(1, 1))
        p.move(to: Point(5, 5)); p.line(to: Point(6, 5)); p.closeContour()
        p.closeContour()    // closing twice records nothing
        #expect(p.contourEnds == [3, 5])
        #expect(Array(p.contour(1)) == [Point(5, 5), Point(6, 5)])
        #expect(p.bounds == Rect(x: 0, y: 0, width: 6, height: 5))
        p.line(to: Point(.nan, 1)); p.discardOpenContour()
        #expect(p.points.count == 5)
        p.removeAll()
        #expect(p.isEmpty && p.contourCount == 0 && p.bounds == .zero)
    }
}
