import CSDL2
import CSDL2TTF
import FlipbookResources
import Foundation
import Raster

/// The DejaVu fonts bundled in Resources/Fonts, opened through SDL_ttf and cached per face and
/// pixel size.
///
/// Each face's file is read into memory once and every size is opened from that memory, so text
/// holds no file descriptor; at most `maxOpenFonts` sizes stay open, the least recently used closed
/// first. (Each size held the font file open, for ever: an animated font size opened a descriptor
/// per pixel size, up to 3,000, past the usual limit of 1,024; `make soak` saw them grow.)
///
/// Why bundled: text must render the same on every machine (golden frames with text), with or
/// without the system's fonts-dejavu-core, whose version may differ. The system's copies are only
/// a fallback for a program whose resource bundle was not copied beside it.
///
/// Text is rasterised by FreeType (through SDL_ttf) into a premultiplied bitmap that the layer
/// renderer composites like any other contents. Sizes are in pixels: callers multiply points by the
/// screen scale.
public final class FontLibrary {
    public enum Face: String, CaseIterable, Sendable {
        case regular = "DejaVuSans.ttf"
        case bold = "DejaVuSans-Bold.ttf"
        case mono = "DejaVuSansMono.ttf"
    }

    /// Folders searched for the font files, in order: `FLIPBOOK_FONTS` (a folder) when set, the
    /// bundled fonts (`FlipbookResources`), then the system's DejaVu folders.
    public static var searchPaths: [String] {
        var paths = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts"]
        if let bundled = FlipbookResources.fontsFolder { paths.insert(bundled, at: 0) }
        if let env = ProcessInfo.processInfo.environment["FLIPBOOK_FONTS"] { paths.insert(env, at: 0) }
        return paths
    }

    nonisolated(unsafe) public static let shared = FontLibrary()

    private var fonts: [String: (font: OpaquePointer, lastUse: Int)] = [:]
    private var uses = 0
    /// Each face's file, read once; fonts are opened over these bytes (never freed: three files).
    private var faceBytes: [Face: UnsafeRawBufferPointer] = [:]
    /// The most sizes kept open at once. Default: 32.
    public static let maxOpenFonts = 32
    /// Sizes open now (tests).
    public var openFontCount: Int { lock.lock(); defer { lock.unlock() }; return fonts.count }
    private var ready = false
    /// FreeType faces are not thread-safe; tests render text on several threads at once.
    private let lock = NSLock()

    /// The file path of a face, or nil when neither the bundle nor the system has it.
    public static func path(of face: Face) -> String? {
        searchPaths.map { "\($0)/\(face.rawValue)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    private func font(_ face: Face, pixelSize: Int) -> OpaquePointer? {
        if !ready {
            guard TTF_WasInit() != 0 || TTF_Init() == 0 else { return nil }
            ready = true
        }
        let size = max(1, min(1000, pixelSize))
        let key = "\(face.rawValue)@\(size)"
        uses += 1
        if let f = fonts[key] { fonts[key]!.lastUse = uses; return f.font }
        guard let bytes = bytes(of: face), let rw = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)),
              let f = TTF_OpenFontRW(rw, 1, Int32(size)) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        if fonts.count >= Self.maxOpenFonts, let oldest = fonts.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            TTF_CloseFont(oldest.value.font)
            fonts[oldest.key] = nil
        }
        fonts[key] = (f, uses)
        return f
    }

    /// The face's file in memory, read on first use; nil when it cannot be found or read.
    private func bytes(of face: Face) -> UnsafeRawBufferPointer? {
        if let b = faceBytes[face] { return b }
        guard let path = Self.path(of: face), let data = FileManager.default.contents(atPath: path),
              !data.isEmpty, data.count <= Int(Int32.max) else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: buffer)
        faceBytes[face] = UnsafeRawBufferPointer(buffer)
        return faceBytes[face]
    }

    /// The width and height in pixels that `text` takes in one line.
    public func measure(_ text: String, face: Face = .regular, pixelSize: Int) -> (width: Int, height: Int) {
        lock.lock(); defer { lock.unlock() }
        guard let f = font(face, pixelSize: pixelSize) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        if text.isEmpty { return (0, Int(TTF_FontHeight(f))) }
        TTF_SizeUTF8(f, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// One line of text as a premultiplied bitmap in `color`, antialiased; nil for empty text or
    /// when no font is installed.
    public func render(_ text: String, face: Face = .regular, pixelSize: Int, color: Color) -> Bitmap? {
        lock.lock(); defer { lock.unlock() }
        guard !text.isEmpty, let f = font(face, pixelSize: pixelSize) else { return nil }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let surface = TTF_RenderUTF8_Blended(f, text, white) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        guard let bitmap = Bitmap(width: w, height: h) else { return nil }
        let k = color.clamped
        let base = argb.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let src = (base + y * pitch).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            let row = bitmap.row(y)
            for x in 0..<w {
                // Glyph coverage is the alpha; the colour is applied here, premultiplied.
                let a = Double(src[x] >> 24) / 255 * k.a
                if a == 0 { continue }
                row[x] = Pixel.pack(r: UInt32((k.r * a * 255).rounded()), g: UInt32((k.g * a * 255).rounded()),
                                    b: UInt32((k.b * a * 255).rounded()), a: UInt32((a * 255).rounded()))
            }
        }
        return bitmap
    }
}
