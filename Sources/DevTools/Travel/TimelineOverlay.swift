import FrameLoop
import Flipbook
import Raster

/// The time-travel band along the bottom edge of the window: the session's recorded media time,
/// the frame shown, and how to scrub it.
///
/// Docked, not drawn over the scene: the driver lays the stage out in the window less the band's
/// height (`docked`), so what a scene shows along its bottom edge (its footer hints) stays in
/// view, as a UIKit sheet or toolbar shortens the view beside it. The band keeps one height
/// whether or not the mouse is over it, so the scene is not laid out again each time the pointer
/// passes; with the mouse over it, or while scrubbing, its track is lit. Drawn by the host over
/// the frame, so it is in no layer tree, trace or golden (headless renders have no time machine).
///
/// It paints its whole room opaque in every frame (`paintsDockedRoom`), so the driver never
/// composites the scene there; and it paints from a copy of itself (`painted`) in which only what
/// changed since the last frame is painted again — while the session runs live, the label's last
/// digits and the row of second ticks (which move as the history grows). Into the frame it copies
/// what changed and what other overlays drew over the band since (`FrameDriver.roomOverdrawn`;
/// the whole band when that is not known), and `pixelsDrawn` names only the changed part, which
/// is all the window uploads of it. Until 2026-11-28 the band was painted whole every frame, composited under it
/// first, and pushed whole: about a third of the hello scene's window CPU (BENCHMARKS.md).
public final class TimelineOverlay: FrameOverlay {
    private unowned let machine: TimeMachine
    /// The band's height in points.
    static let bandHeight = 30.0
    /// Points left and right of the track.
    static let margin = 12.0
    private let glyphs = GlyphCache()
    init(machine: TimeMachine) { self.machine = machine }

    /// The pixels of the frame the last `draw` changed: the whole band when it was painted anew
    /// (the first frame, another frame bitmap or size, the pointer entering the band, a scrub),
    /// else only the parts that differ from the frame before (see `FrameOverlay.pixelsDrawn`).
    /// Every tick, cursor and label lies in the band.
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// The band's room along the bottom edge, which the stage is not laid out in.
    public var docked: DockedSpace { DockedSpace(bottom: Self.bandHeight) }

    /// True: each `draw` paints every pixel of the band opaque (`OverlayStyle.dock` first), the
    /// full rows below the stage.
    public var paintsDockedRoom: Bool { true }

    /// True when a point at `y` (points from the top) is on the band, in a window `height` high.
    func contains(y: Double, height: Double) -> Bool {
        y >= height - Self.bandHeight
    }

    /// The media time under `x` in a window `width` points wide.
    func time(atX x: Double, width: Double) -> Double {
        let f = min(1, max(0, (x - Self.margin) / max(1, width - 2 * Self.margin)))
        return machine.startTime + f * (machine.endTime - machine.startTime)
    }

    /// What the band shows, as the pixel rectangles and text a painter draws, in drawing order:
    /// `fills`, then `ticks`, then `cursor`, then `label`. Two looks that differ only in their
    /// ticks and label differ only in those pixels (and where a glyph or tick overlaps the rest,
    /// which the repaint of a region redraws in order).
    struct Look: Equatable {
        /// The frame's size and scale the look was made for.
        var width: Int, height: Int, scale: Double
        /// The band's rows: `top` ..< `height`.
        var top: Int
        var fills: [Fill] = []
        var ticks: [PixelRect] = []
        var cursor: [Fill] = []
        var label: [UInt8] = []
        var labelOrigin = CGPoint.zero
        var labelColor = Color.white

        struct Fill: Equatable {
            var rect: PixelRect
            var color: Color
        }
    }

    /// The colour of the second ticks.
    private static let tickColor = Color(r: 1, g: 1, b: 1, a: 0.4)

