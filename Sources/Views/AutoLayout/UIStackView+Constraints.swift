import Foundation

/// The constraints a stack view makes for its arrangement, named as UIKit's (`UISV-…`), in
/// UIKit's equations. For a row (a column swaps x and y):
/// - `UISV-canvas-connection`: the first view's leading edge on the stack's (or its margins')
///   leading edge, the last view's trailing edge on the trailing edge;
/// - `UISV-spacing`: each visible view's leading edge `gap` after the previous visible one's
///   trailing edge (at least `gap` for the equal distributions); a hidden view sits on the edge
///   before it with `UISV-hiding` (width 0) and no gap;
/// - the distribution: `UISV-fill-equally` (widths equal to the first's),
///   `UISV-fill-proportionally` (width = share × (stack width − gaps), at 999 − index),
///   `UISV-distributing` (equal gaps, or equal distances between centres);
/// - the alignment across the axis: `UISV-alignment` (top and bottom, or one edge, the centre or
///   the first view's baseline) and `UISV-spanning-fit` (the view inside the stack's height),
///   with `UISV-canvas-fit` pulling the stack's height down to its tallest view (priority 49) and
///   `UISV-ambiguity-suppression` keeping an unaligned edge from stretching the view (priority 25).
/// - Complexity: O(arranged views) constraints, made again once per layout after a change.
extension UIStackView {
    /// Makes the arrangement for the current settings and swaps it in: constraints the old one
    /// already has (same items, attributes, relation, numbers, priority) stay as they are, so
    /// hiding one of 300 rows changes a handful of constraints in the solver, not all of them.
    /// - Complexity: O(arranged views) to make and match, plus the solver's work for the changes.
    func arrange() {
        let wanted = arrangementConstraints()
        var old: [Shape: [NSLayoutConstraint]] = [:]   // looked up only, never iterated
        for c in arrangement { old[Shape(c), default: []].append(c) }
        var kept: [NSLayoutConstraint] = [], added: [NSLayoutConstraint] = []
        for c in wanted {
            let shape = Shape(c)
            if let same = old[shape]?.popLast() { kept.append(same) } else { added.append(c) }
        }
        let keptIDs = Set(kept.map(ObjectIdentifier.init))
        NSLayoutConstraint.deactivate(arrangement.filter { !keptIDs.contains(ObjectIdentifier($0)) })
        NSLayoutConstraint.activate(added)
        arrangement = kept + added
    }

    /// What makes two of the stack's constraints the same constraint.
    private struct Shape: Hashable {
        let items: [ObjectIdentifier?]
        let attributes: [Int]
        let numbers: [Double]
        let identifier: String?

        init(_ c: NSLayoutConstraint) {
            items = c.allItems.map { $0.map(ObjectIdentifier.init) }
            attributes = [c.firstAttribute.rawValue, c.secondAttribute.rawValue, c.relation.rawValue,
                          c.firstOffsetFrom?.attribute.rawValue ?? -1, c.secondOffsetFrom?.attribute.rawValue ?? -1]
            numbers = [Double(c.multiplier), Double(c.constant), Double(c.priority.rawValue)]
            identifier = c.identifier
        }
    }

