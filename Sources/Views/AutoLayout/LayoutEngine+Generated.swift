import Foundation
import LayoutSolver

/// The constraints the engine makes for its items, besides the user's: pins of views whose
/// frames are inputs, intrinsic sizes hugged and resisted, and the ties of a view's margins,
/// safe-area and readable guides. Each comes with a key of the numbers it was made from, so it is
/// made again only when one of them changed.
extension LayoutEngine {
    /// UIKit's readable width for the default text size (`readableContentGuide`), in points.
    static let readableWidth: Double = 672

    /// The key and the maker of `object`'s own constraints.
    func generatedConstraints(for object: AnyObject, _ item: Item, root: UIView) -> ([Double], () -> [Constraint]) {
        if let guide = object as? UILayoutGuide { return guideConstraints(guide, item) }
        guard let view = object as? UIView else { return ([], { [] }) }
        if let fitting, view === root { return fittingConstraints(view, item, fitting) }
        let isInput = view === root || view.translatesAutoresizingMaskIntoConstraints
        if fitting == nil { view.isLayoutInput = isInput }
        if isInput { return pinConstraints(view, item, root: root) }
        return intrinsicConstraints(view, item)
    }

    /// A view whose frame is an input: four required equalities where the frame puts it (the
    /// root at its bounds' size). A subview's autoresizing mask makes them follow its superview's
    /// size as UIKit's `NSAutoresizingMaskLayoutConstraint`s do: along each axis the flexible parts
    /// share the change of the superview's length from its length now, in the proportions the
    /// frame setter's autoresizing uses (`UIView.share`), so what the solver puts next to the view
    /// is where autoresizing moves it when the engine sets the superview's frame.
    private func pinConstraints(_ view: UIView, _ item: Item, root: UIView) -> ([Double], () -> [Constraint]) {
        let b = view.bounds
        if view === root {
            return ([0, 0, 0, Double(b.width), Double(b.height)], {
                [Constraint(item.left, .equal, 0), Constraint(item.top, .equal, 0),
                 Constraint(item.width, .equal, Double(b.width)), Constraint(item.height, .equal, Double(b.height))]
            })
        }
        guard let sup = view.superview, let parent = items[ObjectIdentifier(sup)] else { return ([], { [] }) }
        let f = view.frame, pb = sup.bounds
        let x = Double(f.minX - pb.minX), y = Double(f.minY - pb.minY)
        let mask = sup.autoresizesSubviews ? view.autoresizingMask : []
        let h = Self.maskShares(start: Double(f.minX), length: Double(b.width), in: Double(pb.width),
                                (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let v = Self.maskShares(start: Double(f.minY), length: Double(b.height), in: Double(pb.height),
                                (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        let pw = Double(pb.width), ph = Double(pb.height)
        return ([0, x, y, Double(b.width), Double(b.height), Double(mask.rawValue), pw, ph], {
            // start + share × (parent's length − its length now); a share of 0 is a plain pin.
            func follow(_ base: Linear, _ constant: Double, _ share: Double, _ parentLength: Variable, _ now: Double) -> Linear {
                share == 0 ? base + constant : base + constant + (Linear(parentLength) - now) * share
            }
            return [Constraint(Linear(item.left), .equal, follow(Linear(parent.left), x, h.start, parent.width, pw)),
                    Constraint(Linear(item.top), .equal, follow(Linear(parent.top), y, v.start, parent.height, ph)),
                    Constraint(Linear(item.width), .equal, follow(Linear(), Double(b.width), h.length, parent.width, pw)),
                    Constraint(Linear(item.height), .equal, follow(Linear(), Double(b.height), v.length, parent.height, ph))]
        })
    }

    /// The parts of a change of the superview's length that a view's start and length take along
    /// one axis, by its mask: `UIView.share`'s rule as linear coefficients.
    static func maskShares(start: Double, length: Double, in old: Double,
                           _ flexible: (before: Bool, length: Bool, after: Bool)) -> (start: Double, length: Double) {
        let count = (flexible.before ? 1 : 0) + (flexible.length ? 1 : 0) + (flexible.after ? 1 : 0)
        guard count > 0 else { return (0, 0) }
        let total = (flexible.before ? start : 0) + (flexible.length ? length : 0) + (flexible.after ? old - start - length : 0)
        func part(_ isFlexible: Bool, _ value: Double) -> Double {
            guard isFlexible else { return 0 }
            return total != 0 && total.isFinite ? value / total : 1 / Double(count)
        }
        let s = part(flexible.before, start), l = part(flexible.length, length)
        return (s.isFinite ? s : 0, l.isFinite ? l : 0)
    }

    /// A view laid out by constraints: `width ≤ intrinsic` at its hugging priority and
    /// `width ≥ intrinsic` at its compression resistance, per axis that has an intrinsic size.
    /// The size is read again only after `invalidateIntrinsicContentSize()` (or when the view was
    /// not measured yet).
    private func intrinsicConstraints(_ view: UIView, _ item: Item) -> ([Double], () -> [Constraint]) {
        var key = item.key
        if fitting != nil || view.layoutState.intrinsicIsStale || key.first != 1 {
            if fitting == nil { view.layoutState.intrinsicIsStale = false }
            key = [1] + Self.intrinsicKey(view)
        }
        let k = key
        return (key, {
            var made: [Constraint] = []
            for (variable, size, hug, resist) in [(item.width, k[1], k[3], k[5]), (item.height, k[2], k[4], k[6])] where size >= 0 {
                made.append(Constraint(variable, .lessOrEqual, size, strength: Strength(hug)))
                made.append(Constraint(variable, .greaterOrEqual, size, strength: Strength(resist)))
            }
            return made
        })
    }

    /// Intrinsic width and height (-1: none; NaN, infinity and other negatives count as none),
    /// hugging and compression priorities per axis.
    static func intrinsicKey(_ view: UIView) -> [Double] {
        let s = view.intrinsicContentSize, st = view.layoutState
        func size(_ x: CGFloat) -> Double { x.isFinite && x >= 0 ? Double(x) : -1 }
        return [size(s.width), size(s.height), Double(st.hugging.0), Double(st.hugging.1),
                Double(st.compression.0), Double(st.compression.1)]
    }

    /// The root of a fitting engine: at the origin, pulled to the target size at the fitting
    /// priorities, hugging and resisting its own intrinsic size.
    private func fittingConstraints(_ view: UIView, _ item: Item, _ f: Fitting) -> ([Double], () -> [Constraint]) {
        let (key, intrinsic) = intrinsicConstraints(view, item)
        let w = Double(f.size.width), h = Double(f.size.height)
        let hp = Double(f.horizontal.rawValue), vp = Double(f.vertical.rawValue)
        return ([2, w, h, hp, vp] + key, {
            [Constraint(item.left, .equal, 0), Constraint(item.top, .equal, 0),
             Constraint(item.width, .equal, w, strength: Strength(hp)), Constraint(item.height, .equal, h, strength: Strength(vp))]
                + intrinsic()
        })
    }

    /// A view's own guide follows the view: the margins and the safe area as insets of its frame
    /// (the insets as they are when the engine syncs); the readable guide inside the margins, at
    /// most `readableWidth` wide and centred. A user's guide has only the user's constraints.
    private func guideConstraints(_ guide: UILayoutGuide, _ item: Item) -> ([Double], () -> [Constraint]) {
        guard guide.kind != .custom, let owner = guide.owningView, let o = items[ObjectIdentifier(owner)] else {
            return ([3], { [] })
        }
        let insets = guide.kind == .safeArea ? owner.safeAreaInsets : owner.effectiveLayoutMargins
        let l = Double(insets.left), t = Double(insets.top), r = Double(insets.right), b = Double(insets.bottom)
        let kind: Double = guide.kind == .margins ? 4 : guide.kind == .safeArea ? 5 : 6
        let readable = guide.kind == .readable
        return ([kind, l, t, r, b], {
            let inner = o.width - (l + r)
            var made = [Constraint(item.top, .equal, o.top + t), Constraint(item.height, .equal, o.height - (t + b))]
            if readable {
                made += [Constraint(Linear(item.width), .lessOrEqual, inner), Constraint(item.width, .lessOrEqual, Self.readableWidth),
                         Constraint(Linear(item.width), .equal, inner, strength: Strength(999.5)),
                         Constraint(Linear(item.left) + item.width * 0.5, .equal, o.left + l + inner * 0.5)]
            } else {
                made += [Constraint(item.left, .equal, o.left + l), Constraint(Linear(item.width), .equal, inner)]
            }
            return made
        })
    }
}
