import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// UIStackView (AutoLayout/UIStackView.swift, UIStackView+Constraints.swift): every distribution
/// and alignment as frames, worked out by hand from the stack's equations — the views in a chain
/// between the stack's edges, `spacing` apart, sized by their intrinsic sizes, hugging and
/// compression resistance and the distribution.
@Suite(.isolatedEngine) struct UIStackViewTests {
    typealias Box = UIViewIntrinsicSizeTests.Box

    /// A root of `width` × 300 and a stack pinned to its left, right and top edges (its height
    /// pinned when `height` is given); boxes 50×20, 100×40, 30×30 unless told.
    static func rig(width: CGFloat = 400, height: CGFloat? = nil, sizes: [(CGFloat, CGFloat)] = [(50, 20), (100, 40), (30, 30)],
                    _ configure: (UIStackView) -> Void) -> (root: UIView, stack: UIStackView, views: [Box]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 300))
        let boxes = sizes.map { Box($0.0, $0.1) }
        let stack = UIStackView(arrangedSubviews: boxes)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var pins = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor),
                    stack.trailingAnchor.constraint(equalTo: root.trailingAnchor)]
        if let height { pins.append(stack.heightAnchor.constraint(equalToConstant: height)) }
        NSLayoutConstraint.activate(pins)
        configure(stack)
        root.layoutIfNeeded()
        return (root, stack, boxes)
    }

    static func xs(_ views: [UIView]) -> [CGFloat] { views.map(\.frame.minX) }
    static func widths(_ views: [UIView]) -> [CGFloat] { views.map(\.frame.width) }

    /// Fill: the lowest hugging priority takes the slack (400 − 2 × 10 − 80 = 300); the row is as
    /// tall as its tallest view's compression resistance demands (40), each view stretched to it.
    @Test func fill() {
        let (root, stack, v) = Self.rig { s in s.spacing = 10 }
        v[1].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(Self.xs(v) == [0, 60, 370] && Self.widths(v) == [50, 300, 30])
        #expect(v.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 40 } && stack.frame == CGRect(x: 0, y: 0, width: 400, height: 40))
        #expect(stack.constraints.contains { $0.identifier == "UISV-spacing" && $0.constant == 10 })
    }

    @Test func fillEqually() {
        let (_, _, v) = Self.rig { s in s.spacing = 5; s.distribution = .fillEqually }
        #expect(Self.xs(v) == [0, 135, 270] && Self.widths(v) == [130, 130, 130])   // (400 − 10) / 3
    }

    /// Shares of what is left after spacing: 420 − 20 = 400 split 40 : 100 : 60.
    @Test func fillProportionally() {
        let (_, _, v) = Self.rig(width: 420, sizes: [(40, 20), (100, 20), (60, 20)]) { s in
            s.spacing = 10; s.distribution = .fillProportionally
        }
        #expect(Self.widths(v) == [80, 200, 120] && Self.xs(v) == [0, 90, 300])
    }

    /// Views at their own widths; the 220 left over is two equal gaps of 110.
    @Test func equalSpacing() {
        let (_, _, v) = Self.rig { s in s.spacing = 10; s.distribution = .equalSpacing }
        #expect(Self.widths(v) == [50, 100, 30] && Self.xs(v) == [0, 160, 370])
    }

    /// Centres equally apart: 25, 205, 385.
    @Test func equalCentering() {
        let (_, _, v) = Self.rig { s in s.spacing = 10; s.distribution = .equalCentering }
        #expect(Self.widths(v) == [50, 100, 30] && Self.xs(v) == [0, 155, 370])
    }

    /// In a row 100 high: tops at 0, centres at 50, bottoms at 100; unconstrained, the row is as
    /// tall as its tallest view.
    @Test func alignmentsInARow() {
        for (alignment, ys) in [(UIStackView.Alignment.top, [CGFloat(0), 0, 0]), (.center, [40, 30, 35]), (.bottom, [80, 60, 70])] {
            let (_, _, v) = Self.rig(height: 100) { s in s.alignment = alignment; s.distribution = .equalSpacing }
            #expect(v.map(\.frame.minY) == ys && v.map(\.frame.height) == [20, 40, 30], "\(alignment)")
        }
        let (_, stack, _) = Self.rig { s in s.alignment = .top; s.distribution = .equalSpacing }
        #expect(stack.frame.height == 40)
    }

    /// A column 200 wide, centred: x = (200 − width) / 2; the chain 10 apart makes it 110 high.
    @Test func aCentredColumn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let v = [Box(50, 20), Box(100, 40), Box(30, 30)]
        let stack = UIStackView(arrangedSubviews: v)
        stack.axis = .vertical; stack.alignment = .center; stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 100),
                                     stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20), stack.widthAnchor.constraint(equalToConstant: 200)])
        root.layoutIfNeeded()
        #expect(v.map(\.frame) == [CGRect(x: 75, y: 0, width: 50, height: 20), CGRect(x: 50, y: 30, width: 100, height: 40),
                                   CGRect(x: 85, y: 80, width: 30, height: 30)])
        #expect(stack.frame == CGRect(x: 100, y: 20, width: 200, height: 110))
        stack.alignment = .leading
        root.layoutIfNeeded()
        #expect(v.map(\.frame.minX) == [0, 0, 0])
        stack.alignment = .trailing
        root.layoutIfNeeded()
        #expect(v.map(\.frame.maxX) == [200, 200, 200])
    }

    /// First baselines on one line: the big label reaches the stack's top; the small one sits
    /// lower by the difference of the ascenders.
    @Test func firstBaselineAlignment() {
        let small = UILabel(), big = UILabel()
        small.text = "small"; big.text = "Big"; big.font = .systemFont(ofSize: 34)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let stack = UIStackView(arrangedSubviews: [small, big])
        stack.alignment = .firstBaseline; stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(big.frame.minY == 0 && isNear(small.frame.minY, big.font.ascender - small.font.ascender, 1e-5))
        #expect(big.frame.minX == small.frame.maxX + 8 && stack.frame.height == max(big.frame.maxY, small.frame.maxY))
    }

    /// Custom spacing after one view, and margins-relative arrangement.
    @Test func customSpacingAndMargins() {
        let (root, stack, v) = Self.rig { s in s.spacing = 10; s.distribution = .equalSpacing }
        stack.distribution = .fill
        v[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stack.setCustomSpacing(30, after: v[0])
        root.layoutIfNeeded()
        #expect(Self.xs(v) == [0, 80, 190] && stack.customSpacing(after: v[0]) == 30)
        #expect(stack.customSpacing(after: v[1]) == UIStackView.spacingUseDefault)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 20, bottom: 5, right: 20)
        root.layoutIfNeeded()
        #expect(Self.xs(v) == [20, 100, 210] && v[2].frame.maxX == 380 && v[0].frame.minY == 5 && stack.frame.height == 50)
    }

    /// A hidden view collapses to zero width on the edge before it, its gap gone.
    @Test func hiddenViewsCollapse() {
        let (root, stack, v) = Self.rig { s in s.spacing = 10 }
        v[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        v[1].isHidden = true
        root.layoutIfNeeded()
        #expect(v[1].frame.width == 0 && v[1].frame.minX == 50 && Self.xs(v) == [0, 50, 60] && v[2].frame.width == 340)
        #expect(v[1].isHidden && v[1].layer.isHidden)
        v[1].isHidden = false
        root.layoutIfNeeded()
        #expect(Self.widths(v) == [50, 100, 230] && !stack.arrangedSubviews.isEmpty)
    }

    /// Hiding inside `UIView.animate` collapses smoothly: half way through a linear second the
    /// view is half as wide, still shown; at the end it is hidden.
    @Test func hidingAnimates() {
        let st = ViewStage(400, 300)
        let v = [Box(50, 20), Box(100, 40), Box(30, 30)]
        v[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let stack = UIStackView(arrangedSubviews: v)
        stack.translatesAutoresizingMaskIntoConstraints = false
        st.window.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: st.window.leadingAnchor),
                                     stack.trailingAnchor.constraint(equalTo: st.window.trailingAnchor),
                                     stack.topAnchor.constraint(equalTo: st.window.topAnchor)])
        st.frame(0)
        #expect(Self.widths(v) == [50, 100, 250])
        var finished: Bool?
        st.at(1) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                v[1].isHidden = true
                st.window.layoutIfNeeded()
            }, completion: { finished = $0 })
        }
        #expect(v[1].isHidden && !v[1].layer.isHidden && v[1].frame.width == 0)
        st.frame(1.5)
        #expect(isNear(v[1].layer.presented.bounds.width, 50, 1e-6) && isNear(v[2].layer.presented.bounds.width, 300, 1e-6))
        st.frame(2)
        st.frame(2.1)
        #expect(v[1].layer.isHidden && v[1].isHidden && finished == true)
    }

    /// Hiding one view remakes only the constraints around it: the rest stay the same objects
    /// in the solver (a 300-row stack took 1.4 s a toggle when all were remade).
    @Test func hidingKeepsTheOtherConstraints() {
        let (root, stack, v) = Self.rig(sizes: (0..<6).map { _ in (CGFloat(20), CGFloat(10)) }) { s in s.axis = .vertical; s.spacing = 4 }
        let before = Set(stack.arrangement.map(ObjectIdentifier.init))
        v[3].isHidden = true
        root.layoutIfNeeded()
        let after = Set(stack.arrangement.map(ObjectIdentifier.init))
        // v[3]'s spacing becomes a hiding pair (size 0, on v[2]'s bottom); v[4] spaces from v[2].
        #expect(before.subtracting(after).count == 2 && after.subtracting(before).count == 3)
        #expect(v[3].frame.height == 0 && v[3].frame.minY == 38 && v[4].frame.minY == 42)
        // Held by the stack, or by v[3] for its own height: every one active, none left behind.
        let held = (stack.constraints + v.flatMap(\.constraints)).filter { $0.identifier?.hasPrefix("UISV") == true }
        #expect(stack.arrangement.allSatisfy(\.isActive) && held.count == stack.arrangement.count && v[3].constraints.count == 1)
    }

    @Test func arrangedSubviewsAddInsertRemove() {
        let stack = UIStackView()
        let a = UIView(), b = UIView(), c = UIView()
        stack.addArrangedSubview(a)
        stack.insertArrangedSubview(b, at: 0)
        stack.insertArrangedSubview(c, at: 99)
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        #expect(!a.translatesAutoresizingMaskIntoConstraints && a.superview === stack)
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.count == 2 && a.superview === stack)   // still a subview, as UIKit
        c.removeFromSuperview()
        #expect(stack.arrangedSubviews.count == 1)
        stack.spacing = .nan
        #expect(stack.spacing == 0 && CAEngine.current.diagnostics.last?.hasPrefix("UIStackView.spacing") == true)
    }
}

