import Foundation
import Layers
import LayoutSolver

/// LayoutSolver's linear expression (Foundation has an `Expression` too).
typealias Linear = LayoutSolver.Expression

/// Solves one view tree's active constraints with LayoutSolver and sets the frames of the views
/// that do not translate their autoresizing masks, as UIKit's layout engine does.
///
/// Kept by the tree's root view (`UIView.layoutEngine`), made when a constraint is activated.
/// Every view or guide a constraint names, and each of their (owning views') ancestors up to the
/// root, has four variables — left, top, width, height in the root's coordinates. The engine adds
/// constraints of its own per item (LayoutEngine+Generated.swift): a view that translates its
/// autoresizing mask (and the root) is pinned where its frame puts it, its mask's flexible parts
/// following its superview's size; a view laid out by
/// constraints hugs and resists its intrinsic size; a view's margins, safe-area and readable
/// guides follow the view. Position attributes are measured from the holder's (the items'
/// nearest common ancestor's) origin, so a multiplier on a position scales it within that view
/// (`centerX == 0.5 × superview.centerX` is a quarter of the way across).
///
/// Work happens only when something changed (`isDirty`: a constraint's activation, constant or
/// priority, the tree, a pinned view's frame, an intrinsic size, margins): the tree is walked
/// once, the solver is told what changed (constraints added and removed one by one: no solve from
/// scratch), and the frames that moved are set — inside an animation block they animate. When
/// only constants changed (the animation idiom), the tree is not walked: the solver changes those
/// constants in place. A label
/// that wraps at its own width is measured again when its width changed (at most 3 passes).
/// Frames are the solution rounded to 2⁻²⁰ of a point (`snap`).
///
/// A fitting engine (`systemLayoutSizeFitting`) is made for one call: its root is not pinned but
/// pulled to the target size at the fitting priorities, and it sets no frames and no flags.
/// - Complexity: a walk of the tree plus the solver's work for what changed.
final class LayoutEngine {
    /// Whether the next layout pass must sync the whole tree (the constraints, the items and their
    /// own constraints) and re-solve.
    private var needsSync = true
    /// Constraints whose `constant` alone changed since the last pass: the common animation
    /// (`constant`, then `layoutIfNeeded()`) re-solves only them, without walking the tree.
    private var changedConstants: [NSLayoutConstraint] = []

    /// Whether the next layout pass has work; setting it true asks for a whole sync.
    var isDirty: Bool {
        get { needsSync || !changedConstants.isEmpty }
        set {
            needsSync = newValue
            if !newValue { changedConstants.removeAll() }
        }
    }

    /// `c`'s constant changed: re-solved alone at the next pass when the solver holds it as it was
    /// made (same priority, no baseline offsets), else with a whole sync. True when taken.
    func constantDidChange(_ c: NSLayoutConstraint) -> Bool {
        guard let entry = entries[ObjectIdentifier(c)], entry.solved != nil, entry.shape.isEmpty, entry.priority == c.priority else {
            return false
        }
        changedConstants.append(c)
        return true
    }

    /// The size a fitting engine pulls its root to, and how hard per axis.
    struct Fitting {
        var size: CGSize
        var horizontal: UILayoutPriority
        var vertical: UILayoutPriority
    }
    /// Set for a `systemLayoutSizeFitting` engine.
    let fitting: Fitting?

    /// The live engines of the `CAEngine` they were made on.
    private let count: LayoutEngineCount

    init(fitting: Fitting? = nil) {
        self.fitting = fitting
        count = CAEngine.current.attachment(LayoutEngineCount.init)
        count.live += 1
    }

    deinit { count.live -= 1 }

    let solver = Solver()

    /// A view's or guide's variables and the constraints the engine made for it (a class: the
    /// layout pass looks items up hundreds of times, and a struct would copy its weak reference,
    /// variables and arrays at each lookup).
    final class Item {
        /// The view or guide (an identifier can be reused once it is gone: checked before reuse).
        weak var owner: AnyObject?
        init(owner: AnyObject) { self.owner = owner }
        let left = Variable(), top = Variable(), width = Variable(), height = Variable()
        /// The engine's own constraints for the item (pins, intrinsic size, a guide's ties).
        var generated: [Constraint] = []
        /// The numbers `generated` was made from; made again only when they change.
        var key: [Double] = []
    }

    /// An active constraint and what the solver holds for it (nil: broken, reported).
    struct Entry {
        let constraint: NSLayoutConstraint
        var solved: Constraint?
        var constant: CGFloat
        var priority: UILayoutPriority
        /// The baseline offsets the constraint was made with (empty without baselines).
        var shape: [Double]
    }

    var items: [ObjectIdentifier: Item] = [:]              // looked up only, never iterated
    private(set) var entries: [ObjectIdentifier: Entry] = [:]   // looked up only, never iterated
    private(set) var entryOrder: [NSLayoutConstraint] = []      // the solver's constraints, in the order added
    private var itemOrder: [WeakItem] = []                 // the items with variables, in tree order

