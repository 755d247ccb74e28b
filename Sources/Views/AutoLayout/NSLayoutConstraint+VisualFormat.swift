import Foundation
import Layers

extension NSLayoutConstraint {
    /// The options of `constraints(withVisualFormat:options:metrics:views:)`, with UIKit's raw
    /// values: which attribute every view of the format is aligned by (an alignment bit is
    /// `1 << attribute.rawValue`), the direction of a horizontal format and how vertical spaces
    /// are measured.
    public struct FormatOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options of `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Align every view's left edge (a vertical format).
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Align every view's right edge (a vertical format).
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Align every view's top (a horizontal format).
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Align every view's bottom (a horizontal format).
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Align every view's leading edge (a vertical format).
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Align every view's trailing edge (a vertical format).
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Align every view's horizontal centre (a vertical format).
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Align every view's vertical centre (a horizontal format).
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Align every view's last baseline (a horizontal format).
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Align every view's first baseline (a horizontal format).
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// A horizontal format runs from leading to trailing (the default; left to right here).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// A horizontal format runs from left to right, with `left`/`right` attributes.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format runs from right to left, with `right`/`left` attributes.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)

        /// Vertical spaces run from edge to edge (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Vertical spaces run from one view's last baseline to the next one's first baseline.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The spacing bits.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The standard space between a view and its superview's edge, `|-[view]`: 20 points, the
    /// standard superview spacing of UIKit before iOS 8 (Apple's Auto Layout Guide, "Visual Format
    /// Language", calls both this and the 8-point space between siblings "standard space"; iOS 8
    /// and later relate `|-` to the superview's layout margin instead).
    static let superviewStandardSpacing: CGFloat = 20

    /// The constraints a visual format string describes, as UIKit's: `H:` or `V:` (default `H:`),
    /// `|` for the superview's edges, `[name(predicates)]` for views (their width or height: a
    /// number, a metric or another view, with `==`/`<=`/`>=` and `@priority`), connections `-`
    /// (standard space: 8 between views, 20 to the superview), `-20-`, `-(>=20,<=40@750)-`, and
    /// none (`[a][b]`, flush). Each space relates the later item to the earlier
    /// (`b.leading == a.trailing + 8`, `superview.trailing == b.trailing + 20`); the alignment
    /// options add `next.attribute == previous.attribute` for each pair of neighbouring views.
    ///
    /// `views` maps names to `UIView`s or `UILayoutGuide`s, `metrics` names to numbers. The
    /// constraints are returned, not activated. A format that cannot be read — an unknown view or
    /// metric, an unbalanced bracket, a metric that is not a number, a NaN or infinite number, an
    /// alignment along the format's own axis, `|` next to a view without a superview — reports one
    /// line naming the format and the position, and gives `[]` (UIKit raises an exception).
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                 metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views, options: opts)
        do {
            return try parser.constraints()
        } catch let error as VisualFormatError {
            CAEngine.current.report("NSLayoutConstraint visual format \"\(format)\" at position \(error.position): \(error.message); no constraints made")
            return []
        } catch {
            CAEngine.current.report("NSLayoutConstraint visual format \"\(format)\": \(error); no constraints made")
            return []
        }
    }
}

/// Why a visual format was refused, and where (a character offset into the format, from 0).
struct VisualFormatError: Error {
    let message: String
    let position: Int
}

/// A recursive-descent reader of Apple's visual format grammar ("Visual Format String Grammar" in
/// the Auto Layout Guide) that makes the constraints as it goes.
struct VisualFormatParser {
    /// One predicate: a relation to a constant or to another view's same dimension, at a priority.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: AnyObject?
        var priority: UILayoutPriority = .required
    }

    /// An end of a connection: the superview's edge or a named view.
    enum Item {
        case superview
        case view(AnyObject)
    }

    let text: [Character]
    let metrics: [String: Any]
    let views: [String: Any]
    let options: NSLayoutConstraint.FormatOptions
    var index = 0

    init(format: String, metrics: [String: Any], views: [String: Any], options: NSLayoutConstraint.FormatOptions) {
        text = Array(format)
        self.metrics = metrics
        self.views = views
        self.options = options
    }

    private func fail(_ message: String, at position: Int? = nil) -> VisualFormatError {
        VisualFormatError(message: message, position: position ?? index)
    }

    private mutating func skipSpaces() {
        while index < text.count, text[index] == " " { index += 1 }
    }

    private mutating func peek() -> Character? {
        skipSpaces()
        return index < text.count ? text[index] : nil
    }

    private mutating func take(_ c: Character) -> Bool {
        if peek() == c { index += 1; return true }
        return false
    }

    private mutating func expect(_ c: Character, _ what: String) throws {
        guard take(c) else {
            let found = peek().map { "'\($0)'" } ?? "the end"
            throw fail("expected '\(c)' \(what), found \(found)")
        }
    }

    /// A C identifier, or nil when none starts here.
    private mutating func identifier() -> String? {
        guard let first = peek(), first == "_" || (first.isASCII && first.isLetter) else { return nil }
        var name = ""
        while index < text.count, text[index] == "_" || (text[index].isASCII && (text[index].isLetter || text[index].isNumber)) {
            name.append(text[index]); index += 1
        }
        return name
    }

    /// A number as strtod reads one (sign, digits, point, exponent), finite; nil when none starts here.
    private mutating func number() throws -> Double? {
        guard let first = peek(), (first.isASCII && first.isNumber) || first == "." || first == "-" || first == "+" else { return nil }
        let start = index
        var literal = ""
        while index < text.count {
            let c = text[index]
            let exponentSign = (c == "-" || c == "+") && (literal.isEmpty || literal.last == "e" || literal.last == "E")
            guard c.isASCII && (c.isNumber || c == "." || c == "e" || c == "E" || exponentSign) else { break }
            literal.append(c); index += 1
        }
        guard let value = Double(literal) else { throw fail("'\(literal)' is not a number", at: start) }
        guard value.isFinite else { throw fail("\(literal) is not a finite number", at: start) }
        return value
    }

    /// A metric's value: a number (Int, Double, Float, CGFloat, NSNumber), finite.
    private func metric(_ name: String, at position: Int) throws -> Double {
        guard let value = metrics[name] else {
            if ["nan", "inf", "infinity"].contains(name.lowercased()) { throw fail("\(name) is not a finite number", at: position) }
            throw fail("no metric or view named '\(name)'", at: position)
        }
        let number: Double?
        switch value {
        case let v as Double: number = v
        case let v as CGFloat: number = Double(v)
        case let v as Float: number = Double(v)
        case let v as Int: number = Double(v)
        case let v as NSNumber: number = v.doubleValue
        default: number = nil
        }
        guard let number else { throw fail("metric '\(name)' is \(type(of: value)), not a number", at: position) }
        guard number.isFinite else { throw fail("metric '\(name)' is \(number), not a finite number", at: position) }
        return number
    }

    /// A constant or priority: a number or a metric's name.
    private mutating func constantOrMetric(_ what: String) throws -> Double {
        let start = index
        if let value = try number() { return value }
        if let name = identifier() { return try metric(name, at: start) }
        throw fail("expected a number or a metric's name \(what)")
    }

    /// A view by name: a `UIView` or `UILayoutGuide` of `views`.
    private func view(_ name: String, at position: Int) throws -> AnyObject {
        guard let value = views[name] else { throw fail("no view named '\(name)' in views", at: position) }
        guard value is UIView || value is UILayoutGuide else {
            throw fail("'\(name)' is \(type(of: value)), not a UIView or UILayoutGuide", at: position)
        }
        return value as AnyObject
    }

    /// `(<relation>)?(<objectOfPredicate>)(@<priority>)?`; a view's name only where `viewsAllowed`.
    private mutating func predicate(viewsAllowed: Bool) throws -> Predicate {
        var p = Predicate()
        skipSpaces()
        let start = index
        if take("=") {
            guard take("=") else { throw fail("unknown relation: must be ==, >= or <=", at: start) }
        } else if take("<") {
            guard take("=") else { throw fail("unknown relation: must be ==, >= or <=", at: start) }
            p.relation = .lessThanOrEqual
        } else if take(">") {
            guard take("=") else { throw fail("unknown relation: must be ==, >= or <=", at: start) }
            p.relation = .greaterThanOrEqual
        }
        skipSpaces()
        let objectStart = index
        if let value = try number() {
            p.constant = CGFloat(value)
        } else if let name = identifier() {
            if metrics[name] != nil || views[name] == nil {
                p.constant = CGFloat(try metric(name, at: objectStart))
            } else {
                guard viewsAllowed else { throw fail("a space cannot be related to the view '\(name)'", at: objectStart) }
                p.view = try view(name, at: objectStart)
            }
        } else {
            throw fail("expected a number, a metric or a view's name in a predicate")
        }
        if take("@") {
            skipSpaces()
            let priorityStart = index
            let value = try constantOrMetric("after '@'")
            guard value >= 1 && value <= 1000 else { throw fail("priority \(value) is outside 1…1000", at: priorityStart) }
            p.priority = UILayoutPriority(Float(value))
        }
        return p
    }

    /// `(<predicate>(,<predicate>)*)`, the '(' already read.
    private mutating func predicateList(viewsAllowed: Bool) throws -> [Predicate] {
        var list = [try predicate(viewsAllowed: viewsAllowed)]
        while take(",") { list.append(try predicate(viewsAllowed: viewsAllowed)) }
        try expect(")", "to end a predicate list")
        return list
    }

    /// A connection: nil for none (flush), [] for the standard space, else its predicates.
    private mutating func connection() throws -> [Predicate]? {
        guard take("-") else { return nil }
        if peek() == "[" || peek() == "|" { return [] }
        let list: [Predicate]
        if take("(") {
            list = try predicateList(viewsAllowed: false)
        } else {
            skipSpaces()
            let start = index
            let value = try constantOrMetric("for a space (or '(' for predicates)")
            guard text[start] != "-" else { throw fail("a space without parentheses must be a positive number", at: start) }
            list = [Predicate(constant: CGFloat(value))]
        }
        try expect("-", "to end a space")
        return list
    }

    /// Reads the whole format and makes its constraints.
    mutating func constraints() throws -> [NSLayoutConstraint] {
        var vertical = false
        if let first = peek(), first == "H" || first == "V" {
            index += 1
            guard take(":") else { throw fail("expected ':' after '\(first)' to give the orientation") }
            vertical = first == "V"
        }
        let direction = options.intersection(.directionMask)
        let reversed = !vertical && direction == .directionRightToLeft
        let lead: NSLayoutConstraint.Attribute, trail: NSLayoutConstraint.Attribute
        if vertical {
            let baselines = options.contains(.spacingBaselineToBaseline)
            (lead, trail) = baselines ? (.firstBaseline, .lastBaseline) : (.top, .bottom)
        } else if direction == .directionLeftToRight {
            (lead, trail) = (.left, .right)
        } else if reversed {
            (lead, trail) = (.right, .left)
        } else {
            (lead, trail) = (.leading, .trailing)
        }
        let dimension: NSLayoutConstraint.Attribute = vertical ? .height : .width
        let alignments = try alignmentAttributes(vertical: vertical)

        var made: [NSLayoutConstraint] = []
        var previous: (item: Item, position: Int)?
        var pending: [Predicate]?
        var viewsSeen: [AnyObject] = []
        skipSpaces()
        if peek() == "|" {
            previous = (.superview, index)
            index += 1
            pending = try connection()
        }
        while true {
            skipSpaces()
            let position = index
            guard take("[") else {
                let found = peek().map { "'\($0)'" } ?? "the end"
                throw fail("expected a view '[name]', found \(found)")
            }
            skipSpaces()
            let nameStart = index
            guard let name = identifier() else { throw fail("expected a view's name after '['") }
            let v = try view(name, at: nameStart)
            var predicates: [Predicate] = []
            if take("(") { predicates = try predicateList(viewsAllowed: true) }
            try expect("]", "to end the view '\(name)'")
            viewsSeen.append(v)
            // The space that led here first, then the view's own size.
            if let prev = previous {
                made += try spaces(pending, from: prev, to: (.view(v), position), lead: lead, trail: trail, reversed: reversed)
            }
            for p in predicates {
                let c = NSLayoutConstraint(item: v, attribute: dimension, relatedBy: p.relation, toItem: p.view,
                                           attribute: p.view == nil ? .notAnAttribute : dimension, multiplier: 1,
                                           constant: p.view == nil ? p.constant : 0)
                c.priority = p.priority
                made.append(c)
            }
            previous = (.view(v), position)
            if peek() == nil { break }
            pending = try connection()
            skipSpaces()
            let barPosition = index
            if take("|") {
                made += try spaces(pending, from: previous!, to: (.superview, barPosition), lead: lead, trail: trail, reversed: reversed)
                if let extra = peek() { throw fail("unexpected '\(extra)' after the closing '|'") }
                break
            }
            if peek() == nil { throw fail("the format ends after a space: expected a view '[name]' or '|'") }
        }

        for attribute in alignments {
            for (a, b) in zip(viewsSeen, viewsSeen.dropFirst()) {
                made.append(NSLayoutConstraint(item: b, attribute: attribute, relatedBy: .equal, toItem: a,
                                               attribute: attribute, multiplier: 1, constant: 0))
            }
        }
        return made
    }

    /// The alignment attributes of the options, each across the format's axis.
    private func alignmentAttributes(vertical: Bool) throws -> [NSLayoutConstraint.Attribute] {
        let mask = options.intersection(.alignmentMask).rawValue
        var attributes: [NSLayoutConstraint.Attribute] = []
        for bit in 1..<16 where mask & (1 << UInt(bit)) != 0 {
            guard let attribute = NSLayoutConstraint.Attribute(rawValue: bit), attribute != .width, attribute != .height else {
                throw fail("options bit \(bit) is not an alignment", at: 0)
            }
            let horizontal = attribute.isHorizontal
            guard horizontal == vertical else {
                throw fail("the alignment \(attribute) runs along the format's own \(vertical ? "vertical" : "horizontal") axis", at: 0)
            }
            attributes.append(attribute)
        }
        return attributes
    }

    /// The constraints of one connection between two items.
    private func spaces(_ predicates: [Predicate]?, from prev: (item: Item, position: Int), to next: (item: Item, position: Int),
                        lead: NSLayoutConstraint.Attribute, trail: NSLayoutConstraint.Attribute,
                        reversed: Bool) throws -> [NSLayoutConstraint] {
        func object(_ end: (item: Item, position: Int), neighbour: Item) throws -> AnyObject {
            switch end.item {
            case .view(let v): return v
            case .superview:
                guard case .view(let v) = neighbour, let superview = NSLayoutConstraint.owner(of: v)?.superviewForFormat(v) else {
                    throw fail("'|' needs the view next to it to have a superview", at: end.position)
                }
                return superview
            }
        }
        let first = try object(prev, neighbour: next.item), second = try object(next, neighbour: prev.item)
        let prevAttribute: NSLayoutConstraint.Attribute
        if case .superview = prev.item { prevAttribute = lead } else { prevAttribute = trail }
        let nextAttribute: NSLayoutConstraint.Attribute
        if case .superview = next.item { nextAttribute = trail } else { nextAttribute = lead }
        let toSuperview: Bool
        if case .superview = prev.item { toSuperview = true } else if case .superview = next.item { toSuperview = true } else { toSuperview = false }
        // Edge-attribute baselines only between views; a superview's edge stays top/bottom.
        func edge(_ attribute: NSLayoutConstraint.Attribute, _ item: Item) -> NSLayoutConstraint.Attribute {
            guard case .superview = item else { return attribute }
            return attribute == .firstBaseline ? .top : attribute == .lastBaseline ? .bottom : attribute
        }
        let list = predicates.map { $0.isEmpty ? [Predicate(constant: toSuperview ? NSLayoutConstraint.superviewStandardSpacing : NSLayoutConstraint.systemSpacing)] : $0 }
            ?? [Predicate(constant: 0)]
        return list.map { p in
            let c = reversed
                ? NSLayoutConstraint(item: first, attribute: edge(prevAttribute, prev.item), relatedBy: p.relation, toItem: second,
                                     attribute: edge(nextAttribute, next.item), multiplier: 1, constant: p.constant)
                : NSLayoutConstraint(item: second, attribute: edge(nextAttribute, next.item), relatedBy: p.relation, toItem: first,
                                     attribute: edge(prevAttribute, prev.item), multiplier: 1, constant: p.constant)
            c.priority = p.priority
            return c
        }
    }
}

extension UIView {
    /// The view `|` stands for beside `item` (this view, or the view owning the guide `item`):
    /// a view's superview, a guide's owning view.
    fileprivate func superviewForFormat(_ item: AnyObject) -> UIView? {
        item is UILayoutGuide ? self : superview
    }
}