    /// The constraints of the arrangement for the current settings, inactive.
    private func arrangementConstraints() -> [NSLayoutConstraint] {
        let row = axis == .horizontal
        let edges: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let (lead, trail, size): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            row ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossLead, crossTrail, crossCenter, crossSize): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute,
                                                               NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            row ? (.top, .bottom, .centerY, .height) : (.leading, .trailing, .centerX, .width)
        var made: [NSLayoutConstraint] = []
        func add(_ name: String, _ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation,
                 _ b: AnyObject?, _ ba: NSLayoutConstraint.Attribute, m: CGFloat = 1, c: CGFloat = 0,
                 priority: Float = 1000, from: (AnyObject, NSLayoutConstraint.Attribute, AnyObject, NSLayoutConstraint.Attribute)? = nil) {
            let k: NSLayoutConstraint
            if let from {
                k = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: c,
                                       firstOffsetFrom: .init(item: from.0, attribute: from.1), secondOffsetFrom: .init(item: from.2, attribute: from.3))
            } else {
                k = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: c)
            }
            k.priority = UILayoutPriority(priority)
            k.identifier = name
            made.append(k)
        }
        let views = arrangedSubviews
        let visible = views.filter { !$0.isHidden }
        let equal = distribution == .equalSpacing || distribution == .equalCentering
        // Along the axis: the chain of visible views, hidden ones collapsed on the edge before them.
        var previous: UIView?
        for v in views {
            if v.isHidden {
                add("UISV-hiding", v, size, .equal, nil, .notAnAttribute)
                if let p = previous { add("UISV-hiding", v, lead, .equal, p, trail) } else { add("UISV-hiding", v, lead, .equal, edges, lead) }
                continue
            }
            if let p = previous {
                add("UISV-spacing", v, lead, equal ? .greaterThanOrEqual : .equal, p, trail, c: gap(after: p))
            } else {
                add("UISV-canvas-connection", v, lead, .equal, edges, lead)
            }
            previous = v
        }
        if let last = visible.last { add("UISV-canvas-connection", edges, trail, .equal, last, trail) }
        // The distribution.
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for v in visible.dropFirst() { add("UISV-fill-equally", v, size, .equal, visible[0], size) }
        case .fillProportionally:
            let lengths = visible.map { v -> CGFloat in
                let s = row ? v.intrinsicContentSize.width : v.intrinsicContentSize.height
                return s >= 0 && s.isFinite ? s : (row ? v.bounds.width : v.bounds.height)
            }
            let total = lengths.reduce(0, +)
            let gaps = zip(visible, visible.dropFirst()).reduce(CGFloat(0)) { $0 + gap(after: $1.0) }
            for (i, v) in visible.enumerated() {
                let share = total > 0 ? lengths[i] / total : 1 / CGFloat(visible.count)
                add("UISV-fill-proportionally", v, size, .equal, edges, size, m: share, c: -share * gaps, priority: Float(max(1, 999 - i)))
            }
        case .equalSpacing, .equalCentering:
            let pairs = Array(zip(visible, visible.dropFirst()))
            let attrs: (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                distribution == .equalSpacing ? (trail, lead) : (row ? .centerX : .centerY, row ? .centerX : .centerY)
            for (a, b) in pairs.dropFirst() {
                let (f, s) = (pairs[0].0, pairs[0].1)
                add("UISV-distributing", b, attrs.1, .equal, s, attrs.1, from: (a, attrs.0, f, attrs.0))
            }
        }
        // Across the axis.
        let baseline: NSLayoutConstraint.Attribute? = row && alignment == .firstBaseline ? .firstBaseline
            : row && alignment == .lastBaseline ? .lastBaseline : nil
        let across = baseline == nil && (alignment == .firstBaseline || alignment == .lastBaseline) ? .fill : alignment
        for v in views {
            switch across {
            case .fill:
                add("UISV-alignment", v, crossLead, .equal, edges, crossLead)
                add("UISV-alignment", v, crossTrail, .equal, edges, crossTrail)
                continue
            case .leading:
                add("UISV-alignment", v, crossLead, .equal, edges, crossLead)
                add("UISV-spanning-fit", edges, crossTrail, .greaterThanOrEqual, v, crossTrail)
            case .trailing:
                add("UISV-alignment", v, crossTrail, .equal, edges, crossTrail)
                add("UISV-spanning-fit", v, crossLead, .greaterThanOrEqual, edges, crossLead)
            case .center:
                add("UISV-alignment", v, crossCenter, .equal, edges, crossCenter)
                add("UISV-spanning-fit", v, crossLead, .greaterThanOrEqual, edges, crossLead)
            default:
                if let baseline, let first = views.first, v !== first { add("UISV-alignment", v, baseline, .equal, first, baseline) }
                add("UISV-spanning-fit", v, crossLead, .greaterThanOrEqual, edges, crossLead)
                add("UISV-spanning-fit", edges, crossTrail, .greaterThanOrEqual, v, crossTrail)
            }
            add("UISV-ambiguity-suppression", v, crossSize, .equal, nil, .notAnAttribute, priority: 25)
        }
        if across != .fill && !views.isEmpty {
            add("UISV-canvas-fit", edges, crossSize, .equal, nil, .notAnAttribute, priority: 49)
        }
        return made
    }
}
