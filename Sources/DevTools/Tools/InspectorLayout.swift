import Flipbook

/// Where the inspector's panel and its sections are, in window points: docked along the window's
/// right edge, beside the stage (which the driver narrows by the panel's width) and above the
/// time-travel band.
struct InspectorLayout {
    static let textSize = 10.0
    static let rowHeight: CGFloat = 13
    static let valueRowHeight: CGFloat = 12
    static let animationRowHeight: CGFloat = 28
    static let curveSide: CGFloat = 104
    static let maxConstraintRows = 8
    /// Inner widths from which the values table and the curve sit side by side.
    static let sideBySideWidth: CGFloat = 360

    var panel = CGRect.zero
    var header = CGPoint.zero
    var treeRows: [CGRect] = []
    var title = CGPoint.zero
    var values = CGRect.zero
    var curve = CGRect.zero
    var animationRows: [CGRect] = []
    /// Where "no running animations" goes when there are none (the first animation row's place).
    var noAnimations = CGPoint.zero
    /// The selected view's constraints: a title line, then one row each (at most 8).
    var constraintsTitle: CGRect?
    var constraintRows: [CGRect] = []

    init() {}

    /// The docked panel's width in a window `width` points wide: 400 points (the values table and
    /// the curve side by side), but never more than half the window, so the scene keeps at least
    /// half; 0 for a width that is not a positive finite number.
    static func dockWidth(forWindowWidth width: Double) -> Double {
        guard width.isFinite, width > 0 else { return 0 }
        return min(400, (width / 2).rounded(.down))
    }

    /// - Parameters:
    ///   - panel: the panel's rectangle (the room docked beside the stage).
    ///   - valueRows: rows the values table needs; animations: the selected layer's animations;
    ///     constraints: the selected view's constraints (nil: it takes no part in Auto Layout).
    init(panel: CGRect, valueRows: Int = 12, animations: Int, constraints: Int? = nil) {
        self.panel = panel
        let x0 = panel.minX + 8, w = panel.width - 16
        header = CGPoint(x: x0, y: panel.minY + 5)
        // A narrow panel (a small window gives it half its width) puts the curve under the values.
        let sideBySide = w >= Self.sideBySideWidth
        let tableHeight = CGFloat(valueRows + 1) * Self.valueRowHeight
        let valuesHeight = sideBySide ? max(Self.curveSide + 14, tableHeight) : tableHeight + 6 + Self.curveSide
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
        if sideBySide {
            values = CGRect(x: x0, y: y, width: w - Self.curveSide - 8, height: valuesHeight)
            curve = CGRect(x: x0 + w - Self.curveSide, y: y + 12, width: Self.curveSide, height: Self.curveSide)
        } else {
            values = CGRect(x: x0, y: y, width: w, height: tableHeight)
            curve = CGRect(x: x0 + (w - Self.curveSide) / 2, y: y + tableHeight + 6, width: Self.curveSide, height: Self.curveSide)
        }
        y += valuesHeight + 6
        noAnimations = CGPoint(x: x0, y: y)
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
