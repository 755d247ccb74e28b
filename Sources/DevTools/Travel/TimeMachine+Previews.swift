import FrameLoop
import Raster

/// The previews a scrub shows while the exact replay is not made yet: a quarter-size copy of
/// every `previewStep`-th live frame's stage area as the stage composited it — before the overlays
/// drew, so no tool, band or pointer is in it (a preview is the scene only, like a replay's frame).
///
/// A preview made whole costs a read of the whole frame, and the window keeps one every second
/// frame: when the sink knows which pixels changed since the last preview kept (the frames'
/// damage), the new one shares the last one's strips (`TravelPreview`) except those the changed
/// pixels touch, which are copied and have only the 4 × 4 blocks those pixels touch averaged
/// again; every other block would average the same pixels. The damage of every frame since the
/// last preview is listed, so the rectangles overlap (a scene changing all over lists the whole
/// frame twice): the blocks are joined row by row first and each is averaged once, and a strip
/// whose every block is averaged again is not copied first. Until 2026-11-28 each rectangle was
/// averaged on its own: countdown averaged every block twice a preview (about 4 % of its
/// window's CPU). Same bytes either way (TimeTravelTests compares the two).
extension TimeMachine {
    /// Keeps a quarter-size copy of the live frame just drawn (log index `index`), every
    /// `previewStep`-th; true when it kept one.
    /// - Parameters:
    ///   - width, height: the part of `bitmap` from its top-left corner to keep (the stage's area);
    ///     nil: all of it. Clamped to the bitmap.
    ///   - changed: the pixels of `bitmap` that changed since the last preview kept, when known
    ///     (nil: every block is averaged).
    @discardableResult
    func keepPreview(of bitmap: Bitmap, width: Int? = nil, height: Int? = nil, index: Int, changed: [PixelRect]? = nil) -> Bool {
        let w = max(1, min(bitmap.width, width ?? bitmap.width)), h = max(1, min(bitmap.height, height ?? bitmap.height))
        guard index >= 0, index % previewStep == 0, previews[index] == nil else { return false }
        let sw = max(1, w / 4), sh = max(1, h / 4), rows = TravelPreview.stripRows
        var strips: [PreviewStrip] = []
        if let changed, let last = lastPreview, last.width == sw, last.height == sh, w >= 4, h >= 4 {
            strips = last.strips
            // The changed pixels in blocks. Between two previews the damage of two frames or more
            // is listed, and a scene that changes all over damages the whole frame in each: the
            // blocks are joined row by row (`changedRuns`), so each is averaged once.
            let blocks = changed.compactMap { r -> (x: Range<Int>, y: Range<Int>)? in
                let x0 = max(0, r.x0) / 4, x1 = min(sw, (max(0, r.x1) + 3) / 4)
                let y0 = max(0, r.y0) / 4, y1 = min(sh, (max(0, r.y1) + 3) / 4)
                return x0 < x1 && y0 < y1 ? (x0..<x1, y0..<y1) : nil
            }
            var runs: [[Range<Int>]] = []
            for k in Set(blocks.flatMap { ($0.y.lowerBound / rows)...(($0.y.upperBound - 1) / rows) }).sorted() {
                let top = k * rows, bottom = min(sh, top + rows)
                runs.removeAll(keepingCapacity: true)
                var whole = true
                for y in top..<bottom {
                    runs.append(Self.changedRuns(in: y, of: blocks))
                    if runs[y - top] != [0..<sw] { whole = false }
                }
                if last.strips[k].users > 0 {
                    // A stored preview holds the last one's strip: it stays as it is. (One only
                    // the last preview holds — the store dropped it — is written in place.) A
                    // strip whose every block is averaged again needs none of its pixels.
                    guard let strip = newStrip(width: sw) else { return false }
                    if !whole {
                        let from = last.strips[k].bitmap
                        strip.bitmap.pixels.update(from: from.pixels, count: from.stride * from.height)
                        previewStripsCopied += 1
                    }
                    strips[k] = strip
                }
                for y in top..<bottom {
                    for run in runs[y - top] {
                        Self.average(bitmap, width: w, height: h, into: strips[k].bitmap, firstRow: top, columns: run, rows: y..<y + 1)
                        previewBlocksAveraged += run.count
                    }
                }
            }
            previewsFromLast += 1
        } else {
            for k in 0..<TravelPreview.stripCount(height: sh) {
                guard let strip = newStrip(width: sw) else { return false }
                Self.average(bitmap, width: w, height: h, into: strip.bitmap, firstRow: k * rows, columns: 0..<sw,
                             rows: k * rows..<min(sh, (k + 1) * rows))
                previewBlocksAveraged += sw * (min(sh, (k + 1) * rows) - k * rows)
                strips.append(strip)
            }
        }
        let preview = TravelPreview(width: sw, height: sh, strips: strips)
        // Strips only the last preview held (the store had dropped it) and this one does not
        // share become spares; none of them is in the spare list yet.
        if let last = lastPreview {
            for strip in last.strips where strip.users == 0 && !strips.contains(where: { $0 === strip }) { spareStrips.append(strip) }
        }
        lastPreview = preview
        store(preview, at: index)
        return true
    }

