import Foundation
import Layers

/// Told when a dynamic animator starts moving items and when they have all come to rest (UIKit's
/// `UIDynamicAnimatorDelegate`; both methods are optional).
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// The animator is about to move items again.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item has come to rest (or the last behaviour was removed): the animator stopped.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

public extension UIDynamicAnimatorDelegate {
    /// Nothing.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    /// Nothing.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// UIKit Dynamics: moves items by gravity, collisions, pushes, snaps and attachments, frame by
/// frame on the engine's clock (UIKit's `UIDynamicAnimator`). Keep the animator (a property of
/// your view controller): like UIKit's, it stops when released.
///
/// Each frame's display-link phase steps a rigid-body solver (sequential impulses, steps of at
/// most 1/120 s) and writes each item's `center` and rotation `transform`. The animator pauses —
/// `isRunning` false, `dynamicAnimatorDidPause` — once every item has been still for 0.25 s, and
/// resumes when a behaviour is added or changed. The solver and its constants are Flipbook's (Apple
/// uses Box2D and documents only the units), so trajectories match iOS in kind, not to the pixel.
open class UIDynamicAnimator {
    /// The view whose coordinates the items' centres and the boundaries are in.
    public private(set) weak var referenceView: UIView?
    /// The behaviours added, in order (children are in their parents' `childBehaviors`).
    public private(set) var behaviors: [UIDynamicBehavior] = []
    /// Told of pauses and resumptions.
    open weak var delegate: UIDynamicAnimatorDelegate?
    /// Whether items are moving (false once all are at rest, or with no behaviours).
    public private(set) var isRunning = false
    /// Seconds the animator has run, pauses excluded.
    public private(set) var elapsedTime: TimeInterval = 0

    private weak var engine: CAEngine?
    private weak var layout: UICollectionViewLayout?
    private var link: DisplayLink?
    private var lastTime: Double?
    private var restSeconds = 0.0
    private var needsRebuild = false
    private var flattened: [UIDynamicBehavior] = []
    private(set) var bodies: [DynamicBody] = []
    private var bodyIndex: [ObjectIdentifier: Int] = [:]
    private var accumulatedImpulses: [ContactCacheKey: (normal: Double, tangent: Double)] = [:]

    /// An animator moving subviews of `view` (in its coordinates).
    public init(referenceView view: UIView) {
        referenceView = view
        let engine = CAEngine.current
        self.engine = engine
        let l = engine.addDisplayLink { [weak self] t in self?.tick(at: t) }
        l.isPaused = true
        link = l
    }

    /// An animator moving a collection view layout's attributes (in the collection view's content
    /// coordinates): each step invalidates `layout`, whose `layoutAttributesForElements(in:)`
    /// answers with `items(in:)` (the springy-layout idiom). The reference bounds are the content.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        let engine = CAEngine.current
        self.engine = engine
        let l = engine.addDisplayLink { [weak self] t in self?.tick(at: t) }
        l.isPaused = true
        link = l
    }

    deinit { link?.invalidate() }

