import CFreeType
import FlipbookResources
import Foundation
import CRasterKernels
import Raster

/// The fonts text is drawn with: the DejaVu faces bundled in Resources/Fonts, and the font files a
/// program registers (`register(contentsOf:)`, `UIFont.registerFonts(in:)`), opened with FreeType
/// and HarfBuzz (`SizedFont`) and cached per face and pixel size.
///
/// Why bundled, and never the system's: text must render the same on every machine (golden frames
/// with text), with or without the system's fonts-dejavu-core, whose version may differ. When the
/// bundle is missing (a program copied without its `…_FlipbookResources.resources` folder) no text
/// is drawn and one line on standard error says why, once; `FLIPBOOK_FONTS` may name a folder
/// holding the three files instead.
///
/// Each face's file is read into memory once and every size is opened from that memory, so text
/// holds no file descriptor; at most `maxOpenFonts` sizes stay open, the least recently used closed
/// first. (Each size held the font file open, for ever: an animated font size opened a descriptor
/// per pixel size, up to 3,000, past the usual limit of 1,024; `make soak` saw them grow.)
///
/// Text is shaped by HarfBuzz and rasterised by FreeType with light hinting, the same bytes SDL_ttf
/// 2.20.1 made when Flipbook drew text through it (`SizedFont` says how), into a premultiplied bitmap
/// that the layer renderer composites like any other contents. Sizes are in pixels: callers multiply
/// points by the screen scale.
public final class FontLibrary {
    /// A font face by name: one of the bundled DejaVu faces or a registered font file's.
    public struct Face: Hashable, Sendable, CustomStringConvertible {
        /// "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono", or a registered file's name without
        /// its extension.
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String { name }

        public static let regular = Face(name: "DejaVuSans")
        public static let bold = Face(name: "DejaVuSans-Bold")
        public static let mono = Face(name: "DejaVuSansMono")
        /// The bundled faces.
        public static let bundled: [Face] = [.regular, .bold, .mono]
        /// The bundled file's name ("DejaVuSans.ttf").
        public var fileName: String { name + ".ttf" }
    }

    /// Folders searched for the bundled faces, in order: `FLIPBOOK_FONTS` (a folder) when set, then
    /// the bundled fonts (`FlipbookResources`). Never a system folder.
    public static var searchPaths: [String] {
        var paths: [String] = []
        if let env = ProcessInfo.processInfo.environment["FLIPBOOK_FONTS"], !env.isEmpty { paths.append(env) }
        if let bundled = FlipbookResources.fontsFolder { paths.append(bundled) }
        return paths
    }

    nonisolated(unsafe) public static let shared = FontLibrary()

    private var fonts: [String: (font: SizedFont, lastUse: Int)] = [:]
    private var uses = 0
    private var registered: [String: String] = [:]
    /// Each face's file, read once; fonts are opened over these bytes (never freed: a few files).
    private var faceBytes: [Face: UnsafeRawBufferPointer] = [:]
    /// The most sizes kept open at once. Default: 32.
    public static let maxOpenFonts = 32
    /// Sizes open now (tests).
    public var openFontCount: Int { lock.lock(); defer { lock.unlock() }; return fonts.count }
    /// FreeType's library, made on first use; nil until then or when FreeType cannot start.
    private var freeType: FT_Library?
    private var warnedMissing = false
    /// FreeType faces are not thread-safe; tests render text on several threads at once.
    private let lock = NSLock()

