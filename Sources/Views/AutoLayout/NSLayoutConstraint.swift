import Foundation
import Layers

/// A relation between two views' (or layout guides') attributes, as UIKit's: `item1.attribute1 =
/// multiplier × item2.attribute2 + constant` (or ≤, ≥), at a priority.
///
/// Solved by the view tree's `LayoutEngine` in the layout phase: `isActive` adds it (held by the
/// two items' nearest common ancestor, a guide counting as its owning view), and a change of
/// `constant` or `priority` lays the tree out again in the next layout pass or at
/// `layoutIfNeeded()` — inside `UIView.animate` the frames animate. `leading`/`trailing` are
/// `left`/`right` (left-to-right only); a margin attribute is the same attribute of the view's
/// `layoutMarginsGuide`; a baseline is the bottom of a view without text and, for a label, its
/// first or last line's baseline from the font's ascender. A constraint that cannot hold with the
/// required ones already solved is reported and left out (broken), as UIKit breaks one.
open class NSLayoutConstraint {
    /// The part of a view a constraint relates (UIKit's raw values).
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
        /// The baseline of the last line of text (a view without text: its bottom).
        case lastBaseline = 11
        /// The baseline of the first line of text (a view without text: its bottom).
        case firstBaseline = 12
        /// The left margin (the left of `layoutMarginsGuide`).
        case leftMargin = 13
        /// The right margin.
        case rightMargin = 14
        /// The top margin.
        case topMargin = 15
        /// The bottom margin.
        case bottomMargin = 16
        /// The leading margin (left).
        case leadingMargin = 17
        /// The trailing margin (right).
        case trailingMargin = 18
        /// The horizontal centre between the margins.
        case centerXWithinMargins = 19
        /// The vertical centre between the margins.
        case centerYWithinMargins = 20
        /// No attribute: the second item of a constant width or height.
        case notAnAttribute = 0

        /// UIKit's older name of `.lastBaseline`.
        public static var baseline: Attribute { .lastBaseline }