    /// The columns of block row `y` that `blocks` cover, as disjoint runs in ascending order
    /// (overlapping and touching runs joined).
    static func changedRuns(in y: Int, of blocks: [(x: Range<Int>, y: Range<Int>)]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for b in blocks where b.y.contains(y) { runs.append(b.x) }
        guard runs.count > 1 else { return runs }
        runs.sort { $0.lowerBound < $1.lowerBound }
        var joined = [runs[0]]
        for r in runs.dropFirst() {
            if r.lowerBound <= joined[joined.count - 1].upperBound {
                joined[joined.count - 1] = joined[joined.count - 1].lowerBound..<max(joined[joined.count - 1].upperBound, r.upperBound)
            } else {
                joined.append(r)
            }
        }
        return joined
    }

    /// Writes each block of `small` in `columns` × `rows` as the rounded average of the 4 × 4
    /// pixels of `bitmap` it stands for; `small`'s row 0 holds block row `firstRow` (a strip of a
    /// preview; default 0, the whole picture).
    ///
    /// The average is per channel (premultiplied stays premultiplied), rounded: (sum + 8) / 16. Two
    /// channels are summed per UInt32 (R|B and G|A in 16-bit halves: 16 × 255 + 8 cannot carry
    /// into the next half), so a block is 32 adds and two shifts. The picture is width / 4 ×
    /// height / 4 of the part averaged (`width` × `height` from the top-left corner, at most the
    /// bitmap; nil: the whole bitmap), so every block lies inside it when both sides are at least
    /// 4; a smaller part (a window a few pixels across) clamps to its last pixel.
    static func average(_ bitmap: Bitmap, width: Int? = nil, height: Int? = nil, into small: Bitmap, firstRow: Int = 0,
                        columns: Range<Int>, rows: Range<Int>) {
        let w = max(1, min(bitmap.width, width ?? bitmap.width)), h = max(1, min(bitmap.height, height ?? bitmap.height))
        guard w >= 4, h >= 4 else {
            for y in rows { for x in columns {
                var sum = (0, 0, 0, 0)
                for dy in 0..<4 { for dx in 0..<4 {
                    let p = bitmap[min(w - 1, x * 4 + dx), min(h - 1, y * 4 + dy)]
                    sum.0 += Int(p & 0xFF); sum.1 += Int(p >> 8 & 0xFF); sum.2 += Int(p >> 16 & 0xFF); sum.3 += Int(p >> 24)
                } }
                small[x, y - firstRow] = UInt32((sum.0 + 8) / 16) | UInt32((sum.1 + 8) / 16) << 8 | UInt32((sum.2 + 8) / 16) << 16 | UInt32((sum.3 + 8) / 16) << 24
            } }
            return
        }
        let stride = bitmap.stride
        for y in rows {
            let row = bitmap.pixels + y * 4 * stride
            let out = small.pixels + (y - firstRow) * small.stride
            for x in columns {
                var rb: UInt32 = 0x0008_0008, ag: UInt32 = 0x0008_0008
                var p = row + x * 4
                for _ in 0..<4 {
                    for dx in 0..<4 {
                        let v = p[dx]
                        rb &+= v & 0x00FF_00FF
                        ag &+= (v >> 8) & 0x00FF_00FF
                    }
                    p += stride
                }
                out[x] = (rb >> 4) & 0x00FF_00FF | ((ag >> 4) & 0x00FF_00FF) << 8
            }
        }
    }

