import Foundation
import Layers

/// A relation between two views' attributes, as UIKit's: `item1.attribute1 = multiplier ×
/// item2.attribute2 + constant` (or ≤, ≥), at a priority.
///
/// Solved by the view tree's `LayoutEngine` in the layout phase: `isActive` adds it (held by the
/// two views' nearest common ancestor), and a change of `constant`, `multiplier` or `priority`
/// lays the tree out again in the next layout pass or at `layoutIfNeeded()` — inside
/// `UIView.animate` the frames animate. Items are `UIView`s (layout guides are not built);
/// `leading`/`trailing` are `left`/`right` (left-to-right only). A constraint that cannot hold
/// with the required ones already solved is reported and left out (broken), as UIKit breaks one.
open class NSLayoutConstraint {
    /// The part of a view a constraint relates.
    public enum Attribute: Int, Sendable {
        /// The left edge (frame's minX).
        case left = 1
        /// The right edge (frame's maxX).
        case right = 2
        /// The top edge (frame's minY).
        case top = 3
        /// The bottom edge (frame's maxY).
        case bottom = 4
        /// The leading edge: the left edge (left-to-right only).
        case leading = 5
        /// The trailing edge: the right edge (left-to-right only).
        case trailing = 6
        /// The width.
        case width = 7
        /// The height.
        case height = 8
        /// The horizontal centre.
        case centerX = 9
        /// The vertical centre.
        case centerY = 10
        /// No attribute: the second item of a constant width or height.
        case notAnAttribute = 0

        /// Whether the attribute is a size (width or height) rather than a position.
        var isDimension: Bool { self == .width || self == .height }
        /// Whether the attribute is horizontal (an x position or the width).
        var isHorizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }
    }

    /// How the two sides relate.
    public enum Relation: Int, Sendable {
        /// item1.attribute1 ≤ multiplier × item2.attribute2 + constant
        case lessThanOrEqual = -1
        /// item1.attribute1 = multiplier × item2.attribute2 + constant
        case equal = 0
        /// item1.attribute1 ≥ multiplier × item2.attribute2 + constant
        case greaterThanOrEqual = 1
    }

    /// The first item (a `UIView`); weak, as in UIKit, so a view and the constraints it holds do
    /// not keep each other.
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, nil for a constant size; weak.
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`.notAnAttribute` without one).
    public let secondAttribute: Attribute
    /// What the second attribute is multiplied by. Set only at creation, as in UIKit.
    public let multiplier: CGFloat
    /// Added to the right side; change it any time (the canonical animation: change it, then
    /// `layoutIfNeeded()` inside `UIView.animate`). Non-finite values are ignored.
    open var constant: CGFloat {
        didSet {
            if !constant.isFinite { constant = oldValue; return }
            if constant != oldValue { invalidate() }
        }
    }
    /// The priority, default `.required`; values outside 1…1000 (or NaN) are ignored.
    open var priority: UILayoutPriority = .required {
        didSet {
            if !(priority.rawValue >= 1 && priority.rawValue <= 1000) { priority = oldValue; return }
            if priority != oldValue { invalidate() }
        }
    }
    /// A name for debugging output.
    open var identifier: String?

    /// The view holding the constraint while it is active (the items' nearest common ancestor).
    weak var holder: UIView?

    /// `view1.attr1 relation multiplier × view2.attr2 + c`, inactive. Items are `UIView`s; NaN or
    /// infinite numbers are taken as 1 (multiplier) and 0 (constant).
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier.isFinite ? multiplier : 1
        constant = c.isFinite ? c : 0
    }

    /// Whether the constraint takes part in layout. Setting true finds the items' nearest common
    /// ancestor and adds the constraint there (refused, with one reported line, when the items
    /// share no ancestor or are not views); false removes it.
    open var isActive: Bool {
        get { holder != nil }
        set { newValue ? activate() : deactivate() }
    }

    /// Activates each constraint (`isActive = true`).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates each constraint (`isActive = false`).
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The first item as a view (nil when it is not one).
    var firstView: UIView? { firstItem as? UIView }
    /// The second item as a view.
    var secondView: UIView? { secondItem as? UIView }

    private func activate() {
        guard holder == nil else { return }
        guard let first = firstView, firstAttribute != .notAnAttribute else {
            return CAEngine.current.report("NSLayoutConstraint not activated: its first item is not a UIView: \(self)")
        }
        let ancestor: UIView?
        if let second = secondItem {
            // UIKit's pairings: a size with any size; a position with a position on the same axis.
            let pairs = firstAttribute.isDimension
                ? secondAttribute.isDimension
                : !secondAttribute.isDimension && secondAttribute.isHorizontal == firstAttribute.isHorizontal
            guard let secondView = second as? UIView, secondAttribute != .notAnAttribute, pairs else {
                return CAEngine.current.report("NSLayoutConstraint not activated: invalid pairing of attributes: \(self)")
            }
            ancestor = first.nearestCommonAncestor(with: secondView)
        } else {
            guard firstAttribute.isDimension else {
                return CAEngine.current.report("NSLayoutConstraint not activated: a position needs a second item: \(self)")
            }
            ancestor = first
        }
        guard let ancestor else {
            return CAEngine.current.report("NSLayoutConstraint not activated: the items have no common ancestor: \(self)")
        }
        holder = ancestor
        ancestor.heldConstraints.append(self)
        invalidate()
    }

    private func deactivate() {
        guard let h = holder else { return }
        invalidate()
        h.heldConstraints.removeAll { $0 === self }
        holder = nil
    }

    /// Marks the tree's engine for a re-solve and asks for a layout pass of the holder.
    private func invalidate() {
        guard let h = holder else { return }
        h.rootView.ensureLayoutEngine()
        h.setNeedsLayout()
    }
}

extension NSLayoutConstraint: CustomStringConvertible {
    /// `<NSLayoutConstraint id UIView.left == UIView.right + 8.0 @750.0>`, for reports.
    public var description: String {
        func name(_ item: AnyObject?) -> String { item.map { "\(type(of: $0))" } ?? "nil" }
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var right = ""
        if secondItem != nil {
            right = (multiplier == 1 ? "" : "\(multiplier)×") + "\(name(secondItem)).\(secondAttribute)"
            if constant != 0 { right += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            right = "\(constant)"
        }
        let id = identifier.map { " " + $0 } ?? ""
        let level = priority == .required ? "" : " @\(priority.rawValue)"
        return "<NSLayoutConstraint\(id) \(name(firstItem)).\(firstAttribute) \(op) \(right)\(level)>"
    }
}
