import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// Pinch, rotation and the tutorial's pan + pinch + rotate at once, through `UIWindow.handle` at
/// exact media times.
@Suite(.isolatedEngine) struct UIPinchGestureRecognizerTests {
    /// Both fingers at once, mirrored about `c`: the first at `c − v`, the second at `c + v`.
    static func fingers(_ phase: InputEvent.TouchStep.Phase, about c: CGPoint, _ v: CGVector) -> InputEvent {
        .touches([.init(.first, phase, CGPoint(x: c.x - v.dx, y: c.y - v.dy)), .init(.second, phase, CGPoint(x: c.x + v.dx, y: c.y + v.dy))])
    }

    func setUp(_ size: Double = 200) -> (ViewStage, UIView) {
        let st = ViewStage(size, size)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: size, height: size))
        st.show(v)
        return (st, v)
    }

    /// The scale is the distance over the distance at touch-down: not begun after 4 points, begun
    /// past 8 with the scale it has then, and its velocity over the last 0.1 s.
    @Test func scaleAndVelocityAtExactTimes() {
        let (st, v) = setUp()
        var seen: [(UIGestureRecognizer.State, CGFloat)] = []
        let pinch = UIPinchGestureRecognizer { seen.append(($0.state, $0.scale)) }
        v.addGestureRecognizer(pinch)
        let c = CGPoint(x: 100, y: 100)
        st.input(Self.fingers(.down, about: c, CGVector(dx: 50, dy: 0)), at: 1.00)
        st.input(Self.fingers(.move, about: c, CGVector(dx: 52, dy: 0)), at: 1.04)
        #expect(pinch.state == .possible)
        st.input(Self.fingers(.move, about: c, CGVector(dx: 55, dy: 0)), at: 1.08)
        st.input(Self.fingers(.move, about: c, CGVector(dx: 75, dy: 0)), at: 1.12)
        #expect(seen.map(\.0) == [.began, .changed])
        #expect(seen.map(\.1) == [1.1, 1.5])
        #expect(abs(pinch.velocity - (1.5 - 1.04) / 0.08) < 1e-9)   // the move at 1.00 + 0.12 is past 0.1 s
        st.input(Self.fingers(.up, about: c, CGVector(dx: 75, dy: 0)), at: 1.16)
        #expect(seen.map(\.0) == [.began, .changed, .ended])
        #expect(pinch.scale == 1 && pinch.state == .possible)     // reset for the next pinch
    }

    /// The tutorial applies the scale and sets it back to 1 each time: the products make the whole
    /// pinch, and setting it resets the velocity. A finger lifting alone leaves it active.
    @Test func settingTheScaleRebasesIt() {
        let (st, v) = setUp()
        var product: CGFloat = 1
        var velocities: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { p in
            product *= p.scale
            p.scale = 1
            velocities.append(p.velocity)
        }
        v.addGestureRecognizer(pinch)
        let c = CGPoint(x: 100, y: 100)
        st.input(Self.fingers(.down, about: c, CGVector(dx: 20, dy: 0)), at: 0)
        for (i, r) in [30.0, 40, 60, 80].enumerated() { st.input(Self.fingers(.move, about: c, CGVector(dx: r, dy: 0)), at: 0.02 * Double(i + 1)) }
        #expect(abs(product - 4) < 1e-12)
        #expect(velocities.allSatisfy { $0 == 0 })
        st.input(.touches([.init(.second, .up, CGPoint(x: 180, y: 100))]), at: 0.1)
        #expect(pinch.state == .changed)                            // one finger lifted: still active
        st.input(.touches([.init(.first, .up, CGPoint(x: 20, y: 100))]), at: 0.12)
        #expect(pinch.state == .possible)
    }

    /// A scale that is not finite is a misuse: one line, and the scale is kept.
    @Test func aNonFiniteScaleIsReported() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let pinch = UIPinchGestureRecognizer()
        pinch.scale = 2
        pinch.scale = .nan
        let rotation = UIRotationGestureRecognizer()
        rotation.rotation = .infinity
        #expect(pinch.scale == 2 && rotation.rotation == 0)
        #expect(captured == ["UIPinchGestureRecognizer.scale nan is not finite; kept 2.0",
                             "UIRotationGestureRecognizer.rotation inf is not finite; kept 0.0"])
    }

    /// The rotation is in radians since touch-down, clockwise positive, counting past half a turn;
    /// it begins past 0.08 rad.
    @Test func rotationAtExactTimes() {
        let (st, v) = setUp()
        var seen: [(UIGestureRecognizer.State, CGFloat)] = []
        let rotation = UIRotationGestureRecognizer { seen.append(($0.state, $0.rotation)) }
        v.addGestureRecognizer(rotation)
        let c = CGPoint(x: 100, y: 100)
        func at(_ a: CGFloat) -> CGVector { CGVector(dx: 50 * cos(a), dy: 50 * sin(a)) }
        st.input(Self.fingers(.down, about: c, at(0)), at: 0)
        st.input(Self.fingers(.move, about: c, at(0.05)), at: 0.02)
        #expect(rotation.state == .possible)
        let angles: [CGFloat] = [0.1, .pi / 2, .pi + 0.5, 3 * .pi / 2 + 0.5]
        for (i, a) in angles.enumerated() { st.input(Self.fingers(.move, about: c, at(a)), at: 0.04 + 0.02 * Double(i)) }
        #expect(seen.map(\.0) == [.began, .changed, .changed, .changed])
        for (s, a) in zip(seen, angles) { #expect(abs(s.1 - a) < 1e-9, "\(s.1) ≠ \(a)") }
        #expect(abs(rotation.velocity - (3 * .pi / 2 + 0.5 - 0.05) / 0.08) < 1e-9)  // from the move at 0.02
        st.input(Self.fingers(.move, about: c, at(1)), at: 0.2)  // back the short way
        #expect(abs(rotation.rotation - (2 * .pi + 1)) < 1e-9)
    }

    /// The tutorial: pan, pinch and rotate on one picture, each applying its value and setting it
    /// back, all at once through the delegate. The fingers move 20 right and 10 down together,
    /// spread to three times their distance and turn a quarter turn in ten steps.
    @Test func panPinchAndRotateTogetherThroughTheDelegate() {
        let (view, transform) = tutorial(simultaneous: true)
        #expect(abs(view.center.x - 220) < 1e-9 && abs(view.center.y - 210) < 1e-9, "\(view.center)")
        #expect(abs(transform.a) < 1e-9 && abs(transform.b - 3) < 1e-9 && abs(transform.c + 3) < 1e-9 && abs(transform.d) < 1e-9, "\(transform)")
    }

    /// Without the delegate the first to begin (the pinch, added first) makes the others fail.
    @Test func withoutTheDelegateThePinchAloneWins() {
        let (view, transform) = tutorial(simultaneous: false)
        #expect(view.center == CGPoint(x: 200, y: 200))
        #expect(abs(transform.a - 3) < 1e-9 && abs(transform.b) < 1e-9 && abs(transform.d - 3) < 1e-9, "\(transform)")
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }

    private func tutorial(simultaneous: Bool) -> (UIView, CGAffineTransform) {
        let st = ViewStage(400, 400)
        let picture = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        st.show(picture)
        let delegate = Simultaneous()
        let pinch = UIPinchGestureRecognizer { p in
            guard let v = p.view else { return }
            v.transform = v.transform.scaledBy(x: p.scale, y: p.scale)
            p.scale = 1
        }
        let rotate = UIRotationGestureRecognizer { r in
            guard let v = r.view else { return }
            v.transform = v.transform.rotated(by: r.rotation)
            r.rotation = 0
        }
        let pan = UIPanGestureRecognizer { p in
            guard let v = p.view else { return }
            let t = p.translation(in: v.superview)
            v.center = CGPoint(x: v.center.x + t.x, y: v.center.y + t.y)
            p.setTranslation(.zero, in: v.superview)
        }
        for r in [pinch, rotate, pan] as [UIGestureRecognizer] {
            if simultaneous { r.delegate = delegate }
            picture.addGestureRecognizer(r)
        }
        func step(_ f: CGFloat) -> (CGPoint, CGVector) {
            let r = 40 * (1 + 2 * f), a = f * .pi / 2
            return (CGPoint(x: 200 + 20 * f, y: 200 + 10 * f), CGVector(dx: r * cos(a), dy: r * sin(a)))
        }
        let (c0, v0) = step(0)
        st.input(Self.fingers(.down, about: c0, v0), at: 0)
        for i in 1...10 {
            let (c, v) = step(CGFloat(i) / 10)
            st.input(Self.fingers(.move, about: c, v), at: Double(i) / 60)
        }
        let (c1, v1) = step(1)
        st.input(Self.fingers(.up, about: c1, v1), at: 0.2)
        return (picture, picture.transform)
    }
}
