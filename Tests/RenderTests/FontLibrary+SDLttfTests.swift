import CSDL2
import CSDL2TTF
import Foundation
import RasterIO
import Testing

/// Text through FreeType and HarfBuzz (`FontLibrary`) is byte for byte what SDL_ttf 2.20.1 made
/// when RasterIO drew text through it: the same sizes, line heights and coverage, for ASCII,
/// accents, Vietnamese (the scenes use it), combining marks, emoji and other glyphs DejaVu lacks,
/// spaces and empty text, at every size from 8 to 64 px and a few beyond, in every bundled face.
/// SDL_ttf stays a dependency of these tests only (Host links SDL anyway), as the reference.
@Suite(.serialized) struct FontLibrarySDLttfTests {
    static let strings = [
        "", " ", "   ", "Flipbook", "AVATAR Wavy To LT Yo", "Hello, world! 0123456789", "fi fl ffi ffl",
        "Café résumé naïve façade Ørsted Ångström", "Tiếng Việt có dấu: Xin chào thế giới",
        "Nguyễn Ảnh Đức ở Hà Nội, phở bò, cà phê sữa đá", "e\u{0301} a\u{0323}\u{0302} o\u{031B}\u{0300}",
        "😀 emoji 🎉 ✓ ★", "\u{E000}\u{F8FF} missing \u{10FFFD}", "a\tb", "Ω≈ç√∫µ≤≥÷ αβγ Жж",
        "—–‘’“”… •", "jjj ggg yyy ÀÉÎ", "|[]{}()/\\", "iiiiiiiiiiiiiiii WWWWWW",
    ]
    static let sizes = Array(8...64) + [1, 2, 5, 72, 96, 150]

    /// SDL_ttf over the same font files, opened as `FontLibrary` opened them (light hinting).
    final class Reference {
        private var fonts: [String: OpaquePointer] = [:]

        init() { if TTF_WasInit() == 0 { _ = TTF_Init() } }

        func font(_ face: FontLibrary.Face, _ size: Int) -> OpaquePointer? {
            let key = "\(face.name)@\(size)"
            if let f = fonts[key] { return f }
            guard let path = FontLibrary.path(of: face), let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16) // kept: the font reads it
            data.copyBytes(to: bytes)
            guard let rw = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)), let f = TTF_OpenFontRW(rw, 1, Int32(size)) else { return nil }
            TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
            fonts[key] = f
            return f
        }

        func measure(_ text: String, _ face: FontLibrary.Face, _ size: Int) -> (Int, Int) {
            guard let f = font(face, size) else { return (-1, -1) }
            if text.isEmpty { return (0, Int(TTF_FontHeight(f))) }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(f, text, &w, &h)
            return (Int(w), Int(h))
        }

        func lineHeight(_ face: FontLibrary.Face, _ size: Int) -> Int { font(face, size).map { Int(TTF_FontHeight($0)) } ?? -1 }

        func coverage(_ text: String, _ face: FontLibrary.Face, _ size: Int) -> (width: Int, height: Int, bytes: [UInt8])? {
            guard !text.isEmpty, let f = font(face, size),
                  let s = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
            defer { SDL_FreeSurface(s) }
            let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
            let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
            var out = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { out[y * w + x] = UInt8(row[x] >> 24) }
            }
            return (w, h, out)
        }
    }

    @Test(arguments: FontLibrary.Face.bundled)
    func textIsByteForByteSDLttfs(_ face: FontLibrary.Face) {
        let reference = Reference(), library = FontLibrary.shared
        var cases = 0, mismatches: [String] = [], worst = 0
        for size in Self.sizes {
            if library.lineHeight(face: face, pixelSize: size) != reference.lineHeight(face, size) {
                mismatches.append("line height at \(size) px: \(library.lineHeight(face: face, pixelSize: size)) vs \(reference.lineHeight(face, size))")
            }
            for text in Self.strings {
                cases += 1
                let ours = library.measure(text, face: face, pixelSize: size), theirs = reference.measure(text, face, size)
                if ours != theirs { mismatches.append("measure \(text.debugDescription) at \(size) px: \(ours) vs \(theirs)") }
                let a = library.coverage(text, face: face, pixelSize: size), b = reference.coverage(text, face, size)
                switch (a, b) {
                case (nil, nil): continue
                case let (a?, b?) where a.width == b.width && a.height == b.height:
                    let diff = zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
                    if diff != 0 {
                        worst = max(worst, diff)
                        let count = zip(a.bytes, b.bytes).filter { $0 != $1 }.count
                        mismatches.append("coverage \(text.debugDescription) at \(size) px: \(count) pixels differ, by up to \(diff)")
                    }
                default:
                    mismatches.append("coverage \(text.debugDescription) at \(size) px: \(a.map { "\($0.width)x\($0.height)" } ?? "nil") vs \(b.map { "\($0.width)x\($0.height)" } ?? "nil")")
                }
            }
        }
        #expect(cases == Self.sizes.count * Self.strings.count)
        #expect(mismatches.isEmpty, "\(face): \(mismatches.count) of \(cases) cases differ (worst coverage difference \(worst)): \(mismatches.prefix(8).joined(separator: "; "))")
    }

    /// A colour is applied to the same coverage: premultiplied, the bitmap `render` gives.
    @Test func renderColoursTheCoverage() throws {
        let (w, h, cover) = try #require(FontLibrary.shared.coverage("Chào", face: .bold, pixelSize: 23))
        let bitmap = try #require(FontLibrary.shared.render("Chào", face: .bold, pixelSize: 23, color: .init(r: 1, g: 0.5, b: 0, a: 0.5)))
        #expect(bitmap.width == w && bitmap.height == h)
        for y in 0..<h {
            for x in 0..<w where cover[y * w + x] == 0 { #expect(bitmap[x, y] == 0) }
        }
        #expect(cover.contains(255))
    }
}
