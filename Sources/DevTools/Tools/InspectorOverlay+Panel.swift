import Flipbook
import Views
import Foundation
import Raster

extension InspectorOverlay {
    /// The rows the panel always shows, by property: their short label and decimals.
    static let panelLooks: [AnimationKeyPath: (label: String, digits: Int)] = [
        .position: ("position", 1), .bounds: ("size", 1), .anchorPoint: ("anchor", 2), .opacity: ("opacity", 3),
        .transform(.whole): ("transform", 1), .zPosition: ("zPosition", 1), .cornerRadius: ("corner", 1),
        .backgroundColor: ("background", 1), .hidden: ("hidden", 1), .borderWidth: ("border", 1), .shadowOpacity: ("shadow", 2),
    ]

    /// One line of the values table: a property, its model value and its presentation value.
    struct ValueRow: Equatable {
        let name: String
        let model: String
        let presented: String
        var differs: Bool { model != presented }
    }

    /// The selected layer's values, model against presentation, one row per row of the layer
    /// property table (`LayerProperty.all`, in its order): the geometry, opacity, transform, look
    /// and visibility every layer has always, the others (sublayer transform, border colour, the
    /// shadow's colour, offset and radius) when the model or the screen differs from Core
    /// Animation's default; then a shape layer's stroke, and custom animatable keys.
    static func valueRows(_ layer: CALayer) -> [ValueRow] {
        let m = layer.modelValues, p = layer.presented
        func f(_ x: CGFloat, _ d: Int = 1) -> String { String(format: "%.\(d)f", Double(x)) }
        func color(_ c: CGColor?) -> String {
            guard let c else { return "none" }
            func h(_ v: CGFloat) -> String { String(format: "%02x", Int((min(1, max(0, Double(v))) * 255).rounded())) }
            return "#" + h(c.red) + h(c.green) + h(c.blue) + h(c.alpha)
        }
        func transform(_ t: CATransform3D) -> String {
            if t == .identity { return "identity" }
            let s = (Double(t.m11) * Double(t.m11) + Double(t.m12) * Double(t.m12)).squareRoot()
            let r = atan2(Double(t.m12), Double(t.m11)) * 180 / .pi
            let flat = t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m43 == 0
            return String(format: "s%.2f r%.1f°", s, r) + (flat ? "" : " 3D")
        }
        /// A value as the panel writes it: `digits` decimals for numbers and points, a rectangle by its size.
        func text(_ v: AnimationValue, digits: Int) -> String {
            switch v {
            case .number(let n): return f(CGFloat(n), digits)
            case .point(let q): return "\(f(q.x, digits)), \(f(q.y, digits))"
            case .size(let z): return "\(f(z.width, digits)), \(f(z.height, digits))"
            case .rect(let r): return "\(f(r.width))×\(f(r.height))"
            case .transform(let t): return transform(t)
            case .bool(let b): return b ? "yes" : "no"
            default: return color(v.other(as: CGColor.self))
            }
        }
        var rows: [ValueRow] = []
        for row in LayerProperty.all {
            let look = Self.panelLooks[row.key]
            guard look != nil || !row.isDefault(m) || !row.isDefault(p) else { continue }
            let digits = look?.digits ?? 1
            rows.append(ValueRow(name: look?.label ?? row.name, model: text(row.read(m), digits: digits), presented: text(row.read(p), digits: digits)))
        }
        if let s = layer as? CAShapeLayer {
            let ps = s.presentedShape
            rows += [
                ValueRow(name: "strokeStart", model: f(s.strokeStart, 3), presented: f(ps.strokeStart, 3)),
                ValueRow(name: "strokeEnd", model: f(s.strokeEnd, 3), presented: f(ps.strokeEnd, 3)),
                ValueRow(name: "lineWidth", model: f(s.lineWidth), presented: f(ps.lineWidth)),
            ]
        }
        func any(_ v: Any?) -> String {
            switch v {
            case nil: return "—"
            case let x as CGFloat: return f(x, 3)
            case let x as Double: return f(CGFloat(x), 3)
            case let x as Float: return f(CGFloat(x), 3)
            case let x?: return String(String(describing: x).prefix(14))
            }
        }
        for c in layer.inspectedCustomValues.prefix(8) {
            rows.append(ValueRow(name: String(c.key.prefix(11)), model: any(c.model), presented: any(c.presented)))
        }
        return rows
    }

    /// One line of the tree: indentation (capped; deeper rows say their depth), class, name, frame.
    static func treeLine(_ layer: CALayer, depth: Int) -> String {
        let pad = depth <= 12 ? String(repeating: " ", count: depth) : String(repeating: " ", count: 12) + "[\(depth)]"
        let f = layer.frame
        var s = pad + "\(type(of: layer))"
        if let n = layer.name { s += " \"\(n.prefix(24))\"" }
        s += String(format: " %.0f,%.0f %.0f×%.0f", Double(f.minX), Double(f.minY), Double(f.width), Double(f.height))
        if layer.animationKeys() != nil { s += " ◆" }
        return s
    }

