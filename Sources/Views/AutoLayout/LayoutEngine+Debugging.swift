import Foundation
import Layers
import LayoutSolver

/// What UIKit offers for finding faults in a layout: the conflict report, ambiguity, and the
/// constraints that decide a view's place on an axis.
extension LayoutEngine {
    /// UIKit's report of a required constraint that cannot hold, as one message through
    /// `CAEngine.report` (so `reportSink` and `diagnostics` get it whole): the constraints that
    /// name the broken one's items on its axis and hold, then the one broken.
    ///
    /// UIKit lists a set its engine proves conflicting; Flipbook lists the required constraints
    /// that share an item and an axis with the broken one (the pins of views whose frames are
    /// inputs as `NSAutoresizingMaskLayoutConstraint`s), in the order they were added.
    /// - Complexity: O(active constraints), only when a conflict happens.
    func reportConflict(breaking broken: NSLayoutConstraint) {
        let horizontal = broken.firstAttribute.isHorizontal
        func ids(_ c: NSLayoutConstraint) -> [ObjectIdentifier] {
            c.allItems.compactMap { $0.map { ObjectIdentifier(LayoutEngine.resolve($0, c.firstAttribute).object ?? $0) } }
        }
        let named = Set(ids(broken))
        let listed = entryOrder.filter { c in
            c !== broken && entries[ObjectIdentifier(c)]?.solved != nil && c.priority == .required && c.firstAttribute.isHorizontal == horizontal && ids(c).contains(where: named.contains)
        }
        var lines: [String] = [], pinned = Set<ObjectIdentifier>()   // membership only
        for object in (listed + [broken]).flatMap(\.allItems) {
            guard let view = object as? UIView, view.isLayoutInput, pinned.insert(ObjectIdentifier(view)).inserted else { continue }
            let f = view.frame, name = "\(type(of: view))", code = Self.maskCode(view)
            lines.append(horizontal ? "<NSAutoresizingMaskLayoutConstraint \(code) \(name).minX == \(f.minX), \(name).width == \(f.width)>"
                                    : "<NSAutoresizingMaskLayoutConstraint \(code) \(name).minY == \(f.minY), \(name).height == \(f.height)>")
        }
        lines += listed.map { "\($0)" }
        lines.append("\(broken)")
        CAEngine.current.report("""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(lines.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(broken)
            """)
    }

    /// UIKit's shorthand of a view's autoresizing mask in its reports, `h=--& v=--&`: per axis the
    /// leading margin, the length and the trailing margin, `&` flexible and `-` fixed (with nothing
    /// flexible the trailing margin takes the change, as the view stays pinned top left).
    static func maskCode(_ view: UIView) -> String {
        let m = view.autoresizingMask
        func axis(_ a: UIView.AutoresizingMask, _ b: UIView.AutoresizingMask, _ c: UIView.AutoresizingMask) -> String {
            let none = m.isDisjoint(with: [a, b, c])
            return (m.contains(a) ? "&" : "-") + (m.contains(b) ? "&" : "-") + (m.contains(c) || none ? "&" : "-")
        }
        return "h=" + axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            + " v=" + axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
    }

    /// Whether the solution leaves `object`'s rectangle free to move: each of its four variables
    /// is nudged by a constraint weaker than any UIKit priority (0.5) and checked for a move, in a
    /// copy of the solver, so asking never moves the layout (the inspector asks every frame).
    /// - Complexity: a copy on write of the tableau, eight additions and removals.
    func isAmbiguous(_ object: AnyObject) -> Bool {
        guard let item = items[ObjectIdentifier(object)] else { return false }
        let probe = solver.copy()
        for variable in [item.left, item.top, item.width, item.height] {
            let value = probe.value(of: variable)
            for delta in [1.0, -1.0] {
                let nudge = Constraint(variable, .equal, value + delta, strength: Strength(0.5))
                guard (try? probe.addConstraint(nudge)) != nil else { continue }
                let moved = abs(probe.value(of: variable) - value) > 1e-9
                try? probe.removeConstraint(nudge)
                if moved { return true }
            }
        }
        return false
    }

    /// Whether the engine holds `c` in its solver (false: left out in a conflict, or not synced yet).
    func holds(_ c: NSLayoutConstraint) -> Bool { entries[ObjectIdentifier(c)]?.solved != nil }
}

/// One of a view's constraints as the inspector lists it: UIKit's description without the
/// angle brackets, and whether the engine broke it in a conflict.
package struct InspectedConstraint: Equatable {
    package let text: String
    package let isBroken: Bool
}

extension UIView {
    /// Whether the constraints leave the view's frame free to move (checked against the last
    /// solve; false for a view that takes no part in Auto Layout). For debugging, as UIKit's.
    public var hasAmbiguousLayout: Bool {
        let root = rootView
        guard let engine = root.layoutEngine else { return false }
        engine.layout(root: root)
        return engine.isAmbiguous(self)
    }

    /// What the inspector shows of the view's Auto Layout: the constraints naming it on both
    /// axes with the broken ones marked, and whether its frame is ambiguous; nil for a view the
    /// layout engine does not lay out or pin. Reads only: no layout pass runs and the solver's
    /// solution does not move. - Complexity: O(views and constraints in the tree) and a probe.
    package var inspectedConstraints: (constraints: [InspectedConstraint], isAmbiguous: Bool)? {
        guard layoutState.isEngineItem, let engine = rootView.layoutEngine else { return nil }
        let named = constraintsAffectingLayout(for: .horizontal) + constraintsAffectingLayout(for: .vertical)
        // Its own first (the view, its guides or margins as the first item), then those that relate others to it.
        let all = named.filter { NSLayoutConstraint.owner(of: $0.firstItem) === self } + named.filter { NSLayoutConstraint.owner(of: $0.firstItem) !== self }
        let rows = all.map { c in
            InspectedConstraint(text: "\(c)".replacingOccurrences(of: "<NSLayoutConstraint ", with: "").replacingOccurrences(of: ">", with: ""),
                                isBroken: !engine.isDirty && !engine.holds(c))   // dirty: not synced yet, not known
        }
        return (rows, engine.isAmbiguous(self))
    }

    /// The active constraints that name this view (or its guides, or its margins) on `axis`,
    /// held anywhere in its tree, in tree order. For debugging, as UIKit's (which lists the
    /// engine's own constraints too). - Complexity: O(views and constraints in the tree).
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        var found: [NSLayoutConstraint] = []
        rootView.forEachInSubtree { holder in
            for c in holder.heldConstraints where c.firstAttribute.isHorizontal == (axis == .horizontal) || c.firstAttribute == .notAnAttribute {
                if c.allItems.contains(where: { NSLayoutConstraint.owner(of: $0) === self }) { found.append(c) }
            }
        }
        return found
    }
}
