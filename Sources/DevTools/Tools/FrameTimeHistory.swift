import FrameLoop
import Raster

/// The last frames' phase times for the HUD's graph, grouped as the HUD shows them, in a ring.
///
/// The groups follow the frame loop (docs/ARCHITECTURE.md): input; timers with display links;
/// layout; animate with the commit; render without the overlays; the overlays themselves (the
/// HUD's own cost); present. Fixed storage: recording a frame allocates nothing.
struct FrameTimeHistory {
    enum Group: Int, CaseIterable {
        case input, timers, layout, animate, render, tools, present
        var name: String {
            switch self {
            case .input: "input"
            case .timers: "timers"
            case .layout: "layout"
            case .animate: "animate"
            case .render: "render"
            case .tools: "tools"
            case .present: "present"
            }
        }
        var color: Color {
            switch self {
            case .input: Color(hex: 0xE06C75)
            case .timers: Color(hex: 0xE5C07B)
            case .layout: Color(hex: 0xC678DD)
            case .animate: Color(hex: 0x61AFEF)
            case .render: Color(hex: 0x98C379)
            case .tools: Color(hex: 0x9AA0AA)
            case .present: Color(hex: 0x56B6C2)
            }
        }
    }

    /// Frames kept. Default: 100.
    static let capacity = 100
    private var seconds = [Double](repeating: 0, count: capacity * Group.allCases.count)
    /// Source time of each recorded frame, for the frame rate.
    private var stamps = [Double](repeating: 0, count: capacity)
    private(set) var count = 0
    private var next = 0

    /// Records one frame: the driver's per-phase seconds (`FramePhase` order), the overlays' share
    /// of `.render`, and the source time it was drawn at.
    mutating func record(phases p: [Double], overlays: Double, at stamp: Double) {
        let g = Group.allCases.count, base = next * g
        seconds[base + Group.input.rawValue] = p[FramePhase.input.rawValue]
        seconds[base + Group.timers.rawValue] = p[FramePhase.timers.rawValue] + p[FramePhase.displayLink.rawValue]
        seconds[base + Group.layout.rawValue] = p[FramePhase.layout.rawValue]
        seconds[base + Group.animate.rawValue] = p[FramePhase.commit.rawValue] + p[FramePhase.animate.rawValue]
        seconds[base + Group.render.rawValue] = max(0, p[FramePhase.render.rawValue] - overlays)
        seconds[base + Group.tools.rawValue] = overlays
        seconds[base + Group.present.rawValue] = p[FramePhase.present.rawValue]
        stamps[next] = stamp
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Seconds of `group` in the `i`-th oldest frame kept (0 ..< count).
    func seconds(_ group: Group, frame i: Int) -> Double {
        seconds[slot(i) * Group.allCases.count + group.rawValue]
    }

    /// The whole frame's measured seconds for the `i`-th oldest frame.
    func total(frame i: Int) -> Double {
        let base = slot(i) * Group.allCases.count
        return seconds[base..<base + Group.allCases.count].reduce(0, +)
    }

    /// Mean seconds of `group` over the last `n` frames (0 when none).
    func mean(_ group: Group, last n: Int = 30) -> Double {
        let k = min(n, count)
        guard k > 0 else { return 0 }
        return (count - k..<count).reduce(0) { $0 + seconds(group, frame: $1) } / Double(k)
    }

    /// Frames per second over the last 30 frames drawn, leaving out gaps over half a second (an idle
    /// window draws nothing); nil before two frames.
    var framesPerSecond: Double? {
        let k = min(30, count)
        guard k >= 2 else { return nil }
        var sum = 0.0, n = 0
        for i in count - k + 1..<count {
            let d = stamps[slot(i)] - stamps[slot(i - 1)]
            if d > 0 && d < 0.5 { sum += d; n += 1 }
        }
        return n > 0 ? Double(n) / sum : nil
    }

    /// True when any frame kept has a measured time (headless renders measure nothing).
    var hasMeasurements: Bool { (0..<count).contains { total(frame: $0) > 0 } }

    private func slot(_ i: Int) -> Int { (next - count + i + Self.capacity * 2) % Self.capacity }
}