    /// Adds `behavior` (and its children); adding one twice does nothing.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        if behavior.dynamicAnimator === self && behavior.parent == nil { return }      // already here
        if behavior.parent != nil || behavior.dynamicAnimator != nil {
            CAEngine.current.report("UIDynamicAnimator.addBehavior: the behavior is a child or in another animator; ignored")
            return
        }
        behaviors.append(behavior)
        attach(behavior)
        setNeedsRebuild()
    }

    /// Removes `behavior` (and its children).
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.dynamicAnimator === self, behavior.parent == nil,
              let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        detach(behavior)
        setNeedsRebuild()
    }

    /// Removes every behaviour: the items stop where they are.
    open func removeAllBehaviors() {
        let old = behaviors
        behaviors.removeAll()
        old.forEach(detach)
        setNeedsRebuild()
    }

    /// The items whose frames meet `rect` (reference view coordinates).
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        rebuildIfNeeded()
        return bodies.filter { $0.frame.intersects(rect) }.map(\.item)
    }

    /// The attributes among the items of the cell at `indexPath` (an animator made with a layout).
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        rebuildIfNeeded()
        for b in bodies { if let a = b.item as? UICollectionViewLayoutAttributes, a.indexPath == indexPath { return a } }
        return nil
    }

    /// The rectangle the reference bounds stand for: the reference view's bounds, or the layout's
    /// content.
    var referenceBounds: CGRect? {
        if let referenceView { return referenceView.bounds }
        if let layout { return CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        return nil
    }

    /// Reads `item`'s centre, size and rotation again after your code changed them (a drag that
    /// moved the view by hand), keeping its velocity.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        guard let body = body(for: item) else { return }
        body.position = V2(item.center)
        let t = item.transform
        body.angle = atan2(Double(t.b), Double(t.a))
        body.writtenAngle = body.angle
        body.rebuildShape()
        wake()
    }

    func body(for item: UIDynamicItem) -> DynamicBody? {
        rebuildIfNeeded()
        return bodyIndex[ObjectIdentifier(item)].map { bodies[$0] }
    }

    // MARK: - Behaviours and bodies

    /// Tells `behavior` and everything under it that they act in this animator.
    func attach(_ behavior: UIDynamicBehavior) {
        var stack = [behavior]
        while let b = stack.popLast() {
            b.willMove(to: self)
            b.dynamicAnimator = self
            stack.append(contentsOf: b.childBehaviors)
        }
    }

    /// Tells `behavior` and everything under it that they left this animator.
    func detach(_ behavior: UIDynamicBehavior) {
        var stack = [behavior]
        while let b = stack.popLast() {
            b.willMove(to: nil)
            b.dynamicAnimator = nil
            stack.append(contentsOf: b.childBehaviors)
        }
    }

    /// The behaviours or their items changed: the lists are re-read before they are next used (so
    /// adding n behaviours or items one at a time costs O(n), not n re-reads), and the animator
    /// runs while it has behaviours.
    func setNeedsRebuild() {
        needsRebuild = true
        if behaviors.isEmpty { rebuildIfNeeded(); pause() } else { wake() }
    }

    /// Re-reads the behaviour tree — which behaviours act, on which items — when it changed.
    private func rebuildIfNeeded() {
        guard needsRebuild else { return }
        needsRebuild = false
        var list: [UIDynamicBehavior] = []
        var stack = behaviors.reversed().map { $0 }
        while let b = stack.popLast() {
            list.append(b)
            stack.append(contentsOf: b.childBehaviors.reversed())
        }
        flattened = list
        // Bodies: one per item, kept (with its velocity) while any behaviour names the item.
        var next: [DynamicBody] = []
        var index: [ObjectIdentifier: Int] = [:]
        func add(_ item: UIDynamicItem) {
            let id = ObjectIdentifier(item)
            guard index[id] == nil else { return }
            index[id] = next.count
            next.append(bodyIndex[id].map { bodies[$0] } ?? DynamicBody(item: item))
        }
        for b in list {
            switch b {
            case let l as UIDynamicItemListBehavior: l.items.forEach(add)
            case let s as UISnapBehavior: add(s.item)
            case let a as UIAttachmentBehavior: a.items.forEach(add)
            default: break
            }
        }
        bodies = next
        bodyIndex = index
        for case let ib as UIDynamicItemBehavior in list {
            for (item, v) in ib.pendingLinear { bodyIndex[ObjectIdentifier(item)].map { bodies[$0].velocity += V2(v) } }
            for (item, w) in ib.pendingAngular { bodyIndex[ObjectIdentifier(item)].map { bodies[$0].angularVelocity += Double(w) } }
            ib.pendingLinear.removeAll()
            ib.pendingAngular.removeAll()
        }
        updateProperties()
    }

    private func updateProperties() {
        var props = [DynamicItemProperties](repeating: DynamicItemProperties(), count: bodies.count)
        for case let ib as UIDynamicItemBehavior in flattened {
            let p = ib.properties
            for item in ib.items { if let i = bodyIndex[ObjectIdentifier(item)] { props[i] = p } }
        }
        for (b, p) in zip(bodies, props) where b.properties != p {
            b.properties = p
            b.updateMass()
        }
    }

    /// Starts the steps again after a change (no-op while running or with nothing to run).
    func wake() {
        restSeconds = 0
        guard !isRunning, !behaviors.isEmpty else { return }
        isRunning = true
        lastTime = nil
        link?.isPaused = false
        delegate?.dynamicAnimatorWillResume(self)
    }

    private func pause() {
        guard isRunning else { return }
        isRunning = false
        link?.isPaused = true
        delegate?.dynamicAnimatorDidPause(self)
    }

    // MARK: - Stepping

    /// Items slower than these for `restDelay` seconds are at rest.
    static let restSpeed = 1.0, restAngularSpeed = 0.01, restDelay = 0.25
    /// The longest solver step, and the velocity iterations per step.
    static let maxStep = 1.0 / 120, iterations = 10

    private func tick(at t: Double) {
        guard isRunning else { return }
        let interval = engine?.frameInterval ?? 1.0 / 60
        // The first frame after a resume steps one frame; a long gap (a paused clock) is cut short.
        let dt = min(0.1, max(0, lastTime.map { t - $0 } ?? interval))
        lastTime = t
        guard dt > 0 else { return }
        rebuildIfNeeded()
        for b in bodies where b.item.bounds.size != b.size { b.rebuildShape() }
        applyImpulsivePushes()
        let steps = max(1, Int((dt / Self.maxStep).rounded(.up)))
        var touching: [ObjectIdentifier: [(key: UICollisionBehavior.ContactKey, point: CGPoint)]] = [:]
        for s in 0..<steps { step(dt / Double(steps), collect: s == steps - 1, touching: &touching) }
        elapsedTime += dt
        writeBack()
        var items: [ObjectIdentifier: UIDynamicItem]?       // made only when a delegate is to be told
        for case let c as UICollisionBehavior in flattened {
            if c.collisionDelegate != nil, items == nil {
                items = Dictionary(bodies.map { (ObjectIdentifier($0.item), $0.item) }, uniquingKeysWith: { a, _ in a })
            }
            c.report(touching[ObjectIdentifier(c)] ?? [], items: items ?? [:])
        }
        for b in flattened { b.action?() }
        let still = bodies.allSatisfy { $0.velocity.length < Self.restSpeed && abs($0.angularVelocity) < Self.restAngularSpeed }
        restSeconds = still ? restSeconds + dt : 0
        if restSeconds >= Self.restDelay { pause() }
    }

    private func applyImpulsivePushes() {
        for case let p as UIPushBehavior in flattened where p.mode == .instantaneous && p.active {
            let f = V2(Double(p.pushDirection.dx), Double(p.pushDirection.dy)) * 100
            for item in p.items {
                guard let b = body(for: item) else { continue }
                let o = p.targetOffsetFromCenter(for: item)
                b.applyImpulse(f, at: V2(Double(o.horizontal), Double(o.vertical)).rotated(cos: cos(b.angle), sin: sin(b.angle)))
            }
            p.active = false
        }
    }

    private func writeBack() {
        var moved = false
        for b in bodies where b.inverseMass > 0 || b.inverseInertia > 0 {
            let c = b.position.point
            if b.item.center != c { b.item.center = c; moved = true }
            if b.angle != b.writtenAngle {
                b.item.transform = CGAffineTransform(rotationAngle: CGFloat(b.angle))
                b.writtenAngle = b.angle
                moved = true
            }
        }
        if moved { layout?.invalidateLayout() }
    }

    /// One solver step of `h` seconds; collects the contacts touching in `touching` when asked.
    private func step(_ h: Double, collect: Bool, touching: inout [ObjectIdentifier: [(key: UICollisionBehavior.ContactKey, point: CGPoint)]]) {
        // Forces: gravity (mass-independent), continuous pushes, resistance.
        for case let g as UIGravityBehavior in flattened {
            let a = V2(Double(g.gravityDirection.dx), Double(g.gravityDirection.dy)) * 1000
            for item in g.items { if let b = body(for: item), b.inverseMass > 0 { b.velocity += a * h } }
        }
        for case let p as UIPushBehavior in flattened where p.mode == .continuous && p.active {
            let f = V2(Double(p.pushDirection.dx), Double(p.pushDirection.dy)) * 100
            for item in p.items {
                guard let b = body(for: item) else { continue }
                let o = p.targetOffsetFromCenter(for: item)
                b.applyImpulse(f * h, at: V2(Double(o.horizontal), Double(o.vertical)).rotated(cos: cos(b.angle), sin: sin(b.angle)))
            }
        }
        for b in bodies {
            if b.properties.resistance > 0 { b.velocity *= 1 / (1 + h * b.properties.resistance) }
            if b.properties.angularResistance > 0 { b.angularVelocity *= 1 / (1 + h * b.properties.angularResistance) }
        }
        var contacts = makeContacts(h, collect: collect, touching: &touching)
        var joints = makeJoints(h)
        for m in contacts { for c in m { c.warmStart(bodies) } }
        for _ in 0..<Self.iterations {
            for i in joints.indices { joints[i].solve(bodies) }
            for i in contacts.indices { ContactPoint.solve(&contacts[i], bodies) }
        }
        var cache: [ContactCacheKey: (normal: Double, tangent: Double)] = [:]
        for m in contacts { for c in m { cache[c.cacheKey] = (c.normalImpulse, c.tangentImpulse) } }
        accumulatedImpulses = cache
        for b in bodies where b.inverseMass > 0 || b.inverseInertia > 0 {
            if !b.velocity.x.isFinite || !b.velocity.y.isFinite || !b.angularVelocity.isFinite {
                b.velocity = V2(0, 0); b.angularVelocity = 0        // never write NaN to a view
            }
            b.position += b.velocity * h
            b.angle += b.angularVelocity * h
        }
    }

    // MARK: - Constraints

    private func makeContacts(_ h: Double, collect: Bool, touching: inout [ObjectIdentifier: [(key: UICollisionBehavior.ContactKey, point: CGPoint)]]) -> [[ContactPoint]] {
        var out: [[ContactPoint]] = []
        let shapes = bodies.map { $0.worldShape() }
        let reach = bodies.map { $0.reach(in: h) }
        let frames = shapes.map(DynamicBody.boundingBox)
        for case let c as UICollisionBehavior in flattened {
            let indices = c.items.compactMap { bodyIndex[ObjectIdentifier($0)] }
            var seen: Set<UICollisionBehavior.ContactKey> = []
            var found: [(key: UICollisionBehavior.ContactKey, point: CGPoint)] = []
            func note(_ key: UICollisionBehavior.ContactKey, _ m: ContactManifold) {
                guard collect, m.points.contains(where: { $0.depth >= 0 }), !seen.contains(key) else { return }
                seen.insert(key)
                found.append((key, (m.points.map(\.point).reduce(V2(0, 0), +) / Double(m.points.count)).point))
            }
            if c.collisionMode.contains(.items) {
                // Sweep and prune along x: only items whose spans (grown by their reach) overlap
                // are tested, so a pile of items costs its touching pairs, not all pairs.
                let spans = indices.map { i -> (i: Int, lo: Double, hi: Double, frame: CGRect) in
                    let f = frames[i].insetBy(dx: -0.5 - reach[i], dy: -0.5 - reach[i])
                    return (i, Double(f.minX), Double(f.maxX), f)
                }.sorted { $0.lo != $1.lo ? $0.lo < $1.lo : $0.i < $1.i }
                for x in spans.indices {
                    for y in (x + 1)..<spans.count {
                        if spans[y].lo > spans[x].hi { break }
                        let i = min(spans[x].i, spans[y].i), j = max(spans[x].i, spans[y].i)
                        guard bodies[i].inverseMass > 0 || bodies[j].inverseMass > 0,
                              spans[x].frame.intersects(spans[y].frame),
                              let m = DynamicsCollide.polygons(shapes[i], shapes[j], margin: DynamicsCollide.margin + reach[i] + reach[j]) else { continue }
                        append(m, i, j, feature: -1, h, &out)
                        note(.init(a: ObjectIdentifier(bodies[i].item), b: ObjectIdentifier(bodies[j].item), boundary: nil), m)
                    }
                }
            }
            if c.collisionMode.contains(.boundaries) {
                for i in indices where bodies[i].inverseMass > 0 {
                    if c.translatesReferenceBoundsIntoBoundary, let bounds = referenceBounds {
                        let r = bounds.inset(by: c.referenceInsets)
                        for (side, m) in DynamicsCollide.insideRect(shapes[i], r, margin: DynamicsCollide.margin + reach[i]) {
                            append(m, i, nil, feature: side, h, &out)
                            note(.init(a: ObjectIdentifier(bodies[i].item), b: nil, boundary: nil), m)
                        }
                    }
                    for (k, boundary) in c.boundaries.enumerated() {
                        for (s, segment) in boundary.segments.enumerated() {
                            guard let m = DynamicsCollide.polygons(shapes[i], segment, margin: DynamicsCollide.margin + reach[i]) else { continue }
                            append(m, i, nil, feature: 4 + k * 100_000 + s, h, &out)
                            note(.init(a: ObjectIdentifier(bodies[i].item), b: nil, boundary: boundary.key), m)
                        }
                    }
                }
            }
            if collect { touching[ObjectIdentifier(c)] = found }
        }
        return out
    }

    private func append(_ m: ContactManifold, _ i: Int, _ j: Int?, feature: Int, _ h: Double, _ out: inout [[ContactPoint]]) {
        let a = bodies[i], b = j.map { bodies[$0] }
        let elasticity = max(a.properties.elasticity, b?.properties.elasticity ?? 0)
        let friction = b.map { (a.properties.friction * $0.properties.friction).squareRoot() } ?? a.properties.friction
        var manifold: [ContactPoint] = []
        for (k, p) in m.points.enumerated() {
            let key = ContactCacheKey(a: i, b: j ?? -1, feature: feature, point: k)
            var c = ContactPoint(a: i, b: j, normal: m.normal, point: p.point, depth: p.depth, elasticity: elasticity,
                                 friction: friction, h: h, bodies: bodies, cacheKey: key)
            if let cached = accumulatedImpulses[key] { c.normalImpulse = cached.normal; c.tangentImpulse = cached.tangent }
            manifold.append(c)
        }
        out.append(manifold)
    }

    private func makeJoints(_ h: Double) -> [SoftJoint] {
        var out: [SoftJoint] = []
        for b in flattened {
            if let s = b as? UISnapBehavior, let i = bodyIndex[ObjectIdentifier(s.item)] {
                out.append(contentsOf: SoftJoint.snap(body: i, to: V2(s.snapPoint), frequency: UISnapBehavior.frequency,
                                                      ratio: s.dampingRatio, h: h, bodies: bodies))
            } else if let a = b as? UIAttachmentBehavior {
                let ids = a.items.compactMap { bodyIndex[ObjectIdentifier($0)] }
                guard ids.count == a.items.count else { continue }
                let offsets = a.offsets.map { V2(Double($0.horizontal), Double($0.vertical)) }
                out.append(contentsOf: SoftJoint.distance(a: ids[0], offsetA: offsets[0], b: ids.count > 1 ? ids[1] : nil,
                                              offsetB: offsets.count > 1 ? offsets[1] : V2(0, 0), anchor: V2(a.anchorPoint),
                                              length: Double(a.length), frequency: Double(a.frequency),
                                              ratio: Double(a.damping), h: h, bodies: bodies))
            }
        }
        return out
    }
}

