import Foundation

/// UIKit's string forms of geometry (`NSCoder.string(for:)`, `NSCoder.cgPoint(for:)`…, and the
/// `NSStringFromCGPoint` family): `"{x, y}"`, `"{{x, y}, {w, h}}"`, `"[a, b, c, d, tx, ty]"`.
///
/// Numbers are written as C's `%.17g` (UIKit writes `{0.10000000000000001, 2}` for (0.1, 2)), so a
/// string read back gives the same bits. Reading follows UIKit: the numbers are taken in order
/// wherever they stand between the braces, missing ones are 0, and text that holds no number gives
/// zero (or the identity transform) — never an error.
extension NSCoder {
    /// `"{x, y}"`.
    public class func string(for point: CGPoint) -> String { "{\(fmt(point.x)), \(fmt(point.y))}" }
    /// `"{width, height}"`.
    public class func string(for size: CGSize) -> String { "{\(fmt(size.width)), \(fmt(size.height))}" }
    /// `"{dx, dy}"`.
    public class func string(for vector: CGVector) -> String { "{\(fmt(vector.dx)), \(fmt(vector.dy))}" }
    /// `"{{x, y}, {width, height}}"`.
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    /// `"[a, b, c, d, tx, ty]"`.
    public class func string(for t: CGAffineTransform) -> String {
        "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(fmt).joined(separator: ", ") + "]"
    }

    /// The point in a string such as `"{1, 2}"`; missing numbers are 0.
    public class func cgPoint(for string: String) -> CGPoint {
        let n = numbers(in: string, count: 2)
        return CGPoint(x: n[0], y: n[1])
    }
    /// The size in a string such as `"{3, 4}"`.
    public class func cgSize(for string: String) -> CGSize {
        let n = numbers(in: string, count: 2)
        return CGSize(width: n[0], height: n[1])
    }
    /// The vector in a string such as `"{3, 4}"`.
    public class func cgVector(for string: String) -> CGVector {
        let n = numbers(in: string, count: 2)
        return CGVector(dx: n[0], dy: n[1])
    }
    /// The rectangle in a string such as `"{{1, 2}, {3, 4}}"`.
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(in: string, count: 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// The transform in a string such as `"[1, 0, 0, 1, 10, 20]"`; the identity when it holds no number.
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let found = scan(string)
        guard !found.isEmpty else { return .identity }
        let n = found + Array(repeating: 0, count: max(0, 6 - found.count))
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    private static func fmt(_ v: CGFloat) -> String { String(format: "%.17g", Double(v)) }

    /// The first `count` numbers of `string`, padded with zeros.
    private static func numbers(in string: String, count: Int) -> [Double] {
        let found = scan(string).prefix(count)
        return Array(found) + Array(repeating: 0, count: count - found.count)
    }

    /// Every number in `string`, in order: runs of digits, signs, points and exponents that
    /// `Double` accepts (`strtod`'s reading, as UIKit's scanner).
    /// - Complexity: O(length of `string`).
    private static func scan(_ string: String) -> [Double] {
        var out: [Double] = []
        var token = ""
        func flush() {
            if !token.isEmpty, let d = Double(token), d.isFinite { out.append(d) }
            token = ""
        }
        for ch in string.unicodeScalars {
            if CharacterSet.decimalDigits.contains(ch) || ch == "." || ch == "-" || ch == "+" || ((ch == "e" || ch == "E") && !token.isEmpty) {
                // A sign only starts a number or follows an exponent mark.
                if (ch == "-" || ch == "+"), let last = token.last, last != "e", last != "E" { flush() }
                token.unicodeScalars.append(ch)
            } else {
                flush()
            }
        }
        flush()
        return out
    }
}

/// UIKit's `NSStringFromCGPoint`: `NSCoder.string(for:)`.
public func NSStringFromCGPoint(_ point: CGPoint) -> String { NSCoder.string(for: point) }
/// UIKit's `NSStringFromCGSize`.
public func NSStringFromCGSize(_ size: CGSize) -> String { NSCoder.string(for: size) }
/// UIKit's `NSStringFromCGRect`.
public func NSStringFromCGRect(_ rect: CGRect) -> String { NSCoder.string(for: rect) }
/// UIKit's `NSStringFromCGAffineTransform`.
public func NSStringFromCGAffineTransform(_ t: CGAffineTransform) -> String { NSCoder.string(for: t) }
/// UIKit's `CGPointFromString`: `NSCoder.cgPoint(for:)`.
public func CGPointFromString(_ string: String) -> CGPoint { NSCoder.cgPoint(for: string) }
/// UIKit's `CGSizeFromString`.
public func CGSizeFromString(_ string: String) -> CGSize { NSCoder.cgSize(for: string) }
/// UIKit's `CGRectFromString`.
public func CGRectFromString(_ string: String) -> CGRect { NSCoder.cgRect(for: string) }
/// UIKit's `CGAffineTransformFromString`.
public func CGAffineTransformFromString(_ string: String) -> CGAffineTransform { NSCoder.cgAffineTransform(for: string) }
