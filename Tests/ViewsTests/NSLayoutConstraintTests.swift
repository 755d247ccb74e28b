import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Auto Layout (Views/AutoLayout): constraint-to-frame vectors checked by hand from UIKit's
/// equation item1.attribute1 = multiplier × item2.attribute2 + constant, priorities, changes of
/// constant and priority, inputs from frames, and a constant change animated by `UIView.animate`.
@Suite(.isolatedEngine) struct NSLayoutConstraintTests {
    /// A 400×300 root and a view in it that takes its frame from constraints.
    static func rig() -> (root: UIView, view: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let view = UIView(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return (root, view)
    }

    static func laidOut(_ root: UIView) { root.setNeedsLayout(); root.layoutIfNeeded() }

    @Test func leadingTopWidthAndAProportionalHeight() {
        let (root, a) = Self.rig()
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),   // x = 0 + 20
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),           // y = 0 + 10
            a.widthAnchor.constraint(equalToConstant: 100),                          // w = 100
            a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5),      // h = 0.5 × 100
        ])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 10, width: 100, height: 50))
    }

    @Test func trailingBottomAndCentres() {
        let (root, b) = Self.rig()
        let c = UIView(frame: .zero)
        c.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(c)
        NSLayoutConstraint.activate([
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16), // x + 80 = 400 − 16
            b.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8),      // y + 40 = 300 − 8
            b.widthAnchor.constraint(equalToConstant: 80),
            b.heightAnchor.constraint(equalToConstant: 40),
            c.centerXAnchor.constraint(equalTo: root.centerXAnchor),                  // x + 100 = 200
            c.centerYAnchor.constraint(equalTo: root.centerYAnchor),                  // y + 15 = 150
            c.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),     // w = 0.5 × 400
            c.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 304, y: 252, width: 80, height: 40))
        #expect(c.frame == CGRect(x: 100, y: 135, width: 200, height: 30))
    }

    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)` with left and right:
    /// both edges pinned make the width.
    @Test func leftAndRightWithTheFullInitializer() {
        let (root, g) = Self.rig()
        let cs = [
            NSLayoutConstraint(item: g, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left, multiplier: 1, constant: 5),
            NSLayoutConstraint(item: g, attribute: .right, relatedBy: .equal, toItem: root, attribute: .right, multiplier: 1, constant: -5),
            NSLayoutConstraint(item: g, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 7),
            NSLayoutConstraint(item: g, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 12),
        ]
        NSLayoutConstraint.activate(cs)
        #expect(cs[0].isActive && cs[1].isActive && cs[3].isActive)
        #expect(!cs[2].isActive) // a position needs a second item: refused, as UIKit raises
        cs[2].isActive = false
        NSLayoutConstraint.activate([g.topAnchor.constraint(equalTo: root.topAnchor, constant: 7)])
        root.layoutIfNeeded()
        #expect(g.frame == CGRect(x: 5, y: 7, width: 390, height: 12))
        #expect(cs[0].firstItem === g && cs[0].secondItem === root && cs[0].firstAttribute == .left
                && cs[0].secondAttribute == .left && cs[0].relation == .equal && cs[0].multiplier == 1)
        #expect(root.constraints.count == 3 && g.constraints.count == 1) // held by the common ancestor
    }

    /// A multiplier on a position scales it within the holder: in a container at (50, 40),
    /// `centerX == 0.5 × container.centerX` is 50 in the container (its centre 100, halved).
    @Test func aPositionMultiplierIsMeasuredInTheHolder() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let container = UIView(frame: CGRect(x: 50, y: 40, width: 200, height: 100))
        let e = UIView(frame: .zero)
        e.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(container)
        container.addSubview(e)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: e, attribute: .centerX, relatedBy: .equal, toItem: container, attribute: .centerX,
                               multiplier: 0.5, constant: 0),   // anchors of positions have no multiplier, as in UIKit
            e.widthAnchor.constraint(equalToConstant: 20),
            e.topAnchor.constraint(equalTo: container.topAnchor, constant: 4),
            e.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(e.frame == CGRect(x: 40, y: 4, width: 20, height: 10))
    }

    /// Inequalities bound preferences, higher priorities win, and a priority change re-solves.
    @Test func relationsAndPriorities() {
        let (root, f) = Self.rig()
        let high = f.widthAnchor.constraint(equalToConstant: 500)
        high.priority = .defaultHigh
        let low = f.widthAnchor.constraint(equalToConstant: 50)
        low.priority = .defaultLow
        NSLayoutConstraint.activate([
            f.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -100),   // w ≤ 300
            f.heightAnchor.constraint(greaterThanOrEqualToConstant: 30),
            f.heightAnchor.constraint(lessThanOrEqualToConstant: 20).withPriority(.defaultLow),
            f.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 8),
            f.leadingAnchor.constraint(equalTo: root.leadingAnchor).withPriority(.fittingSizeLevel),
            f.topAnchor.constraint(equalTo: root.topAnchor),
            high, low,
        ])
        root.layoutIfNeeded()
        #expect(f.frame == CGRect(x: 8, y: 0, width: 300, height: 30))
        high.priority = UILayoutPriority(200)   // now below low (250): low's 50 wins
        root.layoutIfNeeded()
        #expect(f.frame.width == 50)
        NSLayoutConstraint.deactivate([high, low])
        // With both gone: at least 120 at 999 against a pull to 0 at 50.
        NSLayoutConstraint.activate([f.widthAnchor.constraint(greaterThanOrEqualToConstant: 120).withPriority(.required - 1),
                                     f.widthAnchor.constraint(equalToConstant: 0).withPriority(.fittingSizeLevel)])
        root.layoutIfNeeded()
        #expect(f.frame.width == 120 && !high.isActive && !low.isActive)
    }

    /// The canonical animation: change `constant`, then `layoutIfNeeded()` — at once here.
    @Test func aConstantChangeLaysOutAgain() {
        let (root, a) = Self.rig()
        let left = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        NSLayoutConstraint.activate([left, a.topAnchor.constraint(equalTo: root.topAnchor),
                                     a.widthAnchor.constraint(equalToConstant: 10), a.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 20)
        left.constant = 60
        root.layoutIfNeeded()
        #expect(a.frame.minX == 60)
        left.constant = .nan                     // ignored
        #expect(left.constant == 60)
        left.priority = UILayoutPriority(0)      // out of range: ignored
        #expect(left.priority == .required)
    }

    /// A view that translates its autoresizing mask is an input: constraints follow its frame.
    @Test func framesOfTranslatingViewsAreInputs() {
        let (root, q) = Self.rig()
        let p = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(p)
        NSLayoutConstraint.activate([
            q.leadingAnchor.constraint(equalTo: p.trailingAnchor, constant: 5),      // x = 10 + 50 + 5
            q.topAnchor.constraint(equalTo: p.bottomAnchor),                         // y = 10 + 50
            q.widthAnchor.constraint(equalTo: p.widthAnchor), q.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        #expect(q.frame == CGRect(x: 65, y: 60, width: 50, height: 1))
        p.frame = CGRect(x: 100, y: 20, width: 30, height: 30)
        root.layoutIfNeeded()
        #expect(q.frame == CGRect(x: 135, y: 50, width: 30, height: 1))
        // Removing p removes the constraints that name it, as UIKit does.
        p.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(root.constraints.isEmpty && q.constraints.count == 1)   // q's own height, held by q, stays
    }

    /// A constant changed into a conflict (the solver changes constants in place) is broken with
    /// UIKit's report, the frame keeping the constraints that hold; changed back, it holds again.
    @Test func aConstantChangedIntoAConflictIsBrokenAndComesBack() {
        let (root, v) = Self.rig()
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        let most = v.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                                     v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 10), most])
        Self.laidOut(root)
        most.constant = 55
        root.layoutIfNeeded()
        #expect(v.frame.width == 50 && reports.isEmpty)
        most.constant = 40
        root.layoutIfNeeded()
        #expect(v.frame.width == 50 && reports.count == 1 && reports[0].contains("Will attempt to recover by breaking constraint"))
        #expect(v.inspectedConstraints?.constraints.first { $0.text.contains("<= 40") }?.isBroken == true)
        most.constant = 70
        root.layoutIfNeeded()
        #expect(v.frame.width == 50 && reports.count == 1 && v.inspectedConstraints?.constraints.allSatisfy { !$0.isBroken } == true)
    }

    /// A translating view's autoresizing mask becomes constraints, as UIKit's
    /// `NSAutoresizingMaskLayoutConstraint`s: its flexible parts follow the superview's size in the
    /// solver itself. Visible where no frame is set to autoresize it: a fitting size pulled to 300
    /// wide grows the 80-wide flexible-width view by the 200 points its 100-wide superview grows
    /// (q takes its width, and half of it as height).
    @Test func autoresizingMasksAreConstraints() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let child = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 20))
        child.autoresizingMask = .flexibleWidth
        let q = UIView()
        q.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        container.addSubview(q)
        NSLayoutConstraint.activate([
            q.topAnchor.constraint(equalTo: child.bottomAnchor), q.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            q.widthAnchor.constraint(equalTo: child.widthAnchor), q.heightAnchor.constraint(equalTo: q.widthAnchor, multiplier: 0.5),
            container.bottomAnchor.constraint(equalTo: q.bottomAnchor),
        ])
        let size = container.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 300, height: 20 + 140))
        // In a layout pass: a superview laid out by constraints grows by 60, its flexible-left-margin
        // child moves right by 60 and q, tied to the child's leading edge, is there in the same pass.
        let (root, _) = Self.rig()
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        let pinned = UIView(frame: CGRect(x: 150, y: 0, width: 50, height: 10))
        pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        box.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        box.addSubview(pinned)
        let side = UIView()
        side.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(side)
        let width = box.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
                                     width, box.heightAnchor.constraint(equalToConstant: 100),
                                     side.trailingAnchor.constraint(equalTo: pinned.leadingAnchor, constant: -5),
                                     side.topAnchor.constraint(equalTo: pinned.topAnchor),
                                     side.widthAnchor.constraint(equalToConstant: 20), side.heightAnchor.constraint(equalToConstant: 10)])
        Self.laidOut(root)
        #expect(pinned.frame.minX == 150 && side.frame.minX == 125)
        width.constant = 260
        root.layoutIfNeeded()
        #expect(box.frame.width == 260 && pinned.frame == CGRect(x: 210, y: 0, width: 50, height: 10) && side.frame.minX == 185)
        #expect(LayoutEngine.maskCode(pinned) == "h=&-- v=--&" && LayoutEngine.maskCode(child) == "h=-&- v=--&")
    }

    /// Constraints hold their items weakly, as UIKit's: a released item ends its constraints.
    @Test func aReleasedItemEndsItsConstraints() {
        let (root, a) = Self.rig()
        var other: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        root.addSubview(other!)
        let follow = a.leadingAnchor.constraint(equalTo: other!.trailingAnchor)
        NSLayoutConstraint.activate([follow, a.topAnchor.constraint(equalTo: root.topAnchor),
                                     a.widthAnchor.constraint(equalToConstant: 5), a.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 30 && follow.isActive)
        weak let gone = other
        other!.removeFromSuperview()
        other = nil
        #expect(gone == nil && follow.firstItem === a && follow.secondItem == nil)
        root.layoutIfNeeded()
        #expect(!follow.isActive && root.constraints.count == 1)
    }

    /// A required constraint that cannot hold is broken and reported; the rest holds; no crash.
    @Test func conflictsBreakOneConstraintAndKeepRunning() {
        let (root, a) = Self.rig()
        let second = a.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "w"
        #expect(second.description == "<NSLayoutConstraint w UIView.width == 200.0>")
        NSLayoutConstraint.activate([a.widthAnchor.constraint(equalToConstant: 100), second,
                                     a.heightAnchor.constraint(equalToConstant: 10), a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     a.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(CAEngine.current.diagnostics.contains {
            $0.hasPrefix("Unable to simultaneously satisfy constraints.") && $0.hasSuffix("breaking constraint\n<NSLayoutConstraint w UIView.width == 200.0>")
        })
        // Items with no common ancestor, and attributes that do not pair, are refused.
        let stranger = UIView(frame: .zero)
        let apart = a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        apart.isActive = true
        let mixed = NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: root, attribute: .top, multiplier: 1, constant: 0)
        mixed.isActive = true
        #expect(!apart.isActive && !mixed.isActive)
    }

    @Test func priorityValuesAndArithmetic() {
        #expect(UILayoutPriority.required.rawValue == 1000 && UILayoutPriority.defaultHigh.rawValue == 750)
        #expect(UILayoutPriority.defaultLow.rawValue == 250 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
        #expect((UILayoutPriority.defaultHigh + 1).rawValue == 751 && (UILayoutPriority.required - 1).rawValue == 999)
        #expect(UILayoutPriority(rawValue: 300) > .defaultLow && UILayoutPriority(300) == UILayoutPriority(rawValue: 300))
    }

    /// Inside `UIView.animate`, a constant change and `layoutIfNeeded()` animate the frame: half way
    /// through a linear second, the view is half way.
    @Test func aConstantChangeAnimatesInsideAnAnimationBlock() {
        let st = ViewStage(400, 300)
        let v = UIView(frame: .zero)
        v.translatesAutoresizingMaskIntoConstraints = false
        st.window.addSubview(v)
        let left = v.leadingAnchor.constraint(equalTo: st.window.leadingAnchor, constant: 0)
        NSLayoutConstraint.activate([left, v.topAnchor.constraint(equalTo: st.window.topAnchor),
                                     v.widthAnchor.constraint(equalToConstant: 40), v.heightAnchor.constraint(equalToConstant: 20)])
        st.frame(0)
        #expect(v.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
        st.at(1) {
            left.constant = 200
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { st.window.layoutIfNeeded() })
        }
        #expect(v.frame.minX == 200)                               // the model is at the end at once
        st.frame(1.5)
        #expect(isNear(v.layer.presented.position.x, 20 + 100, 1e-6)) // centre: 20 → 220, half way
        st.frame(2)
        #expect(isNear(v.layer.presented.position.x, 220, 1e-6))
    }
}

extension NSLayoutConstraint {
    /// The constraint with `priority` set, for building lists.
    func withPriority(_ priority: UILayoutPriority) -> NSLayoutConstraint {
        self.priority = priority
        return self
    }
}