    /// An item the engine lists without keeping it (the root keeps the engine).
    private struct WeakItem {
        weak var object: AnyObject?
        let id: ObjectIdentifier
    }

    /// Syncs and re-solves if anything changed, then sets the frames of the constraint-driven views.
    func layout(root: UIView) {
        for _ in 0..<3 where isDirty {
            if !needsSync, updateConstants() {
                if apply(itemOrder.compactMap(\.object), root: root) { isDirty = true }
                continue
            }
            isDirty = false
            let (objects, constraints) = collect(root)
            sync(objects, constraints, root: root)
            if apply(objects, root: root) { isDirty = true }   // a wrapping label's width moved
        }
    }

    /// Re-solves the constraints whose constant alone changed: the solver changes each constant
    /// in place (`Solver.replaceConstant`: a few row constants and dual pivots, as an edit
    /// variable's suggestion); one that cannot hold goes out and is added again, which reports
    /// the conflict. False, leaving the rest to a whole sync, when one is no longer active in this
    /// tree as it was added.
    /// - Complexity: the solver's work for the changed constraints; no walk of the tree.
    private func updateConstants() -> Bool {
        let changed = changedConstants
        changedConstants.removeAll()
        for (i, c) in changed.enumerated() {
            let id = ObjectIdentifier(c)
            guard c.isActive, var entry = entries[id], let old = entry.solved, entry.priority == c.priority,
                  let made = solverConstraint(for: c) else {
                needsSync = true
                changedConstants = Array(changed[i...])
                return false
            }
            guard entry.constant != c.constant else { continue }
            do {
                try solver.replaceConstant(of: old, with: made)
                entry.solved = made
            } catch {
                try? solver.removeConstraint(old)
                entry.solved = insert(made, for: c)       // reports a conflict as UIKit does
            }
            entry.constant = c.constant
            entries[id] = entry
        }
        return true
    }

    /// The size `view` takes with its subtree's constraints, pulled to the target at the fitting
    /// priorities (a fitting engine only).
    func fittingSize(of view: UIView) -> CGSize {
        let (objects, constraints) = collect(view)
        sync(objects, constraints, root: view)
        guard let item = items[ObjectIdentifier(view)] else { return .zero }
        return CGSize(width: Self.snap(solver.value(of: item.width)), height: Self.snap(solver.value(of: item.height)))
    }

    /// Tells the solver what changed: stale constraints out, items' own constraints made again
    /// where their inputs moved, new constraints in.
    private func sync(_ objects: [AnyObject], _ constraints: [NSLayoutConstraint], root: UIView) {
        removeStale(keeping: constraints)
        generate(objects, root: root)
        for c in constraints { add(c) }
    }

    // MARK: Sync

    /// The active constraints held in the tree (in tree order; those whose items left the holder
    /// or were released are deactivated, as UIKit removes them), and the views and guides they
    /// need, in tree order (a view's guides right after it).
    private func collect(_ root: UIView) -> ([AnyObject], [NSLayoutConstraint]) {
        var constraints: [NSLayoutConstraint] = []
        var all: [UIView] = []
        root.forEachInSubtree { view in
            all.append(view)
            for c in view.heldConstraints {
                if c.itemsAreInside(view) { constraints.append(c) } else { c.isActive = false }
            }
        }
        var needed = Set<ObjectIdentifier>()   // membership only
        func need(_ object: AnyObject?) {
            guard let object, needed.insert(ObjectIdentifier(object)).inserted else { return }
            var v = NSLayoutConstraint.owner(of: object)
            while let view = v, needed.insert(ObjectIdentifier(view)).inserted || view === object { v = view.superview }
        }
        for c in constraints {
            need(Self.resolve(c.firstItem, c.firstAttribute).object)
            need(Self.resolve(c.secondItem, c.secondAttribute).object)
            need(c.firstOffsetFrom.flatMap { Self.resolve($0.item, $0.attribute).object })
            need(c.secondOffsetFrom.flatMap { Self.resolve($0.item, $0.attribute).object })
            need(c.holder)
        }
        need(root)
        var objects: [AnyObject] = []
        for view in all where needed.contains(ObjectIdentifier(view)) {
            objects.append(view)
            for guide in view.allLayoutGuides where needed.contains(ObjectIdentifier(guide)) { objects.append(guide) }
        }
        return (objects, constraints)
    }

    /// Removes from the solver the constraints no longer active, or changed since they were added.
    private func removeStale(keeping constraints: [NSLayoutConstraint]) {
        let current = Set(constraints.map(ObjectIdentifier.init))
        var kept: [NSLayoutConstraint] = []
        for c in entryOrder {
            let id = ObjectIdentifier(c)
            guard let entry = entries[id] else { continue }
            if current.contains(id) && entry.constant == c.constant && entry.priority == c.priority
                && (entry.shape.isEmpty || entry.shape == shape(of: c)) {
                kept.append(c)
                continue
            }
            if let solved = entry.solved { try? solver.removeConstraint(solved) }
            entries[id] = nil
        }
        entryOrder = kept
    }

