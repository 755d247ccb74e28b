import Foundation
import Layers

// Tolerant comparisons for the tests of every target. Exact values are compared with `==` in the tests themselves;
// these are for results that go through trigonometry or solvers.

public func isNear(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
public func isNear(_ a: CGFloat, _ b: CGFloat, _ eps: Double = 1e-9) -> Bool { abs(Double(a) - Double(b)) <= eps }
public func isNear(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool { isNear(a.x, b.x, eps) && isNear(a.y, b.y, eps) }
public func isNear(_ a: CGAffineTransform, _ b: CGAffineTransform, _ eps: Double = 1e-9) -> Bool {
    isNear(a.a, b.a, eps) && isNear(a.b, b.b, eps) && isNear(a.c, b.c, eps) && isNear(a.d, b.d, eps)
        && isNear(a.tx, b.tx, eps) && isNear(a.ty, b.ty, eps)
}
public func isNear(_ a: CATransform3D, _ b: CATransform3D, _ eps: Double = 1e-9) -> Bool {
    zip(a.rows.flatMap { $0 }, b.rows.flatMap { $0 }).allSatisfy { isNear($0, $1, eps) }
}