/// A contact's accumulated impulses are kept from one step to the next by this key (warm
/// starting), which lets resting stacks settle.
struct ContactCacheKey: Hashable {
    var a: Int, b: Int, feature: Int, point: Int
}

/// One point of contact between a body and another body (or a boundary, `b` nil).
struct ContactPoint {
    let a: Int, b: Int?
    let normal: V2, rA: V2, rB: V2
    let normalMass: Double, tangentMass: Double
    let friction: Double
    /// The normal speed the contact aims for: the bounce, or pushing out of an overlap.
    let targetSpeed: Double
    let cacheKey: ContactCacheKey
    var normalImpulse = 0.0, tangentImpulse = 0.0

    /// Overlap allowed without correction (points), and the share of the rest corrected per step.
    static let slop = 0.25, correction = 0.2
    /// Approach speeds below this (points/s) do not bounce.
    static let bounceThreshold = 20.0

    init(a: Int, b: Int?, normal: V2, point: V2, depth: Double, elasticity: Double, friction: Double, h: Double,
         bodies: [DynamicBody], cacheKey: ContactCacheKey) {
        self.a = a; self.b = b; self.normal = normal; self.friction = friction; self.cacheKey = cacheKey
        let A = bodies[a], B = b.map { bodies[$0] }
        let rA = point - A.position, rB = B.map { point - $0.position } ?? V2(0, 0)
        self.rA = rA; self.rB = rB
        let t = normal.perp
        func mass(_ d: V2) -> Double {
            let ra = rA.cross(d), rb = rB.cross(d)
            let k = A.inverseMass + A.inverseInertia * ra * ra + (B.map { $0.inverseMass + $0.inverseInertia * rb * rb } ?? 0)
            return k > 0 ? 1 / k : 0
        }
        normalMass = mass(normal)
        tangentMass = mass(t)
        let relative = (B?.velocity(at: point) ?? V2(0, 0)) - A.velocity(at: point)
        let vn = relative.dot(normal)
        let bounce = vn < -Self.bounceThreshold ? -elasticity * vn : 0
        // A contact still apart (negative depth) lets the bodies close that gap in this step.
        let push = depth > Self.slop ? Self.correction * (depth - Self.slop) / h : (depth < 0 ? depth / h : 0)
        targetSpeed = bounce > 0 ? max(bounce, push) : push
    }

