import Foundation

// Values as iOS code passes them to animations: `NSValue(cgPoint:)` and friends, read back with
// `cgPointValue`…, and the bridging that lets `value as? CGPoint` take an NSValue (and `point as?
// NSValue` take a point) as Swift does on Apple's platforms.
//
// swift-corelibs-foundation has NSValue with `init(point:)`, `init(size:)`, `init(rect:)` (objCType
// "{CGPoint=dd}", …) but neither UIKit's `cg…` names nor a bridge between NSValue and the geometry
// structs, and its `init(bytes:objCType:)` traps on struct encodings. So transforms are stored as
// arrays of doubles: "[6d]" for CGAffineTransform, "[16d]" for CATransform3D, "[2d]" for CGVector
// (Apple's objCType strings are the struct encodings; nothing in Flipbook reads them).
//
// The `_ObjectiveCBridgeable` conformances are what Swift on Apple's platforms gets from the
// overlays; the Linux runtime honours them in `as?` casts. Should swift-corelibs-foundation ever
// add them, this file stops compiling (a duplicate conformance), not silently changes meaning.

extension NSValue {
    /// A value holding a point (UIKit's name; corelibs' `init(point:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value holding a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A value holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A value holding a vector (stored as "[2d]").
    public convenience init(cgVector vector: CGVector) {
        var v = [Double(vector.dx), Double(vector.dy)]
        self.init(bytes: &v, objCType: NSValue.vectorType)
    }
    /// A value holding an affine transform (stored as "[6d]": a, b, c, d, tx, ty).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var v = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &v, objCType: NSValue.affineType)
    }
    /// A value holding a 3D transform (stored as "[16d]", m11 … m44 row by row).
    public convenience init(caTransform3D t: CATransform3D) {
        var v = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                 t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        self.init(bytes: &v, objCType: NSValue.transform3DType)
    }

    /// The point held; `.zero` when the value holds something else (UIKit reads such a value's bytes
    /// as garbage; Flipbook answers zero).
    public var cgPointValue: CGPoint { holds(NSValue.pointType) ? pointValue : .zero }
    /// The size held, or `.zero`.
    public var cgSizeValue: CGSize { holds(NSValue.sizeType) ? sizeValue : .zero }
    /// The rectangle held, or `.zero`.
    public var cgRectValue: CGRect { holds(NSValue.rectType) ? rectValue : .zero }
    /// The vector held, or `.zero`.
    public var cgVectorValue: CGVector {
        guard let d = doubles(NSValue.vectorType, 2) else { return .zero }
        return CGVector(dx: d[0], dy: d[1])
    }
    /// The affine transform held, or the identity.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let d = doubles(NSValue.affineType, 6) else { return .identity }
        return CGAffineTransform(a: d[0], b: d[1], c: d[2], d: d[3], tx: d[4], ty: d[5])
    }
    /// The 3D transform held, or the identity.
    public var caTransform3DValue: CATransform3D {
        guard let d = doubles(NSValue.transform3DType, 16)?.map({ CGFloat($0) }) else { return .identity }
        return CATransform3D(m11: d[0], m12: d[1], m13: d[2], m14: d[3], m21: d[4], m22: d[5], m23: d[6], m24: d[7],
                             m31: d[8], m32: d[9], m33: d[10], m34: d[11], m41: d[12], m42: d[13], m43: d[14], m44: d[15])
    }

    static let pointType = String(cString: NSValue(point: .zero).objCType)
    static let sizeType = String(cString: NSValue(size: .zero).objCType)
    static let rectType = String(cString: NSValue(rect: .zero).objCType)
    static let vectorType = "[2d]", affineType = "[6d]", transform3DType = "[16d]"

    /// True when the value was made with this objCType.
    func holds(_ type: String) -> Bool { String(cString: objCType) == type }

    /// The `count` doubles of a value of `type`, or nil when it holds another type.
    private func doubles(_ type: String, _ count: Int) -> [Double]? {
        guard holds(type) else { return nil }
        var out = [Double](repeating: 0, count: count)
        out.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return out
    }

    /// What the value holds, in words, for misuse reports ("a size (NSValue)").
    var heldKindDescription: String {
        switch String(cString: objCType) {
        case NSValue.pointType: return "a point (NSValue)"
        case NSValue.sizeType: return "a size (NSValue)"
        case NSValue.rectType: return "a rectangle (NSValue)"
        case NSValue.vectorType: return "a vector (NSValue)"
        case NSValue.affineType: return "an affine transform (NSValue)"
        case NSValue.transform3DType: return "a 3D transform (NSValue)"
        default: return "an NSValue of objCType \(String(cString: objCType))"
        }
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(cgPoint:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }
    /// The value an NSValue holds; zero when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) { result = source.cgPointValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CGPoint` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = source.holds(NSValue.pointType) ? source.cgPointValue : nil
        return result != nil
    }
    /// The value an NSValue holds; zero for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint { source?.cgPointValue ?? .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(cgSize:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }
    /// The value an NSValue holds; zero when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) { result = source.cgSizeValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CGSize` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = source.holds(NSValue.sizeType) ? source.cgSizeValue : nil
        return result != nil
    }
    /// The value an NSValue holds; zero for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize { source?.cgSizeValue ?? .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(cgRect:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }
    /// The value an NSValue holds; zero when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) { result = source.cgRectValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CGRect` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = source.holds(NSValue.rectType) ? source.cgRectValue : nil
        return result != nil
    }
    /// The value an NSValue holds; zero for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect { source?.cgRectValue ?? .zero }
}

