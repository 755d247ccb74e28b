import Foundation
import Layers

extension CALayer {
    /// The model value of a base layer property (or a shape layer's stroke ends) as an animation
    /// value; nil for keys that blocks do not animate.
    func modelValue(forKey key: String) -> AnimationValue? {
        switch AnimationKeyPath(key) {
        case .position: return .point(position)
        case .bounds: return .rect(bounds)
        case .anchorPoint: return .point(anchorPoint)
        case .zPosition: return .number(Double(zPosition))
        case .opacity: return .number(Double(opacity))
        case .transform(.whole): return .transform(transform)
        case .sublayerTransform(.whole): return .transform(sublayerTransform)
        case .cornerRadius: return .number(Double(cornerRadius))
        case .borderWidth: return .number(Double(borderWidth))
        case .borderColor: return AnimationValue(borderColor ?? .clear)
        case .backgroundColor: return AnimationValue(backgroundColor ?? .clear)
        case .shadowOpacity: return .number(Double(shadowOpacity))
        case .shadowRadius: return .number(Double(shadowRadius))
        case .shadowOffset: return .size(shadowOffset)
        case .shadowColor: return AnimationValue(shadowColor ?? .clear)
        case .strokeEnd: return (self as? CAShapeLayer).map { .number(Double($0.strokeEnd)) }
        case .strokeStart: return (self as? CAShapeLayer).map { .number(Double($0.strokeStart)) }
        default: return nil
        }
    }

    /// Writes a model value read by `modelValue(forKey:)`, without an action (a property animator
    /// putting its views at the start, the end or where they are). Values of another kind are ignored.
    func setModelValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let n = value.number.map { CGFloat($0) }
        switch AnimationKeyPath(key) {
        case .position: if let p = value.point { position = p }
        case .bounds: if let r = value.rect { bounds = r }
        case .anchorPoint: if let p = value.point { anchorPoint = p }
        case .zPosition: if let n { zPosition = n }
        case .opacity: if let n { opacity = Float(n) }
        case .transform(.whole): if let t = value.transform { transform = t }
        case .sublayerTransform(.whole): if let t = value.transform { sublayerTransform = t }
        case .cornerRadius: if let n { cornerRadius = n }
        case .borderWidth: if let n { borderWidth = n }
        case .borderColor: if let c = value.other(as: CGColor.self) { borderColor = c }
        case .backgroundColor: if let c = value.other(as: CGColor.self) { backgroundColor = c }
        case .shadowOpacity: if let n { shadowOpacity = Float(n) }
        case .shadowRadius: if let n { shadowRadius = n }
        case .shadowOffset: if let s = value.size { shadowOffset = s }
        case .shadowColor: if let c = value.other(as: CGColor.self) { shadowColor = c }
        case .strokeEnd: if let n, let s = self as? CAShapeLayer { s.strokeEnd = n }
        case .strokeStart: if let n, let s = self as? CAShapeLayer { s.strokeStart = n }
        default: break
        }
    }
}
