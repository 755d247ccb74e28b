import Flipbook
import Foundation
import Raster

extension InspectorOverlay {
    /// One animation as the timeline shows it, in the layer's time.
    struct AnimationBar {
        let key: String
        let label: String
        /// Nil until the animation's transaction commits.
        let begin: Double?
        /// The active interval's length in the layer's time (infinite when it repeats for ever).
        let active: Double
        /// One repeat cycle (forward and back when autoreversing) in the layer's time.
        let cycle: Double
        let autoreverses: Bool
        let fillsBackwards: Bool
        let fillsForwards: Bool
        let state: MediaTimingState?
        let curve: ProgressCurve
        let curveName: String

        init(key: String, animation a: CAAnimation, now: Double) {
            self.key = key
            var label = key
            if let p = a as? CAPropertyAnimation, let k = p.keyPath, k != key { label += " " + k }
            self.label = label + " " + "\(type(of: a))".replacingOccurrences(of: "Animation", with: "")
            let t = a.committedTiming
            let speed = abs(t.speed)
            begin = a.committedBeginTime
            active = speed > 0 ? t.activeDuration / speed : .infinity
            cycle = speed > 0 ? t.cycle / speed : .infinity
            autoreverses = t.autoreverses
            fillsBackwards = t.fillsBackwards
            fillsForwards = t.fillsForwards
            state = begin == nil ? nil : t.state(atParentTime: now)
            curve = a.progressCurve
            switch a.progressCurve {
            case .spring: curveName = "spring"
            case .bezier:
                if let f = a.timingFunction, let c1 = f.controlPoint(at: 1), let c2 = f.controlPoint(at: 2) {
                    curveName = String(format: "(%.2f,%.2f,%.2f,%.2f)", Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y))
                } else {
                    curveName = "linear"
                }
            }
        }

