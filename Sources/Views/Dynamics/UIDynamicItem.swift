import Foundation
import Layers

/// How a dynamic item's outline is seen by collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The bounds' rectangle, turned with the item (the default).
    case rectangle
    /// The ellipse inscribed in the bounds (a circle for a square item).
    case ellipse
    /// `collisionBoundingPath`: a convex polygon about the item's centre.
    case path
}

/// Something UIKit Dynamics can move: a centre, a size, a rotation (UIKit's `UIDynamicItem`).
/// `UIView` and `UICollectionViewLayoutAttributes` are dynamic items; a class of your own may be one.
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` when the item joins
/// it (and on `updateItem(usingCurrentState:)`), then writes `center` and `transform` (a rotation)
/// every frame while it runs.
public protocol UIDynamicItem: AnyObject {
    /// The item's centre in the reference view's coordinates.
    var center: CGPoint { get set }
    /// The item's size (the origin is not read).
    var bounds: CGRect { get }
    /// The item's rotation; the animator writes a pure rotation.
    var transform: CGAffineTransform { get set }
    /// How collisions see the item's outline. Default: `.rectangle`.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The convex outline for `.path`, about the item's centre. Default: the bounds' rectangle.
    var collisionBoundingPath: UIBezierPath { get }
}

public extension UIDynamicItem {
    /// `.rectangle`, UIKit's default.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// The bounds' rectangle about the centre.
    var collisionBoundingPath: UIBezierPath {
        let s = bounds.size
        return UIBezierPath(rect: CGRect(x: -s.width / 2, y: -s.height / 2, width: s.width, height: s.height))
    }
}

// UIView declares `collisionBoundsType` and `collisionBoundingPath` itself (UIView.swift), so a
// subclass overrides them as on iOS.
extension UIView: UIDynamicItem {}

extension UICollectionViewLayoutAttributes: UIDynamicItem {}

/// A distance along each axis (UIKit's `UIOffset`): where a push or an attachment acts on an item,
/// from its centre.
public struct UIOffset: Hashable, Sendable {
    /// Along x, in points.
    public var horizontal: CGFloat
    /// Along y, in points.
    public var vertical: CGFloat
    /// An offset of `horizontal`, `vertical`.
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    /// No offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()
}
