import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct InterpolatableTests {
    @Test func scalarsPointsSizesRects() {
        #expect(2.0.interpolated(to: 6, fraction: 0.25) == 3)
        #expect(Float(2).interpolated(to: 6, fraction: 0.5) == 4)
        #expect(CGFloat(10).interpolated(to: 20, fraction: 1.5) == 25)
        #expect(CGPoint(x: 0, y: 10).interpolated(to: CGPoint(x: 10, y: 0), fraction: 0.5) == CGPoint(x: 5, y: 5))
        #expect(CGSize(width: 1, height: 2).adding(CGSize(width: 3, height: 4)) == CGSize(width: 4, height: 6))
        let r = CGRect(x: 0, y: 0, width: 10, height: 10).interpolated(to: CGRect(x: 10, y: 20, width: 30, height: 40), fraction: 0.5)
        #expect(r == CGRect(x: 5, y: 10, width: 20, height: 25))
        #expect(CGPoint(x: 0, y: 0).interpolationDistance(to: CGPoint(x: 3, y: 4)) == 5)
        #expect(CGRect(x: 0, y: 0, width: 0, height: 0).interpolationDistance(to: CGRect(x: 1, y: 1, width: 1, height: 1)) == 2)
        #expect(CGPoint(x: 1, y: 2).scaled(by: 3) == CGPoint(x: 3, y: 6))
        #expect(CGPoint(x: 5, y: 5).subtracting(CGPoint(x: 1, y: 2)) == CGPoint(x: 4, y: 3))
    }

    @Test func transformsAddByPrepending() {
        let from = CATransform3DMakeTranslation(10, 0, 0)
        let by = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // from + by rotates in the layer's own space first, then translates: (1, 0) → (0, 1) → (10, 1).
        let sum = from.adding(by)
        let p = sum.project(CGPoint(x: 1, y: 0))!
        #expect(isNear(p, CGPoint(x: 10, y: 1)))
        #expect(isNear(sum.subtracting(by), from, 1e-12))
        #expect(CATransform3D.additiveIdentity == .identity)
        // Default scaling goes through the decomposition: half of a 90° turn is 45°.
        #expect(isNear(by.scaled(by: 0.5), CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12))
        let a = CGAffineTransform(translationX: 10, y: 0)
        #expect(isNear(a.adding(CGAffineTransform(scaleX: 2, y: 2)).subtracting(CGAffineTransform(scaleX: 2, y: 2)), a))
    }

    @Test func boolsAndArrays() {
        #expect(false.interpolated(to: true, fraction: 0.49) == false)
        #expect(false.interpolated(to: true, fraction: 0.5) == true)
        #expect([0.0, 1].interpolated(to: [1, 3], fraction: 0.5) == [0.5, 2])
        #expect([0.0].interpolated(to: [1, 3], fraction: 0.4) == [0])
        #expect([1.0].adding([1, 2]) == [2, 2])
        #expect([0.0, 0].interpolationDistance(to: [3, 4]) == 5)
        #expect([0.0].interpolationDistance(to: [3, 4]) == nil)
    }
}

@Suite(.isolatedEngine) struct AnimationValueTests {
    struct Gray: Interpolatable, Equatable, Sendable {
        var white: Double
        func interpolated(to o: Gray, fraction: Double) -> Gray { Gray(white: white + (o.white - white) * fraction) }
        static var additiveIdentity: Gray { Gray(white: 0) }
        func adding(_ o: Gray) -> Gray { Gray(white: white + o.white) }
        func subtracting(_ o: Gray) -> Gray { Gray(white: white - o.white) }
    }

    @Test func boxingApplesAnyValues() {
        #expect(AnimationValue(CGFloat(2)) == .number(2))
        #expect(AnimationValue(Float(0.5)) == .number(0.5))
        #expect(AnimationValue(3) == .number(3))
        #expect(AnimationValue(NSNumber(value: 1.5)) == .number(1.5))
        #expect(AnimationValue(true) == .bool(true))
        #expect(AnimationValue(1) == .number(1) && AnimationValue(0.0) == .number(0))
        #expect(AnimationValue(CGPoint(x: 1, y: 2)) == .point(CGPoint(x: 1, y: 2)))
        #expect(AnimationValue([CGFloat(0), 1]) == .numbers([0, 1]))
        #expect(AnimationValue(CATransform3DIdentity) == .transform(.identity))
        #expect(AnimationValue("not a value") == nil)
        let g = AnimationValue(Gray(white: 0.25))
        #expect(g?.other(as: Gray.self) == Gray(white: 0.25))
    }

    @Test func interpolationAndMismatches() {
        #expect(AnimationValue.number(1).interpolated(to: .number(3), fraction: 0.5) == .number(2))
        let a = AnimationValue.other(AnyInterpolatable(Gray(white: 0)))
        let b = AnimationValue.other(AnyInterpolatable(Gray(white: 1)))
        #expect(a.interpolated(to: b, fraction: 0.25).other(as: Gray.self) == Gray(white: 0.25))
        #expect(a.adding(b).other(as: Gray.self) == Gray(white: 1))
        // Different kinds switch at 0.5 and do not add.
        #expect(AnimationValue.number(1).interpolated(to: .point(.zero), fraction: 0.4) == .number(1))
        #expect(AnimationValue.number(1).interpolated(to: .point(.zero), fraction: 0.5) == .point(.zero))
        #expect(AnimationValue.point(CGPoint(x: 1, y: 1)).adding(.size(.zero)) == .point(CGPoint(x: 1, y: 1)))
        // The generic zero adds to any kind.
        #expect(AnimationValue.additiveIdentity.adding(.point(CGPoint(x: 2, y: 3))) == .point(CGPoint(x: 2, y: 3)))
        #expect(AnimationValue.point(CGPoint(x: 1, y: 1)).zeroOfSameKind == .point(.zero))
        #expect(a.interpolated(to: .other(AnyInterpolatable(2.0)), fraction: 0.6) == .other(AnyInterpolatable(2.0)))
    }
}

