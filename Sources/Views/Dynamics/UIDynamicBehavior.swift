import Foundation
import Layers

/// A physical behaviour for dynamic items, added to a `UIDynamicAnimator` (UIKit's
/// `UIDynamicBehavior`). Subclass it to group behaviours (`addChildBehavior`) or to run code every
/// step (`action`).
open class UIDynamicBehavior {
    /// The behaviours this one adds to its animator with itself.
    public private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Called on every animation step, after the items have moved.
    open var action: (() -> Void)?
    /// The animator the behaviour (or the behaviour it is a child of) was added to.
    public internal(set) weak var dynamicAnimator: UIDynamicAnimator?
    weak var parent: UIDynamicBehavior?

    /// An empty behaviour: a parent for others, or a subclass with an `action`.
    public init() {}

    /// Children nobody else holds are taken apart here, one at a time, so releasing a deep tree
    /// does not recurse once per level.
    deinit {
        var stack = childBehaviors
        childBehaviors.removeAll()
        while var b = stack.popLast() {
            guard isKnownUniquelyReferenced(&b) else { continue }
            stack.append(contentsOf: b.childBehaviors)
            b.childBehaviors.removeAll()
        }
    }

    /// Adds `behavior` as a child: it acts while this behaviour is in an animator. A behaviour can
    /// have one parent; adding it to a second is reported and ignored, as adding one to itself.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        // A behaviour with no children cannot contain this one; only a subtree needs the walk up.
        guard behavior !== self, behavior.parent == nil, behavior.dynamicAnimator == nil,
              behavior.childBehaviors.isEmpty || !isDescendant(of: behavior) else {
            CAEngine.current.report("UIDynamicBehavior.addChildBehavior: the behavior already has a parent, is in an animator or contains this one; ignored")
            return
        }
        behavior.parent = self
        childBehaviors.append(behavior)
        if let a = dynamicAnimator { a.attach(behavior); a.setNeedsRebuild() }
    }

    /// Removes a child added with `addChildBehavior`.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.parent === self, let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: i)
        behavior.parent = nil
        if let a = dynamicAnimator { a.detach(behavior); a.setNeedsRebuild() }
    }

    /// Called when the behaviour joins an animator (`dynamicAnimator`) or leaves it (nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    private func isDescendant(of other: UIDynamicBehavior) -> Bool {
        var p = parent
        while let b = p { if b === other { return true }; p = b.parent }
        return false
    }

    /// Wakes a paused animator after a change that moves items.
    func changed() { dynamicAnimator?.wake() }
}

/// A behaviour over a list of items that may change: Flipbook's shared base of gravity, collision,
/// push and item behaviours (UIKit declares `items`, `addItem` and `removeItem` on each).
open class UIDynamicItemListBehavior: UIDynamicBehavior {
    /// The items the behaviour acts on.
    public private(set) var items: [UIDynamicItem] = []
    private var members: Set<ObjectIdentifier> = []

    init(items: [UIDynamicItem]) {
        super.init()
        for i in items where members.insert(ObjectIdentifier(i)).inserted { self.items.append(i) }
    }

    /// Adds `item` (once).
    open func addItem(_ item: UIDynamicItem) {
        guard members.insert(ObjectIdentifier(item)).inserted else { return }
        items.append(item)
        dynamicAnimator?.setNeedsRebuild()
    }

    /// Removes `item`.
    open func removeItem(_ item: UIDynamicItem) {
        guard members.remove(ObjectIdentifier(item)) != nil else { return }
        items.removeAll { $0 === item }
        dynamicAnimator?.setNeedsRebuild()
    }

    /// Whether `item` is one of `items`.
    func contains(_ item: UIDynamicItem) -> Bool { members.contains(ObjectIdentifier(item)) }
}

/// Gravity on items: `magnitude` 1 is UIKit gravity, 1000 points/s² (UIKit's `UIGravityBehavior`).
open class UIGravityBehavior: UIDynamicItemListBehavior {
    /// Gravity for `items`, downward at UIKit gravity.
    public override init(items: [UIDynamicItem]) { super.init(items: items) }
    /// Gravity with no items yet.
    public convenience init() { self.init(items: []) }

