import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// The visual format language (NSLayoutConstraint+VisualFormat.swift): the constraints of the
/// formats of Apple's Auto Layout Guide ("Visual Format Language") compared attribute by
/// attribute, frames after layout, and formats that must be refused with one reported line.
@Suite(.isolatedEngine) struct NSLayoutConstraintVisualFormatTests {
    typealias A = NSLayoutConstraint.Attribute

    /// A 320×480 root with views a, b, c that take their frames from constraints.
    static func rig() -> (root: UIView, a: UIView, b: UIView, c: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let views = (0..<3).map { _ in UIView(frame: .zero) }
        for v in views { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        return (root, views[0], views[1], views[2])
    }

    /// One constraint as a comparable row: items by identity, then attributes, relation, constant, priority.
    struct Row: Equatable, CustomStringConvertible {
        let first: ObjectIdentifier?, firstAttribute: A, relation: NSLayoutConstraint.Relation
        let second: ObjectIdentifier?, secondAttribute: A, multiplier: CGFloat, constant: CGFloat, priority: Float
        var description: String { "\(firstAttribute) \(relation) \(secondAttribute) ×\(multiplier) + \(constant) @\(priority)" }
    }

    static func row(_ first: AnyObject, _ fa: A, _ r: NSLayoutConstraint.Relation, _ second: AnyObject?, _ sa: A,
                    _ constant: CGFloat, _ priority: Float = 1000) -> Row {
        Row(first: ObjectIdentifier(first), firstAttribute: fa, relation: r, second: second.map(ObjectIdentifier.init),
            secondAttribute: sa, multiplier: 1, constant: constant, priority: priority)
    }

    static func rows(_ cs: [NSLayoutConstraint]) -> [Row] {
        cs.map { c in
            Row(first: c.firstItem.map(ObjectIdentifier.init), firstAttribute: c.firstAttribute, relation: c.relation,
                second: c.secondItem.map(ObjectIdentifier.init), secondAttribute: c.secondAttribute,
                multiplier: c.multiplier, constant: c.constant, priority: c.priority.rawValue)
        }
    }

    static func make(_ format: String, _ options: NSLayoutConstraint.FormatOptions, metrics: [String: Any]? = nil,
                     _ views: [String: Any]) -> [Row] {
        rows(NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views))
    }

    static func make(_ format: String, metrics: [String: Any]? = nil, _ views: [String: Any]) -> [Row] {
        make(format, [], metrics: metrics, views)
    }

    // MARK: Apple's examples, attribute by attribute

