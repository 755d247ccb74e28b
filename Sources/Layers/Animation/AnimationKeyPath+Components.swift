import Foundation

/// Reading and writing the part of a property's value that a sub-key path addresses
/// (`"position.x"` inside `position`, `"bounds.size.width"` inside `bounds`, `"transform.scale"` inside
/// `transform`), so the engine evaluates `CABasicAnimation(keyPath: "position.x")` against the model's
/// `position` with typed values only.
///
/// A key path that addresses its whole property reads and writes the whole value. A property value of
/// the wrong kind (a `.number` where `position` should be a point) reads as nil and is returned unchanged
/// by writes, so a mis-typed animation has no effect instead of trapping.
extension AnimationKeyPath {
    /// The addressed part of `propertyValue` (the value of `property`), or nil when the kinds do not match.
    public func component(of propertyValue: AnimationValue) -> AnimationValue? {
        switch (self, propertyValue) {
        case let (.positionX, .point(p)), let (.anchorPointX, .point(p)): return .number(Double(p.x))
        case let (.positionY, .point(p)), let (.anchorPointY, .point(p)): return .number(Double(p.y))
        case let (.boundsOrigin, .rect(r)): return .point(r.origin)
        case let (.boundsOriginX, .rect(r)): return .number(Double(r.origin.x))
        case let (.boundsOriginY, .rect(r)): return .number(Double(r.origin.y))
        case let (.boundsSize, .rect(r)): return .size(r.size)
        case let (.boundsSizeWidth, .rect(r)): return .number(Double(r.size.width))
        case let (.boundsSizeHeight, .rect(r)): return .number(Double(r.size.height))
        case let (.transform(f), .transform(m)), let (.sublayerTransform(f), .transform(m)): return m.value(for: f)
        case (.positionX, _), (.positionY, _), (.anchorPointX, _), (.anchorPointY, _), (.boundsOrigin, _),
             (.boundsOriginX, _), (.boundsOriginY, _), (.boundsSize, _), (.boundsSizeWidth, _), (.boundsSizeHeight, _):
            return nil
        case (.transform(let f), _), (.sublayerTransform(let f), _):
            return f == .whole ? propertyValue : nil
        default:
            return propertyValue
        }
    }

    /// `propertyValue` with the addressed part replaced by `value`; unchanged when the kinds do not match.
    public func replacingComponent(in propertyValue: AnimationValue, with value: AnimationValue) -> AnimationValue {
        func number() -> CGFloat? { value.number.map { CGFloat($0) } }
        switch (self, propertyValue) {
        case (.positionX, .point(var p)), (.anchorPointX, .point(var p)):
            guard let v = number() else { return propertyValue }
            p.x = v
            return .point(p)
        case (.positionY, .point(var p)), (.anchorPointY, .point(var p)):
            guard let v = number() else { return propertyValue }
            p.y = v
            return .point(p)
        case (.boundsOrigin, .rect(var r)):
            guard let v = value.point else { return propertyValue }
            r.origin = v
            return .rect(r)
        case (.boundsOriginX, .rect(var r)):
            guard let v = number() else { return propertyValue }
            r.origin.x = v
            return .rect(r)
        case (.boundsOriginY, .rect(var r)):
            guard let v = number() else { return propertyValue }
            r.origin.y = v
            return .rect(r)
        case (.boundsSize, .rect(var r)):
            guard let v = value.size else { return propertyValue }
            r.size = v
            return .rect(r)
        case (.boundsSizeWidth, .rect(var r)):
            guard let v = number() else { return propertyValue }
            r.size.width = v
            return .rect(r)
        case (.boundsSizeHeight, .rect(var r)):
            guard let v = number() else { return propertyValue }
            r.size.height = v
            return .rect(r)
        case let (.transform(f), .transform(m)), let (.sublayerTransform(f), .transform(m)):
            return .transform(m.replacing(f, with: value))
        case (.positionX, _), (.positionY, _), (.anchorPointX, _), (.anchorPointY, _), (.boundsOrigin, _),
             (.boundsOriginX, _), (.boundsOriginY, _), (.boundsSize, _), (.boundsSizeWidth, _), (.boundsSizeHeight, _):
            return propertyValue
        case (.transform(let f), _), (.sublayerTransform(let f), _):
            return f == .whole ? value : propertyValue
        default:
            return value
        }
    }
}

extension AnimationKeyPath {
    /// Where the part a sub-path addresses sits inside its property's bytes, for the animate phase's
    /// direct writes (`DirectField`): `position.x` is the `x` of a `CGPoint`. Nil for whole
    /// properties and for parts that are not a scalar or a point (`bounds.size`, transform fields).
    var directPart: (offset: Int, storage: DirectField.Storage)? {
        func at(_ path: PartialKeyPath<CGPoint>) -> (Int, DirectField.Storage)? { MemoryLayout<CGPoint>.offset(of: path).map { ($0, .float64) } }
        func at(_ path: PartialKeyPath<CGRect>, _ storage: DirectField.Storage) -> (Int, DirectField.Storage)? {
            MemoryLayout<CGRect>.offset(of: path).map { ($0, storage) }
        }
        switch self {
        case .positionX, .anchorPointX: return at(\CGPoint.x)
        case .positionY, .anchorPointY: return at(\CGPoint.y)
        case .boundsOrigin: return at(\CGRect.origin, .point)
        case .boundsOriginX: return at(\CGRect.origin.x, .float64)
        case .boundsOriginY: return at(\CGRect.origin.y, .float64)
        case .boundsSizeWidth: return at(\CGRect.size.width, .float64)
        case .boundsSizeHeight: return at(\CGRect.size.height, .float64)
        default: return nil
        }
    }
}
