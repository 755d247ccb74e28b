import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// UIKit Dynamics on the frame clock: Apple's units (gravity 1 = 1000 pt/s², a push of 1 gives a
/// 100 × 100 item of density 1 100 pt/s²), collisions with the reference bounds, boundaries and
/// each other, snaps and attachments, pausing at rest, and misuse reported.
@Suite(.isolatedEngine) struct UIDynamicAnimatorTests {
    /// A 400 × 600 reference view in a window, and a 100 × 100 box centred at (200, 100).
    func setUp() -> (ViewStage, UIView, UIView) {
        let st = ViewStage(400, 600)
        let ref = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let box = UIView(frame: CGRect(x: 150, y: 50, width: 100, height: 100))
        ref.addSubview(box)
        st.show(ref)
        return (st, ref, box)
    }

    /// Runs frames from `t0` for `seconds` at 60 Hz, calling `each` after every frame; returns the end.
    @discardableResult
    func run(_ st: ViewStage, from t0: Double, seconds: Double, each: () -> Void = {}) -> Double {
        let n = Int((seconds * 60).rounded())
        for i in 1...n { st.frame(t0 + Double(i) / 60); each() }
        return t0 + Double(n) / 60
    }

    final class Delegate: UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
        var events: [String] = []
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { events.append("resume") }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { events.append("pause") }
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                               withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
            events.append("began \(identifier.map { "\($0)" } ?? "bounds")")
        }
        func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                               withBoundaryIdentifier identifier: NSCopying?) {
            events.append("ended \(identifier.map { "\($0)" } ?? "bounds")")
        }
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                               with item2: UIDynamicItem, at p: CGPoint) { events.append("began items") }
    }

    @Test func gravityFallsAtAThousandPointsPerSecondSquared() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        #expect(animator.isRunning)
        run(st, from: 0, seconds: 0.5)
        // ½ g t² = 125 points; steps of 1/120 s (semi-implicit Euler) land within 2 %.
        #expect(abs(box.center.y - 225) < 3, "\(box.center.y)")
        #expect(box.center.x == 200)
        #expect(abs(animator.elapsedTime - 0.5) < 1e-9)
        let half = UIGravityBehavior(items: [])
        half.magnitude = 0.5
        #expect(abs(half.gravityDirection.dy - 0.5) < 1e-12 && abs(half.angle - .pi / 2) < 1e-12)
    }

    @Test func anItemFallsOntoTheReferenceBoundsRestsAndTheAnimatorPauses() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let d = Delegate()
        animator.delegate = d
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = d
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        var deepest = 0.0
        run(st, from: 0, seconds: 3) { deepest = max(deepest, Double(box.frame.maxY) - 600) }
        #expect(abs(box.frame.maxY - 600) < 1, "\(box.frame)")       // on the floor
        #expect(deepest < 8, "sank \(deepest) points into the floor")
        #expect(abs(box.transform.b) < 1e-6)                          // a flat landing does not turn it
        #expect(!animator.isRunning)
        #expect(d.events == ["resume", "began bounds", "pause"], "\(d.events)")
    }

    @Test func elasticityBouncesAndZeroDoesNot() {
        func peakAfterFirstImpact(elasticity: CGFloat) -> CGFloat {
            let (st, ref, box) = setUp()
            let animator = UIDynamicAnimator(referenceView: ref)
            let collision = UICollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            let props = UIDynamicItemBehavior(items: [box])
            props.elasticity = elasticity
            [UIGravityBehavior(items: [box]), collision, props].forEach(animator.addBehavior)
            var hit = false, top = CGFloat.infinity, last = box.frame.maxY
            run(st, from: 0, seconds: 2.5) {
                if box.frame.maxY < last { hit = true }        // going up: it has hit the floor
                if hit { top = min(top, box.frame.maxY) }
                last = box.frame.maxY
            }
            return 600 - top
        }
        // Dropped 450 points: a perfect bounce would return there; 0.8 keeps 0.64 of the height.
        let bounce = peakAfterFirstImpact(elasticity: 0.8)
        #expect(bounce > 200 && bounce < 330, "\(bounce)")
        #expect(peakAfterFirstImpact(elasticity: 0) < 2)
    }

    @Test func anInstantaneousPushGivesAHundredPointsPerSecondPerUnitMass() {
        let (st, ref, box) = setUp()
        let wide = UIView(frame: CGRect(x: 50, y: 300, width: 200, height: 100))
        ref.addSubview(wide)
        let animator = UIDynamicAnimator(referenceView: ref)
        let push = UIPushBehavior(items: [box, wide], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let props = UIDynamicItemBehavior(items: [box, wide])
        animator.addBehavior(props)
        animator.addBehavior(push)
        st.frame(1.0 / 60)
        #expect(abs(props.linearVelocity(for: box).x - 100) < 1e-9)
        #expect(abs(props.linearVelocity(for: wide).x - 50) < 1e-9)      // twice the mass
        #expect(!push.active)
        st.frame(2.0 / 60)
        #expect(abs(props.linearVelocity(for: box).x - 100) < 1e-9)      // once only
        push.active = true
        st.frame(3.0 / 60)
        #expect(abs(props.linearVelocity(for: box).x - 200) < 1e-9)
    }

    @Test func aContinuousPushAcceleratesAndAnOffsetTurns() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let push = UIPushBehavior(items: [box], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        animator.addBehavior(push)
        run(st, from: 0, seconds: 1)
        let props = UIDynamicItemBehavior(items: [box])
        animator.addBehavior(props)
        #expect(abs(props.linearVelocity(for: box).x - 100) < 1e-6)
        #expect(abs(box.center.x - 250) < 1, "\(box.center)")           // ½ a t² = 50
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 50), for: box)
        run(st, from: 1, seconds: 0.2)
        #expect(props.angularVelocity(for: box) < 0)                     // pushed right below the centre
        #expect(box.transform.b < 0)                                     // written as a rotation
    }

    @Test func aSnapArrivesWithAWobbleAndStandsUpright() {
        let (st, ref, box) = setUp()
        box.transform = CGAffineTransform(rotationAngle: 0.5)
        let animator = UIDynamicAnimator(referenceView: ref)
        let d = Delegate()
        animator.delegate = d
        let snap = UISnapBehavior(item: box, snapTo: CGPoint(x: 200, y: 400))
        animator.addBehavior(snap)
        var furthest: CGFloat = 0
        run(st, from: 0, seconds: 3) { furthest = max(furthest, box.center.y) }
        #expect(abs(box.center.y - 400) < 0.5 && abs(box.center.x - 200) < 0.5, "\(box.center)")
        #expect(abs(box.transform.b) < 0.01)
        #expect(furthest > 410 && furthest < 400 + 0.25 * 300, "overshoot to \(furthest)")
        #expect(!animator.isRunning && d.events == ["resume", "pause"])
        snap.snapPoint = CGPoint(x: 100, y: 100)                         // moving the point wakes it
        #expect(animator.isRunning)
        run(st, from: 3, seconds: 3)
        #expect(abs(box.center.x - 100) < 0.5 && abs(box.center.y - 100) < 0.5)
    }

    @Test func aRigidAttachmentKeepsItsLengthWhileItSwings() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let rope = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 50, y: 100))
        #expect(rope.length == 150 && rope.attachedBehaviorType == .anchor)
        animator.addBehavior(rope)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        var worst: CGFloat = 0, lowest: CGFloat = 0
        run(st, from: 0, seconds: 2) {
            worst = max(worst, abs(hypot(box.center.x - 50, box.center.y - 100) - 150))
            lowest = max(lowest, box.center.y)
        }
        #expect(worst < 3, "the length drifted by \(worst)")
        #expect(lowest > 240)                                            // it swung through the bottom
    }

    @Test func aSpringAttachmentSettlesBelowItsAnchor() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let spring = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 200, y: 0))
        #expect(spring.length == 100)
        spring.frequency = 2
        spring.damping = 0.7
        let props = UIDynamicItemBehavior(items: [box])
        props.allowsRotation = false
        [spring, UIGravityBehavior(items: [box]), props].forEach(animator.addBehavior)
        run(st, from: 0, seconds: 4)
        // Hanging at rest: k x = m g with k = m (2π f)², so x = g / (2π f)² ≈ 6.3 points of stretch.
        let stretch = 1000 / pow(2 * Double.pi * 2, 2)
        #expect(abs(Double(box.center.y) - (100 + stretch)) < 1, "\(box.center)")
        #expect(abs(box.center.x - 200) < 0.5)
    }

    @Test func stackedItemsRestOnEachOtherWithoutSinking() {
        let (st, ref, box) = setUp()
        let top = UIView(frame: CGRect(x: 160, y: -80, width: 80, height: 80))
        ref.addSubview(top)
        let animator = UIDynamicAnimator(referenceView: ref)
        let d = Delegate()
        let collision = UICollisionBehavior(items: [box, top])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = d
        [UIGravityBehavior(items: [box, top]), collision].forEach(animator.addBehavior)
        run(st, from: 0, seconds: 4)
        #expect(abs(box.frame.maxY - 600) < 1)
        #expect(abs(top.frame.maxY - box.frame.minY) < 1.5, "\(top.frame) on \(box.frame)")
        #expect(!animator.isRunning)
        #expect(d.events.contains("began items"))
        #expect(animator.items(in: CGRect(x: 0, y: 490, width: 400, height: 20)).count == 2)
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: 400, height: 100)).isEmpty)
    }

    @Test func namedBoundariesHoldItemsAndAreToldByTheirIdentifiers() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let d = Delegate()
        let collision = UICollisionBehavior(items: [box])
        collision.collisionDelegate = d
        collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        #expect(collision.boundaryIdentifiers?.count == 1 && collision.boundary(withIdentifier: "shelf" as NSCopying) != nil)
        [UIGravityBehavior(items: [box]), collision].forEach(animator.addBehavior)
        run(st, from: 0, seconds: 2)
        #expect(abs(box.frame.maxY - 300) < 1, "\(box.frame)")
        #expect(d.events == ["began shelf"])
        collision.removeBoundary(withIdentifier: "shelf" as NSCopying)
        #expect(collision.boundaryIdentifiers == nil && animator.isRunning)
        run(st, from: 2, seconds: 0.5)
        #expect(box.frame.minY > 300)
        #expect(d.events == ["began shelf", "ended shelf"])
    }

    final class Ball: UIView {
        override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
    }

    @Test func aViewSubclassCollidesAsAnEllipse() {
        let (st, ref, _) = setUp()
        let ball = Ball(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        ref.addSubview(ball)
        let animator = UIDynamicAnimator(referenceView: ref)
        let collision = UICollisionBehavior(items: [ball])
        // A ramp from the left wall down to the right: a box would slide, a ball rolls down it.
        collision.addBoundary(withIdentifier: "ramp" as NSCopying, from: CGPoint(x: 0, y: 200), to: CGPoint(x: 400, y: 400))
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = UIDynamicItemBehavior(items: [ball])
        props.friction = 1
        [UIGravityBehavior(items: [ball]), collision, props].forEach(animator.addBehavior)
        var turned = false
        run(st, from: 0, seconds: 1.5) { if abs(ball.transform.b) > 0.5 { turned = true } }
        #expect(turned)                                                  // friction rolls it
        #expect(ball.center.x > 100)
    }

    @Test func removingEveryBehaviorStopsTheItemsWhereTheyAre() {
        let (st, ref, box) = setUp()
        let animator = UIDynamicAnimator(referenceView: ref)
        let d = Delegate()
        animator.delegate = d
        animator.addBehavior(UIGravityBehavior(items: [box]))
        run(st, from: 0, seconds: 0.2)
        let y = box.center.y
        animator.removeAllBehaviors()
        #expect(!animator.isRunning && d.events == ["resume", "pause"])
        run(st, from: 0.2, seconds: 0.2)
        #expect(box.center.y == y)
    }

    @Test func aDeepTreeOfBehaviorsActsAndLeavesWithoutRecursion() {
        let (st, ref, box) = setUp()
        let root = UIDynamicBehavior()
        var calls = 0
        var deepest = root
        for _ in 0..<100_000 {
            let child = UIDynamicBehavior()
            child.action = { calls += 1 }
            deepest.addChildBehavior(child)
            deepest = child
        }
        deepest.addChildBehavior(UIGravityBehavior(items: [box]))
        let animator = UIDynamicAnimator(referenceView: ref)
        animator.addBehavior(root)
        #expect(deepest.dynamicAnimator === animator)
        st.frame(1.0 / 60)
        #expect(calls == 100_000 && box.center.y > 100)
        animator.removeBehavior(root)
        #expect(deepest.dynamicAnimator == nil && !animator.isRunning)
    }

    @Test func misuseIsReportedAndIgnored() {
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        let (st, ref, box) = setUp()
        let gravity = UIGravityBehavior(items: [box])
        gravity.gravityDirection = CGVector(dx: CGFloat.nan, dy: 1)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        let one = UIDynamicAnimator(referenceView: ref), two = UIDynamicAnimator(referenceView: ref)
        one.addBehavior(gravity)
        two.addBehavior(gravity)
        #expect(two.behaviors.isEmpty)
        let parent = UIDynamicBehavior()
        parent.addChildBehavior(parent)
        #expect(parent.childBehaviors.isEmpty)
        let collision = UICollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "none" as NSCopying, for: UIBezierPath())
        collision.addBoundary(withIdentifier: "nan" as NSCopying, from: CGPoint(x: CGFloat.nan, y: 0), to: .zero)
        #expect(collision.boundaryIdentifiers == nil)
        let props = UIDynamicItemBehavior(items: [box])
        props.density = .nan
        #expect(props.density == 1)
        props.addLinearVelocity(CGPoint(x: CGFloat.infinity, y: 0), for: box)
        one.addBehavior(props)
        st.frame(1.0 / 60)
        #expect(box.center.x == 200 && box.center.y.isFinite)
        #expect(reports.count == 7, "\(reports)")
        #expect(reports.allSatisfy { !$0.contains("\n") })
    }
}

