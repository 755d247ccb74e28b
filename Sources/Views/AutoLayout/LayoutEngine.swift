import Foundation
import Layers
import LayoutSolver

/// LayoutSolver's linear expression (Foundation has an `Expression` too).
private typealias Linear = LayoutSolver.Expression

/// Solves one view tree's active constraints with LayoutSolver and sets the frames of the views
/// that do not translate their autoresizing masks, as UIKit's layout engine does.
///
/// Kept by the tree's root view (`UIView.layoutEngine`), made when a constraint is activated.
/// Every view a constraint names, and each of their ancestors up to the root, has four variables
/// — left, top, width, height in the root's coordinates. A view that translates its autoresizing
/// mask (and the root) is pinned where its frame puts it by four required constraints; the others
/// are what the constraints make them. Position attributes are measured from the holder's (the
/// items' nearest common ancestor's) origin, so a multiplier on a position scales it within that
/// view (`centerX == 0.5 × superview.centerX` is a quarter of the way across).
///
/// Work happens only when something changed (`isDirty`: a constraint's activation, constant or
/// priority, the tree, a pinned view's frame): the tree is walked once, the solver is told what
/// changed (constraints added and removed one by one: no solve from scratch), and the frames that
/// moved are set — inside an animation block they animate. Frames are the solution rounded to
/// 2⁻²⁰ of a point (`snap`).
/// - Complexity: a walk of the tree plus the solver's work for what changed.
final class LayoutEngine {
    /// Whether the next layout pass must sync and re-solve.
    var isDirty = true

    /// The live engines of the `CAEngine` they were made on.
    private let count: LayoutEngineCount

    init() {
        count = CAEngine.current.attachment(LayoutEngineCount.init)
        count.live += 1
    }

    deinit { count.live -= 1 }

    private let solver = Solver()

    /// A view's variables and the pin of a view whose frame is an input.
    private struct Item {
        /// The view (an identifier can be reused once a view is gone: checked before reuse).
        weak var owner: UIView?
        let left = Variable(), top = Variable(), width = Variable(), height = Variable()
        var pins: [Constraint] = []
        var pinned: [Double] = []
    }

    /// An active constraint and what the solver holds for it (nil: broken, reported).
    private struct Entry {
        let constraint: NSLayoutConstraint
        var solved: Constraint?
        var constant: CGFloat
        var priority: UILayoutPriority
    }

    private var items: [ObjectIdentifier: Item] = [:]      // looked up only, never iterated
    private var entries: [ObjectIdentifier: Entry] = [:]   // looked up only, never iterated
    private var entryOrder: [NSLayoutConstraint] = []      // the solver's constraints, in the order added
    private var itemOrder: [WeakView] = []                 // the views with variables, in tree order

    /// A view the engine lists without keeping it (the root keeps the engine).
    private struct WeakView {
        weak var view: UIView?
        let id: ObjectIdentifier
    }

    /// Syncs and re-solves if anything changed, then sets the frames of the constraint-driven views.
    func layout(root: UIView) {
        guard isDirty else { return }
        isDirty = false
        let (views, constraints) = collect(root)
        removeStale(keeping: constraints)
        pin(views, root: root)
        for c in constraints { add(c) }
        apply(views, root: root)
    }

    // MARK: Sync

    /// The active constraints held in the tree (in tree order; those whose items left the holder
    /// or were released are deactivated, as UIKit removes them), and the views they need in tree
    /// order.
    private func collect(_ root: UIView) -> ([UIView], [NSLayoutConstraint]) {
        var constraints: [NSLayoutConstraint] = []
        var all: [UIView] = []
        root.forEachInSubtree { view in
            all.append(view)
            for c in view.heldConstraints {
                // Items are weak: one released, or moved out of the holder, ends the constraint.
                let first = c.firstView?.isDescendant(of: view) ?? false
                let second = c.secondAttribute == .notAnAttribute || (c.secondView?.isDescendant(of: view) ?? false)
                if first && second { constraints.append(c) } else { c.isActive = false }
            }
        }
        var needed = Set<ObjectIdentifier>()   // membership only
        for c in constraints {
            for item in [c.firstView, c.secondView, c.holder] {
                var v = item
                while let view = v, needed.insert(ObjectIdentifier(view)).inserted { v = view.superview }
            }
        }
        return (all.filter { needed.contains(ObjectIdentifier($0)) }, constraints)
    }

    /// Removes from the solver the constraints no longer active, or changed since they were added.
    private func removeStale(keeping constraints: [NSLayoutConstraint]) {
        let current = Set(constraints.map(ObjectIdentifier.init))
        var kept: [NSLayoutConstraint] = []
        for c in entryOrder {
            let id = ObjectIdentifier(c)
            guard let entry = entries[id] else { continue }
            if current.contains(id) && entry.constant == c.constant && entry.priority == c.priority {
                kept.append(c)
                continue
            }
            if let solved = entry.solved { try? solver.removeConstraint(solved) }
            entries[id] = nil
        }
        entryOrder = kept
    }

