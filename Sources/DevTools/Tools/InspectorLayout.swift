import Flipbook

/// Where the inspector's panel and its sections are, in window points: the right side of the
/// window, above the strip kept for the time-travel timeline.
struct InspectorLayout {
    static let textSize = 10.0
    static let rowHeight: CGFloat = 13
    static let valueRowHeight: CGFloat = 12
    static let animationRowHeight: CGFloat = 28
    static let curveSide: CGFloat = 104
    static let maxConstraintRows = 8

    var panel = CGRect.zero
    var header = CGPoint.zero
    var treeRows: [CGRect] = []
    var title = CGPoint.zero
    var values = CGRect.zero
    var curve = CGRect.zero
    var animationRows: [CGRect] = []
    /// The selected view's constraints: a title line, then one row each (at most 8).
    var constraintsTitle: CGRect?
    var constraintRows: [CGRect] = []

    init() {}

    /// - Parameters:
    ///   - valueRows: rows the values table needs; animations: the selected layer's animations;
    ///     constraints: the selected view's constraints (nil: it takes no part in Auto Layout).
    init(size: CGSize, valueRows: Int = 12, animations: Int, constraints: Int? = nil) {
        let margin: CGFloat = 8
        let width = min(400, max(120, size.width - 2 * margin))
        let bottom = max(margin + 160, size.height - OverlayStyle.timelineReserve)
        panel = CGRect(x: max(0, size.width - margin - width), y: margin, width: width, height: bottom - margin)
        let x0 = panel.minX + 8, w = panel.width - 16
        header = CGPoint(x: x0, y: panel.minY + 5)
        let valuesHeight = max(Self.curveSide + 14, CGFloat(valueRows + 1) * Self.valueRowHeight)
        let shownAnimations = min(animations, 6)
        let shownConstraints = min(constraints ?? 0, Self.maxConstraintRows)
        let constraintsHeight = constraints == nil ? 0 : CGFloat(1 + shownConstraints) * Self.valueRowHeight + 4
        // No animations: one line says so.
        let animationsHeight = shownAnimations == 0 ? Self.valueRowHeight : CGFloat(shownAnimations) * Self.animationRowHeight
        let fixed = 20 + 18 + valuesHeight + 8 + animationsHeight + constraintsHeight + 8
        let treeCount = max(3, min(40, Int((panel.height - fixed) / Self.rowHeight)))
        var y = panel.minY + 20
        for _ in 0..<treeCount {
            treeRows.append(CGRect(x: x0, y: y, width: w, height: Self.rowHeight))
            y += Self.rowHeight
        }
        y += 4
        title = CGPoint(x: x0, y: y)
        y += 16
        values = CGRect(x: x0, y: y, width: w - Self.curveSide - 8, height: valuesHeight)
        curve = CGRect(x: x0 + w - Self.curveSide, y: y + 12, width: Self.curveSide, height: Self.curveSide)
        y += valuesHeight + 6
        for _ in 0..<shownAnimations {
            animationRows.append(CGRect(x: x0, y: y, width: w, height: Self.animationRowHeight))
            y += Self.animationRowHeight
        }
        guard constraints != nil else { return }
        y += shownAnimations == 0 ? Self.valueRowHeight + 2 : 4
        constraintsTitle = CGRect(x: x0, y: y, width: w, height: Self.valueRowHeight)
        for _ in 0..<shownConstraints {
            y += Self.valueRowHeight
            constraintRows.append(CGRect(x: x0, y: y, width: w, height: Self.valueRowHeight))
        }
    }
}