        /// Whether the attribute is a size (width or height) rather than a position.
        var isDimension: Bool { self == .width || self == .height }
        /// Whether the attribute is horizontal (an x position or the width).
        var isHorizontal: Bool {
            [.left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins].contains(self)
        }
        /// Whether the attribute is one of the margins (rawValue 13…20).
        var isMargin: Bool { rawValue >= 13 }
        /// The attribute without its margin: `.leftMargin` is `.left` of the margins guide.
        var withoutMargin: Attribute {
            switch self {
            case .leftMargin: return .left
            case .rightMargin: return .right
            case .topMargin: return .top
            case .bottomMargin: return .bottom
            case .leadingMargin: return .leading
            case .trailingMargin: return .trailing
            case .centerXWithinMargins: return .centerX
            case .centerYWithinMargins: return .centerY
            default: return self
            }
        }
    }

    /// The axis of a size or of content hugging and compression resistance.
    public enum Axis: Int, Sendable {
        /// Widths and x positions.
        case horizontal = 0
        /// Heights and y positions.
        case vertical = 1
    }

    /// An item and its attribute, held weakly (an end of a distance made by `anchorWithOffset(to:)`).
    public struct Ref {
        /// The view or guide.
        weak var item: AnyObject?
        /// Its attribute.
        let attribute: Attribute
    }

    /// UIKit's standard spacing between sibling views, in points.
    static let systemSpacing: CGFloat = 8

    /// How the two sides relate.
    public enum Relation: Int, Sendable {
        /// item1.attribute1 ≤ multiplier × item2.attribute2 + constant
        case lessThanOrEqual = -1
        /// item1.attribute1 = multiplier × item2.attribute2 + constant
        case equal = 0
        /// item1.attribute1 ≥ multiplier × item2.attribute2 + constant
        case greaterThanOrEqual = 1
    }

    /// The first item (a `UIView` or `UILayoutGuide`); weak, as in UIKit, so a view and the
    /// constraints it holds do not keep each other.
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
    /// `layoutIfNeeded()` inside `UIView.animate`). A NaN or infinite value is refused with one
    /// reported line; the constant keeps its value.
    open var constant: CGFloat {
        didSet {
            if !constant.isFinite {
                CAEngine.current.report("NSLayoutConstraint.constant \(constant) refused (not finite): \(self)")
                constant = oldValue
                return
            }
            if constant != oldValue { invalidate(constantOnly: true) }
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

    /// The start of the first item's distance (`anchorWithOffset(to:)`), nil for a plain attribute.
    let firstOffsetFrom: Ref?
    /// The start of the second item's distance.
    let secondOffsetFrom: Ref?

    /// `view1.attr1 relation multiplier × view2.attr2 + c`, inactive. Items are `UIView`s or
    /// `UILayoutGuide`s; a NaN or infinite multiplier is taken as 1 and constant as 0, with one
    /// reported line.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(item: view1 as AnyObject, attribute: attr1, relatedBy: relation, toItem: view2.map { $0 as AnyObject },
                  attribute: attr2, multiplier: multiplier, constant: c, firstOffsetFrom: nil, secondOffsetFrom: nil)
    }

    init(item view1: AnyObject, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: AnyObject?,
         attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat, firstOffsetFrom: Ref?, secondOffsetFrom: Ref?) {
        firstItem = view1
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier.isFinite ? multiplier : 1
        constant = c.isFinite ? c : 0
        self.firstOffsetFrom = firstOffsetFrom
        self.secondOffsetFrom = view2 == nil ? nil : secondOffsetFrom
        if !multiplier.isFinite || !c.isFinite {
            CAEngine.current.report("NSLayoutConstraint: multiplier \(multiplier) or constant \(c) not finite, taken as 1 and 0: \(self)")
        }
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

    /// The view that stands for `item` in the tree: the view itself, or a guide's owning view.
    static func owner(of item: AnyObject?) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    /// Every item the constraint names (both sides and the starts of their distances).
    var allItems: [AnyObject?] { [firstItem, secondItem, firstOffsetFrom?.item, secondOffsetFrom?.item] }

    /// Whether each item is still there and inside `holder` (a released item or one moved out
    /// ends the constraint, as UIKit removes it).
    func itemsAreInside(_ holder: UIView) -> Bool {
        func inside(_ item: AnyObject?) -> Bool { Self.owner(of: item)?.isDescendant(of: holder) ?? false }
        return inside(firstItem) && (secondAttribute == .notAnAttribute || inside(secondItem))
            && (firstOffsetFrom == nil || inside(firstOffsetFrom?.item)) && (secondOffsetFrom == nil || inside(secondOffsetFrom?.item))
    }

    private func activate(holder wanted: UIView? = nil) {
        guard holder == nil else { return }
        guard let first = Self.owner(of: firstItem), firstAttribute != .notAnAttribute else {
            return CAEngine.current.report("NSLayoutConstraint not activated: its first item is not a UIView or an added UILayoutGuide: \(self)")
        }
        var ancestor: UIView? = first
        if secondItem != nil {
            // UIKit's pairings: a size with any size; a position with a position on the same axis.
            let firstIsSize = firstAttribute.isDimension || firstOffsetFrom != nil
            let secondIsSize = secondAttribute.isDimension || secondOffsetFrom != nil
            let pairs = firstIsSize ? secondIsSize : !secondIsSize && secondAttribute.isHorizontal == firstAttribute.isHorizontal
            guard let second = Self.owner(of: secondItem), secondAttribute != .notAnAttribute, pairs else {
                return CAEngine.current.report("NSLayoutConstraint not activated: invalid pairing of attributes: \(self)")
            }
            ancestor = first.nearestCommonAncestor(with: second)
        } else if !firstAttribute.isDimension && firstOffsetFrom == nil {
            return CAEngine.current.report("NSLayoutConstraint not activated: a position needs a second item: \(self)")
        }
        for start in [firstOffsetFrom, secondOffsetFrom] {
            guard let start else { continue }
            guard let view = Self.owner(of: start.item) else {
                return CAEngine.current.report("NSLayoutConstraint not activated: a distance's start is gone: \(self)")
            }
            ancestor = ancestor.flatMap { view.nearestCommonAncestor(with: $0) }
        }
        guard let common = ancestor else {
            return CAEngine.current.report("NSLayoutConstraint not activated: the items have no common ancestor: \(self)")
        }
        // addConstraint(_:) holds it where it was added, when that view contains the items.
        let chosen = wanted.flatMap { common.isDescendant(of: $0) ? $0 : nil } ?? common
        if let wanted, wanted !== chosen {
            CAEngine.current.report("addConstraint: \(type(of: wanted)) does not contain the items; held by their common ancestor: \(self)")
        }
        holder = chosen
        chosen.heldConstraints.append(self)
        invalidate()
    }

    /// Activates the constraint held by `view` (`UIView.addConstraint(_:)`).
    func activate(in view: UIView) { activate(holder: view) }

    private func deactivate() {
        guard let h = holder else { return }
        invalidate()
        h.heldConstraints.removeAll { $0 === self }
        holder = nil
    }

    /// Marks the tree's engine for a re-solve and asks for a layout pass of the holder.
    func invalidate(constantOnly: Bool = false) {
        guard let h = holder else { return }
        let root = h.rootView
        if constantOnly, let engine = root.layoutEngine, engine.constantDidChange(self) {
            h.setNeedsLayout()
            return
        }
        root.ensureLayoutEngine()
        h.setNeedsLayout()
    }
}

extension NSLayoutConstraint: CustomStringConvertible {
    /// `<NSLayoutConstraint id UIView.left == UIView.right + 8.0 @750.0>`, for reports.
    public var description: String {
        func name(_ item: AnyObject?) -> String {
            if let guide = item as? UILayoutGuide, !guide.identifier.isEmpty { return guide.identifier }
            return item.map { "\(type(of: $0))" } ?? "nil"
        }
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
