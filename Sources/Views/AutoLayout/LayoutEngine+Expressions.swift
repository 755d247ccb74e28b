import Foundation
import LayoutSolver

/// A constraint's sides as expressions of the items' variables: UIKit's equation
/// `item1.attribute1 = multiplier × item2.attribute2 + constant`, positions measured from the
/// holder's origin, margins through the view's margins guide, baselines from the font.
extension LayoutEngine {
    /// The item and attribute an attribute stands for: a margin attribute of a view is the plain
    /// attribute of its `layoutMarginsGuide` (a guide's margin attributes are its edges).
    static func resolve(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute)
        -> (object: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        guard attribute.isMargin else { return (item, attribute) }
        if let view = item as? UIView { return (view.layoutMarginsGuide, attribute.withoutMargin) }
        return (item, attribute.withoutMargin)
    }

    /// The baseline offsets a constraint is made with (`baselineOffsets` of each baseline item),
    /// compared when syncing so a label's new text or font moves what is tied to its baseline.
    func shape(of c: NSLayoutConstraint) -> [Double] {
        var shape: [Double] = []
        for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute),
                                  (c.firstOffsetFrom?.item, c.firstOffsetFrom?.attribute ?? .notAnAttribute),
                                  (c.secondOffsetFrom?.item, c.secondOffsetFrom?.attribute ?? .notAnAttribute)]
        where attribute == .firstBaseline || attribute == .lastBaseline {
            let o = Self.baselineOffsets(item as? UIView)
            shape += attribute == .firstBaseline ? [o.0, o.1] : [o.2, o.3]
        }
        return shape
    }

    /// A view's first and last baselines as `top + a × height + b`: (a, b) for the first, then the
    /// last. A label's text block is centred (UIKit's rule), each line's baseline its ascender below
    /// the line's top; any other view's baselines are its bottom (a = 1, b = 0).
    static func baselineOffsets(_ view: UIView?) -> (Double, Double, Double, Double) {
        guard let label = view as? UILabel, let text = label.text, !text.isEmpty else { return (1, 0, 1, 0) }
        let font = label.font ?? .systemFont(ofSize: 17)
        let line = Double(font.lineHeight), ascender = Double(font.ascender)
        let block = Double(label.intrinsicContentSize.height)
        return (0.5, ascender - block / 2, 0.5, block / 2 - line + ascender)
    }

    /// `first.attr1 − holder origin  relation  m × (second.attr2 − holder origin) + constant`; nil
    /// when an item has no variables (it left the tree this frame).
    func solverConstraint(for c: NSLayoutConstraint) -> Constraint? {
        guard let holder = c.holder, let origin = items[ObjectIdentifier(holder)],
              var lhs = expression(c.firstItem, c.firstAttribute, from: origin) else { return nil }
        if let start = c.firstOffsetFrom {
            guard let from = expression(start.item, start.attribute, from: origin) else { return nil }
            lhs = lhs - from
        }
        var rhs = Linear(constant: Double(c.constant))
        if c.secondItem != nil || c.secondAttribute != .notAnAttribute {
            guard var second = expression(c.secondItem, c.secondAttribute, from: origin) else { return nil }
            if let start = c.secondOffsetFrom {
                guard let from = expression(start.item, start.attribute, from: origin) else { return nil }
                second = second - from
            }
            rhs = rhs + second * Double(c.multiplier)
        }
        let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
        return Constraint(lhs, relation, rhs, strength: Strength(Double(c.priority.rawValue)))
    }

    /// An attribute of a view or guide as an expression of its variables; positions from
    /// `origin`'s corner. Nil when the item has no variables.
    func expression(_ object: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, from origin: Item) -> Linear? {
        let (resolved, attribute) = Self.resolve(object, attribute)
        guard let resolved, let item = items[ObjectIdentifier(resolved)] else { return nil }
        switch attribute {
        case .left, .leading: return item.left - origin.left
        case .right, .trailing: return item.left + item.width - origin.left
        case .centerX: return Linear(item.left) + item.width * 0.5 - origin.left
        case .top: return item.top - origin.top
        case .bottom: return item.top + item.height - origin.top
        case .centerY: return Linear(item.top) + item.height * 0.5 - origin.top
        case .width: return Linear(item.width)
        case .height: return Linear(item.height)
        case .firstBaseline, .lastBaseline:
            let o = Self.baselineOffsets(resolved as? UIView)
            let (a, b) = attribute == .firstBaseline ? (o.0, o.1) : (o.2, o.3)
            return Linear(item.top) + item.height * a + b - origin.top
        default: return Linear()
        }
    }
}