    private func relativeVelocity(_ bodies: [DynamicBody]) -> V2 {
        let A = bodies[a]
        let vb = b.map { bodies[$0].velocity + cross(bodies[$0].angularVelocity, rB) } ?? V2(0, 0)
        return vb - A.velocity - cross(A.angularVelocity, rA)
    }

    private func apply(_ p: V2, _ bodies: [DynamicBody]) {
        bodies[a].applyImpulse(-p, at: rA)
        if let b { bodies[b].applyImpulse(p, at: rB) }
    }

    func warmStart(_ bodies: [DynamicBody]) {
        apply(normal * normalImpulse + normal.perp * tangentImpulse, bodies)
    }

    mutating func solveFriction(_ bodies: [DynamicBody]) {
        guard friction > 0 else { return }
        let t = normal.perp
        let vt = relativeVelocity(bodies).dot(t)
        let limit = friction * normalImpulse
        let new = min(limit, max(-limit, tangentImpulse - tangentMass * vt))
        apply(t * (new - tangentImpulse), bodies)
        tangentImpulse = new
    }

    mutating func solveNormal(_ bodies: [DynamicBody]) {
        let vn = relativeVelocity(bodies).dot(normal)
        let new = max(0, normalImpulse + normalMass * (targetSpeed - vn))
        apply(normal * (new - normalImpulse), bodies)
        normalImpulse = new
    }

