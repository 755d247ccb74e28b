import CFreeType
import CHarfBuzz

/// One face at one pixel size: a FreeType face over the font file's bytes, the HarfBuzz font that
/// shapes text with it, the line metrics, and the glyphs rendered so far. Measures and rasterises
/// one line of text as 8-bit coverage.
///
/// Why these exact steps: text rendered through SDL_ttf 2.20.1 (light hinting, blended) is in the
/// golden frames, and this type reproduces its bytes without SDL. SDL_ttf, as Debian builds it,
/// shapes with HarfBuzz (direction left to right, script unknown, no features, FreeType's light
/// hinting for advances), then places each glyph's bitmap at the floor of its 26.6 pen position
/// plus the bitmap's offset; the line is as wide as the union of the glyph boxes and the pen's end,
/// as tall as the font's height (ascender − descender, rounded up) or the glyphs' reach; coverage
/// of overlapping glyphs is combined with a bitwise OR, as SDL_ttf's blit does. `FontLibrary` owns
/// the instances and the lock: a `SizedFont` is not thread-safe.
final class SizedFont {
    /// Why a font cannot be opened: FreeType's error code.
    struct OpenError: Error { let code: FT_Error }

    private let face: FT_Face
    private let shaper: OpaquePointer
    /// The line's ascent in pixels: where the baseline sits below the top.
    let ascent: Int
    /// The line's height in pixels (`TTF_FontHeight`).
    let height: Int

    /// A glyph's boxes: `box` from loading (the line's size), `image` from rendering (placement).
    /// A class: the cache hands out references, not copies (a copy per lookup, three lookups per
    /// glyph, made text 1.8 times slower than SDL_ttf).
    private final class Glyph {
        var boxLeft = 0, boxTop = 0, boxWidth = 0, boxRows = 0
        var rendered = false
        var left = 0, top = 0, width = 0, rows = 0
        var isColor = false
        /// Coverage, `width * rows` bytes (colour glyphs: their alpha).
        var coverage: [UInt8] = []
    }
    /// The glyphs loaded so far, by glyph index (the face's glyph count long).
    private var glyphs: [Glyph?]
    private var loaded = 0
    /// Glyphs kept before the cache starts again. Default: 1024.
    private static let maxGlyphs = 1024

