import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// UIView.autoresizingMask: UIKit's springs and struts (UIView+Autoresizing.swift).
@Suite(.isolatedEngine) struct UIViewAutoresizingTests {
    /// A 200×100 superview holding a 160×60 subview at (20, 20), with `mask`, resized to `size`.
    static func resized(_ mask: UIView.AutoresizingMask, to size: CGSize,
                        subframe: CGRect = CGRect(x: 20, y: 20, width: 160, height: 60)) -> CGRect {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: subframe)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame = CGRect(origin: .zero, size: size)
        return child.frame
    }

    @Test func noMaskKeepsTheFramePinnedTopLeft() {
        #expect(Self.resized([], to: CGSize(width: 300, height: 200)) == CGRect(x: 20, y: 20, width: 160, height: 60))
    }

    @Test func aFlexibleWidthKeepsBothMargins() {
        #expect(Self.resized([.flexibleWidth, .flexibleHeight], to: CGSize(width: 300, height: 200))
                == CGRect(x: 20, y: 20, width: 260, height: 160))
    }

    @Test func aFlexibleLeftMarginPinsTheRightEdge() {
        #expect(Self.resized([.flexibleLeftMargin, .flexibleTopMargin], to: CGSize(width: 300, height: 80))
                == CGRect(x: 120, y: 0, width: 160, height: 60))
    }

    /// Every part flexible: the change is shared in proportion to the parts' lengths.
    @Test func flexiblePartsShareTheChangeInProportion() {
        // Width 200 → 300: margins 20 and 20, width 160 take 10, 80 and 10 of the 100.
        let f = Self.resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], to: CGSize(width: 300, height: 100))
        #expect(f == CGRect(x: 30, y: 20, width: 240, height: 60))
        // Centred by flexible top and bottom margins: stays centred.
        let c = Self.resized([.flexibleTopMargin, .flexibleBottomMargin], to: CGSize(width: 200, height: 300))
        #expect(c.midY == 150 && c.height == 60)
    }

    /// Flexible parts that are all zero long share the change equally.
    @Test func zeroLengthPartsShareEqually() {
        let f = Self.resized([.flexibleLeftMargin, .flexibleRightMargin], to: CGSize(width: 300, height: 100),
                             subframe: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(f == CGRect(x: 50, y: 0, width: 200, height: 100))
    }

    @Test func aSizeNeverGoesNegative() {
        let f = Self.resized([.flexibleWidth], to: CGSize(width: 10, height: 100))
        #expect(f.width == 0 && f.minX == 20)
    }

    @Test func autoresizesSubviewsFalseLeavesThemAlone() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        #expect(child.frame.width == 200)
    }

    /// A resized subview resizes its own subviews; `bounds` resizes as `frame` does.
    @Test func grandchildrenFollowAndBoundsResizesToo() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: parent.bounds)
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let grandchild = UIView(frame: CGRect(x: 150, y: 10, width: 40, height: 20))
        grandchild.autoresizingMask = [.flexibleLeftMargin]
        parent.addSubview(child)
        child.addSubview(grandchild)
        parent.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        #expect(child.frame == CGRect(x: 0, y: 0, width: 400, height: 100))
        #expect(grandchild.frame == CGRect(x: 350, y: 10, width: 40, height: 20))
    }

    /// A transformed subview is resized by its centre and bounds.
    @Test func aTransformedSubviewKeepsItsTransform() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: CGRect(x: 50, y: 25, width: 100, height: 50))
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        child.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(child)
        parent.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
        #expect(child.center == CGPoint(x: 200, y: 50))
        #expect(child.bounds.size == CGSize(width: 100, height: 50))
        #expect(child.transform == CGAffineTransform(rotationAngle: .pi / 4))
    }

    /// Inside an animation block the autoresized frame animates with its superview.
    @Test func autoresizedFramesAnimateWithTheSuperview() {
        let st = ViewStage(400, 200)
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        st.window.addSubview(parent)
        st.frame(0)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
            parent.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
        }
        st.frame(0.1)                                  // the animation begins at its first frame
        st.frame(0.6)
        let mid = child.layer.presentation()!.bounds.width
        #expect(abs(mid - 300) < 1e-6)
        #expect(parent.layer.presentation()!.bounds.width == mid)
        st.frame(1.1)
        #expect(child.frame.width == 400 && child.layer.presentation()!.bounds.width == 400)
    }

    /// The window's root view takes the window's size, and its masked subviews follow.
    @Test func aWindowResizeReachesMaskedViews() {
        let st = ViewStage(300, 200)
        let controller = UIViewController()
        st.window.rootViewController = controller
        st.frame(0)
        let bar = UIView(frame: CGRect(x: 0, y: controller.view.bounds.height - 40, width: controller.view.bounds.width, height: 40))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        controller.view.addSubview(bar)
        st.window.resize(to: CGSize(width: 500, height: 400))
        st.frame(1.0 / 60)
        #expect(bar.frame == CGRect(x: 0, y: 360, width: 500, height: 40))
    }

    /// A chain far deeper than a thread's stack allows for recursion resizes without trapping.
    @Test func aVeryDeepChainResizes() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var last = root
        for _ in 0..<5_000 {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            v.autoresizingMask = [.flexibleWidth]
            last.addSubview(v)
            last = v
        }
        root.frame = CGRect(x: 0, y: 0, width: 250, height: 100)
        #expect(last.frame.width == 250)
    }
}
