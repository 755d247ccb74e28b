import HTMLReport
import Layers

extension RenderReport {
    /// A trace as plots: for every named layer (in trace order) one chart per value that changed,
    /// a line per changing component, the animations on its key path marked; values that never
    /// changed as text. Text values (a text layer's string) are not plotted.
    /// - Complexity: O(size of the trace).
    static func plots(of trace: Trace) -> (times: [Double], layers: [ReportPage.LayerPlots]) {
        let times = trace.lines.map(\.time)
        // (layer, key) in order of first appearance, and each one's value per line.
        var layerOrder: [String] = [], keyOrder: [String: [String]] = [:]
        var columns: [String: [String: [TraceValue?]]] = [:]
        for (i, line) in trace.lines.enumerated() {
            var seen = Set<String>()
            for layer in line.layers where seen.insert(layer.name).inserted { // a second layer of one name is left out
                if columns[layer.name] == nil { layerOrder.append(layer.name); columns[layer.name] = [:]; keyOrder[layer.name] = [] }
                for (key, value) in layer.values {
                    if columns[layer.name]![key] == nil {
                        keyOrder[layer.name]!.append(key)
                        columns[layer.name]![key] = Array(repeating: nil, count: trace.lines.count)
                    }
                    columns[layer.name]![key]![i] = value
                }
            }
        }
        let marks = self.marks(of: trace)
        let layers = layerOrder.map { name -> ReportPage.LayerPlots in
            var charts: [ReportPage.Chart] = [], steady: [String] = []
            for key in keyOrder[name]! {
                let column = columns[name]![key]!
                if column.contains(where: { if case .text = $0 { true } else { false } }) {
                    let texts = Set(column.compactMap { if case .text(let s)? = $0 { s } else { nil } })
                    steady.append(texts.count == 1 ? "\(key) \"\(texts.first!)\"" : "\(key): \(texts.count) texts (not plotted)")
                    continue
                }
                let components = column.map { v -> [Double] in
                    switch v {
                    case .number(let d)?: [d]
                    case .numbers(let ds)?: ds
                    default: []
                    }
                }
                let width = components.map(\.count).max() ?? 0
                let names = componentNames(key: key, count: width)
                var series: [ReportPage.Series] = [], steadyParts: [String] = []
                for c in 0..<width {
                    let values = components.map { $0.indices.contains(c) && $0[c].isFinite ? $0[c] : nil }
                    let present = values.compactMap { $0 }
                    if let first = present.first, present.contains(where: { $0 != first }) {
                        series.append(ReportPage.Series(name: names[c], values: values))
                    } else {
                        let value = present.first.map(shown) ?? "none"
                        steadyParts.append(width == 1 ? value : "\(names[c]) \(value)")
                    }
                }
                if series.isEmpty {
                    steady.append("\(key) " + steadyParts.joined(separator: ", "))
                } else {
                    let onKey = (marks[name] ?? []).filter { ($0.keyPath ?? $0.key).split(separator: ".").first.map(String.init) == key }
                    charts.append(ReportPage.Chart(key: key, series: series, steady: steadyParts, marks: onKey))
                }
            }
            return ReportPage.LayerPlots(layer: name, charts: charts, steady: steady)
        }
        return (times, layers)
    }

    /// The animations of each layer from the trace's events: a start opens a mark, a removal of
    /// that layer's key closes the open ones under it at that frame's time when they end sooner than planned.
    static func marks(of trace: Trace) -> [String: [ReportPage.Mark]] {
        var out: [String: [ReportPage.Mark]] = [:]
        var open: [String: [String: [Int]]] = [:] // layer → key → indices in out[layer] (a group's members share a key)
        for line in trace.lines {
            for event in line.animations {
                switch event {
                case .start(let a):
                    out[a.layer, default: []].append(ReportPage.Mark(key: a.key, keyPath: a.keyPath, kind: a.kind, timing: a.timing,
                                                                      begin: a.begin, end: a.end))
                    open[a.layer, default: [:]][a.key, default: []].append(out[a.layer]!.count - 1)
                case .remove(let layer, let key):
                    for i in open[layer]?[key] ?? [] {
                        if let end = out[layer]![i].end, end <= line.time { continue }
                        out[layer]![i].end = line.time
                    }
                    open[layer]?[key] = nil
                }
            }
        }
        return out
    }

    /// A steady value as the page says it: at most four significant digits (the plots' data keeps
    /// every digit).
    static func shown(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(format: "%.4g", d)
    }

    /// Names for a value's components: a point's x and y, a size's width and height, a
    /// rectangle's x, y, width, height, a colour's r, g, b, a (a gradient's c0.r … for each
    /// colour), a matrix's m11…m44; else [i].
    static func componentNames(key: String, count: Int) -> [String] {
        let lower = key.lowercased()
        switch count {
        case 1: return [key]
        case 2 where lower.contains("size") || lower.contains("offset"): return ["width", "height"]
        case 2: return ["x", "y"]
        case 4 where lower.contains("color"): return ["r", "g", "b", "a"]
        case _ where lower.contains("color") && count % 4 == 0: // a gradient's colours, each r, g, b, a
            return (0..<count).map { "c\($0 / 4).\(["r", "g", "b", "a"][$0 % 4])" }
        case 4: return ["x", "y", "width", "height"]
        case 16: return (1...4).flatMap { r in (1...4).map { c in "m\(r)\(c)" } }
        default: return (0..<count).map { "[\($0)]" }
        }
    }
}