    /// The acceleration in units of 1000 points/s². Default: (0, 1), down. Non-finite values are
    /// ignored with a report.
    open var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet {
            if !gravityDirection.bothFinite {
                CAEngine.current.report("UIGravityBehavior.gravityDirection must be finite; kept \(oldValue)")
                gravityDirection = oldValue
            }
            changed()
        }
    }
    /// The direction's angle in radians (π/2 is down).
    open var angle: CGFloat {
        get { gravityDirection.polarAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    /// The direction's length: 1 is UIKit gravity. Setting 0 makes the vector zero (and the angle 0).
    open var magnitude: CGFloat {
        get { gravityDirection.polarLength }
        set { setAngle(angle, magnitude: newValue) }
    }
    /// Sets the direction from an angle and a magnitude.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(polarAngle: angle, length: magnitude)
    }
}

/// A force on items, continuous or a single impulse (UIKit's `UIPushBehavior`).
open class UIPushBehavior: UIDynamicItemListBehavior {
    /// Continuous: a force every step. Instantaneous: one impulse, then `active` becomes false.
    public enum Mode: Int, Sendable {
        /// A force applied on every step while active.
        case continuous
        /// One impulse when the behaviour becomes active.
        case instantaneous
    }
    /// How the force is applied.
    public let mode: Mode
    /// Whether the push acts: an instantaneous push sets it false once its impulse is given; set
    /// it true to push again. Default: true.
    open var active = true { didSet { changed() } }
    /// The force: a magnitude of 1 accelerates a 100 × 100-point item of density 1 at 100 points/s²
    /// (continuous), or gives it 100 points/s at once (instantaneous). Default: zero.
    open var pushDirection = CGVector(dx: 0, dy: 0) {
        didSet {
            if !pushDirection.bothFinite {
                CAEngine.current.report("UIPushBehavior.pushDirection must be finite; kept \(oldValue)")
                pushDirection = oldValue
            }
            changed()
        }
    }
    /// The force's angle in radians.
    open var angle: CGFloat {
        get { pushDirection.polarAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    /// The force's size; negative reverses it.
    open var magnitude: CGFloat {
        get { pushDirection.polarLength }
        set { setAngle(angle, magnitude: newValue) }
    }
    private var offsets: [(item: UIDynamicItem, offset: UIOffset)] = []

    /// A push on `items` in `mode`.
    public init(items: [UIDynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// Sets the direction from an angle and a magnitude.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(polarAngle: angle, length: magnitude)
    }

    /// Applies the force to `item` at `offset` from its centre (unrotated), which also turns it.
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        offsets.removeAll { $0.item === item }
        offsets.append((item, offset))
        changed()
    }

    /// Where the force acts on `item`, from its centre. Default: zero.
    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        offsets.first { $0.item === item }?.offset ?? .zero
    }
}

/// A spring that brings an item to a point, turned upright, ending with a damped wobble (UIKit's
/// `UISnapBehavior`).
///
/// Apple gives no numbers for the spring: here it is 2.5 Hz with a damping ratio of
/// 0.1 + 0.9 × `damping`, so the default 0.5 overshoots by about a tenth and settles within
/// about 0.6 s (ours, chosen to look like iOS's snap).
open class UISnapBehavior: UIDynamicBehavior {
    /// The item snapped.
    public let item: UIDynamicItem
    /// Where the item's centre goes, in the reference view's coordinates.
    open var snapPoint: CGPoint {
        didSet {
            if !snapPoint.x.isFinite || !snapPoint.y.isFinite {
                CAEngine.current.report("UISnapBehavior.snapPoint must be finite; kept \(oldValue)")
                snapPoint = oldValue
            }
            changed()
        }
    }
    /// 0 for the most oscillation, 1 for the least. Default: 0.5. Clamped to 0…1.
    open var damping: CGFloat = 0.5 {
        didSet { damping = damping.isNaN ? oldValue : min(1, max(0, damping)); changed() }
    }