    /// Keeps `preview` as frame `index`'s preview, within the byte budget (fewer frames kept as the
    /// session grows; the strips only the ones thinned out held become spares). A strip shared
    /// with previews already stored adds no bytes.
    private func store(_ preview: TravelPreview, at index: Int) {
        previews[index] = preview
        for strip in preview.strips {
            strip.users += 1
            if strip.users == 1 { previewBytes += strip.bytes }
        }
        while previewBytes > maxPreviewBytes, previewStep < 1 << 20 {
            previewStep *= 2
            for k in previews.keys where k % previewStep != 0 { dropPreview(k) }
        }
    }

    /// Drops frame `index`'s preview from the store: its strips that no stored preview holds any
    /// more stop counting against the budget and become spares (not the last preview's: the next
    /// one shares or copies them).
    func dropPreview(_ index: Int) {
        guard let preview = previews.removeValue(forKey: index) else { return }
        for strip in preview.strips {
            strip.users -= 1
            guard strip.users == 0 else { continue }
            previewBytes -= strip.bytes
            if !(lastPreview?.strips.contains { $0 === strip } ?? false) { spareStrips.append(strip) }
        }
    }

    /// A strip `width` blocks wide for the next preview: a spare of that width, else a new one.
    /// A spare's old pixels do not matter: `keepPreview` writes every row of it the picture uses
    /// (a copy of the last preview's strip, or every block averaged).
    private func newStrip(width: Int) -> PreviewStrip? {
        if let s = spareStrips.popLast() {
            if s.bitmap.width == width { return s }
            spareStrips.removeAll()   // the stage's size changed: none fits
        }
        guard let b = Bitmap(width: width, height: TravelPreview.stripRows) else { return nil }
        previewStripsMade += 1
        return PreviewStrip(bitmap: b)
    }

    /// The preview nearest at or before `index`, within a few steps, scaled (nearest pixel) to
    /// `width` × `height`; nil when none is that close.
    func preview(at index: Int, width: Int, height: Int) -> Bitmap? {
        var k = index - index % previewStep
        while k >= 0, index - k <= 4 * previewStep, previews[k] == nil { k -= previewStep }
        guard k >= 0, let small = previews[k] else { return nil }
        if previewBitmap?.width != width || previewBitmap?.height != height { previewBitmap = Bitmap(width: width, height: height) }
        guard let out = previewBitmap else { return nil }
        for y in 0..<height {
            let row = small.row(min(small.height - 1, y * small.height / height))
            for x in 0..<width { out[x, y] = row[min(small.width - 1, x * small.width / width)] }
        }
        return out
    }
}

/// Hands each drawn live frame's stage area, as composited before the overlays drew (a
/// `FrameDriver.sceneSinks` entry), to the machine's previews, with what changed since the last
/// preview it kept (frames shown while scrubbing are not live and never come here).
final class PreviewSink: FrameSink {
    unowned let machine: TimeMachine
    /// Pixels changed since the last preview kept; nil: not known (the next is made whole).
    private var changed: [PixelRect]?
    /// Past this many rectangles the next preview is made whole (the list only grows between previews).
    static let maxRects = 64

    init(machine: TimeMachine) { self.machine = machine }

    func present(_ frame: FinishedFrame) throws {
        guard !machine.isActive else { changed = nil; return }   // a scrub shows other frames
        // A frame advanced without drawing has its changes in the next drawn frame's damage.
        guard let bitmap = frame.bitmap, let shown = machine.log.frames.last else { return }
        if let damage = frame.damage, let count = changed?.count, count + damage.count <= Self.maxRects {
            changed?.append(contentsOf: damage)   // in place: one buffer for the whole session
        } else {
            changed = nil
        }
        // The stage's area as the log recorded it for this frame: what a replay of it draws.
        if machine.keepPreview(of: bitmap, width: shown.pixelWidth, height: shown.pixelHeight,
                               index: machine.log.frames.count - 1, changed: changed) {
            if changed == nil { changed = [] } else { changed?.removeAll(keepingCapacity: true) }
        }
    }
}

/// Tells the machine the live frame is done, after the sinks before it (the window's among them)
/// have shown it.
final class LiveFrameSink: FrameSink {
    unowned let machine: TimeMachine
    init(machine: TimeMachine) { self.machine = machine }
    func present(_ frame: FinishedFrame) throws { machine.liveFrameShown() }
}
