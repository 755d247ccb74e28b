import Foundation
import Layers

/// A view that lines up its arranged subviews in a row or a column with constraints, as UIKit's
/// `UIStackView`.
///
/// The stack makes its own constraints (UIStackView+Constraints.swift, named `UISV-…` as UIKit's)
/// in its `updateConstraints()`, made again after any change of the arrangement or its settings;
/// constrain the stack itself (its position, and its size where the arrangement should not decide
/// it). An arranged subview whose `isHidden` becomes true collapses to zero along the axis with
/// the spacing next to it; set inside `UIView.animate` and followed by `layoutIfNeeded()`, it
/// collapses smoothly and is hidden when the animation ends, as on iOS. The stack draws nothing of
/// its own (its background colour still shows, as since iOS 14).
open class UIStackView: UIView {
    /// How the arranged views share the length of the axis (UIKit's raw values).
    public enum Distribution: Int, Sendable {
        /// Sizes from the views' intrinsic sizes; extra length goes to the lowest hugging
        /// priority, missing length comes from the lowest compression resistance.
        case fill = 0
        /// Every visible view the same length.
        case fillEqually = 1
        /// Lengths in proportion to the views' intrinsic lengths (Flipbook shares the length left
        /// after spacing; UIKit shares the whole length and so overflows with spacing).
        case fillProportionally = 2
        /// Views at their intrinsic lengths, equal gaps of at least `spacing` between them.
        case equalSpacing = 3
        /// Views at their intrinsic lengths, centres equally far apart, gaps at least `spacing`.
        case equalCentering = 4
    }

    /// Where the views sit across the axis (UIKit's raw values).
    public enum Alignment: Int, Sendable {
        /// Stretched across the whole stack.
        case fill = 0
        /// At the leading edge (a column) or the top (a row).
        case leading = 1
        /// The first lines of text on one baseline (a row only; a column aligns as `.fill`).
        case firstBaseline = 2
        /// Centred.
        case center = 3
        /// At the trailing edge (a column) or the bottom (a row).
        case trailing = 4
        /// The last lines of text on one baseline (a row only).
        case lastBaseline = 5

        /// `.leading`, UIKit's name for a row.
        public static var top: Alignment { .leading }
        /// `.trailing`, UIKit's name for a row.
        public static var bottom: Alignment { .trailing }
    }

    /// `customSpacing(after:)` for a view without custom spacing: use `spacing`.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// A spacing value meaning UIKit's standard spacing (8 points here).
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    /// The views the stack lines up, in order (each also a subview).
    public private(set) var arrangedSubviews: [UIView] = []
    /// `arrangedSubviews` as a set, so adding and hiding do not search the list.
    private var arranged = Set<ObjectIdentifier>()   // membership only
    /// A row (`.horizontal`) or a column (`.vertical`). Default: `.horizontal`.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsArrangement() } }
    /// Default: `.fill`.
    open var distribution: Distribution = .fill { didSet { setNeedsArrangement() } }
    /// Default: `.fill`.
    open var alignment: Alignment = .fill { didSet { setNeedsArrangement() } }
    /// The gap between neighbours, in points (the least gap for the equal distributions). Default:
    /// 0. Not finite: refused with one reported line.
    open var spacing: CGFloat = 0 {
        didSet {
            if !spacing.isFinite {
                CAEngine.current.report("UIStackView.spacing \(spacing) refused: not finite")
                spacing = oldValue
            }
            setNeedsArrangement()
        }
    }
    /// Whether the views are laid out inside the stack's layout margins rather than its edges.
    /// Default: false.
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsArrangement() } }
    /// Whether baselines are measured from the stack's bounds (kept for UIKit code: the stack
    /// takes its views' baselines either way). Default: false.
    open var isBaselineRelativeArrangement = false

    /// Gaps after particular views, by view.
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]   // looked up only, never iterated
    /// The constraints the stack made, active while it arranges.
    var arrangement: [NSLayoutConstraint] = []
    private var needsArrangement = true

    /// An empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setNeedsArrangement()
    }

    /// A stack of `views`, in order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    /// Archives are not supported; makes an empty stack, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setNeedsArrangement()
    }

    /// Appends `view` to the arrangement (and to the subviews, when it is not one); it is laid
    /// out by constraints from now on (`translatesAutoresizingMaskIntoConstraints = false`).
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts `view` in the arrangement at `stackIndex` (clamped to 0…count); a view already
    /// arranged moves there. - Complexity: O(1) amortized at the end, O(arranged views) elsewhere.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return CAEngine.current.report("insertArrangedSubview refused: a stack view cannot arrange itself") }
        if !arranged.insert(ObjectIdentifier(view)).inserted { arrangedSubviews.removeAll { $0 === view } }
        arrangedSubviews.insert(view, at: max(0, min(stackIndex, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsArrangement()
    }

    /// Takes `view` out of the arrangement; it stays a subview (as UIKit: remove it from the
    /// superview too to make it go). - Complexity: O(arranged views).
    open func removeArrangedSubview(_ view: UIView) {
        guard arranged.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        view.layoutState.deferredHidden = nil
        setNeedsArrangement()
    }

    /// Sets the gap after `arrangedSubview` (replacing `spacing` there); `spacingUseDefault`
    /// removes it.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard spacing.isFinite || spacing == Self.spacingUseDefault else {
            return CAEngine.current.report("setCustomSpacing \(spacing) refused: not finite")
        }
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        setNeedsArrangement()
    }

    /// The gap after `arrangedSubview`, or `spacingUseDefault` when it has none of its own.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// The gap after `view` in the arrangement: its custom spacing, else `spacing` (8 for
    /// `spacingUseSystem`).
    func gap(after view: UIView) -> CGFloat {
        let s = customSpacings[ObjectIdentifier(view)] ?? spacing
        return s == Self.spacingUseSystem ? NSLayoutConstraint.systemSpacing : s
    }

    /// A subview leaving takes its place in the arrangement with it, as in UIKit.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// Makes the stack's constraints again when the arrangement changed, then `super`.
    open override func updateConstraints() {
        if needsArrangement {
            needsArrangement = false
            arrange()
        }
        super.updateConstraints()
    }

    /// The arrangement or a setting changed: the constraints are made again before the next layout.
    func setNeedsArrangement() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    /// An arranged subview's `isHidden` is being set: the stack collapses or restores it. Hiding
    /// inside an animation block keeps the view shown until the block's animations end (its
    /// `isHidden` already answers true), so the collapse is seen. False when `view` is not arranged.
    func arrangedSubview(_ view: UIView, setHidden hidden: Bool) -> Bool {
        guard arranged.contains(ObjectIdentifier(view)) else { return false }
        if view.isHidden != hidden { setNeedsArrangement() }
        if hidden, !view.layer.isHidden, let block = ViewAnimation.current.activeBlock, block.duration > 0, block.animatorRecorder == nil {
            view.layoutState.deferredHidden = true
            let prior = block.completion
            block.completion = { [weak view] finished in
                if let view, view.layoutState.deferredHidden == true {
                    view.layoutState.deferredHidden = nil
                    view.layer.isHidden = true
                }
                prior?(finished)
            }
            return true
        }
        view.layoutState.deferredHidden = nil
        view.layer.isHidden = hidden
        return true
    }
}
