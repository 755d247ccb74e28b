import Compositor
import Foundation
@testable import Layers
import Raster
import TestSupport
import Testing

/// Golden frames of the layer renderer (references in __Snapshots__/LayerRendererTests/).
@Suite(.isolatedEngine) struct LayerRendererTests {
    /// A root layer of `size` on a dark background, drawn after evaluating animations at `times`.
    struct Stage {
        let root = CALayer()
        let renderer = LayerRenderer()
        let size: CGSize
        private let frames: TreeFrames
        init(_ w: Double = 200, _ h: Double = 200) {
            size = CGSize(width: w, height: h)
            frames = TreeFrames(root: root, size: size)
            CATransaction.performWithoutAnimation {
                root.frame = CGRect(origin: .zero, size: size)
                root.backgroundColor = CGColor(hex: 0x1C1C2E)
            }
        }
        /// A frame at `t` from the frame driver, not drawn (the renderer draws it).
        func frame(_ t: Double) { frames.frame(t) }
        func render(at t: Double, scale: Double = 1) -> Bitmap {
            frame(t)
            let bmp = Bitmap(width: Int(size.width * scale), height: Int(size.height * scale))!
            renderer.render(root, into: bmp, scale: scale)
            return bmp
        }
    }

    static func ring(_ rect: CGRect, color: CGColor?, width: CGFloat = 10) -> CAShapeLayer {
        let s = CAShapeLayer()
        s.frame = rect
        let p = CGMutablePath()
        // From 12 o'clock, visually clockwise (Core Graphics' flag is for y-up space).
        p.addArc(center: CGPoint(x: rect.width / 2, y: rect.height / 2), radius: rect.width / 2 - width,
                 startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        s.path = p
        s.fillColor = nil
        s.strokeColor = color
        s.lineWidth = width
        s.lineCap = .round
        return s
    }

    @Test(arguments: [0.0, 0.37, 1.0])
    func shapeLayerStrokeEnd(_ end: Double) {
        let st = Stage()
        let ring = Self.ring(CGRect(x: 20, y: 20, width: 160, height: 160), color: CGColor(hex: 0x30D158))
        CATransaction.performWithoutAnimation {
            ring.strokeEnd = CGFloat(end)
            st.root.addSublayer(ring)
        }
        #expect(Snapshot.verify(st.render(at: 0), named: "strokeEnd-\(end)") == nil)
    }

    @Test func gradientMaskedByARing() {
        let st = Stage()
        let g = CAGradientLayer()
        CATransaction.performWithoutAnimation {
            g.frame = CGRect(x: 20, y: 20, width: 160, height: 160)
            g.colors = [CGColor(hex: 0xFF375F), CGColor(hex: 0xFFD60A)]
            g.startPoint = CGPoint(x: 0, y: 0)
            g.endPoint = CGPoint(x: 1, y: 1)
            let ring = Self.ring(CGRect(x: 0, y: 0, width: 160, height: 160), color: .black, width: 14)
            ring.strokeEnd = 0.8
            g.mask = ring
            st.root.addSublayer(g)
        }
        #expect(Snapshot.verify(st.render(at: 0), named: "gradientThroughRing") == nil)
    }

    @Test func pulseGroupMidFlight() {
        let st = Stage()
        let pulse = Self.ring(CGRect(x: 40, y: 40, width: 120, height: 120), color: CGColor(hex: 0x64D2FF))
        CATransaction.performWithoutAnimation { st.root.addSublayer(pulse) }
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.toValue = 1.2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.7
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [scale, fade]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.repeatCount = .infinity
        pulse.add(group, forKey: "pulse")
        st.frame(0)
        let bmp = st.render(at: 2.5) // mid-cycle: eased 0.5 → scale 1.1, opacity 0.35
        #expect(abs(Double(pulse.presented.opacity) - 0.35) < 1e-6)
        #expect(Snapshot.verify(bmp, named: "pulseMidFlight") == nil)
    }

    @Test func perspectiveRotation() {
        let st = Stage()
        let card = CALayer()
        CATransaction.performWithoutAnimation {
            card.frame = CGRect(x: 50, y: 60, width: 100, height: 80)
            card.backgroundColor = CGColor(hex: 0x0A84FF)
            card.cornerRadius = 10
            var t = CATransform3DIdentity
            t.m34 = -1 / 300
            card.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
            st.root.addSublayer(card)
        }
        #expect(Snapshot.verify(st.render(at: 0), named: "perspectiveRotation", tolerance: 1) == nil)
    }

    @Test func shadowAndMasksToBoundsWithCornerRadius() {
        let st = Stage()
        let card = CALayer()
        let child = CALayer()
        CATransaction.performWithoutAnimation {
            card.frame = CGRect(x: 40, y: 40, width: 120, height: 90)
            card.backgroundColor = CGColor(hex: 0xFF9F0A)
            card.cornerRadius = 20
            card.shadowOpacity = 0.6
            card.shadowRadius = 8
            card.shadowOffset = CGSize(width: 0, height: 10)
            st.root.addSublayer(card)
            let clipped = CALayer()
            clipped.frame = CGRect(x: 50, y: 150, width: 100, height: 40)
            clipped.cornerRadius = 16
            clipped.masksToBounds = true
            clipped.backgroundColor = CGColor(hex: 0x5E5CE6)
            child.frame = CGRect(x: -20, y: 10, width: 80, height: 60)
            child.backgroundColor = CGColor(hex: 0xFFFFFF)
            clipped.addSublayer(child)
            st.root.addSublayer(clipped)
        }
        #expect(Snapshot.verify(st.render(at: 0), named: "shadowAndMasksToBounds") == nil)
    }

    @Test func movingFadingAndTurningALayerDrawsItsContentOnce() {
        let st = Stage()
        let ring = Self.ring(CGRect(x: 20, y: 20, width: 120, height: 120), color: CGColor(hex: 0x30D158))
        CATransaction.performWithoutAnimation { st.root.addSublayer(ring) }
        for (key, from, to) in [("position.x", 60.0, 120.0), ("opacity", 1.0, 0.3), ("transform.rotation.z", 0.0, 1.0)] {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from; a.toValue = to; a.duration = 1
            ring.add(a, forKey: key)
        }
        let before = ring.displayCount
        for i in 0..<60 { _ = st.render(at: Double(i) / 60) }
        #expect(ring.displayCount - before == 1)
        // Animating a content property redraws every frame it changes.
        let s = CABasicAnimation(keyPath: "strokeEnd")
        s.fromValue = 0; s.toValue = 1; s.duration = 1
        ring.add(s, forKey: "strokeEnd")
        let mid = ring.displayCount
        for i in 0..<10 { _ = st.render(at: 2 + Double(i) / 60) }
        #expect(ring.displayCount - mid == 10)
    }

    @Test func hiDPIScaleDrawsTheSameSceneAtTwiceThePixels() {
        let st = Stage(100, 100)
        let ring = Self.ring(CGRect(x: 10, y: 10, width: 80, height: 80), color: CGColor(hex: 0xFF375F))
        CATransaction.performWithoutAnimation { ring.strokeEnd = 0.6; st.root.addSublayer(ring) }
        let bmp = st.render(at: 0, scale: 2)
        #expect(bmp.width == 200)
        #expect(Snapshot.verify(bmp, named: "ringAtScale2") == nil)
    }
}

@Suite(.isolatedEngine) struct LayerContentsTests {
    /// A 2×1 image (red, blue) shown with each gravity in a 40×20 layer.
    @Test func contentsGravityPlacesTheImage() throws {
        let st = LayerRendererTests.Stage(60, 30)
        let bmp = try #require(Bitmap(width: 2, height: 1))
        bmp[0, 0] = Color(hex: 0xFF0000).premultipliedPixel
        bmp[1, 0] = Color(hex: 0x0000FF).premultipliedPixel
        let image = CGImage(bitmap: bmp)
        let l = CALayer()
        CATransaction.performWithoutAnimation {
            l.frame = CGRect(x: 10, y: 5, width: 40, height: 20)
            l.contents = image
            l.contentsGravity = .resizeAspect
            st.root.addSublayer(l)
        }
        let out = st.render(at: 0)
        // resizeAspect: 2:1 fills 40×20 exactly; left half red, right half blue.
        #expect(out[15, 15] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(out[45, 15] == Color(hex: 0x0000FF).premultipliedPixel)
        CATransaction.performWithoutAnimation { l.contentsGravity = .center; l.contentsScale = 0.1 } // 20×10 points
        let centered = st.render(at: 1)
        #expect(centered[12, 15] == Color(hex: 0x1C1C2E).premultipliedPixel) // left of the image: background
        #expect(centered[22, 15] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(centered[38, 15] == Color(hex: 0x0000FF).premultipliedPixel)
        // Two layers share one image without copying it.
        let other = CALayer()
        other.contents = image
        #expect((other.contents as? CGImage) === (l.contents as? CGImage))
    }
}

@Suite(.isolatedEngine) struct LayerDrawingTests {
    final class Dot: CALayer {
        var draws = 0
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(CGColor(hex: 0xFF0000))
            ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        }
    }

