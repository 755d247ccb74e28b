import FlipbookResources
import Foundation
import RasterIO
import Testing

/// The fonts come from Flipbook's own Resources/, not the system: text renders the same on every
/// machine, with or without fonts-dejavu-core.
@Suite struct FontLibraryTests {
    @Test(arguments: FontLibrary.Face.allCases)
    func everyFaceIsTheBundledOne(_ face: FontLibrary.Face) throws {
        let folder = try #require(FlipbookResources.fontsFolder)
        #expect(FontLibrary.path(of: face) == folder + "/" + face.rawValue)
        #expect(FileManager.default.fileExists(atPath: folder + "/LICENSE"))
    }

    @Test func theBundledFacesRenderText() {
        let size = FontLibrary.shared.measure("Flipbook", face: .bold, pixelSize: 20)
        #expect(size.width > 40 && size.height >= 20)
        #expect(FontLibrary.shared.render("Flipbook", face: .mono, pixelSize: 20, color: .init(r: 1, g: 1, b: 1, a: 1)) != nil)
    }
}