/// The springy collection view (objc.io's UIKit Dynamics layout, written as iOS code has it):
/// attributes hung on springs at their flow positions, moved by each scroll step with a
/// resistance growing with their distance from the finger, then springing back.
@Suite(.isolatedEngine) struct UIDynamicAnimatorSpringyLayoutTests {
    final class SpringyFlowLayout: UICollectionViewFlowLayout {
        var dynamicAnimator: UIDynamicAnimator!
        override init() {
            super.init()
            itemSize = CGSize(width: 280, height: 44)
            minimumLineSpacing = 10
            dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
        }
        override func prepare() {
            super.prepare()
            guard dynamicAnimator.behaviors.isEmpty else { return }
            let all = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize)) ?? []
            for item in all {
                let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                spring.length = 0
                spring.damping = 0.8
                spring.frequency = 1
                dynamicAnimator.addBehavior(spring)
            }
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            dynamicAnimator.layoutAttributesForCell(at: indexPath)
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            guard let scrollView = collectionView else { return false }
            let delta = newBounds.origin.y - scrollView.bounds.origin.y
            let touch = scrollView.panGestureRecognizer.location(in: scrollView)
            for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
                let resistance = (abs(touch.y - spring.anchorPoint.y) + abs(touch.x - spring.anchorPoint.x)) / 1500
                let item = spring.items.first!
                var center = item.center
                center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
                item.center = center
                dynamicAnimator.updateItem(usingCurrentState: item)
            }
            return false
        }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        func collectionView(_ c: UICollectionView, numberOfItemsInSection s: Int) -> Int { 40 }
        func collectionView(_ c: UICollectionView, cellForItemAt ip: IndexPath) -> UICollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "row", for: ip)
        }
    }

    @Test func cellsFarFromTheFingerLagAndSpringBack() {
        let st = ViewStage(300, 600)
        let layout = SpringyFlowLayout()
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 600), collectionViewLayout: layout)
        c.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        let source = Source()
        c.dataSource = source
        st.show(c)
        let flow = (0..<40).map { layout.dynamicAnimator.layoutAttributesForCell(at: IndexPath(item: $0, section: 0))!.center }
        #expect(flow.count == 40 && flow[1].y - flow[0].y == 54)
        // The finger at the top drags the content up 150 points over 0.25 s.
        var t = 1.0
        st.input(.pointerDown(CGPoint(x: 150, y: 400)), at: t); st.frame(t)
        for k in 1...15 {
            t += 1.0 / 60
            st.input(.pointerMove(CGPoint(x: 150, y: 400 - Double(k) * 10)), at: t); st.frame(t)
        }
        // Rows near the finger (content y ≈ offset + 250) follow it; far ones lag behind.
        let offset = c.contentOffset.y
        #expect(offset > 100)
        func shift(_ i: Int) -> CGFloat { layout.dynamicAnimator.layoutAttributesForCell(at: IndexPath(item: i, section: 0))!.center.y - flow[i].y }
        let near = (0..<40).min { abs(flow[$0].y - (offset + 250)) < abs(flow[$1].y - (offset + 250)) }!
        #expect(abs(shift(near)) < 2, "the row under the finger moved \(shift(near))")
        #expect(shift(12) > 5, "a row far below did not lag: \(shift(12))")
        // The cell on screen is where the attributes say.
        let cell = c.cellForItem(at: IndexPath(item: 12, section: 0))
        #expect(cell.map { abs($0.center.y - layout.dynamicAnimator.layoutAttributesForCell(at: IndexPath(item: 12, section: 0))!.center.y) < 0.01 } == true)
        st.input(.pointerUp(CGPoint(x: 150, y: 250)), at: t); st.frame(t)
        // Held still (no glide: the content is pinned by a zero-velocity release below).
        c.setContentOffset(c.contentOffset, animated: false)
        for _ in 0..<300 { t += 1.0 / 60; st.frame(t) }
        #expect((0..<40).allSatisfy { abs(shift($0)) < 0.5 }, "\((0..<40).map(shift))")
        #expect(!layout.dynamicAnimator.isRunning)
    }
}