    /// One iteration over a manifold: friction (bounded by the normal impulses so far), then the
    /// normal impulses — both points of a two-point manifold at once, as a 2 × 2 complementarity
    /// problem (Box2D's block solver), so a box landing flat gets equal impulses at its corners
    /// and does not start to turn.
    static func solve(_ m: inout [ContactPoint], _ bodies: [DynamicBody]) {
        for i in m.indices { m[i].solveFriction(bodies) }
        guard m.count == 2, let (k11, k12, k22) = blockMatrix(m[0], m[1], bodies),
              k11 * k11 < 1000 * (k11 * k22 - k12 * k12) else {
            for i in m.indices { m[i].solveNormal(bodies) }
            return
        }
        let a1 = m[0].normalImpulse, a2 = m[1].normalImpulse
        let vn1 = m[0].relativeVelocity(bodies).dot(m[0].normal), vn2 = m[1].relativeVelocity(bodies).dot(m[1].normal)
        // Speeds short of the targets with the impulses so far taken out: vn_new − target = K x + b.
        let b1 = vn1 - m[0].targetSpeed - (k11 * a1 + k12 * a2)
        let b2 = vn2 - m[1].targetSpeed - (k12 * a1 + k22 * a2)
        let det = k11 * k22 - k12 * k12
        var x1 = -(k22 * b1 - k12 * b2) / det, x2 = -(k11 * b2 - k12 * b1) / det
        if !(x1 >= 0 && x2 >= 0) {
            x1 = -b1 / k11; x2 = 0
            if !(x1 >= 0 && k12 * x1 + b2 >= 0) {
                x1 = 0; x2 = -b2 / k22
                if !(x2 >= 0 && k12 * x2 + b1 >= 0) {
                    x1 = 0; x2 = 0
                    if !(b1 >= 0 && b2 >= 0) {
                        for i in m.indices { m[i].solveNormal(bodies) }     // no exact case: one at a time
                        return
                    }
                }
            }
        }
        m[0].apply(m[0].normal * (x1 - a1), bodies)
        m[1].apply(m[1].normal * (x2 - a2), bodies)
        m[0].normalImpulse = x1
        m[1].normalImpulse = x2
    }