extension CGVector: _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(cgVector:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgVector: self) }
    /// The value an NSValue holds; zero when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) { result = source.cgVectorValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CGVector` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) -> Bool {
        result = source.holds(NSValue.vectorType) ? source.cgVectorValue : nil
        return result != nil
    }
    /// The value an NSValue holds; zero for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGVector { source?.cgVectorValue ?? .zero }
}

extension CGAffineTransform: _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(cgAffineTransform:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }
    /// The value an NSValue holds; identity when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) { result = source.cgAffineTransformValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CGAffineTransform` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) -> Bool {
        result = source.holds(NSValue.affineType) ? source.cgAffineTransformValue : nil
        return result != nil
    }
    /// The value an NSValue holds; identity for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGAffineTransform { source?.cgAffineTransformValue ?? .identity }
}

extension CATransform3D: _ObjectiveCBridgeable {
    /// The value boxed as `NSValue(caTransform3D:)`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }
    /// The value an NSValue holds; identity when it holds another type.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) { result = source.caTransform3DValue }
    /// The value an NSValue holds, or false when it holds another type (so `as? CATransform3D` fails).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        result = source.holds(NSValue.transform3DType) ? source.caTransform3DValue : nil
        return result != nil
    }
    /// The value an NSValue holds; identity for nil or another type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D { source?.caTransform3DValue ?? .identity }
}

/// `CGFloat` ↔ `NSNumber`, as on Apple's platforms (Double, Float and the integers already bridge
/// in swift-corelibs-foundation; CGFloat does not): `value(forKey: "cornerRadius") as? NSNumber`
/// and `NSNumber as? CGFloat` work as they do on iOS.
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    /// The number as an NSNumber holding a Double.
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }
    /// The number's double value.
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) { result = CGFloat(source.doubleValue) }
    /// Always succeeds: every NSNumber has a double value (a Bool's is 0 or 1).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }
    /// The number's double value, 0 for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat { CGFloat(source?.doubleValue ?? 0) }
}

/// Darwin's `HUGE` (C's `HUGE_VALF` as Swift imports it there): infinity, the repeat count iOS
/// code gives an animation that never ends (`animation.repeatCount = HUGE`).
public let HUGE: Float = .infinity