    @Test func standardSpaceBetweenSiblingsIs8() {
        let (_, button, field, _) = Self.rig()
        #expect(Self.make("[button]-[textField]", ["button": button, "textField": field])
                == [Self.row(field, .leading, .equal, button, .trailing, 8)])
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func widthConstraint() {
        let (_, button, _, _) = Self.rig()
        #expect(Self.make("[button(>=50)]", ["button": button])
                == [Self.row(button, .width, .greaterThanOrEqual, nil, .notAnAttribute, 50)])
    }

    @Test func connectionToSuperview() {
        let (root, box, _, _) = Self.rig()
        #expect(Self.make("|-50-[purpleBox]-50-|", ["purpleBox": box]) == [
            Self.row(box, .leading, .equal, root, .leading, 50),
            Self.row(root, .trailing, .equal, box, .trailing, 50),
        ])
    }

    @Test func verticalLayout() {
        let (_, top, bottom, _) = Self.rig()
        #expect(Self.make("V:[topField]-10-[bottomField]", ["topField": top, "bottomField": bottom])
                == [Self.row(bottom, .top, .equal, top, .bottom, 10)])
    }

    @Test func flushViews() {
        let (_, maroon, blue, _) = Self.rig()
        #expect(Self.make("[maroonView][blueView]", ["maroonView": maroon, "blueView": blue])
                == [Self.row(blue, .leading, .equal, maroon, .trailing, 0)])
    }

    @Test func priority() {
        let (_, button, _, _) = Self.rig()
        #expect(Self.make("[button(100@20)]", ["button": button])
                == [Self.row(button, .width, .equal, nil, .notAnAttribute, 100, 20)])
        #expect(Self.make("V:[button(50@750)]", ["button": button])
                == [Self.row(button, .height, .equal, nil, .notAnAttribute, 50, 750)])
    }

    @Test func equalWidths() {
        let (_, b1, b2, _) = Self.rig()
        #expect(Self.make("[button1(==button2)]", ["button1": b1, "button2": b2])
                == [Self.row(b1, .width, .equal, b2, .width, 0)])
    }

    @Test func multiplePredicates() {
        let (_, flexible, _, _) = Self.rig()
        #expect(Self.make("[flexibleButton(>=70,<=100)]", ["flexibleButton": flexible]) == [
            Self.row(flexible, .width, .greaterThanOrEqual, nil, .notAnAttribute, 70),
            Self.row(flexible, .width, .lessThanOrEqual, nil, .notAnAttribute, 100),
        ])
    }

    /// `|-[find]-[findNext]-[findField(>=20)]-|`: 20 to the superview's edges (the standard
    /// superview space chosen here), 8 between siblings.
    @Test func aCompleteLineOfLayout() {
        let (root, find, next, field) = Self.rig()
        #expect(Self.make("|-[find]-[findNext]-[findField(>=20)]-|", ["find": find, "findNext": next, "findField": field]) == [
            Self.row(find, .leading, .equal, root, .leading, 20),
            Self.row(next, .leading, .equal, find, .trailing, 8),
            Self.row(field, .leading, .equal, next, .trailing, 8),
            Self.row(field, .width, .greaterThanOrEqual, nil, .notAnAttribute, 20),
            Self.row(root, .trailing, .equal, field, .trailing, 20),
        ])
    }

    @Test func spacesWithRelationsMetricsAndPriorities() {
        let (_, a, b, _) = Self.rig()
        let metrics: [String: Any] = ["spacing": 12, "high": 750.0, "wide": CGFloat(64)]
        #expect(Self.make("H:[a]-(>=20)-[b]", ["a": a, "b": b]) == [Self.row(b, .leading, .greaterThanOrEqual, a, .trailing, 20)])
        #expect(Self.make("[a]-(==spacing@high)-[b(wide)]", metrics: metrics, ["a": a, "b": b]) == [
            Self.row(b, .leading, .equal, a, .trailing, 12, 750),
            Self.row(b, .width, .equal, nil, .notAnAttribute, 64),
        ])
        #expect(Self.make("[a]-spacing-[b]", metrics: ["spacing": NSNumber(value: 5.5)], ["a": a, "b": b])
                == [Self.row(b, .leading, .equal, a, .trailing, 5.5)])
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func alignmentOptionsRelateNeighbours() {
        let (_, a, b, c) = Self.rig()
        let views = ["a": a, "b": b, "c": c]
        #expect(Self.make("[a][b]-[c]", [.alignAllTop, .alignAllCenterY], views) == [
            Self.row(b, .leading, .equal, a, .trailing, 0),
            Self.row(c, .leading, .equal, b, .trailing, 8),
            Self.row(b, .top, .equal, a, .top, 0),
            Self.row(c, .top, .equal, b, .top, 0),
            Self.row(b, .centerY, .equal, a, .centerY, 0),
            Self.row(c, .centerY, .equal, b, .centerY, 0),
        ])
        #expect(Self.make("V:[a]-[b]", [.alignAllLeading, .directionLeadingToTrailing], views) == [
            Self.row(b, .top, .equal, a, .bottom, 8),
            Self.row(b, .leading, .equal, a, .leading, 0),
        ])
        #expect(Self.make("[a][b]", .alignAllFirstBaseline, views).last == Self.row(b, .firstBaseline, .equal, a, .firstBaseline, 0))
    }

    @Test func directionOptions() {
        let (root, a, b, _) = Self.rig()
        #expect(Self.make("|-[a]-[b]", .directionLeftToRight, ["a": a, "b": b]) == [
            Self.row(a, .left, .equal, root, .left, 20),
            Self.row(b, .left, .equal, a, .right, 8),
        ])
        // Right to left: b sits 8 to the left of a, a 20 from the right edge.
        #expect(Self.make("|-[a]-[b]", .directionRightToLeft, ["a": a, "b": b]) == [
            Self.row(root, .right, .equal, a, .right, 20),
            Self.row(a, .left, .equal, b, .right, 8),
        ])
    }

    @Test func layoutGuidesAreItems() {
        let (root, a, _, _) = Self.rig()
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        #expect(Self.make("V:|[guide(20)][a]", ["guide": guide, "a": a]) == [
            Self.row(guide, .top, .equal, root, .top, 0),
            Self.row(guide, .height, .equal, nil, .notAnAttribute, 20),
            Self.row(a, .top, .equal, guide, .bottom, 0),
        ])
    }

    // MARK: Frames after layout

    @Test func framesOfATypicalScreen() {
        let (root, a, b, _) = Self.rig()
        let views = ["a": a, "b": b]
        let cs = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b(==a)]-|", options: .alignAllTop, metrics: nil, views: views)
            + NSLayoutConstraint.constraints(withVisualFormat: "V:|-20-[a(44)]", options: [], metrics: nil, views: views)
            + NSLayoutConstraint.constraints(withVisualFormat: "V:[b(==a)]", options: [], metrics: nil, views: views)
        #expect(cs.allSatisfy { !$0.isActive })   // returned, not activated
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        // 320 = 20 + w + 8 + w + 20 → w = 136.
        #expect(a.frame == CGRect(x: 20, y: 20, width: 136, height: 44))
        #expect(b.frame == CGRect(x: 164, y: 20, width: 136, height: 44))
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    @Test func framesWithPrioritiesAndLimits() {
        let (root, a, b, _) = Self.rig()
        let views = ["a": a, "b": b]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a(>=70,<=100)]-(>=0)-[b(50@750)]-10-|", options: [], metrics: nil, views: views)
            + NSLayoutConstraint.constraints(withVisualFormat: "V:|[a(30)]-(gap)-[b(==a)]", options: [], metrics: ["gap": 6], views: views)
            + NSLayoutConstraint.constraints(withVisualFormat: "H:[a(200@250)]", options: [], metrics: nil, views: views))
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 100, height: 30))    // wants 200 at 250, capped at 100
        #expect(b.frame == CGRect(x: 260, y: 36, width: 50, height: 30))
    }

    // MARK: Formats that are refused

    static func refused(_ format: String, metrics: [String: Any]? = nil, _ options: NSLayoutConstraint.FormatOptions = [],
                        position: Int, mentioning words: String) {
        let (root, a, b, _) = rig()
        let before = CAEngine.current.diagnostics.count
        let made = withExtendedLifetime(root) {   // a's superview is weak: keep it for '|'
            NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                           views: ["a": a, "b": b, "text": "not a view"])
        }
        #expect(made.isEmpty, "\(format)")
        let lines = CAEngine.current.diagnostics.dropFirst(before)
        #expect(lines.count == 1, "\(format): \(Array(lines))")
        let line = lines.first ?? ""
        #expect(line.contains("\"\(format)\""), "\(line)")
        #expect(line.contains("at position \(position):"), "\(line)")
        #expect(line.contains(words), "\(line)")
    }

    @Test func badFormatsReportOneLineAndMakeNothing() {
        Self.refused("H:|-[a]-[nope]", position: 9, mentioning: "no view named 'nope'")
        Self.refused("[a", position: 2, mentioning: "expected ']'")
        Self.refused("[a(>=50]", position: 7, mentioning: "expected ')'")
        Self.refused("a]", position: 0, mentioning: "expected a view")
        Self.refused("[a]-[b]]", position: 7, mentioning: "expected a view")
        Self.refused("[a]-20", position: 6, mentioning: "expected '-'")
        Self.refused("[a]-[b]-", position: 8, mentioning: "expected a number")
        Self.refused("X:[a]", position: 0, mentioning: "expected a view")
        Self.refused("V[a]", position: 1, mentioning: "expected ':'")
        Self.refused("[a(=50)]", position: 3, mentioning: "unknown relation")
        Self.refused("[a]-gap-[b]", metrics: ["gap": "wide"], position: 4, mentioning: "not a number")
        Self.refused("[a]-gap-[b]", position: 4, mentioning: "no metric or view named 'gap'")
        Self.refused("[a(w)]", metrics: ["w": Double.nan], position: 3, mentioning: "not a finite number")
        Self.refused("[a(w)]", metrics: ["w": CGFloat.infinity], position: 3, mentioning: "not a finite number")
        Self.refused("[a(1e999)]", position: 3, mentioning: "not a finite number")
        Self.refused("[a(nan)]", position: 3, mentioning: "not a finite number")
        Self.refused("[a(50@2000)]", position: 6, mentioning: "outside 1…1000")
        Self.refused("[a]-(==b)-[b]", position: 7, mentioning: "cannot be related to the view 'b'")
        Self.refused("[text]", position: 1, mentioning: "not a UIView or UILayoutGuide")
        Self.refused("[a]|[b]", position: 4, mentioning: "after the closing '|'")
        Self.refused("", position: 0, mentioning: "expected a view")
        Self.refused("[a][b]", .alignAllLeading, position: 0, mentioning: "along the format's own horizontal axis")
        Self.refused("V:[a][b]", .alignAllTop, position: 0, mentioning: "along the format's own vertical axis")
    }

    @Test func superviewBarNeedsASuperview() {
        let lonely = UIView(frame: .zero)
        let made = NSLayoutConstraint.constraints(withVisualFormat: "|-[v]", options: [], metrics: nil, views: ["v": lonely])
        #expect(made.isEmpty)
        #expect(CAEngine.current.diagnostics.count == 1)
        #expect(CAEngine.current.diagnostics.first?.contains("at position 0: '|' needs the view next to it to have a superview") == true)
    }
}
