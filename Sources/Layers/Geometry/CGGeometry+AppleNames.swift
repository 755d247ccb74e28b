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
