import Foundation

/// A single-keyframe animation from one value to another (`CABasicAnimation`).
///
/// Any of `fromValue`, `toValue` and `byValue` may be set; the missing end comes from the layer's
/// model value, per the table in Apple's header.
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    public override init() { super.init() }
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CABasicAnimation { fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue }
    }
}
