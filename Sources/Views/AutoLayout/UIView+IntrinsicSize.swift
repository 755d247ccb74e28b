import Foundation
import Layers

/// Intrinsic content size, content hugging and compression resistance, and the size a view takes
/// from its constraints (`systemLayoutSizeFitting`), as UIKit's.
extension UIView {
    /// The value of an intrinsic size's component that has none.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size a view's constraints allow: `(0, 0)`, for `systemLayoutSizeFitting(_:)`.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size: `(10_000_000, 10_000_000)`, for `systemLayoutSizeFitting(_:)`.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// Tells Auto Layout that `intrinsicContentSize` changed: it is read again in the next layout
    /// pass. UIKit's controls call it themselves (a label's text, a button's title, an image).
    /// - Complexity: O(1) for a view no constraint names; else O(depth) to tell the tree's engine.
    public func invalidateIntrinsicContentSize() {
        layoutState.intrinsicIsStale = true
        if layoutState.isEngineItem { layoutInputDidChange() }
    }

    /// How much the view resists growing past its intrinsic size on `axis` (`width ≤ intrinsic`
    /// at this priority). Default: 250 (`.defaultLow`); labels and image views 251.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        UILayoutPriority(axis == .horizontal ? layoutState.hugging.0 : layoutState.hugging.1)
    }

    /// Sets the hugging priority on `axis`; a value outside 1…1000 (or NaN) is refused with one
    /// reported line.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard Self.isValid(priority, "setContentHuggingPriority") else { return }
        if axis == .horizontal { layoutState.hugging.0 = priority.rawValue } else { layoutState.hugging.1 = priority.rawValue }
        invalidateIntrinsicContentSize()
    }

    /// How much the view resists shrinking below its intrinsic size on `axis` (`width ≥
    /// intrinsic` at this priority). Default: 750 (`.defaultHigh`).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        UILayoutPriority(axis == .horizontal ? layoutState.compression.0 : layoutState.compression.1)
    }

    /// Sets the compression resistance on `axis`; a value outside 1…1000 is refused with one
    /// reported line.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard Self.isValid(priority, "setContentCompressionResistancePriority") else { return }
        if axis == .horizontal { layoutState.compression.0 = priority.rawValue } else { layoutState.compression.1 = priority.rawValue }
        invalidateIntrinsicContentSize()
    }

    private static func isValid(_ p: UILayoutPriority, _ name: String) -> Bool {
        if p.rawValue >= 1 && p.rawValue <= 1000 { return true }
        CAEngine.current.report("\(name) refused: \(p.rawValue) is not a priority in 1…1000")
        return false
    }

    /// The smallest size (`layoutFittingCompressedSize`) or largest (`layoutFittingExpandedSize`)
    /// — in general the size nearest `targetSize` — that the constraints inside the view allow,
    /// at `.fittingSizeLevel` (50) on both axes.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The view's size from the constraints held in its subtree and the intrinsic sizes there,
    /// with its width pulled to `targetSize.width` at `horizontalFittingPriority` and its height
    /// at `verticalFittingPriority` (`.required` fixes a width and asks for the height, as a
    /// self-sizing cell does). Nothing is laid out or moved. A target that is not finite is
    /// reported and taken as zero.
    /// - Complexity: a solve of the view's subtree from scratch.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                        verticalFittingPriority: UILayoutPriority) -> CGSize {
        var target = targetSize
        if !target.width.isFinite || !target.height.isFinite {
            CAEngine.current.report("systemLayoutSizeFitting: target \(targetSize) is not finite; taken as zero")
            target = CGSize(width: target.width.isFinite ? target.width : 0, height: target.height.isFinite ? target.height : 0)
        }
        func clamp(_ p: UILayoutPriority) -> UILayoutPriority { UILayoutPriority(max(1, min(1000, p.rawValue.isNaN ? 50 : p.rawValue))) }
        let engine = LayoutEngine(fitting: .init(size: target, horizontal: clamp(horizontalFittingPriority),
                                                 vertical: clamp(verticalFittingPriority)))
        return engine.fittingSize(of: self)
    }

    /// Whether the intrinsic size follows the view's width (a label that wraps at its own width):
    /// the engine measures again after giving it a new width.
    var intrinsicSizeDependsOnWidth: Bool { (self as? UILabel)?.wrapsAtOwnWidth ?? false }
}
