import Foundation

/// The common basic animation — both ends given, not additive or cumulative, on a scalar or point
/// property — evaluated without boxed values: the ends are read once and a typed setter writes
/// straight into the presentation values. Everything else takes the general path
/// (`BasicAnimationValues<AnimationValue>`). Both give the same numbers; this one avoids the enum
/// copies and reference counting that dominate evaluating thousands of layers.
enum BasicFastPath {
    case scalar(from: Double, to: Double, set: (CALayer, Double) -> Void)
    case point(from: CGPoint, to: CGPoint, set: (CALayer, CGPoint) -> Void)

    /// The fast form of `animation` on `key`, or nil when only the general path fits.
    static func make(_ a: CABasicAnimation, key: AnimationKeyPath) -> BasicFastPath? {
        guard !a.isAdditive, !a.isCumulative, a.byValue == nil, type(of: a) == CABasicAnimation.self,
              let from = a.fromValue.flatMap(AnimationValue.boxing), let to = a.toValue.flatMap(AnimationValue.boxing) else { return nil }
        switch (from, to) {
        case let (.number(f), .number(t)):
            return scalarSetter(key).map { .scalar(from: f, to: t, set: $0) }
        case let (.point(f), .point(t)):
            return pointSetter(key).map { .point(from: f, to: t, set: $0) }
        default:
            return nil
        }
    }

    static func scalarSetter(_ key: AnimationKeyPath) -> ((CALayer, Double) -> Void)? {
        switch key {
        case .opacity: return { $0.presented.opacity = Float($1) }
        case .positionX: return { $0.presented.position.x = CGFloat($1) }
        case .positionY: return { $0.presented.position.y = CGFloat($1) }
        case .zPosition: return { $0.presented.zPosition = CGFloat($1) }
        case .cornerRadius: return { $0.presented.cornerRadius = CGFloat($1) }
        case .borderWidth: return { $0.presented.borderWidth = CGFloat($1) }
        case .shadowOpacity: return { $0.presented.shadowOpacity = Float($1) }
        case .shadowRadius: return { $0.presented.shadowRadius = CGFloat($1) }
        case .boundsSizeWidth: return { $0.presented.bounds.size.width = CGFloat($1) }
        case .boundsSizeHeight: return { $0.presented.bounds.size.height = CGFloat($1) }
        case .strokeStart: return { ($0 as? CAShapeLayer)?.presentedShape.strokeStart = CGFloat($1) }
        case .strokeEnd: return { ($0 as? CAShapeLayer)?.presentedShape.strokeEnd = CGFloat($1) }
        case .lineWidth: return { ($0 as? CAShapeLayer)?.presentedShape.lineWidth = CGFloat($1) }
        default: return nil
        }
    }

    static func pointSetter(_ key: AnimationKeyPath) -> ((CALayer, CGPoint) -> Void)? {
        switch key {
        case .position: return { $0.presented.position = $1 }
        case .anchorPoint: return { $0.presented.anchorPoint = $1 }
        case .boundsOrigin: return { $0.presented.bounds.origin = $1 }
        default: return nil
        }
    }

    /// Writes the value at eased fraction `f` (values outside 0…1 extrapolate, as overshooting curves need).
    @inline(__always) func apply(to layer: CALayer, fraction f: Double) {
        switch self {
        case let .scalar(from, to, set): set(layer, from + (to - from) * f)
        case let .point(from, to, set):
            let t = CGFloat(f)
            set(layer, CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
    }
}
