import Foundation

/// Reading and writing presentation values by parsed key path: how animations reach properties.
///
/// One switch over `AnimationKeyPath` per access, no string comparison. Subclasses extend it for
/// their content keys (`strokeEnd`, `colors`, …) by overriding and calling super. Transform field
/// paths (`transform.scale`, `transform.rotation.z`…) read a field of the decomposed matrix and write
/// the matrix that field alone makes, as Core Animation's implicit value functions do.
extension CALayer {
    func basePresentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        let v = presented
        switch key {
        case .position: return .point(v.position)
        case .positionX: return .number(Double(v.position.x))
        case .positionY: return .number(Double(v.position.y))
        case .bounds: return .rect(v.bounds)
        case .boundsOrigin: return .point(v.bounds.origin)
        case .boundsOriginX: return .number(Double(v.bounds.minX))
        case .boundsOriginY: return .number(Double(v.bounds.minY))
        case .boundsSize: return .size(v.bounds.size)
        case .boundsSizeWidth: return .number(Double(v.bounds.width))
        case .boundsSizeHeight: return .number(Double(v.bounds.height))
        case .anchorPoint: return .point(v.anchorPoint)
        case .anchorPointX: return .number(Double(v.anchorPoint.x))
        case .anchorPointY: return .number(Double(v.anchorPoint.y))
        case .zPosition: return .number(Double(v.zPosition))
        case .opacity: return .number(Double(v.opacity))
        case .hidden: return .bool(v.isHidden)
        case .transform(let f): return Self.field(f, of: v.transform)
        case .sublayerTransform(let f): return Self.field(f, of: v.sublayerTransform)
        case .cornerRadius: return .number(Double(v.cornerRadius))
        case .borderWidth: return .number(Double(v.borderWidth))
        case .borderColor: return AnimationValue(v.borderColor ?? .clear)
        case .backgroundColor: return AnimationValue(v.backgroundColor ?? .clear)
        case .shadowOpacity: return .number(Double(v.shadowOpacity))
        case .shadowRadius: return .number(Double(v.shadowRadius))
        case .shadowOffset: return .size(v.shadowOffset)
        case .shadowColor: return AnimationValue(v.shadowColor ?? .clear)
        case .custom(let name): return presentedCustomValues[name].flatMap { AnimationValue($0) }
        default: return nil
        }
    }

    func setBasePresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        func num() -> CGFloat? { value.number.map { CGFloat($0) } }
        switch key {
        case .position: if let p = value.point { presented.position = p }
        case .positionX: if let n = num() { presented.position.x = n }
        case .positionY: if let n = num() { presented.position.y = n }
        case .bounds: if let r = value.rect { presented.bounds = r }
        case .boundsOrigin: if let p = value.point { presented.bounds.origin = p }
        case .boundsOriginX: if let n = num() { presented.bounds.origin.x = n }
        case .boundsOriginY: if let n = num() { presented.bounds.origin.y = n }
        case .boundsSize: if let s = value.size { presented.bounds.size = s }
        case .boundsSizeWidth: if let n = num() { presented.bounds.size.width = n }
        case .boundsSizeHeight: if let n = num() { presented.bounds.size.height = n }
        case .anchorPoint: if let p = value.point { presented.anchorPoint = p }
        case .anchorPointX: if let n = num() { presented.anchorPoint.x = n }
        case .anchorPointY: if let n = num() { presented.anchorPoint.y = n }
        case .zPosition: if let n = num() { presented.zPosition = n }
        case .opacity: if let n = value.number { presented.opacity = Float(n) }
        case .hidden: if let b = value.bool { presented.isHidden = b }
        case .transform(let f): if let t = Self.transform(f, value, base: presented.transform) { presented.transform = t }
        case .sublayerTransform(let f):
            if let t = Self.transform(f, value, base: presented.sublayerTransform) { presented.sublayerTransform = t }
        case .cornerRadius: if let n = num() { presented.cornerRadius = n }
        case .borderWidth: if let n = num() { presented.borderWidth = n }
        case .borderColor: if let c: CGColor = value.other() { presented.borderColor = c }
        case .backgroundColor: if let c: CGColor = value.other() { presented.backgroundColor = c }
        case .shadowOpacity: if let n = value.number { presented.shadowOpacity = Float(n) }
        case .shadowRadius: if let n = num() { presented.shadowRadius = n }
        case .shadowOffset: if let s = value.size { presented.shadowOffset = s }
        case .shadowColor: if let c: CGColor = value.other() { presented.shadowColor = c }
        case .custom(let name): presentedCustomValues[name] = Self.unbox(value)
        default: break
        }
    }

    /// A field of a transform as an animation value.
    static func field(_ f: AnimationKeyPath.TransformField, of t: CATransform3D) -> AnimationValue {
        if f == .whole { return .transform(t) }
        let d = t.decomposed()
        switch f {
        case .whole: return .transform(t)
        case .scale: return .number(d.map { ($0.scale.x + $0.scale.y + $0.scale.z) / 3 } ?? 1)
        case .scaleX: return .number(d?.scale.x ?? 1)
        case .scaleY: return .number(d?.scale.y ?? 1)
        case .scaleZ: return .number(d?.scale.z ?? 1)
        case .rotation, .rotationZ: return .number(Double(atan2(t.m12, t.m11)))
        case .rotationX: return .number(Double(atan2(t.m23, t.m22)))
        case .rotationY: return .number(Double(atan2(-t.m13, t.m33)))
        case .translation: return .size(CGSize(width: t.m41, height: t.m42))
        case .translationX: return .number(Double(t.m41))
        case .translationY: return .number(Double(t.m42))
        case .translationZ: return .number(Double(t.m43))
        }
    }

    /// The transform a field value makes (the whole matrix replaces `base`).
    static func transform(_ f: AnimationKeyPath.TransformField, _ value: AnimationValue, base: CATransform3D) -> CATransform3D? {
        if f == .whole { return value.transform ?? value.affineTransform.map(CATransform3DMakeAffineTransform) }
        if f == .translation { return value.size.map { CATransform3DMakeTranslation($0.width, $0.height, 0) } }
        guard let n = value.number.map({ CGFloat($0) }) else { return nil }
        switch f {
        case .scale: return CATransform3DMakeScale(n, n, n)
        case .scaleX: return CATransform3DMakeScale(n, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, n, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, n)
        case .rotation, .rotationZ: return CATransform3DMakeRotation(n, 0, 0, 1)
        case .rotationX: return CATransform3DMakeRotation(n, 1, 0, 0)
        case .rotationY: return CATransform3DMakeRotation(n, 0, 1, 0)
        case .translationX: return CATransform3DMakeTranslation(n, 0, 0)
        case .translationY: return CATransform3DMakeTranslation(0, n, 0)
        case .translationZ: return CATransform3DMakeTranslation(0, 0, n)
        case .whole, .translation: return nil
        }
    }

    /// The plain Swift value inside an animation value, for `value(forKey:)` on a presentation layer.
    static func unbox(_ v: AnimationValue) -> Any {
        switch v {
        case .number(let n): return CGFloat(n)
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .affineTransform(let t): return t
        case .bool(let b): return b
        case .numbers(let ns): return ns.map { NSNumber(value: $0) }
        case .other(let o): return o.base
        }
    }
}
