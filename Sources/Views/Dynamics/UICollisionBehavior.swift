import Foundation
import Layers
import Raster

/// Told when items of a collision behaviour start and stop touching each other or a boundary
/// (UIKit's `UICollisionBehaviorDelegate`; every method is optional).
public protocol UICollisionBehaviorDelegate: AnyObject {
    /// Two items began to touch at `p` (reference view coordinates).
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    /// An item began to touch a boundary: `identifier` is the boundary's, nil for the reference bounds.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?)
}

public extension UICollisionBehaviorDelegate {
    /// Nothing.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint) {}
    /// Nothing.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {}
    /// Nothing.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {}
    /// Nothing.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?) {}
}

/// Items that collide with each other and with boundaries (UIKit's `UICollisionBehavior`). Items
/// collide only with items of the same collision behaviour.
open class UICollisionBehavior: UIDynamicItemListBehavior {
    /// What the items collide with.
    public struct Mode: OptionSet, Sendable {
        /// The behaviour's bit set.
        public let rawValue: UInt
        /// A mode of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// With each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// With the boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both.
        public static let everything = Mode(rawValue: UInt.max)
    }

    /// Default: `.everything`.
    open var collisionMode: Mode = .everything { didSet { changed() } }
    /// Whether the reference view's bounds (inset by `referenceInsets`) are a boundary the items
    /// stay inside. Default: false.
    open var translatesReferenceBoundsIntoBoundary = false {
        didSet { if !translatesReferenceBoundsIntoBoundary { referenceInsets = .zero }; changed() }
    }
    /// The delegate told of contacts.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?
    var referenceInsets = UIEdgeInsets.zero

    struct Boundary {
        var identifier: NSCopying
        var key: AnyHashable
        var path: UIBezierPath
        var segments: [[V2]]
    }
    private(set) var boundaries: [Boundary] = []
    /// The pairs touching after the last step, to tell the delegate of changes.
    var touching: [(key: ContactKey, point: CGPoint)] = []

    /// Collisions among `items` (and with the boundaries, once added).
    public override init(items: [UIDynamicItem]) { super.init(items: items) }

    /// Makes the reference view's bounds, inset by `insets`, a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        translatesReferenceBoundsIntoBoundary = true
        referenceInsets = insets
    }

    /// Adds (or replaces) a boundary along `bezierPath`'s outline, in the reference view's
    /// coordinates; items are kept out of its edges from either side.
    open func addBoundary(withIdentifier identifier: NSCopying, for bezierPath: UIBezierPath) {
        let key = Self.key(identifier)
        let polygons = bezierPath.cgPath.path.flattened(transform: .identity, tolerance: 0.5)
        var segments: [[V2]] = []
        var start = 0
        for end in polygons.contourEnds {
            let pts = polygons.points[start..<end].map { V2($0.x, $0.y) }
            start = end
            guard pts.count >= 2 else { continue }
            // A contour of two points is the segment itself; a longer one is closed.
            let edges = pts.count == 2 ? 1 : pts.count
            for i in 0..<edges where pts[i] != pts[(i + 1) % pts.count] { segments.append([pts[i], pts[(i + 1) % pts.count]]) }
        }
        if segments.isEmpty {
            CAEngine.current.report("UICollisionBehavior.addBoundary: the path has no edge; no boundary added")
            return
        }
        boundaries.removeAll { $0.key == key }
        boundaries.append(Boundary(identifier: identifier, key: key, path: bezierPath, segments: segments))
        changed()
    }

    /// Adds (or replaces) a boundary on the segment from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
        guard [p1.x, p1.y, p2.x, p2.y].allSatisfy(\.isFinite) else {
            CAEngine.current.report("UICollisionBehavior.addBoundary: the points must be finite; no boundary added")
            return
        }
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of the boundary `identifier`, or nil.
    open func boundary(withIdentifier identifier: NSCopying) -> UIBezierPath? {
        let key = Self.key(identifier)
        return boundaries.first { $0.key == key }?.path
    }

    /// Removes the boundary `identifier`.
    open func removeBoundary(withIdentifier identifier: NSCopying) {
        let key = Self.key(identifier)
        boundaries.removeAll { $0.key == key }
        changed()
    }

    /// The identifiers of the boundaries added, oldest first (nil when there are none, as UIKit).
    open var boundaryIdentifiers: [NSCopying]? { boundaries.isEmpty ? nil : boundaries.map(\.identifier) }

    /// Removes every boundary added (the reference bounds stay as set).
    open func removeAllBoundaries() {
        boundaries.removeAll()
        changed()
    }

    /// Identifiers compare as UIKit's do, by `isEqual` (strings by value).
    static func key(_ identifier: NSCopying) -> AnyHashable {
        if let o = identifier as? NSObject { return AnyHashable(o) }
        return AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    /// What touches what: two bodies, or a body and a boundary (nil for the reference bounds).
    struct ContactKey: Hashable {
        var a: ObjectIdentifier
        var b: ObjectIdentifier?
        var boundary: AnyHashable?
    }

    /// Tells the delegate which contacts began and ended in the last step (`now` in the order the
    /// contacts were found, one per key).
    func report(_ now: [(key: ContactKey, point: CGPoint)], items: [ObjectIdentifier: UIDynamicItem]) {
        let before = touching
        touching = now
        guard let d = collisionDelegate else { return }
        func identifier(_ key: AnyHashable?) -> NSCopying? {
            guard let key else { return nil }
            return boundaries.first { $0.key == key }?.identifier ?? (key.base as? NSCopying)
        }
        let nowKeys = Set(now.map(\.key)), beforeKeys = Set(before.map(\.key))
        for (k, _) in before where !nowKeys.contains(k) {
            guard let a = items[k.a] else { continue }
            if let bk = k.b {
                if let b = items[bk] { d.collisionBehavior(self, endedContactFor: a, with: b) }
            } else {
                d.collisionBehavior(self, endedContactFor: a, withBoundaryIdentifier: identifier(k.boundary))
            }
        }
        for (k, p) in now where !beforeKeys.contains(k) {
            guard let a = items[k.a] else { continue }
            if let bk = k.b {
                if let b = items[bk] { d.collisionBehavior(self, beganContactFor: a, with: b, at: p) }
            } else {
                d.collisionBehavior(self, beganContactFor: a, withBoundaryIdentifier: identifier(k.boundary), at: p)
            }
        }
    }
}
