import Foundation

// Small additions the Views module needs from layers, kept apart from the layer's own files.

extension CALayer {
    /// Identity comparison, as `NSObject.isEqual(_:)` on Apple's platforms (a layer is equal only to
    /// itself). Seed 003 writes `layer.isEqual(self.layer)` in `layoutSublayers(of:)`.
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}
