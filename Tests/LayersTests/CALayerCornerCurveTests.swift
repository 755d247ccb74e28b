import TestSupport
import Foundation
import Testing
@testable import Layers
import Raster

@Suite(.isolatedEngine) struct CALayerCornerCurveTests {
    func shape(_ curve: CALayerCornerCurve, radius: CGFloat, size: CGFloat = 100) -> Raster.Path {
        var v = LayerValues()
        v.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        v.cornerRadius = radius
        v.cornerCurve = curve
        return v.boundsShape()
    }

    func area(_ p: Raster.Path) -> Double { PolygonArea.nonZero(p.flattened(transform: .identity, tolerance: 0.001)) }

    @Test func continuousCornersReachFartherAndCutMore() {
        let continuous = shape(.continuous, radius: 20), circular = shape(.circular, radius: 20)
        // The outline starts where the top-left corner's curve ends: 1.52866·r along the top edge.
        guard case .move(let start)? = continuous.elements.first else { Issue.record("no move"); return }
        #expect(isNear(start.x, 20 * 1.52866483, 1e-9) && start.y == 0)
        // Four corners of three cubics each.
        #expect(continuous.elements.filter { if case .cubic = $0 { return true } else { return false } }.count == 12)
        // A circular corner cuts r²(1 − π/4) = 0.2146 r²; the continuous one, reaching farther
        // but hugging the edges, cuts a little more (0.2247 r² measured), and keeps to the bounds.
        let cut = (10_000 - area(continuous)) / 4 / 400, circularCut = (10_000 - area(circular)) / 4 / 400
        #expect(isNear(circularCut, 1 - Double.pi / 4, 1e-3))
        #expect(isNear(cut, 0.2247, 1e-3) && cut > circularCut + 0.005)
        let b = continuous.bounds
        #expect(b.minX >= 0 && b.minY >= 0 && b.maxX <= 100 && b.maxY <= 100)
        // Symmetric about the diagonal: the top-left quarter mirrored in x = y is itself.
        let pts = continuous.flattened(transform: .identity, tolerance: 0.01).points.filter { $0.x < 40 && $0.y < 40 }
        for p in pts { #expect(pts.contains { abs($0.x - p.y) < 0.05 && abs($0.y - p.x) < 0.05 } || p.x < 1e-9 || p.y < 1e-9) }
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.52866483 && CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    @Test func aCornerThatDoesNotFitIsCircular() {
        // 1.52866 · 40 > 50: the continuous curve would pass the middle of the side.
        #expect(shape(.continuous, radius: 40) == shape(.circular, radius: 40))
        #expect(shape(.continuous, radius: 0) == shape(.circular, radius: 0))
    }

    @Test func onlyMaskedCornersAreRounded() {
        var v = LayerValues()
        v.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        v.cornerRadius = 20
        v.cornerCurve = .continuous
        v.maskedCorners = [.layerMinXMinYCorner]
        let cut = (10_000 - area(v.boundsShape())) / 400
        #expect(isNear(cut, 0.2247, 1e-3))       // one corner's worth
    }
}

@Suite(.isolatedEngine) struct CALayerSublayersSetterTests {
    @Test func settingSublayersReplacesThemInOrder() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), elsewhere = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        elsewhere.addSublayer(c)
        root.sublayers = [c, a, c]              // c twice: added once, where it first appears
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [c, a].map(ObjectIdentifier.init))
        #expect(b.superlayer == nil && c.superlayer === root && a.superlayer === root)
        #expect(elsewhere.sublayers == nil)
        root.sublayers = nil
        #expect(root.sublayers == nil && a.superlayer == nil && c.superlayer == nil)
    }

    @Test func aCycleIsRefusedWithOneLine() {
        let engine = CAEngine.current
        engine.reportSink = { _ in }
        let root = CALayer(), child = CALayer()
        root.name = "root"
        root.addSublayer(child)
        let other = CALayer()
        child.sublayers = [root, other]
        #expect(child.sublayers?.count == 1 && child.sublayers?.first === other)
        #expect(root.superlayer == nil)
        #expect(engine.diagnostics == ["addSublayer refused: \"root\" is an ancestor of a CALayer"])
    }
}