    /// A snap of `item` to `point`.
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point.x.isFinite && point.y.isFinite ? point : item.center
        super.init()
    }

    static let frequency = 2.5
    var dampingRatio: Double { 0.1 + 0.9 * Double(damping) }
}

/// A spring or a rigid link between an item and a point or another item (UIKit's
/// `UIAttachmentBehavior`). With `frequency` 0 (the default) the link is rigid: the attached points
/// stay `length` apart.
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What the item is attached to.
    public enum AttachmentType: Int, Sendable {
        /// Another item.
        case items
        /// A point (`anchorPoint`).
        case anchor
    }
    /// The items: one for an anchor, two for items.
    public let items: [UIDynamicItem]
    /// Whether it links two items or an item and a point.
    public let attachedBehaviorType: AttachmentType
    /// The point an anchor attachment holds, in the reference view's coordinates. Move it to drag
    /// the item (a pan's location).
    open var anchorPoint: CGPoint {
        didSet {
            if !anchorPoint.x.isFinite || !anchorPoint.y.isFinite {
                CAEngine.current.report("UIAttachmentBehavior.anchorPoint must be finite; kept \(oldValue)")
                anchorPoint = oldValue
            }
            changed()
        }
    }
    /// The distance kept between the attached points. Default: their distance when made.
    open var length: CGFloat { didSet { length = length.isFinite ? max(0, length) : oldValue; changed() } }
    /// The spring's damping ratio (with `frequency` > 0). Default: 0.
    open var damping: CGFloat = 0 { didSet { damping = damping.isFinite ? max(0, damping) : oldValue; changed() } }
    /// The spring's frequency in hertz; 0 makes the link rigid. Default: 0.
    open var frequency: CGFloat = 0 { didSet { frequency = frequency.isFinite ? max(0, frequency) : oldValue; changed() } }
    let offsets: [UIOffset]

    /// Attaches the centre of `item` to `point`.
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }
    /// Attaches the point `offset` from the centre of `item` (unrotated) to `point`.
    public init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        offsets = [Self.finite(offset)]
        anchorPoint = point.x.isFinite && point.y.isFinite ? point : item.center
        let p = Self.attachedPoint(item, offsets[0])
        length = hypot(p.x - anchorPoint.x, p.y - anchorPoint.y)
        super.init()
    }
    /// Attaches the centres of two items.
    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }
    /// Attaches a point of `item1` to a point of `item2`, each given from its item's centre.
    public init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
                offsetFromCenter offset2: UIOffset) {
        items = [item1, item2]
        attachedBehaviorType = .items
        offsets = [Self.finite(offset1), Self.finite(offset2)]
        anchorPoint = .zero
        let p = Self.attachedPoint(item1, offsets[0]), q = Self.attachedPoint(item2, offsets[1])
        length = hypot(p.x - q.x, p.y - q.y)
        super.init()
    }

    private static func finite(_ o: UIOffset) -> UIOffset {
        o.horizontal.isFinite && o.vertical.isFinite ? o : .zero
    }

    static func attachedPoint(_ item: UIDynamicItem, _ o: UIOffset) -> CGPoint {
        let t = item.transform, a = atan2(Double(t.b), Double(t.a))
        let r = V2(Double(o.horizontal), Double(o.vertical)).rotated(cos: cos(a), sin: sin(a))
        return CGPoint(x: item.center.x + r.x, y: item.center.y + r.y)
    }
}

