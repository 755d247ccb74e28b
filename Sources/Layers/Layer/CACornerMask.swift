import Foundation
import Raster

/// Which corners of a layer `cornerRadius` rounds (`CALayer.maskedCorners`), with Core Animation's
/// names and bits. In Flipbook's (and UIKit's) coordinates y grows downwards, so MinY is the top:
/// `layerMinXMinYCorner` is the top-left corner.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    /// Core Animation's bits: 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right.
    public let rawValue: UInt
    /// Makes a mask from Core Animation's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner (minimum x, minimum y).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The top-right corner (maximum x, minimum y).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The bottom-left corner (minimum x, maximum y).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The bottom-right corner (maximum x, maximum y).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// All four corners: the default.
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

extension LayerValues {
    /// The bounds with `cornerRadius` at the `maskedCorners` (in the `cornerCurve`'s shape) and square corners elsewhere: the
    /// shape of the background, the clip, the shadow and a gradient layer's fill. `inset` > 0 gives
    /// the border's centre line: the bounds inset by it, the radius shrunk by as much (not below 0).
    public func boundsShape(inset: Double = 0) -> Raster.Path {
        let rect = inset == 0 ? Rect(bounds) : Rect(bounds).insetBy(dx: inset, dy: inset)
        let radius = inset == 0 ? Double(cornerRadius) : Swift.max(0, Double(cornerRadius) - inset)
        func r(_ c: CACornerMask) -> Double { maskedCorners.contains(c) ? radius : 0 }
        var shape = Raster.Path()
        if cornerCurve == .continuous && radius > 0 {
            shape.addContinuousRoundedRect(rect, topLeft: r(.layerMinXMinYCorner), topRight: r(.layerMaxXMinYCorner),
                                           bottomRight: r(.layerMaxXMaxYCorner), bottomLeft: r(.layerMinXMaxYCorner))
        } else {
            shape.addRoundedRect(rect, topLeft: r(.layerMinXMinYCorner), topRight: r(.layerMaxXMinYCorner),
                                 bottomRight: r(.layerMaxXMaxYCorner), bottomLeft: r(.layerMinXMaxYCorner))
        }
        return shape
    }
}
