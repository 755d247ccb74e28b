import Foundation

// Core Graphics and Core Foundation spellings that swift-corelibs-foundation lacks on Linux, so
// Apple-platform code (seed 003: `rect.equalTo(.zero)`, `kCFBooleanTrue`) ports unchanged.

extension CGRect {
    /// True when both rectangles have the same origin and size (Core Graphics' `CGRectEqualToRect`).
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

extension CGPoint {
    /// Core Graphics' name for `==`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Core Graphics' name for `==`.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

/// Core Foundation's true, as a Swift Bool (CATransaction's values take it).
public let kCFBooleanTrue: Bool = true
/// Core Foundation's false.
public let kCFBooleanFalse: Bool = false

/// A two-dimensional vector (Core Graphics' `CGVector`, missing from Foundation on Linux): spring
/// velocities and physics use it.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector of these components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector of these components.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector of these components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// The zero vector.
    public static let zero = CGVector()
    /// `(dx, dy)`, for logs.
    public var description: String { "(\(dx), \(dy))" }
}
