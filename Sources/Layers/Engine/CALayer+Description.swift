import Foundation
import Raster

extension CALayer {
    /// The layer tree as indented text: class, name, frame, the properties that differ from their
    /// defaults, and running animations with their progress at `time` (the last frame's time when
    /// nil). For test failure messages and the inspector.
    ///
    /// ```
    /// CALayer "root" frame (0, 0, 640, 360) background rgba(0.110, 0.110, 0.180, 1.000)
    ///   CALayer "card" frame (70, 120, 260, 120) cornerRadius 28 shadowOpacity 0.35
    ///     animation "glide" position.x CABasicAnimation 0.42 (iteration 1, reversing)
    /// ```
    public func treeDescription(at time: Double? = nil) -> String {
        var lines: [String] = []
        let media = time ?? CAEngine.current.mediaTime
        walkTree((depth: 0, parentTime: superlayer?.localTime(fromMedia: media) ?? media), masks: false) { layer, s, _ in
            (s.depth + 1, layer.describe(into: &lines, depth: s.depth, parentTime: s.parentTime))
        }
        return lines.joined(separator: "\n")
    }

    /// Appends this layer's lines; returns its local time, for its sublayers.
    private func describe(into lines: inout [String], depth: Int, parentTime: Double) -> Double {
        // Indentation stops at 64 levels (deeper lines say their depth), so a very deep tree's
        // description grows with its layers, not with their square.
        let pad = depth <= 64 ? String(repeating: "  ", count: depth) : String(repeating: "  ", count: 64) + "[\(depth)] "
        let v = modelValues
        func n(_ x: CGFloat) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(format: "%.2f", Double(x)) }
        var parts = ["\(type(of: self))"]
        if let name { parts.append("\"\(name)\"") }
        let f = frame
        parts.append("frame (\(n(f.minX)), \(n(f.minY)), \(n(f.width)), \(n(f.height)))")
        if v.anchorPoint != CGPoint(x: 0.5, y: 0.5) { parts.append("anchorPoint (\(n(v.anchorPoint.x)), \(n(v.anchorPoint.y)))") }
        if v.opacity != 1 { parts.append("opacity \(n(CGFloat(v.opacity)))") }
        if v.isHidden { parts.append("hidden") }
        if v.zPosition != 0 { parts.append("zPosition \(n(v.zPosition))") }
        if v.transform != .identity { parts.append("transform \(v.transform)") }
        if let c = v.backgroundColor { parts.append("background \(c)") }
        if v.cornerRadius != 0 { parts.append("cornerRadius \(n(v.cornerRadius))") }
        if v.borderWidth != 0 { parts.append("border \(n(v.borderWidth))") }
        if v.masksToBounds { parts.append("masksToBounds") }
        if v.shadowOpacity != 0 { parts.append("shadowOpacity \(n(CGFloat(v.shadowOpacity)))") }
        if timing.speed != 1 { parts.append("speed \(timing.speed)") }
        if mask != nil { parts.append("mask") }
        parts.append(contentsOf: contentDescription())
        lines.append(pad + parts.joined(separator: " "))
        let local = timing.local(parentTime)
        for entry in animationList {
            let a = entry.animation
            var text = "\(pad)  animation \"\(entry.key)\""
            if let p = a as? CAPropertyAnimation, let k = p.keyPath { text += " \(k)" }
            text += " \(type(of: a))"
            if a.resolvedBeginTime == nil {
                text += " (not yet committed)"
            } else {
                let s = a.resolvedTiming.state(atParentTime: local)
                if let progress = s.progress {
                    text += String(format: " %.2f", progress)
                    var notes: [String] = []
                    if s.iteration > 0 && s.iteration.isFinite { notes.append("iteration \(Int(saturating: s.iteration))") }
                    if s.isReversing { notes.append("reversing") }
                    if s.isFilling { notes.append("filling") }
                    if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
                } else {
                    text += s.phase == .before ? " (waiting)" : " (ended)"
                }
            }
            lines.append(text)
        }
        return local
    }
}