    private static func blockMatrix(_ c1: ContactPoint, _ c2: ContactPoint, _ bodies: [DynamicBody]) -> (Double, Double, Double)? {
        let A = bodies[c1.a], B = c1.b.map { bodies[$0] }, n = c1.normal
        let a1 = c1.rA.cross(n), a2 = c2.rA.cross(n), b1 = c1.rB.cross(n), b2 = c2.rB.cross(n)
        let mass = A.inverseMass + (B?.inverseMass ?? 0)
        let ia = A.inverseInertia, ib = B?.inverseInertia ?? 0
        let k11 = mass + ia * a1 * a1 + ib * b1 * b1
        let k22 = mass + ia * a2 * a2 + ib * b2 * b2
        let k12 = mass + ia * a1 * a2 + ib * b1 * b2
        return k11 > 0 && k22 > 0 ? (k11, k12, k22) : nil
    }
}

/// A soft (spring) or rigid constraint along one direction between a body's point and a fixed
/// point or another body's point, in Erin Catto's soft-constraint form: a spring of `frequency`
/// hertz and damping `ratio` becomes a bias and a softness per step; frequency 0 is rigid.
struct SoftJoint {
    enum Kind { case linear(V2), angular }
    let a: Int, b: Int?
    let kind: Kind
    let rA: V2, rB: V2
    let mass: Double, bias: Double, gamma: Double
    var impulse = 0.0