    /// The band as it should look now in a frame `width` × `height` pixels at `scale`.
    func look(width: Int, height bitmapHeight: Int, scale: Double) -> Look {
        let h = Double(bitmapHeight) / scale, w = Double(width) / scale
        let height = min(h, Self.bandHeight)
        // Whole pixels from the stage's last row down: the band meets the stage without a seam.
        let top = max(0, bitmapHeight - Int((height * scale).rounded()))
        var look = Look(width: width, height: bitmapHeight, scale: scale, top: top)
        func px(_ r: CGRect) -> PixelRect {
            func p(_ v: CGFloat) -> Int { Int((Double(v) * scale).rounded()) }
            return PixelRect(x0: p(r.minX), y0: p(r.minY), x1: p(r.maxX), y1: p(r.maxY))
        }
        look.fills.append(.init(rect: PixelRect(x0: 0, y0: top, x1: width, y1: bitmapHeight), color: OverlayStyle.dock))
        look.fills.append(.init(rect: PixelRect(x0: 0, y0: top, x1: width, y1: top + 1), color: OverlayStyle.panelEdge))
        guard let shown = machine.shownTime else { return look }
        let lit = machine.hovering || machine.isActive
        let start = machine.startTime, end = machine.endTime
        let span = max(end - start, 1e-9)
        let trackX = Self.margin, trackW = max(1, w - 2 * Self.margin)
        let f = min(1, max(0, (shown - start) / span))
        let trackY = h - 9, trackH = 4.0
        look.fills.append(.init(rect: px(CGRect(x: trackX, y: trackY, width: trackW, height: trackH)), color: Color(r: 1, g: 1, b: 1, a: lit ? 0.3 : 0.18)))
        look.fills.append(.init(rect: px(CGRect(x: trackX, y: trackY, width: trackW * f, height: trackH)), color: Color(r: 0.35, g: 0.7, b: 1, a: lit ? 0.95 : 0.6)))
        // Ticks each second (each ten past two minutes), the cursor, the times.
        let step = span > 120 ? 10.0 : 1.0
        var t = (start / step).rounded(.up) * step
        while t <= end {
            look.ticks.append(px(CGRect(x: trackX + trackW * (t - start) / span - 0.5, y: trackY - 3, width: 1, height: 3)))
            t += step
        }
        look.cursor.append(.init(rect: px(CGRect(x: trackX + trackW * f - 1.5, y: trackY - 8, width: 3, height: trackH + 12)),
                                 color: lit ? .white : Color(r: 1, g: 1, b: 1, a: 0.7)))
        let label = machine.isActive
            ? Self.seconds(shown) + " s of " + Self.seconds(end) + " s: release to go on from here"
            : Self.seconds(end) + " s: drag here, hold - or =, or pull a trigger to travel in time"
        look.label = Array(label.utf8)
        look.labelOrigin = CGPoint(x: trackX, y: h - Self.bandHeight + 3)
        look.labelColor = lit ? .white : OverlayStyle.dim
        return look
    }

    /// `t` with two decimals, as `String(format: "%.2f", t)` prints it but without Foundation's
    /// formatter (the label changes every live frame): hundredths rounded to nearest, ties to
    /// even. Where `t` × 100 lies within a rounding error of a half (never for frame times, which
    /// are not hundredths and a half) the last digit may differ from printf's by one; a label
    /// read to the hundredth of a second does not show it. A negative `t` keeps its sign ("-0.00"),
    /// as printf's does. Not finite: "nan", "inf" or "-inf".
    static func seconds(_ t: Double) -> String {
        guard t.isFinite else { return t.isNaN ? "nan" : t < 0 ? "-inf" : "inf" }
        let hundredths = (abs(t) * 100).rounded(.toNearestOrEven)
        guard hundredths < 1e15 else { return String(format: "%.2f", t) }
        let n = Int(hundredths), whole = n / 100, part = n % 100
        return (t.sign == .minus ? "-" : "") + String(whole) + (part < 10 ? ".0" : ".") + String(part)
    }

    /// The band as last painted into `painted` (nil: not yet, or thrown away).
    private var shownLook: Look?
    /// The band's own copy of its pixels, frame-sized (only the band's rows are ever written, so
    /// the rest costs address space, not memory: `Bitmap` takes zeroed pages from calloc).
    private var painted: Bitmap?
    /// The frame bitmap the last `draw` went into, and its size: the band's pixels are there
    /// unless someone else wrote over them since, which the driver knows (see `pixelsDrawn`).
    private var lastFrame: (id: ObjectIdentifier, width: Int, height: Int)?

    /// Draws the band along the bottom (history, the shown time and the live end; before the first
    /// frame only its background); `scale` is pixels per point. It draws every frame, so it paints
    /// as the other tools do (`OverlayPainter`: pixel rows and cached monospaced glyphs), not
    /// through paths and FreeType, and only what changed since the frame before (`Look`).
    public func draw(into bitmap: Bitmap, scale: Double) {
        let look = look(width: bitmap.width, height: bitmap.height, scale: scale)
        let band = PixelRect(x0: 0, y0: look.top, x1: bitmap.width, y1: bitmap.height)
        if painted == nil || painted!.width != bitmap.width || painted!.height != bitmap.height {
            painted = Bitmap(width: bitmap.width, height: bitmap.height)
            shownLook = nil
        }
        guard let painted else {
            // No copy could be made (memory): paint the frame directly, whole.
            paint(look, into: bitmap, clip: band)
            pixelsDrawn = [band]
            shownLook = nil
            return
        }
        let advance = glyphs.advance(pixelSize: Self.labelPixelSize(scale: scale))
        var changed = shownLook.map { Self.changes(from: $0, to: look, advance: advance) } ?? [band]
        for r in changed { paint(look, into: painted, clip: r.intersection(band)) }
        shownLook = look
        let frame = (ObjectIdentifier(bitmap), bitmap.width, bitmap.height)
        let sameFrame = lastFrame.map { $0 == frame } ?? false
        lastFrame = frame
        if !sameFrame { changed = [band] }
        // The frame's band holds the last frame's band except what changed and what others drew
        // over it since, when the driver knows that (`FrameDriver.roomOverdrawn`); else all of it
        // is copied (a 1280 × 30 band: ~2 % of the hello scene's window CPU, bench-window3.md).
        // (A band taller than the window reaches into the stage's one row, which is composited.)
        let overdrawn = driver.flatMap { $0.bitmap === bitmap && band.y0 >= $0.stagePixelHeight ? $0.roomOverdrawn : nil }
        let copies = sameFrame && overdrawn != nil ? (changed + overdrawn!).map { $0.intersection(band) }.filter { !$0.isEmpty } : [band]
        copiedPixels = 0
        for r in copies {
            for y in r.y0..<r.y1 {
                (bitmap.pixels + y * bitmap.stride + r.x0).update(from: painted.pixels + y * painted.stride + r.x0, count: r.width)
            }
            copiedPixels += r.width * r.height
        }
        pixelsDrawn = changed.map { $0.intersection(band) }.filter { !$0.isEmpty }
    }

