import FlipbookResources
import Foundation
import RasterIO
import Testing

/// The fonts come from Flipbook's own Resources/, not the system: text renders the same on every
/// machine, with or without fonts-dejavu-core.
@Suite struct FontLibraryTests {
    @Test(arguments: FontLibrary.Face.bundled)
    func everyFaceIsTheBundledOne(_ face: FontLibrary.Face) throws {
        let folder = try #require(FlipbookResources.fontsFolder)
        #expect(FontLibrary.path(of: face) == folder + "/" + face.fileName)
        #expect(FileManager.default.fileExists(atPath: folder + "/LICENSE"))
    }

    /// No system folder is ever searched, so nothing falls back to fonts-dejavu-core silently
    /// (Examples/check.sh renders text with the system's fonts hidden and compares the bytes).
    @Test func noSystemFontFolderIsSearched() {
        #expect(!FontLibrary.searchPaths.isEmpty)
        for path in FontLibrary.searchPaths {
            #expect(!path.hasPrefix("/usr/") && !path.hasPrefix("/etc/"), "searched \(path)")
        }
        #expect(FontLibrary.path(of: FontLibrary.Face(name: "DejaVuSerif")) == nil) // only the bundled three
    }

    @Test func aRegisteredFileIsAFaceOfItsOwn() throws {
        let folder = try #require(FlipbookResources.fontsFolder)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("Registered-\(UUID().uuidString.prefix(8)).ttf")
        try FileManager.default.copyItem(atPath: folder + "/DejaVuSansMono.ttf", toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let name = copy.deletingPathExtension().lastPathComponent
        #expect(FontLibrary.shared.face(named: name) == nil)
        let face = try FontLibrary.shared.register(contentsOf: copy)
        #expect(face.name == name && FontLibrary.shared.face(named: name) == face)
        // The same glyphs as the bundled face it copies.
        let registered = FontLibrary.shared.measure("iiii", face: face, pixelSize: 20)
        let bundled = FontLibrary.shared.measure("iiii", face: .mono, pixelSize: 20)
        #expect(registered.width == bundled.width && registered.height == bundled.height)
        #expect(registered.width != FontLibrary.shared.measure("iiii", face: .regular, pixelSize: 20).width)
        #expect(throws: (any Error).self) { try FontLibrary.shared.register(contentsOf: URL(fileURLWithPath: folder + "/LICENSE")) }
    }

    @Test func theBundledFacesRenderText() {
        let size = FontLibrary.shared.measure("Flipbook", face: .bold, pixelSize: 20)
        #expect(size.width > 40 && size.height >= 20)
        #expect(FontLibrary.shared.render("Flipbook", face: .mono, pixelSize: 20, color: .init(r: 1, g: 1, b: 1, a: 1)) != nil)
    }

    /// Font files this process holds open (any library's).
    static func openFontFiles() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "").hasSuffix(".ttf") }.count
    }

    /// True once no font file is open, looking for up to a second: tests running beside this one
    /// open a font file for a moment while they load a face (CI caught one mid-load), but a file
    /// held open for good stays in every look.
    static func noFontFileStaysOpen() -> Bool {
        for _ in 0..<50 {
            if openFontFiles() == 0 { return true }
            usleep(20_000)
        }
        return false
    }

    @Test func textInManySizesHoldsNoFileOpenAndABoundedNumberOfFonts() {
        // Each size held the font file open for ever: an animated font size ran toward 3,000
        // descriptors (make soak saw them grow).
        let library = FontLibrary.shared
        for size in 1...150 {
            _ = library.render("Soak", face: FontLibrary.Face.bundled[size % 3], pixelSize: size, color: .init(r: 1, g: 1, b: 1, a: 1))
        }
        #expect(Self.noFontFileStaysOpen(), "\(Self.openFontFiles()) font files stay open")
        #expect(library.openFontCount <= FontLibrary.maxOpenFonts)
        // A size closed to make room opens again, the same.
        let again = library.render("Soak", face: .regular, pixelSize: 3 * 7, color: .init(r: 1, g: 1, b: 1, a: 1))
        let size = library.measure("Soak", face: .regular, pixelSize: 21)
        #expect(again.map { ($0.width, $0.height) } ?? (0, 0) == size)
    }
}
