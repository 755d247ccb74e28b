import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Margins, the safe area, the readable width, layout guides and the anchors and attributes that
/// use them (AutoLayout/UIView+LayoutMargins.swift, UILayoutGuide.swift): frames by hand.
@Suite(.isolatedEngine) struct UIViewLayoutMarginsTests {
    /// A 400×300 root with a container at (20, 30) 200×100 and a constraint-driven view in it.
    static func rig() -> (root: UIView, container: UIView, view: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let container = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 100))
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(container)
        container.addSubview(view)
        return (root, container, view)
    }

    static func pin(_ v: UIView, to g: UILayoutGuide) {
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: g.leadingAnchor), v.trailingAnchor.constraint(equalTo: g.trailingAnchor),
                                     v.topAnchor.constraint(equalTo: g.topAnchor), v.bottomAnchor.constraint(equalTo: g.bottomAnchor)])
    }

    @Test func theMarginsGuideIsTheBoundsInsetByTheMargins() {
        let (root, c, v) = Self.rig()
        #expect(c.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        Self.pin(v, to: c.layoutMarginsGuide)
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 8, y: 8, width: 184, height: 84))
        c.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 20, y: 10, width: 140, height: 60))    // 200 − 60, 100 − 40
        #expect(c.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 10, width: 140, height: 60))
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        root.layoutIfNeeded()
        #expect(c.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) && v.frame == CGRect(x: 2, y: 1, width: 194, height: 96))
    }

    /// `.leadingMargin`…`.centerYWithinMargins` are the margins guide's attributes.
    @Test func marginAttributes() {
        let (root, c, v) = Self.rig()
        c.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        func make(_ a: NSLayoutConstraint.Attribute, _ b: NSLayoutConstraint.Attribute, _ k: CGFloat = 0) -> NSLayoutConstraint {
            NSLayoutConstraint(item: v, attribute: a, relatedBy: .equal, toItem: c, attribute: b, multiplier: 1, constant: k)
        }
        NSLayoutConstraint.activate([make(.left, .leftMargin), make(.top, .topMargin), make(.right, .centerXWithinMargins),
                                     make(.bottom, .centerYWithinMargins)])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 20, y: 10, width: 70, height: 30))   // centres 90 and 40
        NSLayoutConstraint.deactivate(c.constraints)
        NSLayoutConstraint.activate([make(.leading, .leadingMargin, 1), make(.trailing, .trailingMargin), make(.top, .topMargin),
                                     make(.bottom, .bottomMargin), make(.rightMargin, .right)])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 21, y: 10, width: 139, height: 60))
        #expect(CAEngine.current.diagnostics.contains { $0.contains("Unable to simultaneously") }) // v's own rightMargin (8) cannot reach c's right
    }

    /// A preserving view's margin is at least the superview's margin reaching into it.
    @Test func preservingTheSuperviewsMargins() {
        let (root, c, v) = Self.rig()
        let inner = UIView(frame: CGRect(x: 10, y: 0, width: 180, height: 100))
        c.addSubview(inner)
        inner.addSubview(v)
        c.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        inner.preservesSuperviewLayoutMargins = true
        Self.pin(v, to: inner.layoutMarginsGuide)
        root.layoutIfNeeded()
        // left: max(8, 30 − 10) = 20; top: max(8, 30 − 0); right: max(8, 30 − (200 − 190)) = 20; bottom 30.
        #expect(v.frame == CGRect(x: 20, y: 30, width: 140, height: 40))
    }

    /// The window's insets (zero by default) reach into views as their safe area; margins are
    /// measured from it.
    @Test func theSafeArea() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.safeAreaInsets == .zero)
        let v = UIView(), inner = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 100))
        v.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(v)
        window.addSubview(inner)
        Self.pin(v, to: window.safeAreaLayoutGuide)
        window.layoutIfNeeded()
        #expect(v.frame == window.bounds)
        window.simulatedSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 0, y: 47, width: 390, height: 763))
        #expect(inner.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
        #expect(window.layoutMarginsGuide.layoutFrame == .zero)   // not named by any constraint: not laid out
        let m = UIView()
        m.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(m)
        Self.pin(m, to: window.layoutMarginsGuide)
        window.layoutIfNeeded()
        #expect(m.frame == CGRect(x: 8, y: 55, width: 374, height: 747))   // 47 + 8, 844 − 47 − 34 − 16
        window.simulatedSafeAreaInsets = UIEdgeInsets(top: -1, left: 0, bottom: 0, right: 0)
        #expect(window.safeAreaInsets.top == 47 && CAEngine.current.diagnostics.last?.hasPrefix("simulatedSafeAreaInsets") == true)
    }

    /// The readable guide: the margins, at most 672 wide, centred between them.
    @Test func theReadableContentGuide() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 300))
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
        Self.pin(v, to: root.readableContentGuide)
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 164, y: 8, width: 672, height: 284))   // 8 + (984 − 672) / 2
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 8, y: 8, width: 384, height: 284))
    }

    /// Guides as spacers: two equal gaps centre `c` between `a` and `b`; then the same with
    /// `anchorWithOffset(to:)`; system spacing is 8 × the multiplier.
    @Test func guidesOffsetsAndSystemSpacing() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        let a = UIView(), b = UIView(), c = UIView()
        for v in [a, b, c] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            NSLayoutConstraint.activate([v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        }
        let g1 = UILayoutGuide(), g2 = UILayoutGuide()
        root.addLayoutGuide(g1); root.addLayoutGuide(g2)
        #expect(root.layoutGuides.count == 2 && g1.owningView === root)
        let spacing = [
            g1.leadingAnchor.constraint(equalTo: a.trailingAnchor), g1.trailingAnchor.constraint(equalTo: c.leadingAnchor),
            g2.leadingAnchor.constraint(equalTo: c.trailingAnchor), g2.trailingAnchor.constraint(equalTo: b.leadingAnchor),
            g1.widthAnchor.constraint(equalTo: g2.widthAnchor),
        ]
        NSLayoutConstraint.activate(spacing + [
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 50),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor), b.widthAnchor.constraint(equalToConstant: 50),
            c.widthAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        #expect(c.frame.minX == 150 && g1.layoutFrame.minX == 50 && g1.layoutFrame.width == 100)
        NSLayoutConstraint.deactivate(spacing)
        let offset = a.trailingAnchor.anchorWithOffset(to: c.leadingAnchor)
            .constraint(equalTo: c.trailingAnchor.anchorWithOffset(to: b.leadingAnchor), multiplier: 3)
        offset.isActive = true
        root.layoutIfNeeded()
        #expect(c.frame.minX == 200)    // gap1 = 3 × gap2, gap1 + gap2 = 200
        offset.isActive = false
        let d = UIView()
        d.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(d)
        NSLayoutConstraint.activate([c.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 2),
                                     d.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 1),
                                     d.leadingAnchor.constraint(equalTo: root.leadingAnchor), d.widthAnchor.constraint(equalToConstant: 1),
                                     d.heightAnchor.constraint(equalToConstant: 1)])
        root.layoutIfNeeded()
        #expect(c.frame.minX == 66 && d.frame.minY == 18)   // 50 + 2 × 8; 10 + 8
        root.removeLayoutGuide(g1)
        #expect(g1.owningView == nil && root.layoutGuides.count == 1)
    }

    /// `addConstraint(_:)` holds the constraint where it was added; `removeConstraint(_:)` ends it.
    @Test func addAndRemoveConstraint() {
        let (root, c, v) = Self.rig()
        let w = v.widthAnchor.constraint(equalToConstant: 30)
        root.addConstraint(w)
        c.addConstraints([v.heightAnchor.constraint(equalToConstant: 20), v.leadingAnchor.constraint(equalTo: c.leadingAnchor),
                          v.topAnchor.constraint(equalTo: c.topAnchor)])
        root.layoutIfNeeded()
        #expect(w.isActive && root.constraints.count == 1 && c.constraints.count == 3 && v.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        c.removeConstraint(w)                // not held by c: nothing happens
        #expect(w.isActive)
        root.removeConstraints([w])
        #expect(!w.isActive && root.constraints.isEmpty)
        v.addConstraint(v.widthAnchor.constraint(equalTo: c.widthAnchor))   // v does not contain c: held by c
        #expect(c.constraints.count == 4 && CAEngine.current.diagnostics.last?.hasPrefix("addConstraint:") == true)
    }

    /// Baselines of single-line labels are their ascender below their tops.
    @Test func firstBaselinesAlign() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let small = UILabel(), big = UILabel()
        small.text = "small"; big.text = "Big"
        big.font = .systemFont(ofSize: 34)
        for l in [small, big] { l.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(l) }
        NSLayoutConstraint.activate([
            small.topAnchor.constraint(equalTo: root.topAnchor, constant: 50), small.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            big.leadingAnchor.constraint(equalTo: small.trailingAnchor),
            big.firstBaselineAnchor.constraint(equalTo: small.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let expected = 50 + small.font.ascender - big.font.ascender
        #expect(isNear(big.frame.minY, expected, 1e-5) && big.frame.height == big.font.lineHeight)
        let plain = UIView()
        plain.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(plain)
        NSLayoutConstraint.activate([plain.lastBaselineAnchor.constraint(equalTo: small.lastBaselineAnchor),
                                     plain.heightAnchor.constraint(equalToConstant: 10), plain.widthAnchor.constraint(equalToConstant: 10),
                                     plain.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
        root.layoutIfNeeded()
        #expect(isNear(plain.frame.maxY, 50 + small.font.ascender, 1e-5))   // a plain view's baseline is its bottom
    }

    @Test func nonFiniteNumbersAreReported() {
        let (_, c, v) = Self.rig()
        let k = NSLayoutConstraint(item: v, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                   multiplier: 1, constant: .infinity)
        #expect(k.constant == 0 && CAEngine.current.diagnostics.last?.hasPrefix("NSLayoutConstraint: multiplier") == true)
        k.constant = .nan
        #expect(k.constant == 0 && CAEngine.current.diagnostics.last?.hasPrefix("NSLayoutConstraint.constant nan refused") == true)
        c.layoutMargins = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        #expect(c.layoutMargins.left == 8 && CAEngine.current.diagnostics.last?.hasPrefix("layoutMargins") == true)
    }
}