    /// The file path of a bundled face, or nil when the bundle (and `FLIPBOOK_FONTS`) lacks it.
    public static func path(of face: Face) -> String? {
        guard Face.bundled.contains(face) else { return nil }
        return searchPaths.map { "\($0)/\(face.fileName)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Registers a TrueType or OpenType file as a face named after the file (`Chewy-Regular.ttf` →
    /// "Chewy-Regular"), as iOS's `CTFontManagerRegisterFontsForURL`; returns that face.
    /// - Throws: when the file cannot be opened as a font.
    @discardableResult
    public func register(contentsOf url: URL) throws -> Face {
        let name = url.deletingPathExtension().lastPathComponent
        lock.lock(); defer { lock.unlock() }
        guard let library = ensureReady(), let data = FileManager.default.contents(atPath: url.path), !data.isEmpty,
              (data.withUnsafeBytes { raw in (try? SizedFont(library: library, bytes: raw, pixelSize: 12)) != nil }) else {
            throw PNG.Failure(description: "cannot open the font \(url.path)")
        }
        registered[name] = url.path
        return Face(name: name)
    }

    /// The face called exactly `name` (bundled or registered), or nil.
    public func face(named name: String) -> Face? {
        if Face.bundled.contains(Face(name: name)) { return Face(name: name) }
        lock.lock(); defer { lock.unlock() }
        return registered[name] == nil ? nil : Face(name: name)
    }

    /// The face a font name draws with: the face called exactly that, else the bundled face the
    /// name suggests ("mono" in it: Mono; "bold": Bold; otherwise Sans), so iOS names such as
    /// "HelveticaNeue-Bold" draw in a DejaVu face rather than not at all.
    public static func face(for fontName: String) -> Face {
        if let exact = shared.face(named: fontName) { return exact }
        let n = fontName.lowercased()
        return n.contains("mono") ? .mono : n.contains("bold") ? .bold : .regular
    }

    /// FreeType's library, started on first use; nil when it cannot start.
    private func ensureReady() -> FT_Library? {
        if freeType == nil {
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0 else { return nil }
            freeType = library
        }
        return freeType
    }

    private func font(_ face: Face, pixelSize: Int) -> SizedFont? {
        guard let library = ensureReady() else { return nil }
        let size = max(1, min(1000, pixelSize))
        let key = "\(face.name)@\(size)"
        uses += 1
        if let f = fonts[key] { fonts[key]!.lastUse = uses; return f.font }
        guard let bytes = bytes(of: face) else {
            if Face.bundled.contains(face) && !warnedMissing {
                warnedMissing = true
                FileHandle.standardError.write(Data(("\(ProgramName.current): Flipbook's fonts are missing (the …_FlipbookResources.resources "
                    + "folder beside the program, or FLIPBOOK_FONTS): text is not drawn\n").utf8))
            }
            return nil
        }
        guard let f = try? SizedFont(library: library, bytes: bytes, pixelSize: size) else { return nil }
        if fonts.count >= Self.maxOpenFonts, let oldest = fonts.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            fonts[oldest.key] = nil
        }
        fonts[key] = (f, uses)
        return f
    }

    /// The face's file in memory, read on first use; nil when it cannot be found or read.
    private func bytes(of face: Face) -> UnsafeRawBufferPointer? {
        if let b = faceBytes[face] { return b }
        guard let path = registered[face.name] ?? Self.path(of: face), let data = FileManager.default.contents(atPath: path),
              !data.isEmpty, data.count <= Int(Int32.max) else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: buffer)
        faceBytes[face] = UnsafeRawBufferPointer(buffer)
        return faceBytes[face]
    }

    /// The width and height in pixels that `text` takes in one line (`TTF_SizeUTF8`'s answer);
    /// empty text is as tall as the font's line. (0, 0) when no font is installed.
    public func measure(_ text: String, face: Face = .regular, pixelSize: Int) -> (width: Int, height: Int) {
        lock.lock(); defer { lock.unlock() }
        guard let f = font(face, pixelSize: pixelSize) else { return (0, 0) }
        if text.isEmpty { return (0, f.height) }
        guard let line = f.layout(text) else { return (0, 0) }
        return (line.width, line.height)
    }

    /// The height in pixels of a line in this face and size (`TTF_FontHeight`: ascender minus
    /// descender, rounded up); 0 when no font is installed.
    public func lineHeight(face: Face = .regular, pixelSize: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        return font(face, pixelSize: pixelSize)?.height ?? 0
    }

    /// One line of text's coverage (0–255 per pixel, row by row) and size; nil for text of no
    /// width or when no font is installed. `render` colours it.
    public func coverage(_ text: String, face: Face = .regular, pixelSize: Int) -> (width: Int, height: Int, bytes: [UInt8])? {
        lock.lock(); defer { lock.unlock() }
        guard !text.isEmpty, let f = font(face, pixelSize: pixelSize), let line = f.layout(text), line.width > 0,
              let bytes = f.rasterize(line) else { return nil }
        return (line.width, line.height, bytes)
    }

    /// One line of text as a premultiplied bitmap in `color`, antialiased; nil for empty text or
    /// when no font is installed.
    public func render(_ text: String, face: Face = .regular, pixelSize: Int, color: Color) -> Bitmap? {
        guard let (w, h, cover) = coverage(text, face: face, pixelSize: pixelSize),
              let bitmap = Bitmap(width: w, height: h) else { return nil }
        // Glyph coverage is the alpha; the colour is applied here, premultiplied. The pixel depends
        // on the coverage byte alone, so the 256 answers are worked out once per call (the same
        // arithmetic per entry as per pixel before, so the same bytes): a per-pixel Double
        // multiply and four `rounded()` calls were half the text case's time (bench, #17 item 4).
        let k = color.clamped
        let table = (0..<256).map { c in Color(r: k.r, g: k.g, b: k.b, a: Double(c) / 255 * k.a).premultipliedPixel }
        table.withUnsafeBufferPointer { t in
            cover.withUnsafeBufferPointer { src in
                guard let table = t.baseAddress, let coverage = src.baseAddress else { return }
                for y in 0..<h {
                    guard let row = bitmap.row(y).baseAddress else { continue }
                    fb_colorize_row(row, coverage + y * w, w, table)
                }
            }
        }
        return bitmap
    }
}
