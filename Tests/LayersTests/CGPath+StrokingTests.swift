import Foundation
import Testing
@testable import Layers
import Raster

/// `copy(strokingWithWidth:…)`, `copy(dashingWithPhase:…)` and `contains(_:using:transform:)` as
/// ported code uses them: a layer sized to its stroke's outline, hit tests on shapes.
@Suite struct CGPathStrokingTests {
    func line(_ a: CGPoint, _ b: CGPoint) -> CGPath {
        let p = CGMutablePath()
        p.move(to: a)
        p.addLine(to: b)
        return p
    }

    func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 0.02) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }

    @Test func aStrokesOutlineCoversTheLineWidthAndTheCaps() {
        let l = line(CGPoint(x: 2, y: 2), CGPoint(x: 28, y: 2))
        let butt = l.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 4)
        #expect(near(butt.boundingBoxOfPath, CGRect(x: 2, y: 0, width: 26, height: 4)))
        let round = l.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 4)
        #expect(near(round.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 30, height: 4)))
        let square = l.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 4)
        #expect(near(square.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 30, height: 4)))
        // The outline filled is the stroke: inside the pen's reach, not beyond it.
        #expect(round.contains(CGPoint(x: 0.5, y: 2)))
        #expect(!butt.contains(CGPoint(x: 0.5, y: 2)))
        #expect(butt.contains(CGPoint(x: 15, y: 3.9)))
        #expect(!butt.contains(CGPoint(x: 15, y: 4.1)))
    }

    @Test func theTransformAppliesToTheOutlineAfterStroking() {
        let l = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0))
        // Scaled x by 2 after stroking: the pen's 2 units of height stay 2, the length doubles.
        let out = l.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                         transform: CGAffineTransform(scaleX: 2, y: 1))
        #expect(near(out.boundingBoxOfPath, CGRect(x: 0, y: -1, width: 20, height: 2)))
    }

    @Test func aWidthOrTransformThatIsNoNumberGivesAnEmptyPath() {
        let l = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0))
        for w in [0, -1, CGFloat.nan, .infinity] {
            #expect(l.copy(strokingWithWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        }
        #expect(l.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10,
                       transform: CGAffineTransform(translationX: .nan, y: 0)).isEmpty)
        #expect(!l.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }

    @Test func dashesAreOpenPiecesAlongThePath() {
        let l = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0))
        let dashed = l.copy(dashingWithPhase: 0, lengths: [2, 3])
        // Painted 0–2 and 5–7: two subpaths of a move and a line each.
        #expect(dashed.path.elements.count == 4)
        #expect(near(dashed.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 7, height: 0)))
        // A phase of 1: painted 0–1, 4–6 and 9–10.
        let shifted = l.copy(dashingWithPhase: 1, lengths: [2, 3])
        #expect(shifted.path.elements.count == 6)
        #expect(near(shifted.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 0)))
        // A pattern that paints everything or nothing: the path as it was.
        #expect(l.copy(dashingWithPhase: 0, lengths: []) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [0, 0]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [2, -1]) == l)
    }

    @Test func containsFollowsTheFillRule() {
        // Two nested squares drawn the same way round: inside both under nonzero, a hole under even-odd.
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(p.contains(CGPoint(x: 5, y: 5)))
        #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 11, y: 5)))
        // The transform moves the path before the test.
        #expect(p.contains(CGPoint(x: 21, y: 1), transform: CGAffineTransform(translationX: 20, y: 0)))
        // An open subpath counts as closed: a triangle without its third side.
        let open = CGMutablePath()
        open.move(to: CGPoint(x: 0, y: 0))
        open.addLine(to: CGPoint(x: 10, y: 0))
        open.addLine(to: CGPoint(x: 0, y: 10))
        #expect(open.contains(CGPoint(x: 2, y: 2)))
        #expect(!open.contains(CGPoint(x: 8, y: 8)))
        // Curves: a circle of radius 10.
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(circle.contains(CGPoint(x: 7, y: 7)))
        #expect(!circle.contains(CGPoint(x: 7.2, y: 7.2)))
        #expect(!CGPath().contains(.zero))
    }
}