    /// A snap: the centre to `target` along x and along y, and the angle to 0, as springs.
    static func snap(body i: Int, to target: V2, frequency: Double, ratio: Double, h: Double, bodies: [DynamicBody]) -> [SoftJoint] {
        let body = bodies[i]
        guard body.inverseMass > 0 else { return [] }
        var out: [SoftJoint] = []
        let offset = body.position - target
        for axis in [V2(1, 0), V2(0, 1)] {
            if let j = SoftJoint(a: i, b: nil, kind: .linear(axis), rA: V2(0, 0), rB: V2(0, 0), error: offset.dot(axis),
                                 inverseMass: body.inverseMass, frequency: frequency, ratio: ratio, h: h) { out.append(j) }
        }
        if body.inverseInertia > 0 {
            let turn = remainder(body.angle, 2 * .pi)
            if let j = SoftJoint(a: i, b: nil, kind: .angular, rA: V2(0, 0), rB: V2(0, 0), error: turn,
                                 inverseMass: body.inverseInertia, frequency: frequency, ratio: ratio, h: h) { out.append(j) }
        }
        return out
    }

    /// An attachment: the points `length` apart along the line between them; with length 0, the
    /// points together along x and along y (a line through one point has no direction).
    static func distance(a: Int, offsetA: V2, b: Int?, offsetB: V2, anchor: V2, length: Double, frequency: Double,
                         ratio: Double, h: Double, bodies: [DynamicBody]) -> [SoftJoint] {
        let A = bodies[a], B = b.map { bodies[$0] }
        let rA = offsetA.rotated(cos: cos(A.angle), sin: sin(A.angle))
        let rB = B.map { offsetB.rotated(cos: cos($0.angle), sin: sin($0.angle)) } ?? V2(0, 0)
        let pA = A.position + rA, pB = B.map { $0.position + rB } ?? anchor
        func mass(along n: V2) -> Double {
            let ra = rA.cross(n), rb = rB.cross(n)
            return A.inverseMass + A.inverseInertia * ra * ra + (B.map { $0.inverseMass + $0.inverseInertia * rb * rb } ?? 0)
        }
        if length < 1e-6 {
            return [V2(1, 0), V2(0, 1)].compactMap { n in
                SoftJoint(a: a, b: b, kind: .linear(n), rA: rA, rB: rB, error: (pA - pB).dot(n), inverseMass: mass(along: n),
                          frequency: frequency, ratio: ratio, h: h)
            }
        }
        let d = pB - pA, l = d.length
        // Coincident points have no direction: part them along x.
        let n = l > 1e-9 ? d / l : V2(1, 0)
        return [SoftJoint(a: a, b: b, kind: .linear(n), rA: rA, rB: rB, error: length - l, inverseMass: mass(along: n),
                          frequency: frequency, ratio: ratio, h: h)].compactMap { $0 }
    }

