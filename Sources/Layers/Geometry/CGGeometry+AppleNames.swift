import Foundation

// Core Graphics and Core Foundation spellings that swift-corelibs-foundation lacks on Linux, so
// Apple-platform code (seed 003: `rect.equalTo(.zero)`, `kCFBooleanTrue`) ports unchanged.

extension CGRect {
    /// True when both rectangles have the same origin and size (Core Graphics' `CGRectEqualToRect`).
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

extension CGPoint {
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

/// Core Foundation's true, as a Swift Bool (CATransaction's values take it).
public let kCFBooleanTrue: Bool = true
/// Core Foundation's false.
public let kCFBooleanFalse: Bool = false

/// A two-dimensional vector (Core Graphics' `CGVector`, missing from Foundation on Linux): spring
/// velocities and physics use it.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { dx = 0; dy = 0 }
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public static let zero = CGVector()
    public var description: String { "(\(dx), \(dy))" }
}