    func drawPanel(_ p: OverlayPainter, values: [ValueRow], constraints: (constraints: [InspectedConstraint], isAmbiguous: Bool)? = nil) {
        let l = layout
        let size = InspectorLayout.textSize
        // Opaque: what the scene draws past its bounds stays under the dock.
        p.fill(l.panel, OverlayStyle.dock)
        p.fill(CGRect(x: l.panel.minX, y: l.panel.minY, width: 1, height: l.panel.height), OverlayStyle.panelEdge)
        var clipped = p
        clipped.clip = p.pixels(l.panel).intersection(p.bitmap.bounds)
        clipped.text("Inspector (I)  click: pick  ↑↓←→: tree  Esc", at: l.header, OverlayStyle.accent, size: size)

        // The tree, windowed: only the rows in view are drawn.
        for (i, r) in l.treeRows.enumerated() {
            let index = scrollRow + i
            guard index < rows.count else { break }
            let row = rows[index]
            if row.layer === selected { clipped.fill(r, OverlayStyle.selection) }
            else if row.layer === hovered { clipped.fill(r, Color(r: 1, g: 0.85, b: 0.2, a: 0.15)) }
            clipped.text(Self.treeLine(row.layer, depth: row.depth), at: CGPoint(x: r.minX + 2, y: r.minY + 1),
                         row.layer === selected ? OverlayStyle.text : OverlayStyle.dim, size: size)
        }
        if rows.count > l.treeRows.count, let first = l.treeRows.first, let last = l.treeRows.last {
            // A scroll bar: where the window of rows sits in the whole tree.
            let track = CGRect(x: first.maxX - 3, y: first.minY, width: 3, height: last.maxY - first.minY)
            let h = max(4, track.height * CGFloat(l.treeRows.count) / CGFloat(rows.count))
            let y = track.minY + (track.height - h) * CGFloat(scrollRow) / CGFloat(max(1, rows.count - l.treeRows.count))
            clipped.fill(track, OverlayStyle.button)
            clipped.fill(CGRect(x: track.minX, y: y, width: 3, height: h), OverlayStyle.dim)
        }
        let count = "\(rows.count) layers"
        clipped.text(count, at: CGPoint(x: l.panel.maxX - 8 - p.advance(size: size) * CGFloat(count.count), y: l.title.y), OverlayStyle.dim, size: size)

        guard let layer = selected else {
            clipped.text("Click a layer, or use ↑↓ (d-pad) to select one.", at: l.title, OverlayStyle.text, size: size)
            return
        }
        clipped.text("\(type(of: layer))" + (layer.name.map { " \"\($0.prefix(20))\"" } ?? ""), at: l.title, OverlayStyle.pickOutline, size: size)
        drawValues(clipped, values)
        drawAnimations(clipped, layer)
        if let constraints { drawConstraints(clipped, constraints.constraints, isAmbiguous: constraints.isAmbiguous) }
    }

    /// The selected view's constraints: a count (with "ambiguous" when its frame is free to move),
    /// then each one, a broken one in red and struck through, the rest of the list as "+N more".
    private func drawConstraints(_ p: OverlayPainter, _ list: [InspectedConstraint], isAmbiguous: Bool) {
        guard let title = layout.constraintsTitle else { return }
        let size = InspectorLayout.textSize, a = p.advance(size: size)
        let broken = list.filter(\.isBroken).count
        var head = "constraints \(list.count)" + (broken > 0 ? ", \(broken) broken" : "")
        if list.count > layout.constraintRows.count { head += " (first \(layout.constraintRows.count))" }
        p.text(head, at: title.origin, OverlayStyle.dim, size: size)
        if isAmbiguous {
            let warning = "AMBIGUOUS"
            p.text(warning, at: CGPoint(x: title.maxX - a * CGFloat(warning.count), y: title.minY), Self.brokenColor, size: size)
        }
        for (row, c) in zip(layout.constraintRows, list) {
            p.text(c.text, at: CGPoint(x: row.minX + 6, y: row.minY), c.isBroken ? Self.brokenColor : OverlayStyle.text, size: size)
            if c.isBroken {
                let width = min(row.width - 6, a * CGFloat(c.text.count))
                p.fill(CGRect(x: row.minX + 6, y: row.midY, width: width, height: 1), Self.brokenColor)
            }
        }
    }

    static let brokenColor = Color(r: 1, g: 0.35, b: 0.3, a: 1)

    private func drawValues(_ p: OverlayPainter, _ values: [ValueRow]) {
        let size = InspectorLayout.textSize, a = p.advance(size: size)
        let v = layout.values
        let cols = [v.minX, v.minX + a * 12, v.minX + a * 27]
        p.text("property", at: CGPoint(x: cols[0], y: v.minY), OverlayStyle.dim, size: size)
        p.text("model", at: CGPoint(x: cols[1], y: v.minY), OverlayStyle.dim, size: size)
        p.text("presentation", at: CGPoint(x: cols[2], y: v.minY), OverlayStyle.dim, size: size)
        for (i, row) in values.enumerated() {
            let y = v.minY + InspectorLayout.valueRowHeight * CGFloat(i + 1)
            if row.differs { p.fill(CGRect(x: v.minX, y: y, width: v.width, height: InspectorLayout.valueRowHeight), Color(r: 0.35, g: 0.78, b: 1, a: 0.12)) }
            p.text(row.name, at: CGPoint(x: cols[0], y: y), OverlayStyle.dim, size: size)
            p.text(row.model, at: CGPoint(x: cols[1], y: y), OverlayStyle.text, size: size)
            p.text(row.presented, at: CGPoint(x: cols[2], y: y), row.differs ? OverlayStyle.accent : OverlayStyle.text, size: size)
        }
    }
}