    final class Painter: CALayerDelegate {
        var displays = 0
        let image: CGImage
        init(image: CGImage) { self.image = image }
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(hex: 0x00FF00))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        func display(_ layer: CALayer) { displays += 1 }
    }

    @Test func drawInDrawsAfterSetNeedsDisplayAndOnlyThen() {
        let st = LayerRendererTests.Stage(40, 40)
        let dot = Dot()
        CATransaction.performWithoutAnimation {
            dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            st.root.addSublayer(dot)
        }
        var bmp = st.render(at: 0)
        #expect(dot.draws == 0) // never asked to display: nothing of its own
        dot.setNeedsDisplay()
        bmp = st.render(at: 0.1)
        #expect(dot.draws == 1)
        #expect(bmp[20, 20] == Color(hex: 0xFF0000).premultipliedPixel) // (5…15) in the layer → (15…25)
        #expect(bmp[12, 12] == Color(hex: 0x1C1C2E).premultipliedPixel)
        _ = st.render(at: 0.2)
        #expect(dot.draws == 1) // cached until the next setNeedsDisplay
    }

    @Test func theDelegateDrawsAndDisplays() throws {
        let st = LayerRendererTests.Stage(40, 40)
        let layer = CALayer()
        let painter = Painter(image: CGImage(bitmap: try #require(Bitmap(width: 1, height: 1))))
        CATransaction.performWithoutAnimation {
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.delegate = painter
            st.root.addSublayer(layer)
        }
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        let bmp = st.render(at: 0)
        #expect(painter.displays == 1) // display() in the layout phase
        #expect(!layer.needsDisplay())
        #expect(bmp[2, 2] == Color(hex: 0x00FF00).premultipliedPixel)
    }
}

@Suite(.isolatedEngine) struct ShadowPathTests {
    @Test func theShadowTakesTheShadowPathsShape() {
        let st = LayerRendererTests.Stage(120, 120)
        let l = CALayer()
        CATransaction.performWithoutAnimation {
            l.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            l.backgroundColor = CGColor(hex: 0xFFFFFF)
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = .zero
            l.shadowColor = CGColor(hex: 0xFF0000)
            // A wide bar under the layer, reaching past its bounds on both sides.
            l.shadowPath = CGPath(rect: CGRect(x: -20, y: 30, width: 80, height: 10))
            st.root.addSublayer(l)
        }
        let bmp = st.render(at: 0)
        #expect(bmp[15, 65] == Color(hex: 0xFF0000).premultipliedPixel) // left of the layer: the path's shadow
        #expect(bmp[85, 65] == Color(hex: 0xFF0000).premultipliedPixel)
        #expect(bmp[50, 50] == Color(hex: 0xFFFFFF).premultipliedPixel) // the layer itself on top
        #expect(bmp[50, 35] == Color(hex: 0xFFFFFF).premultipliedPixel)
        #expect(bmp[15, 40] == Color(hex: 0x1C1C2E).premultipliedPixel) // no shadow where the path is not
    }
}

@Suite(.isolatedEngine) struct CATransformLayerTests {
    @Test func sixFacesMakeACube() {
        let st = LayerRendererTests.Stage(200, 200)
        let stage = CALayer()
        let cube = CATransformLayer()
        CATransaction.performWithoutAnimation {
            stage.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 400
            stage.sublayerTransform = perspective
            st.root.addSublayer(stage)
            cube.frame = CGRect(x: 60, y: 60, width: 80, height: 80)
            cube.transform = CATransform3DRotate(CATransform3DMakeRotation(0.5, 0, 1, 0), -0.4, 1, 0, 0)
            stage.addSublayer(cube)
            let colors: [UInt32] = [0xFF453A, 0x30D158, 0x0A84FF, 0xFFD60A, 0xBF5AF2, 0x64D2FF]
            let faces: [CATransform3D] = [
                CATransform3DMakeTranslation(0, 0, 40),                                         // front
                CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -40), .pi, 0, 1, 0),     // back
                CATransform3DRotate(CATransform3DMakeTranslation(40, 0, 0), .pi / 2, 0, 1, 0),  // right
                CATransform3DRotate(CATransform3DMakeTranslation(-40, 0, 0), -.pi / 2, 0, 1, 0), // left
                CATransform3DRotate(CATransform3DMakeTranslation(0, -40, 0), .pi / 2, 1, 0, 0), // top
                CATransform3DRotate(CATransform3DMakeTranslation(0, 40, 0), -.pi / 2, 1, 0, 0), // bottom
            ]
            for (t, c) in zip(faces, colors) {
                let face = CALayer()
                face.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
                face.backgroundColor = CGColor(hex: c)
                face.transform = t
                cube.addSublayer(face)
            }
        }
        let bmp = st.render(at: 0)
        #expect(Snapshot.verify(bmp, named: "transformLayerCube", tolerance: 1) == nil)
        // The front face (red) is nearest at the centre: depth order, not insertion order, decides.
        #expect(Pixel.r(bmp[100, 100]) > 200 && Pixel.g(bmp[100, 100]) < 100)
    }
}
