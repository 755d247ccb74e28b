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

extension Raster.Path {
    /// Adds `rect` with `radius` at the corners in `corners` and square corners elsewhere: the
    /// shape of a layer's background, border, clip and shadow.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius radius: Double, corners: CACornerMask) {
        func r(_ c: CACornerMask) -> Double { corners.contains(c) ? radius : 0 }
        addRoundedRect(rect, topLeft: r(.layerMinXMinYCorner), topRight: r(.layerMaxXMinYCorner),
                       bottomRight: r(.layerMaxXMaxYCorner), bottomLeft: r(.layerMinXMaxYCorner))
    }
}
