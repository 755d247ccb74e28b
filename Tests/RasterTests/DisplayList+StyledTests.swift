import Raster
import Testing

/// Styled ops, nested lists and image-mask clips (Pipeline/DisplayList+Styled.swift) and the
/// player that plays a growing list once (DisplayList+Playback.swift).
@Suite struct DisplayListStyledTests {
    static func square(_ x: Double, _ y: Double, _ s: Double) -> Path {
        var p = Path()
        p.addRect(Rect(x: x, y: y, width: s, height: s))
        return p
    }

    /// A list using every new op: a shadowed multiply fill, a half-opaque group with a scaled
    /// image and a gradient, a fill through an image-mask clip.
    static func list() -> DisplayList {
        var list = DisplayList()
        list.fill(square(0, 0, 40), paint: .solid(Color(r: 0.2, g: 0.6, b: 0.9)))
        list.draw(.fill(square(6, 6, 14), pathTransform: nil, rule: .nonZero, paint: .solid(Color(r: 0.9, g: 0.4, b: 0.1)), clip: nil),
                  style: .init(blendMode: .multiply, shadow: .init(offset: Point(3, 4), blur: 4, color: Color(r: 0, g: 0, b: 0, a: 0.5))))
        var inner = DisplayList()
        let img = Bitmap(width: 3, height: 3)!
        for y in 0..<3 { for x in 0..<3 { img[x, y] = Pixel.pack(r: UInt32(80 * x), g: UInt32(80 * y), b: 200, a: 255) } }
        inner.draw(img, imageTransform: Transform.scale(4.3, 4.3))
        inner.fill(square(0, 14, 12), paint: .gradient(Gradient(colors: [.white, .black], startPoint: Point(0, 14), endPoint: Point(12, 26))))
        list.draw(.group(inner, transform: .translation(18, 3)), style: .init(opacity: 0.5))
        let mask = Bitmap(width: 2, height: 1)!
        mask[0, 0] = Pixel.pack(r: 255, g: 255, b: 255, a: 255)
        let clip = list.clip(mask: mask, imageTransform: Transform.scale(10, 10).concatenating(.translation(4, 26)))
        list.fill(square(0, 24, 40), paint: .solid(Color(r: 1, g: 1, b: 0)), clip: clip)
        return list
    }

    /// Played in two bands (scratch bitmaps whose corner follows the band, as the compositor's),
    /// every pixel is the whole play's.
    @Test func bandsGiveTheWholePlaysBytes() throws {
        let list = Self.list()
        let t = Transform.scale(1.5, 1.5)
        let whole = try #require(Bitmap(width: 60, height: 60))
        list.play(into: .init(bitmap: whole, clip: whole.bounds), transform: t, scratch: Canvas(whole))
        for (y0, y1) in [(0, 23), (23, 60)] {
            let band = try #require(Bitmap(width: 60, height: y1 - y0))
            list.play(into: .init(bitmap: band, clip: band.bounds), transform: t.concatenating(.translation(0, Double(-y0))),
                      scratch: Canvas(band), images: (t, (0, -y0)))
            let bad = (0..<band.height).flatMap { y in (0..<60).filter { band[$0, y] != whole[$0, y + y0] }.map { ($0, y + y0) } }
            #expect(bad.isEmpty, "band \(y0)..<\(y1): \(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        }
        // And the ops did draw: the multiply darkened, the shadow fell, the clip let yellow through its left half.
        #expect(Pixel.b(whole[15, 15]) < Pixel.b(whole[3, 3]))
        #expect(Pixel.r(whole[8, 45]) > 200 && Pixel.g(whole[8, 45]) > 200 && Pixel.b(whole[8, 45]) < 60)
        #expect(whole[50, 45] == whole[50, 5] || Pixel.r(whole[50, 45]) < 100, "right of the mask: no yellow")
    }

    /// A player plays only what was added since its last play: the same bytes as one play of the whole list.
    @Test func aPlayerPlaysEachOpOnce() throws {
        let list = Self.list()
        let once = try #require(Bitmap(width: 40, height: 40))
        list.play(into: .init(bitmap: once, clip: once.bounds), transform: .identity, scratch: Canvas(once))
        let stepped = try #require(Bitmap(width: 40, height: 40))
        let player = DisplayList.Player(target: .init(bitmap: stepped, clip: stepped.bounds), transform: .identity, scratch: Canvas(stepped))
        var growing = DisplayList()
        for op in list.ops {
            switch op {
            case let .clipMask(image, t, previous): _ = growing.clip(mask: image, imageTransform: t, intersecting: previous)
            default: growing.draw(op, style: .init())
            }
            player.play(growing)
            player.play(growing)   // nothing new: nothing drawn twice
        }
        #expect(player.played == list.ops.count)
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { once[$0, y] == stepped[$0, y] } })
    }
}