@Suite(.isolatedEngine) struct AnimationKeyPathTests {
    @Test func parsesApplesStrings() {
        #expect(AnimationKeyPath("position.x") == .positionX)
        #expect(AnimationKeyPath("bounds.size.width") == .boundsSizeWidth)
        #expect(AnimationKeyPath("transform.scale") == .transform(.scale))
        #expect(AnimationKeyPath("transform.rotation.z") == .transform(.rotationZ))
        #expect(AnimationKeyPath("transform") == .transform(.whole))
        #expect(AnimationKeyPath("sublayerTransform.translation.x") == .sublayerTransform(.translationX))
        #expect(AnimationKeyPath("isHidden") == .hidden)
        #expect(AnimationKeyPath("strokeEnd") == .strokeEnd)
        #expect(AnimationKeyPath("progress") == .custom("progress"))
        #expect(AnimationKeyPath("") == .custom(""))
        #expect(AnimationKeyPath("transform.bogus") == .custom("transform.bogus"))
        let literal: AnimationKeyPath = "opacity"
        #expect(literal == .opacity)
    }

    @Test func roundTrips() {
        let all = AnimationKeyPath.allNamed
        #expect(all.count == 62 + 2 * 13)  // 42 before CAReplicatorLayer's seven, the contents and backdrop keys and CAEmitterLayer's nine
        #expect(Set(all).count == all.count)
        for k in all {
            #expect(AnimationKeyPath(k.description) == k, "\(k)")
            #expect(!k.description.isEmpty)
        }
        for s in ["position", "transform.scale.x", "sublayerTransform", "fontSize", "colors", "my.custom.path"] {
            #expect(AnimationKeyPath(s).description == s)
        }
        #expect(AnimationKeyPath("isHidden").description == "hidden")
    }

    @Test func propertiesAndKinds() {
        #expect(AnimationKeyPath.positionY.property == .position)
        #expect(AnimationKeyPath.transform(.scaleX).property == .transform(.whole))
        #expect(AnimationKeyPath.custom("progress.inner").property == .custom("progress"))
        #expect(AnimationKeyPath.transform(.scale).valueKind == .number)
        #expect(AnimationKeyPath.transform(.translation).valueKind == .size)
        #expect(AnimationKeyPath.transform(.whole).valueKind == .transform)
        #expect(AnimationKeyPath.position.valueKind == .point)
        #expect(AnimationKeyPath.shadowOffset.valueKind == .size)
        #expect(AnimationKeyPath.colors.valueKind == .colors)
        #expect(AnimationKeyPath.hidden.valueKind == .bool)
    }
}

@Suite(.isolatedEngine) struct AnimationKeyPathComponentTests {
    @Test func readsAndWritesSubValues() {
        let position = AnimationValue.point(CGPoint(x: 3, y: 4))
        #expect(AnimationKeyPath.positionX.component(of: position) == .number(3))
        #expect(AnimationKeyPath.positionY.replacingComponent(in: position, with: .number(9)) == .point(CGPoint(x: 3, y: 9)))
        let bounds = AnimationValue.rect(CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(AnimationKeyPath.boundsSizeWidth.component(of: bounds) == .number(30))
        #expect(AnimationKeyPath.boundsSize.replacingComponent(in: bounds, with: .size(CGSize(width: 5, height: 6)))
                == .rect(CGRect(x: 1, y: 2, width: 5, height: 6)))
        #expect(AnimationKeyPath.boundsOrigin.component(of: bounds) == .point(CGPoint(x: 1, y: 2)))
        let transform = AnimationValue.transform(CATransform3DMakeScale(2, 2, 2))
        #expect(AnimationKeyPath.transform(.scale).component(of: transform) == .number(2))
        #expect(AnimationKeyPath.transform(.scaleX).replacingComponent(in: transform, with: .number(3))
                == .transform(CATransform3DMakeScale(3, 2, 2)))
        // Whole-property keys read and write the whole value.
        #expect(AnimationKeyPath.opacity.component(of: .number(0.5)) == .number(0.5))
        #expect(AnimationKeyPath.opacity.replacingComponent(in: .number(0.5), with: .number(1)) == .number(1))
        #expect(AnimationKeyPath.transform(.whole).replacingComponent(in: transform, with: .transform(.identity)) == .transform(.identity))
    }

    @Test func mismatchedKindsHaveNoEffect() {
        #expect(AnimationKeyPath.positionX.component(of: .number(1)) == nil)
        #expect(AnimationKeyPath.positionX.replacingComponent(in: .number(1), with: .number(2)) == .number(1))
        #expect(AnimationKeyPath.positionX.replacingComponent(in: .point(.zero), with: .size(.zero)) == .point(.zero))
        #expect(AnimationKeyPath.transform(.scale).component(of: .number(1)) == nil)
    }
}
