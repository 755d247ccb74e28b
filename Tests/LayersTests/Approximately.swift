import Foundation
@testable import Layers

// Tolerant comparisons for the Layers tests. Exact values are compared with `==` in the tests themselves;
// these are for results that go through trigonometry or solvers.

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
func close(_ a: CGFloat, _ b: CGFloat, _ eps: Double = 1e-9) -> Bool { abs(Double(a) - Double(b)) <= eps }
func close(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }
func close(_ a: CGAffineTransform, _ b: CGAffineTransform, _ eps: Double = 1e-9) -> Bool {
    close(a.a, b.a, eps) && close(a.b, b.b, eps) && close(a.c, b.c, eps) && close(a.d, b.d, eps)
        && close(a.tx, b.tx, eps) && close(a.ty, b.ty, eps)
}
func close(_ a: CATransform3D, _ b: CATransform3D, _ eps: Double = 1e-9) -> Bool {
    zip(a.rows.flatMap { $0 }, b.rows.flatMap { $0 }).allSatisfy { close($0, $1, eps) }
}