    /// Gives each needed view its variables; pins the ones whose frames are inputs, and drops the
    /// variables (and pins) of views no longer needed.
    private func pin(_ views: [UIView], root: UIView) {
        let ids = Set(views.map(ObjectIdentifier.init))
        for old in itemOrder where !ids.contains(old.id) {
            for p in items[old.id]?.pins ?? [] { try? solver.removeConstraint(p) }
            items[old.id] = nil
            old.view?.isLayoutInput = false
        }
        itemOrder = views.map { WeakView(view: $0, id: ObjectIdentifier($0)) }
        for view in views {
            let id = ObjectIdentifier(view)
            if let stale = items[id], stale.owner !== view {
                for p in stale.pins { try? solver.removeConstraint(p) }
                items[id] = nil
            }
            var item = items[id] ?? Item(owner: view)
            let isInput = view === root || view.translatesAutoresizingMaskIntoConstraints
            view.isLayoutInput = isInput
            var wanted: [Double] = []
            var parent: Item?
            if isInput {
                let b = view.bounds
                if view === root {
                    wanted = [0, 0, Double(b.width), Double(b.height)]
                } else if let sup = view.superview, let p = items[ObjectIdentifier(sup)] {
                    let f = view.frame, pb = sup.bounds
                    wanted = [Double(f.minX - pb.minX), Double(f.minY - pb.minY), Double(b.width), Double(b.height)]
                    parent = p
                }
            }
            if wanted != item.pinned {
                for p in item.pins { try? solver.removeConstraint(p) }
                item.pins = []
                if !wanted.isEmpty {
                    let px = parent.map { Linear($0.left) } ?? Linear()
                    let py = parent.map { Linear($0.top) } ?? Linear()
                    item.pins = [Constraint(item.left, .equal, px + wanted[0]), Constraint(item.top, .equal, py + wanted[1]),
                                 Constraint(item.width, .equal, wanted[2]), Constraint(item.height, .equal, wanted[3])]
                    for p in item.pins { add(p, reporting: "the frame of \(type(of: view))") }
                }
                item.pinned = wanted
            }
            items[id] = item
        }
    }

    /// Adds `c` to the solver unless it is there already with the same constant and priority.
    private func add(_ c: NSLayoutConstraint) {
        let id = ObjectIdentifier(c)
        guard entries[id] == nil else { return }
        var entry = Entry(constraint: c, solved: nil, constant: c.constant, priority: c.priority)
        if let solved = solverConstraint(for: c), add(solved, reporting: "\(c)") { entry.solved = solved }
        entries[id] = entry
        entryOrder.append(c)
    }

    /// Adds to the solver; a required constraint that cannot hold is reported and left out.
    @discardableResult
    private func add(_ constraint: Constraint, reporting name: String) -> Bool {
        do {
            try solver.addConstraint(constraint)
            return true
        } catch {
            CAEngine.current.report("Unable to simultaneously satisfy constraints: breaking \(name) (\(error))")
            return false
        }
    }

    /// `first.attr1 − holder origin  relation  m × (second.attr2 − holder origin) + constant`.
    private func solverConstraint(for c: NSLayoutConstraint) -> Constraint? {
        guard let first = c.firstView, let firstItem = items[ObjectIdentifier(first)],
              let holder = c.holder, let origin = items[ObjectIdentifier(holder)] else { return nil }
        let lhs = Self.expression(firstItem, c.firstAttribute, from: origin)
        var rhs = Linear(constant: Double(c.constant))
        if let second = c.secondView {
            guard let secondItem = items[ObjectIdentifier(second)] else { return nil }
            rhs = rhs + Self.expression(secondItem, c.secondAttribute, from: origin) * Double(c.multiplier)
        }
        let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
        return Constraint(lhs, relation, rhs, strength: Strength(Double(c.priority.rawValue)))
    }

    /// An attribute of `item` as an expression of its variables; positions from `origin`'s corner.
    private static func expression(_ item: Item, _ attribute: NSLayoutConstraint.Attribute, from origin: Item) -> Linear {
        switch attribute {
        case .left, .leading: return item.left - origin.left
        case .right, .trailing: return item.left + item.width - origin.left
        case .centerX: return Linear(item.left) + item.width * 0.5 - origin.left
        case .top: return item.top - origin.top
        case .bottom: return item.top + item.height - origin.top
        case .centerY: return Linear(item.top) + item.height * 0.5 - origin.top
        case .width: return Linear(item.width)
        case .height: return Linear(item.height)
        case .notAnAttribute: return Linear()
        }
    }

    // MARK: Frames

    /// A solved value rounded to 2⁻²⁰ of a point: the simplex's round-off (303.99999999999994 for
    /// 304) stays out of frames, while halves, quarters… stay exact.
    static func snap(_ x: Double) -> CGFloat {
        CGFloat((x * 1_048_576).rounded() / 1_048_576)
    }

    /// Sets each constraint-driven view's frame from the solution, in its superview's coordinates.
    private func apply(_ views: [UIView], root: UIView) {
        for view in views where !view.isLayoutInput {
            guard let sup = view.superview, let item = items[ObjectIdentifier(view)],
                  let parent = items[ObjectIdentifier(sup)] else { continue }
            let pb = sup.bounds
            let frame = CGRect(x: Self.snap(solver.value(of: item.left) - solver.value(of: parent.left)) + pb.minX,
                               y: Self.snap(solver.value(of: item.top) - solver.value(of: parent.top)) + pb.minY,
                               width: Self.snap(solver.value(of: item.width)), height: Self.snap(solver.value(of: item.height)))
            if frame != view.frame { view.frame = frame }
        }
    }
}

/// How many layout engines live on a `CAEngine` (per-engine state, as `CAEngine.attachment`
/// keeps it): while there are none, a view's layout does not walk up to its root to look for one,
/// so trees without constraints pay nothing (a 100,000-deep tree would pay O(depth) per view).
final class LayoutEngineCount {
    var live = 0

    /// Whether any view laid out by the current `CAEngine` may be in a tree with constraints.
    static var any: Bool { CAEngine.current.attachment(LayoutEngineCount.init).live > 0 }
}
