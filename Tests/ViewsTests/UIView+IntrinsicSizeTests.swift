import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Intrinsic sizes, content hugging and compression resistance, and `systemLayoutSizeFitting`
/// (AutoLayout/UIView+IntrinsicSize.swift): frames checked by hand from UIKit's equations — per
/// axis with an intrinsic size s, `size ≤ s` at the hugging priority and `size ≥ s` at the
/// compression resistance.
@Suite(.isolatedEngine) struct UIViewIntrinsicSizeTests {
    /// A view with a settable intrinsic size.
    final class Box: UIView {
        var size: CGSize
        init(_ w: CGFloat, _ h: CGFloat) {
            size = CGSize(width: w, height: h)
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }
        required init?(coder: NSCoder) { fatalError() }
        override var intrinsicContentSize: CGSize { size }
    }

    /// Two views in a row between the root's edges (10 in, 8 apart): `a`, `b` and the root.
    static func row(_ width: CGFloat, _ a: UIView, _ b: UIView) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 100))
        for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        return root
    }

    @Test func defaultsAreUIKits() {
        let v = UIView(), l = UILabel(), i = UIImageView(frame: .zero), s = UISwitch(frame: .zero)
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow && v.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(l.contentHuggingPriority(for: .horizontal).rawValue == 251 && l.contentHuggingPriority(for: .vertical).rawValue == 251)
        #expect(i.contentHuggingPriority(for: .vertical).rawValue == 251 && s.contentHuggingPriority(for: .horizontal).rawValue == 750)
        #expect(v.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: -1))
        #expect(UIView.layoutFittingCompressedSize == .zero && UIView.layoutFittingExpandedSize.width == 10_000_000)
    }

    /// Room to spare (400 − 28 = 372 for 60 + 90): the lower hugging priority stretches.
    @Test func theLowerHuggingPriorityGrows() {
        let a = Box(60, 20), b = Box(90, 30)
        b.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let root = Self.row(400, a, b)
        #expect(a.frame == CGRect(x: 10, y: 0, width: 60, height: 20))
        #expect(b.frame == CGRect(x: 78, y: 0, width: 312, height: 30))   // 400 − 10 − 78
        // Now a hugs less: a takes the slack, b its own width.
        a.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 282, height: 20))   // 372 − 90
        #expect(b.frame == CGRect(x: 300, y: 0, width: 90, height: 30))
    }

    /// Too little room (150 − 28 = 122 for 80 + 90): the lower compression resistance gives way.
    @Test func theLowerCompressionResistanceShrinks() {
        let a = Box(80, 20), b = Box(90, 20)
        b.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        let root = Self.row(150, a, b)
        #expect(a.frame.width == 80 && b.frame == CGRect(x: 98, y: 0, width: 42, height: 20))
        #expect(root.constraints.count == 5)
    }

    /// `invalidateIntrinsicContentSize()` makes the next layout read the size again.
    @Test func invalidatingReadsTheSizeAgain() {
        let a = Box(60, 20), b = Box(90, 30)
        b.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let root = Self.row(400, a, b)
        a.size = CGSize(width: 100, height: 40)
        root.layoutIfNeeded()
        #expect(a.frame.width == 60)          // not told: UIKit does not look either
        a.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 100, height: 40) && b.frame.minX == 118)
    }

    /// A label no constraint names changes its text without making the tree's engine solve again
    /// (a counter updated every frame costs no walk); a constrained one re-solves.
    @Test func onlyEngineItemsMakeTheEngineSolveAgain() {
        let a = Box(60, 20), b = Box(90, 30)
        let root = Self.row(400, a, b)
        let free = UILabel(frame: CGRect(x: 0, y: 50, width: 100, height: 20)), tied = UILabel()
        root.addSubview(free)
        root.addSubview(tied)
        tied.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([tied.topAnchor.constraint(equalTo: root.topAnchor), tied.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
        root.layoutIfNeeded()
        #expect(root.layoutEngine?.isDirty == false)
        free.text = "12"
        #expect(root.layoutEngine?.isDirty == false && free.layoutState.intrinsicIsStale)
        tied.text = "34"
        #expect(root.layoutEngine?.isDirty == true)
        root.layoutIfNeeded()
        #expect(tied.frame.width == tied.font.size(of: "34").width.rounded(.up))
    }

    @Test func controlsHaveUIKitsSizes() {
        #expect(UISwitch(frame: .zero).intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(UISlider(frame: .zero).intrinsicContentSize == CGSize(width: -1, height: 31))
        #expect(UIActivityIndicatorView(style: .medium).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(UIProgressView(frame: .zero).intrinsicContentSize == CGSize(width: -1, height: 4))
        #expect(UIImageView(frame: .zero).intrinsicContentSize == CGSize(width: -1, height: -1))
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        let title = button.titleLabel!.font.size(of: "Go")
        #expect(button.intrinsicContentSize == CGSize(width: title.width.rounded(.up) + 16, height: max(30, button.titleLabel!.font.lineHeight + 12)))
        #expect(UILabel().intrinsicContentSize == .zero)
    }

    /// One line: the text's width rounded up and the line height; wrapped at
    /// `preferredMaxLayoutWidth`: the widest line and the lines' height, at most `numberOfLines`.
    @Test func labelSizes() {
        let label = UILabel()
        label.text = "one two three four"
        let font = label.font!
        #expect(label.intrinsicContentSize == CGSize(width: font.size(of: "one two three four").width.rounded(.up), height: font.lineHeight))
        label.numberOfLines = 0
        let p = max(font.size(of: "one two").width, font.size(of: "three four").width)
        #expect(font.size(of: "one two three").width > p)            // so the lines are "one two" / "three four"
        label.preferredMaxLayoutWidth = p
        #expect(label.intrinsicContentSize == CGSize(width: p.rounded(.up), height: 2 * font.lineHeight))
        label.numberOfLines = 1
        #expect(label.intrinsicContentSize.height == font.lineHeight)
        label.preferredMaxLayoutWidth = .nan
        #expect(label.preferredMaxLayoutWidth == 0)
    }

    /// A label of several lines without `preferredMaxLayoutWidth` wraps at the width its
    /// constraints give it, and is as tall as its lines there.
    @Test func aLabelWrapsAtItsOwnWidth() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "Auto Layout wraps this sentence at the width the constraints give the label"
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                     label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
                                     label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)])
        root.layoutIfNeeded()
        let lines = label.wrappedLines(width: 160).count
        #expect(lines >= 3)
        #expect(label.frame == CGRect(x: 20, y: 10, width: 160, height: CGFloat(lines) * label.font.lineHeight))
    }

    /// A container of two boxes stacked (10 around, 8 between; b's trailing edge free):
    /// compressed and expanded it is 10 + 60 + 10 wide and 10 + 20 + 8 + 30 + 10 high; a
    /// required width of 200 stretches a.
    @Test func systemLayoutSizeFitting() {
        let c = UIView(), a = Box(60, 20), b = Box(40, 30)
        c.addSubview(a); c.addSubview(b)
        NSLayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: c.topAnchor, constant: 10), b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 8),
            b.bottomAnchor.constraint(equalTo: c.bottomAnchor, constant: -10),
            a.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10), a.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -10),
            b.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10),
            b.trailingAnchor.constraint(lessThanOrEqualTo: c.trailingAnchor, constant: -10),
        ])
        #expect(c.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 80, height: 78))
        #expect(c.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize) == CGSize(width: 80, height: 78))
        #expect(c.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                          verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 200, height: 78))
        #expect(a.frame == .zero && c.frame == .zero)   // measuring moves nothing
        // A view with only an intrinsic size measures as that size.
        #expect(Box(33, 44).systemLayoutSizeFitting(.zero) == CGSize(width: 33, height: 44))
        #expect(UIView().systemLayoutSizeFitting(CGSize(width: 5, height: 6)) == CGSize(width: 5, height: 6))
    }

    /// Misuse: a priority outside 1…1000, a target that is not finite: one line each, a defined result.
    @Test func misuseIsReported() {
        let v = Box(10, 10)
        v.setContentHuggingPriority(UILayoutPriority(0), for: .horizontal)
        v.setContentCompressionResistancePriority(UILayoutPriority(.nan), for: .vertical)
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow && v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(v.systemLayoutSizeFitting(CGSize(width: CGFloat.nan, height: .infinity)) == CGSize(width: 10, height: 10))
        let lines = CAEngine.current.diagnostics
        #expect(lines.contains("setContentHuggingPriority refused: 0.0 is not a priority in 1…1000"))
        #expect(lines.contains { $0.hasPrefix("setContentCompressionResistancePriority refused: nan") })
        #expect(lines.contains { $0.hasPrefix("systemLayoutSizeFitting: target") })
    }
}
