@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

@Suite(.isolatedEngine) struct FrameDamageTests {
    /// A 50-point spinner (a 270° arc, 5 wide, round caps, the default miter join) turning on a
    /// plain background: its damage is the box of the turned layer, about 50·(cos + sin) wide,
    /// and holds every pixel that changed.
    ///
    /// It was 132 pixels wide at 45°: the content extent allowed miterLimit·w/2 past a curve that
    /// has no corner to miter, 92 points for 50.
    @Test(arguments: [(0.0, 10.0), (30, 40), (40, 50), (80, 95)])
    func aTurningSpinnersDamageIsItsTurnedBox(_ from: Double, _ to: Double) throws {
        let root = CALayer(), spinner = CAShapeLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.backgroundColor = CGColor(hex: 0x1C1C2E)
            spinner.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            spinner.position = CGPoint(x: 100, y: 100)
            let arc = CGMutablePath()
            arc.addArc(center: CGPoint(x: 25, y: 25), radius: 20, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
            spinner.path = arc
            spinner.fillColor = nil
            spinner.strokeColor = .white
            spinner.lineWidth = 5
            spinner.lineCap = .round
            root.addSublayer(spinner)
        }
        let display = DisplayStep()
        func frame(turnedBy degrees: Double) throws -> (RenderSnapshot, Bitmap) {
            CATransaction.performWithoutAnimation { spinner.transform = CATransform3DMakeRotation(degrees * .pi / 180, 0, 0, 1) }
            TreeFrames.frame(root, at: degrees)
            let snapshot = display.snapshot(of: root, scale: 1)
            let bitmap = try #require(Bitmap(width: 200, height: 200))
            Compositor().composite(snapshot, into: bitmap)
            return (snapshot, bitmap)
        }
        let (a, before) = try frame(turnedBy: from), (b, after) = try frame(turnedBy: to)
        let rects = try #require(FrameDamage.between(a, b, frame: before.bounds))
        #expect(rects.count == 1)
        func boxWidth(_ degrees: Double) -> Double {
            let r = degrees * Double.pi / 180
            return 50 * (abs(cos(r)) + abs(sin(r)))
        }
        let widest = max(boxWidth(from), boxWidth(to))
        for r in rects {
            // One point of content margin and one pixel of antialiasing on each side, and rounding out.
            #expect(Double(r.width) <= widest + 6 && Double(r.height) <= widest + 6, "\(r) for a box \(widest) wide")
        }
        var changed = 0
        for y in 0..<200 {
            for x in 0..<200 where before[x, y] != after[x, y] {
                changed += 1
                #expect(rects.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }, "pixel (\(x), \(y)) changed outside \(rects)")
            }
        }
        #expect(changed > 100) // not vacuous: the arc moved
    }

    /// Damage boxes are merged into at most `maxRects` disjoint rectangles covering them all:
    /// overlapping ones joined exactly when few, and thousands (hundreds of moving views) binned
    /// first, so a frame's merge stays linear (it was cubic: 77 % of a frame of 200 moving views).
    @Test func mergedRectanglesAreFewDisjointAndCoverEveryBox() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 5, y: 5, width: 10, height: 10)
        let c = PixelRect(x: 100, y: 100, width: 4, height: 4)
        #expect(FrameDamage.merged([a, b, c, PixelRect(x: 3, y: 3, width: 0, height: 9)]) == [a.union(b), c])
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for count in [30, 400, 5_000] {
            let boxes = (0..<count).map { _ in PixelRect(x: next(1900), y: next(1060), width: 1 + next(40), height: 1 + next(30)) }
            let out = FrameDamage.merged(boxes)
            #expect(out.count <= FrameDamage.maxRects, "\(count) boxes")
            for i in out.indices { for j in out.indices where j > i { #expect(out[i].intersection(out[j]).isEmpty) } }
            #expect(boxes.allSatisfy { box in out.contains { $0.union(box) == $0 } }, "\(count) boxes")
        }
    }
}
