import Flipbook
import Foundation
import Raster

extension InspectorOverlay {
    /// One line of the values table: a property, its model value and its presentation value.
    struct ValueRow: Equatable {
        let name: String
        let model: String
        let presented: String
        var differs: Bool { model != presented }
    }

    /// The selected layer's values, model against presentation: the geometry, opacity, transform
    /// and look every layer has, a shape layer's stroke, and custom animatable keys.
    static func valueRows(_ layer: CALayer) -> [ValueRow] {
        let m = layer.modelValues, p = layer.presented
        func f(_ x: CGFloat, _ d: Int = 1) -> String { String(format: "%.\(d)f", Double(x)) }
        func pt(_ q: CGPoint, _ d: Int = 1) -> String { "\(f(q.x, d)), \(f(q.y, d))" }
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
        var rows = [
            ValueRow(name: "position", model: pt(m.position), presented: pt(p.position)),
            ValueRow(name: "size", model: "\(f(m.bounds.width))×\(f(m.bounds.height))", presented: "\(f(p.bounds.width))×\(f(p.bounds.height))"),
            ValueRow(name: "anchor", model: pt(m.anchorPoint, 2), presented: pt(p.anchorPoint, 2)),
            ValueRow(name: "opacity", model: f(CGFloat(m.opacity), 3), presented: f(CGFloat(p.opacity), 3)),
            ValueRow(name: "transform", model: transform(m.transform), presented: transform(p.transform)),
            ValueRow(name: "zPosition", model: f(m.zPosition), presented: f(p.zPosition)),
            ValueRow(name: "corner", model: f(m.cornerRadius), presented: f(p.cornerRadius)),
            ValueRow(name: "background", model: color(m.backgroundColor), presented: color(p.backgroundColor)),
            ValueRow(name: "border", model: f(m.borderWidth), presented: f(p.borderWidth)),
            ValueRow(name: "shadow", model: f(CGFloat(m.shadowOpacity), 2), presented: f(CGFloat(p.shadowOpacity), 2)),
            ValueRow(name: "hidden", model: m.isHidden ? "yes" : "no", presented: p.isHidden ? "yes" : "no"),
        ]
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

    func drawPanel(_ p: OverlayPainter, values: [ValueRow]) {
        let l = layout
        let size = InspectorLayout.textSize
        p.fill(l.panel, OverlayStyle.panel)
        p.frame(l.panel, OverlayStyle.panelEdge)
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
    }

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