    /// Gives each needed view and guide its variables and makes its own constraints again where
    /// their inputs changed; drops the items (and their constraints) no longer needed.
    private func generate(_ objects: [AnyObject], root: UIView) {
        let ids = Set(objects.map(ObjectIdentifier.init))
        for old in itemOrder where !ids.contains(old.id) {
            for p in items[old.id]?.generated ?? [] { try? solver.removeConstraint(p) }
            items[old.id] = nil
            if fitting == nil, let view = old.object as? UIView { view.isLayoutInput = false; view.layoutState.isEngineItem = false }
        }
        itemOrder = objects.map { WeakItem(object: $0, id: ObjectIdentifier($0)) }
        for object in objects {
            let id = ObjectIdentifier(object)
            if let stale = items[id], stale.owner !== object {
                for p in stale.generated { try? solver.removeConstraint(p) }
                items[id] = nil
            }
            let item = items[id] ?? Item(owner: object)
            if fitting == nil, let view = object as? UIView { view.layoutState.isEngineItem = true }
            let (key, make) = generatedConstraints(for: object, item, root: root)
            if key != item.key {
                for p in item.generated { try? solver.removeConstraint(p) }
                item.generated = make()
                for p in item.generated { add(p, reporting: "the layout of \(Self.name(object))") }
                item.key = key
            }
            items[id] = item
        }
    }

    /// Adds `c` to the solver unless it is there already with the same constant and priority.
    private func add(_ c: NSLayoutConstraint) {
        let id = ObjectIdentifier(c)
        guard entries[id] == nil else { return }
        var entry = Entry(constraint: c, solved: nil, constant: c.constant, priority: c.priority, shape: shape(of: c))
        entry.solved = solverConstraint(for: c).flatMap { insert($0, for: c) }
        entries[id] = entry
        entryOrder.append(c)
    }

    /// Puts `made`, the solver's form of `c`, into the solver; a required one that cannot hold is
    /// reported as UIKit reports it and left out (nil).
    private func insert(_ made: Constraint, for c: NSLayoutConstraint) -> Constraint? {
        do {
            try solver.addConstraint(made)
            return made
        } catch .unsatisfiable {
            reportConflict(breaking: c)
        } catch {
            CAEngine.current.report("NSLayoutConstraint left out: \(c) (\(error))")
        }
        return nil
    }

    /// Adds one of the engine's own constraints to the solver; one that cannot hold with the
    /// user's required constraints is reported on one line and left out.
    @discardableResult
    func add(_ constraint: Constraint, reporting name: String) -> Bool {
        do {
            try solver.addConstraint(constraint)
            return true
        } catch {
            CAEngine.current.report("Unable to simultaneously satisfy constraints: breaking \(name) (\(error))")
            return false
        }
    }

    /// A view's class name or a guide's identifier, for reports.
    static func name(_ object: AnyObject) -> String {
        (object as? UILayoutGuide).map { $0.identifier.isEmpty ? "UILayoutGuide" : $0.identifier } ?? "\(type(of: object))"
    }

    // MARK: Frames

    /// A solved value rounded to 2⁻²⁰ of a point: the simplex's round-off (303.99999999999994 for
    /// 304) stays out of frames, while halves, quarters… stay exact.
    static func snap(_ x: Double) -> CGFloat {
        CGFloat((x * 1_048_576).rounded() / 1_048_576)
    }

    /// Sets each constraint-driven view's frame and each guide's `layoutFrame` from the solution;
    /// true when a view whose intrinsic size depends on its width got a new width (measure again).
    private func apply(_ objects: [AnyObject], root: UIView) -> Bool {
        solver.updateVariables()       // one pass over the solution; frames read `value` (no lookups)
        var measureAgain = false
        for object in objects {
            guard let item = items[ObjectIdentifier(object)] else { continue }
            if let guide = object as? UILayoutGuide {
                guard let owner = guide.owningView, let parent = items[ObjectIdentifier(owner)] else { continue }
                guide.layoutFrame = frame(of: item, in: parent, bounds: owner.bounds)
                continue
            }
            guard let view = object as? UIView, !view.isLayoutInput, let sup = view.superview,
                  let parent = items[ObjectIdentifier(sup)] else { continue }
            let frame = frame(of: item, in: parent, bounds: sup.bounds)
            guard frame != view.frame else { continue }
            let widthMoved = frame.width != view.frame.width
            view.frame = frame
            if widthMoved && view.intrinsicSizeDependsOnWidth {
                view.layoutState.intrinsicIsStale = true
                measureAgain = true
            }
        }
        return measureAgain
    }

    /// `item`'s rectangle in the coordinates of the view whose item is `parent`, from the values
    /// the last `updateVariables()` wrote.
    private func frame(of item: Item, in parent: Item, bounds pb: CGRect) -> CGRect {
        CGRect(x: Self.snap(item.left.value - parent.left.value) + pb.minX, y: Self.snap(item.top.value - parent.top.value) + pb.minY,
               width: Self.snap(item.width.value), height: Self.snap(item.height.value))
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
