import TestSupport
import Foundation
@testable import Layers
import Testing

@Suite(.isolatedEngine) struct CALayerTests {
    @Test func frameIsDerivedFromBoundsAnchorPointAndPosition() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        l.position = CGPoint(x: 200, y: 100)
        #expect(l.frame == CGRect(x: 150, y: 80, width: 100, height: 40))
        l.anchorPoint = CGPoint(x: 0, y: 0)
        // Moving the anchor point moves the frame, not the position (Apple's documented behaviour).
        #expect(l.position == CGPoint(x: 200, y: 100))
        #expect(l.frame == CGRect(x: 200, y: 100, width: 100, height: 40))
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == CGPoint(x: 10, y: 20))
        #expect(l.bounds.size == CGSize(width: 30, height: 40))
    }

    @Test func frameOfARotatedLayerIsItsBoundingBox() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        l.position = CGPoint(x: 50, y: 50)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let f = l.frame
        #expect(abs(f.minX - 30) < 1e-9 && abs(f.minY - 0) < 1e-9 && abs(f.width - 40) < 1e-9 && abs(f.height - 100) < 1e-9)
    }

    @Test func sublayerOrderingAndRemoval() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, below: c)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [a, b, c].map { ObjectIdentifier($0) })
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers?.first === c)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil && root.sublayers?.count == 2)
        root.insertSublayer(b, above: a)
        #expect(root.sublayers?.last === b)
    }

    @Test func pointsConvertAndHitTestThroughTransforms() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.position = CGPoint(x: 200, y: 200)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        child.position = CGPoint(x: 200, y: 200)
        child.transform = CATransform3DMakeScale(2, 2, 1)
        root.addSublayer(child)
        let p = child.convert(CGPoint(x: 100, y: 50), to: root)
        #expect(abs(p.x - 300) < 1e-9 && abs(p.y - 250) < 1e-9)
        #expect(root.hitTest(CGPoint(x: 295, y: 245)) === child)
        #expect(root.hitTest(CGPoint(x: 305, y: 200)) === root)
    }

    @Test func pauseAndResumeALayerWithoutAJump() {
        // Apple's QA1673: speed 0 with timeOffset = now pauses; resuming sets beginTime.
        let l = CALayer()
        l.timeOffset = l.convertTime(5, from: nil)
        l.speed = 0
        #expect(l.convertTime(5, from: nil) == 5)
        #expect(l.convertTime(9, from: nil) == 5)
        let paused = l.timeOffset
        l.speed = 1; l.timeOffset = 0; l.beginTime = 0
        l.beginTime = l.convertTime(9, from: nil) - paused
        #expect(l.convertTime(9, from: nil) == 5)
        #expect(l.convertTime(10, from: nil) == 6)
    }
}

@Suite(.isolatedEngine) struct LayerTreeDescriptionTests {
    @Test func describesTheTreeWithRunningAnimations() {
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
        let card = CALayer()
        card.name = "card"
        card.frame = CGRect(x: 70, y: 120, width: 260, height: 120)
        card.cornerRadius = 28
        root.addSublayer(card)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 2; a.autoreverses = true; a.repeatCount = .infinity
        card.add(a, forKey: "glide")
        TreeFrames.frame(root, at: 10)
        let text = root.treeDescription(at: 13)
        #expect(text == """
            CALayer "root" frame (0, 0, 640, 360)
              CALayer "card" frame (70, 120, 260, 120) cornerRadius 28
                animation "glide" position.x CABasicAnimation 0.50 (reversing)
            """)
    }
}

@Suite(.isolatedEngine) struct PresentationTreeTests {
    @Test func aPresentationLayerSitsInAPresentationTree() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer(), maskLayer = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        child.mask = maskLayer
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        child.add(a, forKey: "fade")
        let frames = TreeFrames(root: root)
        frames.frame(0); frames.frame(0.5)
        let p = child.presentation()!
        #expect(p.opacity == 0.5)
        #expect(child.opacity == 1)
        #expect(p.model() === child)
        #expect(p.sublayers?.first?.model() === grandchild)
        #expect(p.sublayers?.first?.superlayer === p)                       // a presentation parent
        #expect(p.mask?.model() === maskLayer)
        let tree = root.presentation()!
        #expect(tree.sublayers?.first?.opacity == 0.5)                       // walked down from the root
        #expect(tree.sublayers?.first?.superlayer === tree)
        #expect(CALayer().presentation() == nil)                            // never drawn
    }
}