/// A controller's screen built in `viewDidLoad` with anchors and stacks is laid out in the first
/// frame that shows it (a user's package showed the first frame unlaid).
@Suite(.isolatedEngine) struct UIStackViewFirstFrameTests {
    final class Screen: UIViewController {
        let title1 = UILabel(), stack = UIStackView(), name = UILabel(), toggle = UISwitch()
        override func viewDidLoad() {
            super.viewDidLoad()
            title1.text = "Settings"
            title1.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(title1)
            name.text = "Wi-Fi"
            let row = UIStackView(arrangedSubviews: [name, toggle])
            row.alignment = .center
            row.spacing = 8
            stack.axis = .vertical
            stack.addArrangedSubview(row)
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
            NSLayoutConstraint.activate([
                title1.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                title1.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
                stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                stack.topAnchor.constraint(equalTo: title1.bottomAnchor, constant: 16),
            ])
        }
    }

    @Test func theFirstFrameIsLaidOut() {
        let st = ViewStage(390, 600)
        let vc = Screen()
        st.window.rootViewController = vc
        st.frame(0)
        #expect(vc.title1.frame.origin == CGPoint(x: 8, y: 8))
        #expect(vc.stack.frame.minX == 8 && vc.stack.frame.width == 374 && vc.stack.frame.minY == vc.title1.frame.maxY + 16)
        // The switch hugs at 750, so the label (251) takes the row's slack.
        #expect(vc.toggle.frame.size == CGSize(width: 51, height: 31) && vc.toggle.frame.maxX == 374)
        #expect(vc.name.frame.width == 374 - 8 - 51 && vc.name.layer.sublayers?.first?.frame.width == vc.name.frame.width)
    }
}

