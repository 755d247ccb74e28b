import Compositor
import Foundation
@testable import Layers
import Raster
import TestSupport
import Testing

/// `CALayer.maskedCorners`: `cornerRadius` rounds only the corners in the mask, for the
/// background, the border, the clip, the shadow and a gradient layer's fill.
@Suite(.isolatedEngine) struct CACornerMaskTests {
    static let dark: UInt32 = 0x1C1C2E
    /// True when the pixel shows the root's dark background (a rounded corner cut it away).
    static func isDark(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool {
        let p = b[x, y]
        return abs(Int(p & 0xFF) - 0x1C) <= 2 && abs(Int((p >> 8) & 0xFF) - 0x1C) <= 2 && abs(Int((p >> 16) & 0xFF) - 0x2E) <= 2
    }
    /// The four corner pixels of the 80×60 box at (10, 10): top-left, top-right, bottom-left, bottom-right.
    static let corners = [(11, 11), (88, 11), (11, 68), (88, 68)]

    static func box(in stage: LayerRendererTests.Stage, _ configure: (CALayer) -> Void) -> CALayer {
        let l = CALayer()
        CATransaction.performWithoutAnimation {
            l.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
            l.cornerRadius = 20
            configure(l)
            stage.root.addSublayer(l)
        }
        return l
    }

    @Test func theBackgroundRoundsOnlyTheMaskedCorners() {
        let stage = LayerRendererTests.Stage(100, 100)
        _ = Self.box(in: stage) {
            $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]   // the top two
        }
        let b = stage.render(at: 0)
        #expect(Self.corners.map { Self.isDark(b, $0.0, $0.1) } == [true, true, false, false])
    }

    @Test func allCornersByDefaultAndNoneWhenEmpty() {
        let stage = LayerRendererTests.Stage(100, 100)
        let l = Self.box(in: stage) { $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        #expect(l.maskedCorners == .all)
        #expect(Self.corners.allSatisfy { Self.isDark(stage.render(at: 0), $0.0, $0.1) })
        l.maskedCorners = []
        let b = stage.render(at: 1)
        #expect(Self.corners.allSatisfy { !Self.isDark(b, $0.0, $0.1) })
    }

    @Test func theClipAndTheBorderFollowTheMask() {
        let stage = LayerRendererTests.Stage(100, 100)
        let l = Self.box(in: stage) {
            $0.masksToBounds = true
            $0.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]   // the bottom two
        }
        let fill = CALayer()
        CATransaction.performWithoutAnimation {
            fill.frame = l.bounds
            fill.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            l.addSublayer(fill)
        }
        let clipped = stage.render(at: 0)
        #expect(Self.corners.map { Self.isDark(clipped, $0.0, $0.1) } == [false, false, true, true])

        let stage2 = LayerRendererTests.Stage(100, 100)
        _ = Self.box(in: stage2) {
            $0.borderWidth = 4
            $0.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            $0.maskedCorners = [.layerMaxXMaxYCorner]
        }
        let bordered = stage2.render(at: 0)
        // The border passes through the square corners' pixels and around the rounded ones.
        #expect(Self.corners.map { Self.isDark(bordered, $0.0, $0.1) } == [false, false, false, true])
    }

    /// A gradient layer's cached fill is redrawn when its corners change (before, a change of
    /// `cornerRadius` after the first frame kept the old shape).
    @Test func aGradientLayersCacheFollowsItsCorners() {
        let stage = LayerRendererTests.Stage(100, 100)
        let g = CAGradientLayer()
        CATransaction.performWithoutAnimation {
            g.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
            g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            stage.root.addSublayer(g)
        }
        #expect(!Self.isDark(stage.render(at: 0), 11, 11))
        CATransaction.performWithoutAnimation { g.cornerRadius = 20 }
        #expect(Self.isDark(stage.render(at: 1), 11, 11))
        CATransaction.performWithoutAnimation { g.maskedCorners = [.layerMaxXMaxYCorner] }
        let b = stage.render(at: 2)
        #expect(Self.corners.map { Self.isDark(b, $0.0, $0.1) } == [false, false, false, true])
    }

    /// The shadow is cast by the same shape.
    @Test func theShadowFollowsTheMask() {
        func shadowBelowTopLeft(_ corners: CACornerMask) -> UInt32 {
            let stage = LayerRendererTests.Stage(100, 100)
            _ = Self.box(in: stage) {
                $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
                $0.shadowOffset = CGSize(width: -5, height: -5)
                $0.shadowColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                $0.maskedCorners = corners
            }
            return stage.render(at: 0)[7, 7]        // the shadow's own top-left corner
        }
        #expect(shadowBelowTopLeft([]) != shadowBelowTopLeft(.all))
    }
}
