import Foundation
import Layers

/// Converting between views' coordinate spaces and finding the view under a point.
///
/// Both go through the layer tree's model geometry (bounds, position, anchor point, transform and
/// the superlayer's sublayerTransform), so rotated and scaled views convert and hit-test exactly.
extension UIView {
    /// `point` in this view's coordinates, expressed in `view`'s (nil: the window's, i.e. the root's).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }
    /// `point` in `view`'s coordinates (nil: the window's), expressed in this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }
    /// The bounding box, in `view`'s coordinates, of `rect` given in this view's.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { convert($0, to: view) }
    }
    /// The bounding box, in this view's coordinates, of `rect` given in `view`'s.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { convert($0, from: view) }
    }

    static func boundingBox(of r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        guard !r.isNull else { return r }
        let pts = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                   CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map(map)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