    /// Opens the face in `bytes` (which must outlive the font) at `pixelSize` pixels per em.
    init(library: FT_Library, bytes: UnsafeRawBufferPointer, pixelSize: Int) throws {
        var opened: FT_Face?
        let error = FT_New_Memory_Face(library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &opened)
        guard error == 0, let face = opened else { throw OpenError(code: error) }
        Self.selectUnicodeCharmap(face)
        guard let shaper = hb_ft_font_create(face, nil) else {
            FT_Done_Face(face)
            throw OpenError(code: -1)
        }
        hb_ft_font_set_load_flags(shaper, flipbook_ft_load_light)
        let sized = FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 0, 0)
        guard sized == 0, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            hb_font_destroy(shaper)
            FT_Done_Face(face)
            throw OpenError(code: sized == 0 ? -1 : sized)
        }
        hb_ft_font_changed(shaper)
        let scale = face.pointee.size.pointee.metrics.y_scale
        let ascender = FT_Long(face.pointee.ascender), descender = FT_Long(face.pointee.descender)
        ascent = Self.ceil(FT_MulFix(ascender, scale))
        height = Self.ceil(FT_MulFix(ascender - descender, scale))
        self.face = face
        self.shaper = shaper
        glyphs = Array(repeating: nil, count: max(0, Int(face.pointee.num_glyphs)))
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
    }

    /// The charmap SDL_ttf picks: UCS-4 Unicode, else the first Windows Unicode or Symbol, ISO
    /// Unicode or Apple Unicode map; else FreeType's own choice.
    private static func selectUnicodeCharmap(_ face: FT_Face) {
        let maps = (0..<Int(face.pointee.num_charmaps)).compactMap { face.pointee.charmaps[$0] }
        let ucs4 = maps.first { $0.pointee.platform_id == 3 && $0.pointee.encoding_id == 10 }
        let other = maps.first {
            let (p, e) = ($0.pointee.platform_id, $0.pointee.encoding_id)
            return (p == 3 && (e == 1 || e == 0)) || (p == 2 && e == 1) || p == 0
        }
        if let map = ucs4 ?? other { FT_Set_Charmap(face, map) }
    }

    /// 26.6 → pixels, rounded down (`FT_FLOOR`).
    private static func floor(_ v: Int) -> Int { v >> 6 }
    /// 26.6 → pixels, rounded up (`FT_CEIL`).
    private static func ceil(_ v: FT_Long) -> Int { (Int(v) + 63) >> 6 }

    /// A shaped line: each glyph's index and 26.6 pen position, and the line's box.
    struct Line {
        var glyphs: [(index: UInt32, x: Int, y: Int)] = []
        var width = 0, height = 0
        /// Where the pen starts, so that no glyph is cut at the left or top.
        var xStart = 0, yStart = 0
    }

    /// Shapes `text` (up to its first NUL, as a C string) and works out the line's box.
    /// Returns nil when a glyph cannot be loaded.
    func layout(_ text: String) -> Line? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_UNKNOWN)
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_shape(shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return Line(height: height) }
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
        var line = Line()
        line.glyphs.reserveCapacity(Int(count))
        var x = 0, y = 0
        var minX = 0, maxX = 0, minY = 0, maxY = height
        for g in 0..<Int(count) {
            let index = infos[g].codepoint, p = positions[g]
            guard let glyph = metrics(index) else { return nil }
            let penX = x + Int(p.x_offset), penY = y + (ascent << 6) - Int(p.y_offset)
            x += Int(p.x_advance)
            y += Int(p.y_advance)
            line.glyphs.append((index, penX, penY))
            let left = Self.floor(penX) + glyph.boxLeft, top = Self.floor(penY) - glyph.boxTop
            minX = min(minX, left)
            maxX = max(maxX, left + glyph.boxWidth)
            minY = min(minY, top)
            maxY = max(maxY, top + glyph.boxRows)
        }
        maxX = max(maxX, Self.floor(x)) // a line of spaces is as wide as its advance
        line.xStart = minX < 0 ? -minX : 0
        line.yStart = minY < 0 ? -minY : 0
        line.width = maxX - minX
        line.height = maxY - minY
        return line
    }

    /// The line's coverage, `line.width * line.height` bytes row by row; nil when a glyph cannot
    /// be rendered.
    func rasterize(_ line: Line) -> [UInt8]? {
        let w = line.width, h = line.height
        var out = [UInt8](repeating: 0, count: w * h)
        for placed in line.glyphs {
            guard let glyph = rendered(placed.index) else { return nil }
            let x0 = line.xStart + Self.floor(placed.x) + glyph.left
            let y0 = line.yStart + Self.floor(placed.y) - glyph.top
            // Clipped to the line, as SDL_ttf clips a glyph that reaches outside its surface.
            let sx = max(0, -x0), sy = max(0, -y0)
            let ex = min(glyph.width, w - x0), ey = min(glyph.rows, h - y0)
            guard sx < ex, sy < ey else { continue }
            let gw = glyph.width, isColor = glyph.isColor
            glyph.coverage.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for gy in sy..<ey {
                        let from = src.baseAddress! + gy * gw, to = dst.baseAddress! + (y0 + gy) * w + x0
                        if isColor {
                            (to + sx).update(from: from + sx, count: ex - sx)
                            continue
                        }
                        // 16 bytes at a time, as SDL_ttf's SSE2 blit: a byte loop made 48 px text 1.4× slower.
                        var gx = sx
                        while gx + 16 <= ex {
                            let a = UnsafeRawPointer(from + gx).loadUnaligned(as: SIMD16<UInt8>.self)
                            let b = UnsafeRawPointer(to + gx).loadUnaligned(as: SIMD16<UInt8>.self)
                            UnsafeMutableRawPointer(to + gx).storeBytes(of: a | b, as: SIMD16<UInt8>.self)
                            gx += 16
                        }
                        while gx < ex { to[gx] |= from[gx]; gx += 1 }
                    }
                }
            }
        }
        return out
    }

    /// The glyph with its box from loading (light hinting, not rendered).
    private func metrics(_ index: UInt32) -> Glyph? {
        let i = Int(index)
        guard i < glyphs.count else { return nil }
        if let g = glyphs[i] { return g }
        guard FT_Load_Glyph(face, index, flipbook_ft_load_light) == 0, let slot = face.pointee.glyph else { return nil }
        let g = Glyph()
        g.boxLeft = Int(slot.pointee.bitmap_left)
        g.boxTop = Int(slot.pointee.bitmap_top)
        g.boxRows = Int(slot.pointee.bitmap.rows)
        g.boxWidth = Int(slot.pointee.bitmap.width)
        if g.boxLeft == 0 && g.boxTop == 0 && g.boxRows == 0 && g.boxWidth == 0 {
            // Older FreeType left the slot's bitmap box empty before rendering: the outline's box.
            let m = slot.pointee.metrics
            let minX = Self.floor(Int(m.horiBearingX)), maxX = Int(Self.ceil(m.horiBearingX + m.width))
            let maxY = Self.floor(Int(m.horiBearingY)), minY = maxY - Int(Self.ceil(m.height))
            (g.boxLeft, g.boxTop, g.boxWidth, g.boxRows) = (minX, maxY, maxX - minX, maxY - minY)
        }
        if loaded >= Self.maxGlyphs {
            for k in glyphs.indices { glyphs[k] = nil }
            loaded = 0
        }
        glyphs[i] = g
        loaded += 1
        return g
    }

    /// The glyph rendered to 8-bit coverage (light hinting, FT_LOAD_COLOR as SDL_ttf's blended text).
    private func rendered(_ index: UInt32) -> Glyph? {
        guard let g = metrics(index) else { return nil }
        if g.rendered { return g }
        guard FT_Load_Glyph(face, index, flipbook_ft_load_light_color) == 0, let slot = face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        g.left = Int(slot.pointee.bitmap_left)
        g.top = Int(slot.pointee.bitmap_top)
        g.width = Int(bitmap.width)
        g.rows = g.width == 0 ? 0 : Int(bitmap.rows)
        g.coverage = [UInt8](repeating: 0, count: g.width * g.rows)
        let mode = FT_Pixel_Mode(UInt32(bitmap.pixel_mode))
        g.isColor = mode == FT_PIXEL_MODE_BGRA
        if g.rows > 0, let buffer = bitmap.buffer {
            for y in 0..<g.rows {
                let src = buffer + y * Int(bitmap.pitch)
                for x in 0..<g.width { g.coverage[y * g.width + x] = Self.coverage(src, x, mode) }
            }
        }
        g.rendered = true
        return g
    }

    /// Pixel `x` of a bitmap row as 8-bit coverage, SDL_ttf's conversions for each pixel mode
    /// (embedded bitmaps of registered fonts; DejaVu's outlines are always 8-bit grey).
    private static func coverage(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ mode: FT_Pixel_Mode) -> UInt8 {
        switch mode {
        case FT_PIXEL_MODE_MONO:
            return (row[x / 8] << (x % 8)) & 0x80 != 0 ? 255 : 0
        case FT_PIXEL_MODE_GRAY2:
            let v = Int((row[x / 4] << (2 * (x % 4))) & 0xA0) >> 6
            return v == 0 ? 0 : UInt8(256 * v / 3 - 1)
        case FT_PIXEL_MODE_GRAY4:
            let v = Int((row[x / 2] << (4 * (x % 2))) & 0xF0) >> 4
            return v == 0 ? 0 : UInt8(256 * v / 15 - 1)
        case FT_PIXEL_MODE_BGRA:
            return row[4 * x + 3]
        default:
            return row[x]
        }
    }
}