/// Physical properties of items and their velocities (UIKit's `UIDynamicItemBehavior`). When
/// several of these name one item, the one added last to the animator wins for each property.
open class UIDynamicItemBehavior: UIDynamicItemListBehavior {
    /// Bounciness in collisions, 0 (none) to 1 (fully elastic). Default: 0.
    open var elasticity: CGFloat = 0 { didSet { elasticity = clamp(elasticity, oldValue, 0, 1) } }
    /// Friction where items slide on each other or on boundaries; 0 is none. Default: 0.
    open var friction: CGFloat = 0 { didSet { friction = clamp(friction, oldValue, 0, .greatestFiniteMagnitude) } }
    /// Relative mass per area: a 100 × 100 item of density 1 has mass 1. Default: 1.
    open var density: CGFloat = 1 { didSet { density = clamp(density, oldValue, 0.000_001, .greatestFiniteMagnitude) } }
    /// Linear velocity damping; 0 is none. Default: 0.
    open var resistance: CGFloat = 0 { didSet { resistance = clamp(resistance, oldValue, 0, .greatestFiniteMagnitude) } }
    /// Angular velocity damping; 0 is none. Default: 0.
    open var angularResistance: CGFloat = 0 { didSet { angularResistance = clamp(angularResistance, oldValue, 0, .greatestFiniteMagnitude) } }
    /// Anchored items stay where they are and others collide with them. Default: false.
    open var isAnchored = false { didSet { propertiesChanged() } }
    /// Whether the items may turn. Default: true.
    open var allowsRotation = true { didSet { propertiesChanged() } }
    /// Not modelled: charge acts only in field behaviours, which Flipbook does not have. Default: 0.
    open var charge: CGFloat = 0

    var pendingLinear: [(item: UIDynamicItem, velocity: CGPoint)] = []
    var pendingAngular: [(item: UIDynamicItem, velocity: CGFloat)] = []

    /// Properties for `items`, at UIKit's defaults.
    public override init(items: [UIDynamicItem]) { super.init(items: items) }

    /// Adds `velocity` (points/s, in the reference view's coordinates) to `item`'s, as a flick's
    /// velocity handed over at the end of a pan.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        guard velocity.x.isFinite, velocity.y.isFinite else {
            CAEngine.current.report("UIDynamicItemBehavior.addLinearVelocity: the velocity must be finite; ignored")
            return
        }
        if let body = dynamicAnimator?.body(for: item) { body.velocity += V2(velocity) } else { pendingLinear.append((item, velocity)) }
        changed()
    }
    /// `item`'s velocity in points/s (zero when not in an animator).
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        dynamicAnimator?.body(for: item)?.velocity.point ?? .zero
    }
    /// Adds `velocity` (radians/s) to `item`'s angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        guard velocity.isFinite else {
            CAEngine.current.report("UIDynamicItemBehavior.addAngularVelocity: the velocity must be finite; ignored")
            return
        }
        if let body = dynamicAnimator?.body(for: item) {
            if body.inverseInertia > 0 { body.angularVelocity += Double(velocity) }
        } else { pendingAngular.append((item, velocity)) }
        changed()
    }
    /// `item`'s angular velocity in radians/s.
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        CGFloat(dynamicAnimator?.body(for: item)?.angularVelocity ?? 0)
    }

    /// The animator reads the items' properties again before its next step (not every step).
    private func propertiesChanged() { dynamicAnimator?.setNeedsRebuild() }

    var properties: DynamicItemProperties {
        DynamicItemProperties(elasticity: Double(elasticity), friction: Double(friction), density: Double(density),
                              resistance: Double(resistance), angularResistance: Double(angularResistance),
                              isAnchored: isAnchored, allowsRotation: allowsRotation)
    }

    private func clamp(_ v: CGFloat, _ old: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
        defer { propertiesChanged() }
        guard !v.isNaN else {
            CAEngine.current.report("UIDynamicItemBehavior: a property was set to NaN; kept \(old)")
            return old
        }
        return min(hi, max(lo, v))
    }
}

/// Gravity's and a push's vectors as an angle and a length, as UIKit offers both.
fileprivate extension CGVector {
    var bothFinite: Bool { dx.isFinite && dy.isFinite }
    var polarAngle: CGFloat { atan2(dy, dx) }
    var polarLength: CGFloat { (dx * dx + dy * dy).squareRoot() }
    init(polarAngle angle: CGFloat, length: CGFloat) { self.init(dx: cos(angle) * length, dy: sin(angle) * length) }
}
