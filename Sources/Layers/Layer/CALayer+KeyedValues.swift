import Foundation

/// Reading and writing presentation values by parsed key path: how animations reach properties.
///
/// One switch over `AnimationKeyPath` per access, no string comparison. Subclasses extend it for
/// their content keys (`strokeEnd`, `colors`, …) by overriding and calling super. Transform field
/// paths (`transform.scale`, `transform.rotation.z`…) read and replace one field of the decomposed
/// matrix, keeping the others (`CATransform3D.value(for:)`, `replacing(_:with:)`).
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
        case .transform(let f): return v.transform.value(for: f)
        case .sublayerTransform(let f): return v.sublayerTransform.value(for: f)
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
        case .transform(let f): presented.transform = presented.transform.replacing(f, with: value)
        case .sublayerTransform(let f): presented.sublayerTransform = presented.sublayerTransform.replacing(f, with: value)
        case .cornerRadius: if let n = num() { presented.cornerRadius = n }
        case .borderWidth: if let n = num() { presented.borderWidth = n }
        case .borderColor: if let c: CGColor = value.other() { presented.borderColor = c }
        case .backgroundColor: if let c: CGColor = value.other() { presented.backgroundColor = c }
        case .shadowOpacity: if let n = value.number { presented.shadowOpacity = Float(n) }
        case .shadowRadius: if let n = num() { presented.shadowRadius = n }
        case .shadowOffset: if let s = value.size { presented.shadowOffset = s }
        case .shadowColor: if let c: CGColor = value.other() { presented.shadowColor = c }
        case .custom(let name): presentedCustomValues[name] = value.plainValue
        default: break
        }
    }
}

extension AnimationValue {
    /// The plain Swift value inside (CGFloat, CGPoint, CGColor, [NSNumber]…), as Apple's untyped
    /// `fromValue`, `values` and `value(forKey:)` hold it.
    public var plainValue: Any {
        switch self {
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
