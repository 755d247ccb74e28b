@testable import Compositor
import Foundation
import FrameLoop
@testable import Layers
import Raster
import TestSupport
import Testing

/// `CALayer.render(in:)` draws shadows and masks as the screen does: the same tree rendered into
/// a context (Layers/Drawing/CALayer+RenderEffects.swift) and composited by the compositor.
@Suite(.isolatedEngine) struct CALayerRenderOnScreenTests {
    /// A 60 × 60 tree: a rounded red square with a blurred blue shadow, and a green square cut to
    /// a circle by a shape mask, with a shadow the mask cuts too.
    static func tree() -> CALayer {
        let root = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            let a = CALayer()
            a.frame = CGRect(x: 8, y: 8, width: 20, height: 20)
            a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            a.cornerRadius = 4
            a.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            a.shadowOpacity = 0.8
            a.shadowRadius = 3
            a.shadowOffset = CGSize(width: 4, height: 6)
            let b = CALayer()
            b.frame = CGRect(x: 30, y: 30, width: 24, height: 24)
            b.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            b.shadowOpacity = 1
            b.shadowRadius = 0
            b.shadowOffset = CGSize(width: 5, height: 0)
            let circle = CAShapeLayer()
            circle.frame = CGRect(x: 0, y: 0, width: 24, height: 24)
            circle.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 20, height: 20), transform: nil)
            circle.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            b.mask = circle
            root.addSublayer(a)
            root.addSublayer(b)
        }
        return root
    }

    @Test func shadowsAndMasksMatchTheCompositor() throws {
        let root = Self.tree()
        let screen = DisplayStepReplicatorTests.composite(root, width: 60, height: 60)
        let ctx = CGContext(drawingInto: LayerDrawingContext(scale: 1))
        root.render(in: ctx)
        let rendered = try #require(Bitmap(width: 60, height: 60))
        try #require(ctx.recording).play(into: .init(bitmap: rendered, clip: rendered.bounds), transform: .identity, scratch: Canvas(rendered))
        var worst = 0, worstAt = (0, 0)
        for y in 0..<60 {
            for x in 0..<60 {
                for shift: UInt32 in [0, 8, 16, 24] {
                    let d = abs(Int((screen[x, y] >> shift) & 0xFF) - Int((rendered[x, y] >> shift) & 0xFF))
                    if d > worst { worst = d; worstAt = (x, y) }
                }
            }
        }
        // Both blur with σ = radius / 2 (the screen the tinted bitmap, render the shadow's alpha)
        // and antialias the circle's edge in their own pixels: a few levels apart at most.
        #expect(worst <= 3, "worst difference \(worst) at \(worstAt)")
        // And the tree shows what it should: the blurred shadow below-right of the red square, the
        // circle's middle green, its corner and the shadow beyond the circle not drawn.
        #expect(Pixel.b(rendered[30, 33]) > 50 && Pixel.r(rendered[30, 33]) == 0 && rendered[18, 18] == Pixel.pack(r: 255, g: 0, b: 0, a: 255))
        #expect(rendered[42, 42] == Pixel.pack(r: 0, g: 255, b: 0, a: 255) && rendered[53, 31] == 0 && rendered[57, 42] == 0)
    }
}