        /// Where the animation is, in words: progress, repeat, direction, fill.
        var status: String {
            guard let s = state else { return "not committed" }
            guard let progress = s.progress else { return s.phase == .before ? "waiting" : "ended" }
            var text = String(format: "%.2f", progress)
            if s.iteration > 0 && s.iteration.isFinite { text += " #\(Int(s.iteration) + 1)" }
            if s.isReversing { text += " ◀" }
            if s.isFilling { text += " fill" }
            return text
        }
    }

    func drawAnimations(_ p: OverlayPainter, _ layer: CALayer) {
        let size = InspectorLayout.textSize
        let now = layer.inspectedLayerTime
        let bars = layer.inspectedAnimations.prefix(layout.animationRows.count).map { AnimationBar(key: $0.key, animation: $0.animation, now: now) }
        guard !bars.isEmpty else {
            p.text("no running animations", at: layout.noAnimations, OverlayStyle.dim, size: size)
            return
        }
        // One time axis for all bars: from the earliest begin to the latest finite end, with now in view.
        var t0 = now, t1 = now
        for b in bars {
            guard let begin = b.begin else { continue }
            t0 = min(t0, begin)
            t1 = max(t1, begin + (b.active.isFinite ? b.active : max(b.cycle.isFinite ? b.cycle * 2 : 1, now - begin + 1)))
        }
        if t1 - t0 < 0.5 { t1 = t0 + 0.5 }
        let pad = (t1 - t0) * 0.04
        t0 -= pad; t1 += pad
        let first = layout.animationRows[0]
        let axis = (x: first.minX + 2, width: first.width - 4)
        func x(_ t: Double) -> CGFloat { axis.x + axis.width * CGFloat((min(max(t, t0), t1) - t0) / (t1 - t0)) }

        for (i, b) in bars.enumerated() {
            let r = layout.animationRows[i]
            let chosen = i == min(selectedAnimation, bars.count - 1)
            if chosen { p.fill(r, OverlayStyle.selection) }
            p.text(String(b.label.prefix(34)), at: CGPoint(x: r.minX + 2, y: r.minY + 1), chosen ? OverlayStyle.text : OverlayStyle.dim, size: size)
            let status = b.status
            p.text(status, at: CGPoint(x: r.maxX - 2 - p.advance(size: size) * CGFloat(status.count), y: r.minY + 1), OverlayStyle.accent, size: size)
            guard let begin = b.begin else { continue }
            let barY = r.minY + 15, barH: CGFloat = 9
            p.fill(CGRect(x: axis.x, y: barY + barH / 2, width: axis.width, height: 1 / CGFloat(p.scale)), OverlayStyle.panelEdge)
            let end = begin + b.active
            if b.fillsBackwards { p.fill(CGRect(x: x(t0), y: barY + 3, width: x(begin) - x(t0), height: 3), Color(hex: 0x61AFEF, alpha: 0.45)) }
            if b.fillsForwards && end.isFinite { p.fill(CGRect(x: x(end), y: barY + 3, width: x(t1) - x(end), height: 3), Color(hex: 0x61AFEF, alpha: 0.45)) }
            // The active interval, cycle by cycle (at most 64 drawn); the backward half of an
            // autoreversing cycle is darker.
            let shownEnd = min(end, t1)
            if b.cycle.isFinite, b.cycle > 0, (shownEnd - begin) / b.cycle <= 64 {
                var c = begin, n = 0
                while c < shownEnd {
                    let ce = min(c + b.cycle, shownEnd)
                    let shade = n % 2 == 0 ? 0.95 : 0.75
                    if b.autoreverses {
                        let mid = min(c + b.cycle / 2, ce)
                        p.fill(CGRect(x: x(c), y: barY, width: max(1, x(mid) - x(c)), height: barH), Color(hex: 0x61AFEF, alpha: shade))
                        p.fill(CGRect(x: x(mid), y: barY, width: max(0, x(ce) - x(mid)), height: barH), Color(hex: 0x3B7CC4, alpha: shade))
                    } else {
                        p.fill(CGRect(x: x(c), y: barY, width: max(1, x(ce) - x(c)), height: barH), Color(hex: 0x61AFEF, alpha: shade))
                    }
                    if ce < shownEnd { p.fill(CGRect(x: x(ce), y: barY, width: 1 / CGFloat(p.scale), height: barH), OverlayStyle.panel) }
                    c = ce; n += 1
                }
            } else {
                p.fill(CGRect(x: x(begin), y: barY, width: max(1, x(shownEnd) - x(begin)), height: barH), Color(hex: 0x61AFEF, alpha: 0.9))
            }
        }
        // Now, across every bar.
        let top = first.minY + 13, bottom = layout.animationRows[bars.count - 1].maxY - 2
        p.fill(CGRect(x: x(now) - 0.5, y: top, width: 1, height: bottom - top), OverlayStyle.hoverOutline)
        drawCurve(p, bars[min(selectedAnimation, bars.count - 1)])
    }

    /// The selected animation's timing curve (progress → fraction) with a dot at the current point.
    private func drawCurve(_ p: OverlayPainter, _ b: AnimationBar) {
        let box = layout.curve
        p.fill(box, Color(r: 0, g: 0, b: 0, a: 0.35))
        p.frame(box, OverlayStyle.panelEdge)
        let duration = b.state?.iterationDuration ?? 1
        let n = 48
        let ys = (0...n).map { b.curve.fraction(atProgress: Double($0) / Double(n), duration: duration) }
        let finite = ys.filter(\.isFinite)
        let lo = min(0, finite.min() ?? 0), hi = max(1, finite.max() ?? 1)
        func point(_ progress: Double, _ fraction: Double) -> CGPoint {
            CGPoint(x: box.minX + 4 + (box.width - 8) * CGFloat(progress),
                    y: box.maxY - 4 - (box.height - 8) * CGFloat((fraction - lo) / (hi - lo)))
        }
        // 0 and 1 of the fraction, as guides.
        for f in [0.0, 1.0] { p.fill(CGRect(x: box.minX + 2, y: point(0, f).y, width: box.width - 4, height: 1 / CGFloat(p.scale)), OverlayStyle.panelEdge) }
        p.polyline((0...n).map { point(Double($0) / Double(n), ys[$0]) }, OverlayStyle.text, width: 1.25)
        p.text(b.curveName, at: CGPoint(x: box.minX, y: box.minY - 12), OverlayStyle.dim, size: 8)
        if let progress = b.state?.progress {
            let c = point(progress, b.curve.fraction(atProgress: progress, duration: duration))
            // A diamond, straight edges only (robust to curve flattening changes).
            p.polygon([CGPoint(x: c.x, y: c.y - 4), CGPoint(x: c.x + 4, y: c.y), CGPoint(x: c.x, y: c.y + 4), CGPoint(x: c.x - 4, y: c.y)],
                      OverlayStyle.hoverOutline)
        }
    }
}