/// The iOS pattern: change a constant in `viewDidAppear` and lay out inside `UIView.animate`.
/// The screen was laid out before `viewDidAppear` (UIKit's order), so only the changed view moves.
@Suite(.isolatedEngine) struct ConstraintAnimationInViewDidAppearTests {
    final class Screen: UIViewController {
        let title1 = UILabel(), bar = UIView()
        var barBottom: NSLayoutConstraint!
        override func viewDidLoad() {
            super.viewDidLoad()
            title1.text = "Title"
            for v in [title1, bar] { v.translatesAutoresizingMaskIntoConstraints = false; view.addSubview(v) }
            barBottom = bar.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: 60)
            NSLayoutConstraint.activate([title1.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                                         title1.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
                                         bar.leadingAnchor.constraint(equalTo: view.leadingAnchor), bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                                         bar.heightAnchor.constraint(equalToConstant: 60), barBottom])
        }
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            barBottom.constant = 0
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.layoutIfNeeded() })
        }
    }

    @Test func onlyTheChangedViewAnimates() {
        let st = ViewStage(300, 400)
        let vc = Screen()
        st.window.rootViewController = vc
        st.frame(0)
        #expect(vc.title1.layer.animationKeys()?.isEmpty ?? true)
        #expect(vc.title1.layer.presented.position.y == 20 + vc.title1.frame.height / 2)
        st.frame(0.5)
        #expect(isNear(vc.bar.layer.presented.position.y, 400 + 30 - 30, 1e-6))   // 430 → 370, half way
        #expect(vc.bar.frame == CGRect(x: 0, y: 340, width: 300, height: 60))
    }
}