    /// The driver the band is drawn by (`TimeMachine.install(on:)`), for the room pixels others
    /// drew over; nil: the band is copied whole every frame.
    weak var driver: FrameDriver?
    /// Pixels the last `draw` copied from the band's copy into the frame (for tests).
    private(set) var copiedPixels = 0

    /// The pixel rectangles where `new` may look different from `old` (empty: none): everything
    /// when more than the ticks and the label changed; else the box of the ticks that moved, and
    /// the label's cells from the first character that differs to the last, a cell wider each
    /// side for glyphs that reach past their cell, the band's full height.
    /// `advance` is the label's advance in pixels.
    static func changes(from old: Look, to new: Look, advance: Int) -> [PixelRect] {
        let whole = [PixelRect(x0: 0, y0: new.top, x1: new.width, y1: new.height)]
        guard old.width == new.width, old.height == new.height, old.scale == new.scale, old.top == new.top,
              old.fills == new.fills, old.cursor == new.cursor, old.labelOrigin == new.labelOrigin,
              old.labelColor == new.labelColor else { return whole }
        var out: [PixelRect] = []
        if old.ticks != new.ticks {
            // The box of the ticks that differ, index by index (a tick added or gone: all past it).
            var moved: PixelRect?
            for i in 0..<max(old.ticks.count, new.ticks.count) {
                let a = i < old.ticks.count ? old.ticks[i] : nil, b = i < new.ticks.count ? new.ticks[i] : nil
                guard a != b else { continue }
                for r in [a, b] { if let r { moved = moved.map { $0.union(r) } ?? r } }
            }
            if let moved { out.append(moved) }
        }
        if old.label != new.label {
            let a = old.label, b = new.label
            var i0 = 0
            while i0 < a.count, i0 < b.count, a[i0] == b[i0] { i0 += 1 }
            var i1 = max(a.count, b.count) - 1
            if a.count == b.count { while i1 > i0, a[i1] == b[i1] { i1 -= 1 } }
            let x = Int((Double(new.labelOrigin.x) * new.scale).rounded())
            out.append(PixelRect(x0: max(0, x + (i0 - 1) * advance), y0: new.top, x1: min(new.width, x + (i1 + 2) * advance), y1: new.height))
        }
        return out
    }

    /// The label's glyph size in pixels at `scale` (as `OverlayPainter.text` sizes it).
    static func labelPixelSize(scale: Double) -> Int { max(6, Int((OverlayStyle.textSize * scale).rounded())) }

    /// Paints the part of `look` inside `clip` into `bitmap`, in drawing order: what a whole paint
    /// gives those pixels.
    private func paint(_ look: Look, into bitmap: Bitmap, clip: PixelRect) {
        guard !clip.isEmpty else { return }
        var p = OverlayPainter(bitmap: bitmap, scale: look.scale, text: glyphs)
        p.clip = clip.intersection(bitmap.bounds)
        for f in look.fills { p.fill(pixels: f.rect, f.color) }
        for t in look.ticks { p.fill(pixels: t, Self.tickColor) }
        for f in look.cursor { p.fill(pixels: f.rect, f.color) }
        guard !look.label.isEmpty else { return }
        // Only the characters whose cells meet the clip (with a cell's margin each side): a
        // monospaced glyph stays within a cell of its own.
        let advance = glyphs.advance(pixelSize: Self.labelPixelSize(scale: look.scale))
        let x = Int((Double(look.labelOrigin.x) * look.scale).rounded())
        let first = max(0, (p.clip.x0 - x) / advance - 1)
        let last = min(look.label.count, (p.clip.x1 - x) / advance + 2)
        guard first < last else { return }
        let text = String(decoding: look.label[first..<last], as: UTF8.self)
        p.text(text, at: CGPoint(x: Double(x + first * advance) / look.scale, y: Double(look.labelOrigin.y)), look.labelColor)
    }
}
