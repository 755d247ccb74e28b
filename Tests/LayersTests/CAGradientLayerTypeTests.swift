import TestSupport
import Foundation
import Testing
@testable import Layers
import Compositor
import Raster

/// `CAGradientLayer.type`: axial, radial and conic draw their own shapes (pixels read at points
/// whose colour follows from the geometry alone).
@Suite(.isolatedEngine) struct CAGradientLayerTypeTests {
    func draw(_ type: CAGradientLayerType, end: CGPoint) -> Bitmap {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        g.type = type
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        g.startPoint = type == .axial ? CGPoint(x: 0, y: 0.5) : CGPoint(x: 0.5, y: 0.5)
        g.endPoint = end
        let root = CALayer()
        root.addSublayer(g)
        TreeFrames.frame(root, at: 0)
        let out = Bitmap(width: 64, height: 64)!
        LayerRenderer().render(root, into: out, scale: 1)
        return out
    }
    func red(_ p: UInt32) -> Int { Int(p & 0xFF) }

    @Test func eachTypeHasItsShape() {
        let axial = draw(.axial, end: CGPoint(x: 1, y: 0.5))
        #expect(red(axial[0, 10]) > 240 && red(axial[63, 10]) < 15 && abs(red(axial[32, 10]) - 128) < 8)
        #expect(axial[10, 0] == axial[10, 63])                  // constant along the other axis
        let radial = draw(.radial, end: CGPoint(x: 1, y: 0.5))  // a circle of radius 32 about the centre
        #expect(red(radial[32, 32]) > 240 && red(radial[0, 0]) < 15 && red(radial[32, 0]) < 15)
        #expect(abs(red(radial[48, 32]) - red(radial[32, 48])) <= 2)   // same distance, same colour
        let conic = draw(.conic, end: CGPoint(x: 1, y: 0.5))    // turning from the right
        #expect(abs(red(conic[60, 32]) - red(conic[60, 34])) > 150 || abs(red(conic[60, 32]) - red(conic[60, 30])) > 150)
        #expect(abs(red(conic[4, 32]) - 128) < 16)              // half a turn: halfway
    }
}