    private init(a: Int, b: Int?, kind: Kind, rA: V2, rB: V2, mass: Double, bias: Double, gamma: Double) {
        self.a = a; self.b = b; self.kind = kind; self.rA = rA; self.rB = rB
        self.mass = mass; self.bias = bias; self.gamma = gamma
    }

    /// `error` is the constraint's value now (positive: the first body is too far along the
    /// direction); nil when nothing can move.
    private init?(a: Int, b: Int?, kind: Kind, rA: V2, rB: V2, error: Double, inverseMass k: Double,
                  frequency: Double, ratio: Double, h: Double) {
        guard k > 0 else { return nil }
        var gamma = 0.0, bias = correctionRate(h) * error
        if frequency > 0 {
            let m = 1 / k, w = 2 * Double.pi * frequency
            let c = 2 * m * ratio * w, stiffness = m * w * w
            let g = h * (c + h * stiffness)
            gamma = g > 0 ? 1 / g : 0
            bias = error * h * stiffness * gamma
        }
        self.init(a: a, b: b, kind: kind, rA: rA, rB: rB, mass: 1 / (k + gamma), bias: bias, gamma: gamma)
    }

    mutating func solve(_ bodies: [DynamicBody]) {
        guard mass > 0 else { return }
        let A = bodies[a]
        switch kind {
        case .angular:
            let v = A.angularVelocity
            let lambda = -mass * (v + bias + gamma * impulse)
            impulse += lambda
            A.angularVelocity += A.inverseInertia * lambda
        case .linear(let n):
            // The speed at which the first point moves along n relative to the second.
            let vb = b.map { bodies[$0].velocity + cross(bodies[$0].angularVelocity, rB) } ?? V2(0, 0)
            let v = (A.velocity + cross(A.angularVelocity, rA) - vb).dot(n)
            let lambda = -mass * (v + bias + gamma * impulse)
            impulse += lambda
            A.applyImpulse(n * lambda, at: rA)
            if let b { bodies[b].applyImpulse(-(n * lambda), at: rB) }
        }
    }
}

/// A rigid joint corrects this share of its error per second's worth of steps.
private func correctionRate(_ h: Double) -> Double { 0.2 / h }
