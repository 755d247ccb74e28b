import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIViewGeometryTests {
    @Test func frameBoundsAndCenterAreTheLayers() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 40, height: 50))
        #expect(v.center == CGPoint(x: 30, y: 35))          // seed 001's figure
        #expect(v.layer.position == CGPoint(x: 30, y: 35))
        v.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)   // ignored
        #expect(v.frame == CGRect(x: 10, y: 10, width: 40, height: 50))
        v.alpha = .nan
        #expect(v.alpha == 1)
        v.alpha = 3
        #expect(v.alpha == 1)
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.backgroundColor = .systemBlue
        #expect(v.layer.backgroundColor == UIColor.systemBlue.cgColor)
    }

    @Test func layerClassChoosesTheBackingLayer() {
        final class ShapeView: UIView { override class var layerClass: AnyClass { CAShapeLayer.self } }
        final class GradientView: UIView { override class var layerClass: AnyClass { CAGradientLayer.self } }
        #expect(ShapeView().layer is CAShapeLayer)
        #expect(GradientView().layer is CAGradientLayer)
        let v = UIView()
        #expect(v.layer.delegate === v)
    }

    @Test func subviewOrderIsTheSublayerOrder() {
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a); root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        root.bringSubviewToFront(c)
        #expect(root.subviews.last === c)
        root.sendSubviewToBack(b)
        root.insertSubview(a, aboveSubview: c)
        #expect(root.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        root.insertSubview(a, belowSubview: b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(root.layer.sublayers?.map(ObjectIdentifier.init) == [a, b, c].map { ObjectIdentifier($0.layer) })
        b.removeFromSuperview()
        #expect(b.superview == nil && b.layer.superlayer == nil)
        #expect(root.subviews.count == 2)
        root.addSubview(root)                                  // a view cannot contain itself
        #expect(root.superview == nil)
        a.addSubview(root)                                     // nor an ancestor
        #expect(root.superview == nil)
    }

    @Test func windowAndHierarchyCallbacks() {
        final class Probe: UIView {
            var log: [String] = []
            override func didMoveToSuperview() { log.append("superview \(superview != nil)") }
            override func didMoveToWindow() { log.append("window \(window != nil)") }
        }
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let container = UIView(), p = Probe()
        container.addSubview(p)
        #expect(p.window == nil)
        w.addSubview(container)
        #expect(p.window === w)
        p.removeFromSuperview()
        #expect(p.log == ["superview true", "window true", "superview false", "window false"])
        #expect(container.viewWithTag(0) === container)
    }

    @Test func hitTestingFollowsTransforms() {
        let st = ViewStage()
        let bar = UIView(frame: CGRect(x: 50, y: 90, width: 100, height: 20))   // centre (100, 100)
        st.window.addSubview(bar)
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)                // now vertical
        #expect(st.window.hitTest(CGPoint(x: 100, y: 60), with: nil) === bar)   // inside only when rotated
        #expect(st.window.hitTest(CGPoint(x: 60, y: 100), with: nil) === st.window)
        let local = bar.convert(CGPoint(x: 100, y: 60), from: st.window)
        #expect(isNear(local, CGPoint(x: 10, y: 10), 1e-9))
        bar.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(st.window.hitTest(CGPoint(x: 190, y: 100), with: nil) === bar)
        bar.isHidden = true
        #expect(st.window.hitTest(CGPoint(x: 100, y: 100), with: nil) === st.window)
        bar.isHidden = false
        bar.isUserInteractionEnabled = false
        #expect(st.window.hitTest(CGPoint(x: 100, y: 100), with: nil) === st.window)
        #expect(st.window.hitTest(CGPoint(x: -5, y: 100), with: nil) == nil)
    }

    @Test func subviewsOutsideTheirParentAreNotHit() {
        let st = ViewStage()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let child = UIView(frame: CGRect(x: 60, y: 0, width: 30, height: 30))
        parent.addSubview(child)
        st.window.addSubview(parent)
        #expect(st.window.hitTest(CGPoint(x: 70, y: 10), with: nil) === st.window)
        #expect(st.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === parent)
    }

    @Test func convertingPointsAndRects() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 30))
        root.addSubview(a); a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 111, y: 72))
        #expect(root.convert(CGPoint(x: 111, y: 72), to: b) == CGPoint(x: 1, y: 2))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == CGRect(x: 110, y: 70, width: 10, height: 10))
        a.transform = CGAffineTransform(rotationAngle: .pi)
        let r = b.convert(b.bounds, to: root)
        // a turns half a turn about its centre (150, 100): b's (10…40, 20…50) lands on (160…190, 100…130).
        #expect(isNear(r.minX, 160, 1e-9) && isNear(r.minY, 100, 1e-9) && isNear(r.width, 30, 1e-9) && isNear(r.height, 30, 1e-9))
    }

    @Test func layoutSubviewsRunsInTheLayoutPhaseAfterSetNeedsLayout() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let st = ViewStage()
        let v = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        st.show(v)
        let before = v.layouts
        st.frame(0.1)
        #expect(v.layouts == before)                  // nothing pending
        v.setNeedsLayout()
        #expect(v.layouts == before)                  // deferred
        st.frame(0.2)
        #expect(v.layouts == before + 1)
        v.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        v.layoutIfNeeded()
        #expect(v.layouts == before + 2)              // a bounds change asks for layout; layoutIfNeeded runs it now
    }
}
