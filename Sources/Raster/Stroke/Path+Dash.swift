/// Dashing by arc length, with Core Graphics' semantics (`CGPath.copy(dashingWithPhase:lengths:)`).
extension Path {
    /// The most dashes one call produces; a pattern that would need more strokes solid instead,
    /// so that a tiny pattern on a huge path cannot run for minutes or exhaust memory.
    public static let maxDashCount = 1_000_000

    /// The painted pieces of the path under a dash pattern, each an open subpath.
    ///
    /// The pattern restarts at the start of every subpath, offset by `phase`, and runs along the
    /// exact curves (pieces are cut by arc length, not from a flattened copy). Closed subpaths are
    /// dashed from their start point round through their closing line; a dash that crosses the start
    /// point is two pieces, and a closed subpath wholly inside one painted length stays closed.
    /// Zero-length painted entries give zero-length subpaths (dots under round or square caps).
    /// Subpaths with non-finite points are dropped.
    /// - Parameters:
    ///   - lengths: painted and unpainted lengths, alternating; see `StrokeStyle.dashes` for what
    ///     counts as solid (in which case the path is returned unchanged).
    ///   - phase: distance into the pattern at which each subpath starts. Default: 0
    /// - Complexity: O(segments + dashes).
    public func dashed(_ lengths: [Double], phase: Double = 0) -> Path {
        dashed(lengths, phase: phase, hiding: nil, reach: 0)
    }

    /// `dashed(_:phase:)` without the dashes that lie outside `cull`'s clip grown by `reach` (see
    /// `DashCull`): the stroker would make their outlines of pieces that each miss the clip (see
    /// `ClipCull`), so leaving them out changes no pixel inside it and costs no allocation.
    func dashed(_ lengths: [Double], phase: Double, hiding cull: ClipCull?, reach: Double) -> Path {
        guard let pattern = StrokeStyle(dashes: lengths).effectiveDashes else { return self }
        let period = pattern.reduce(0, +)
        var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if start < 0 { start += period }
        // Where in the pattern each subpath starts: entry index and distance left in that entry.
        // A zero-length painted entry exactly at the phase position still paints (a dot).
        var startIndex = 0
        var p = start
        while startIndex < pattern.count - 1
                && (p > pattern[startIndex] || (p == pattern[startIndex] && p > 0)) {
            p -= pattern[startIndex]
            startIndex += 1
        }
        let startLeft = Swift.max(0, pattern[startIndex] - p)

        let subs = subpaths.filter(\.isFinite).map(\.withoutNegligibleEnds)
        let lengthsPerSub = subs.map { $0.segments.map { $0.length() } }
        var estimate = 0.0
        let perPeriod = Double(pattern.count / 2)
        for ls in lengthsPerSub { estimate += (ls.reduce(0, +) / period + 1) * perPeriod }
        guard estimate <= Double(Path.maxDashCount) else { return self }

        var out = Path()
        for (i, sub) in subs.enumerated() {
            let ls = lengthsPerSub[i]
            let total = ls.reduce(0, +)
            // The painted intervals along this subpath, in order.
            var intervals: [(Double, Double)] = []
            var pos = 0.0
            var index = startIndex
            var left = startLeft
            while pos <= total {
                let endPos = pos + left
                if index % 2 == 0 { intervals.append((pos, Swift.min(endPos, total))) }
                if endPos >= total {
                    // A zero-length painted entry exactly at the end still paints its dot.
                    let next = (index + 1) % pattern.count
                    if endPos == total && next % 2 == 0 && pattern[next] == 0 && index % 2 == 1 {
                        intervals.append((total, total))
                    }
                    break
                }
                pos = endPos
                index = (index + 1) % pattern.count
                left = pattern[index]
            }
            if total == 0 {
                if !intervals.isEmpty && sub.hasDrawingElements { sub.appendElements(to: &out) }
                continue
            }
            // On a closed subpath a dot at the very end is the dot at the start again (a pattern
            // whose period divides the length lands there, give or take the 1e-7 by which cubic
            // arcs are longer than circles): draw it once, since overlapping copies would darken
            // its anti-aliased rim.
            if sub.isClosed, intervals.count > 1, let last = intervals.last, last.0 == last.1,
               last.0 >= total * (1 - 1e-6), intervals[0].0 == 0, intervals[0].1 == 0 {
                intervals.removeLast()
            }
            if sub.isClosed, intervals.count == 1, intervals[0].0 <= 0, intervals[0].1 >= total {
                sub.appendElements(to: &out)
                continue
            }
            var hiding = cull.map { DashCull($0, reach: reach, segments: sub.segments, lengths: ls) }
            sub.appendPieces(intervals, lengths: ls, hiding: &hiding, to: &out)
        }
        return out
    }
}

extension Subpath {
    /// Appends each interval of arc length as an open subpath, in one pass over the segments.
    /// - Parameters:
    ///   - intervals: sorted, non-overlapping (start, end) arc lengths from the subpath start.
    ///   - hiding: dashes it finds hidden are left out.
    func appendPieces(_ intervals: [(Double, Double)], lengths: [Double], hiding: inout DashCull?, to path: inout Path) {
        var k = 0
        var segStart = 0.0
        // The last dash end found, on segment `anchorSegment`: the next one on that segment is
        // sought from there (`BezierSegment.parameter(atLength:total:from:lengthThere:)`).
        var anchorSegment = -1, anchorT = 0.0, anchorLength = 0.0
        func parameter(_ j: Int, atLength s: Double, total l: Double) -> Double {
            if anchorSegment != j || !(s > anchorLength) { anchorSegment = j; anchorT = 0; anchorLength = 0 }
            (anchorT, anchorLength) = segments[j].parameter(atLength: s, total: l, from: anchorT, lengthThere: anchorLength)
            return anchorT
        }
        for (u0, u1) in intervals {
            // Advance to the segment holding u0.
            while k < segments.count - 1 && segStart + lengths[k] < u0 {
                segStart += lengths[k]
                k += 1
            }
            if hiding?.isHidden(u0, u1, from: k, segmentStart: segStart) == true { continue }
            if u1 <= u0 {
                // A zero-length dash: a dot at that point.
                let l = lengths[k]
                let p = l > 0 ? segments[k].point(at: segments[k].parameter(atLength: u0 - segStart, total: l))
                              : segments[k].start
                path.move(to: p)
                path.append(.line(p))
                continue
            }
            var j = k, js = segStart
            var started = false
            while j < segments.count {
                let l = lengths[j]
                if js >= u1 { break }
                if l > 0 && js + l > u0 {
                    let t0 = u0 > js ? parameter(j, atLength: u0 - js, total: l) : 0
                    let t1 = u1 < js + l ? parameter(j, atLength: u1 - js, total: l) : 1
                    let piece = segments[j].subsegment(from: t0, to: t1)
                    if !started { path.move(to: piece.start); started = true }
                    path.append(piece.element)
                }
                js += l
                j += 1
            }
        }
    }
}
