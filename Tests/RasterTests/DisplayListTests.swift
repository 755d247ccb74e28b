import Raster
import Testing

/// Recording and playing back drawing (Pipeline/DisplayList.swift, DisplayList+Playback.swift).
@Suite struct DisplayListTests {
    static func square(_ x: Double, _ y: Double, _ s: Double) -> Path {
        var p = Path()
        p.move(to: Point(x, y)); p.line(to: Point(x + s, y)); p.line(to: Point(x + s, y + s)); p.line(to: Point(x, y + s)); p.close()
        return p
    }

    @Test func playingARecordingGivesTheSamePixelsAsDrawingDirectly() throws {
        var list = DisplayList()
        let t = Transform.scale(2, 2).concatenating(.translation(3.5, 1.25))
        list.fill(Self.square(1, 1, 6), paint: .solid(Color(hex: 0x30D158)))
        var ring = Path()
        ring.addRoundedRect(Rect(x: 2, y: 2, width: 10, height: 8), cornerRadius: 3)
        list.stroke(ring, style: StrokeStyle(width: 1.5), trim: (0.1, 0.7), color: Color(hex: 0xFF375F))
        let played = try #require(Bitmap(width: 40, height: 30))
        list.play(into: .init(bitmap: played, clip: played.bounds), transform: t, scratch: Canvas(played))

        let direct = try #require(Bitmap(width: 40, height: 30))
        let c = Canvas(direct)
        c.fill(Self.square(1, 1, 6), transform: t, paint: .solid(Color(hex: 0x30D158)))
        c.fill(ring.strokeOutline(trimmedFrom: 0.1, to: 0.7, style: StrokeStyle(width: 1.5), transform: t), paint: .solid(Color(hex: 0xFF375F)))
        #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { played[$0, y] == direct[$0, y] } })
        #expect(played[10, 8] == Color(hex: 0x30D158).premultipliedPixel)
    }

    /// An aligned image (text) lands on the same device pixel whatever whole number the target's
    /// origin moves it by: a band's scratch bitmap sees the corner at −3.5 where the whole frame's
    /// sees it at 116.5, and both must put the image at device row 117 (round half up; Swift's
    /// `rounded()` took −3.5 to −4, a pixel off — #17 item 1).
    @Test func anAlignedImageLandsOnTheSamePixelWhateverTheOrigin() throws {
        let glyph = try #require(Bitmap(width: 2, height: 10))
        glyph.clear(Color.white.premultipliedPixel)
        var list = DisplayList()
        list.drawAligned(glyph, corner: Point(14.5, 116.5))
        for (ox, oy) in [(0, 0), (0, 120), (10, 113), (-7, -7), (16, 124)] {
            let b = try #require(Bitmap(width: 40, height: 200))
            list.play(into: .init(bitmap: b, clip: b.bounds), transform: .translation(Double(-ox), Double(-oy)), scratch: Canvas(b))
            let rows = (0..<200).filter { y in (0..<40).contains { b[$0, y] != 0 } }.map { $0 + oy }
            let cols = (0..<40).filter { x in (0..<200).contains { b[x, $0] != 0 } }.map { $0 + ox }
            #expect(rows == (117..<127).filter { $0 >= oy }, "origin (\(ox), \(oy)): rows \(rows)")
            #expect(cols == [15, 16].filter { $0 >= ox }, "origin (\(ox), \(oy)): columns \(cols)")
        }
    }

    @Test func clipsNestAndAnEmptyClipDrawsNothing() throws {
        var list = DisplayList()
        let left = list.clip(Self.square(0, 0, 10))
        let both = list.clip(Self.square(5, 0, 10), intersecting: left) // x 5…10
        list.fill(Self.square(0, 0, 20), paint: .solid(.white), clip: both)
        let empty = list.clip(Self.square(30, 30, 1)) // outside the target
        _ = empty
        let b = try #require(Bitmap(width: 20, height: 20))
        list.play(into: .init(bitmap: b, clip: b.bounds), transform: .identity, scratch: Canvas(b))
        #expect(b[7, 5] == Color.white.premultipliedPixel)
        #expect(b[2, 5] == 0 && b[12, 5] == 0 && b[7, 15] == 0)
        #expect(list.clipCount == 3)
    }

    @Test func alignedImagesLandOnWholePixels() throws {
        let glyph = try #require(Bitmap(width: 2, height: 2))
        glyph.clear(Color(hex: 0xFF0000).premultipliedPixel)
        var list = DisplayList()
        list.drawAligned(glyph, corner: Point(1, 1))
        let b = try #require(Bitmap(width: 8, height: 8))
        list.play(into: .init(bitmap: b, clip: b.bounds), transform: .translation(2.4, 2.6), scratch: Canvas(b)) // → (3.4, 3.6) → (3, 4)
        #expect(b[3, 4] == glyph[0, 0] && b[4, 5] == glyph[0, 0])
        #expect(b[3, 3] == 0 && b[5, 4] == 0)
    }
}
