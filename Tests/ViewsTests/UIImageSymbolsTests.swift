import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// `UIImage(systemName:)`: the common SF Symbols drawn as template images sized by their
/// configuration; an unknown name is nil with one line, as nil is on iOS.
@Suite(.isolatedEngine) struct UIImageSymbolsTests {
    /// How many pixels carry ink.
    func ink(_ image: UIImage?) -> Int {
        guard let b = image?.cgImage?.bitmap else { return -1 }
        var n = 0
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] != 0 { n += 1 } }
        return n
    }

    @Test func everySymbolDrawsATemplateSizedByItsConfiguration() throws {
        for name in UIImage.systemSymbolNames {
            let image = try #require(UIImage(systemName: name), "\(name)")
            #expect(image.renderingMode == .alwaysTemplate && image.isSymbolImage, "\(name)")
            #expect(image.size.height == 19 && ink(image) > 20, "\(name): \(image.size), ink \(ink(image))")
        }
        #expect(UIImage.systemSymbolNames.count >= 30)
        let heart = try #require(UIImage(systemName: "heart"))
        let big = try #require(UIImage(systemName: "heart", withConfiguration: .init(pointSize: 34)))
        #expect(big.size.height == 37 && big.size.width == 37)             // 34 + a 2.9-point stroke, rounded up
        #expect(heart.withConfiguration(.init(scale: .large)).size.height == 24) // 17 × 1.3 + 1.9, rounded up
        #expect(heart.withConfiguration(.init(scale: .large)).symbolConfiguration?.pointSize == 17)
    }

    @Test func weightThickensAndFillFills() {
        let thin = ink(UIImage(systemName: "xmark", withConfiguration: .init(pointSize: 40, weight: .ultraLight)))
        let regular = ink(UIImage(systemName: "xmark", withConfiguration: .init(pointSize: 40)))
        let black = ink(UIImage(systemName: "xmark", withConfiguration: .init(pointSize: 40, weight: .black)))
        #expect(thin < regular && regular < black)
        #expect(ink(UIImage(systemName: "heart")) < ink(UIImage(systemName: "heart.fill")))
        let outline = UIImage(systemName: "heart", withConfiguration: .init(pointSize: 40))?.cgImage?.bitmap
        let filled = UIImage(systemName: "heart.fill", withConfiguration: .init(pointSize: 40))?.cgImage?.bitmap
        if let outline, let filled {                                        // the middle: empty, then inked
            #expect(outline[outline.width / 2, outline.height / 2] == 0 && filled[filled.width / 2, filled.height / 2] != 0)
        }
    }

    @Test func theChevronPointsDown() throws {
        let b = try #require(UIImage(systemName: "chevron.down", withConfiguration: .init(pointSize: 40))?.cgImage?.bitmap)
        let mid = b.width / 2
        #expect(b[mid, b.height * 68 / 100] != 0 && b[mid, b.height * 25 / 100] == 0)   // apex low, nothing above it
        #expect(b[b.width / 8, b.height * 32 / 100] != 0)                               // an arm rising to the left
    }

    @Test func unknownNamesAreNilWithOneLineAndBadSizesFallBack() {
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        #expect(UIImage(systemName: "flipbook.nonexistent") == nil)
        #expect(reports.count == 1 && reports[0].contains("flipbook.nonexistent"))
        let nan = UIImage(systemName: "plus", withConfiguration: .init(pointSize: .nan))
        #expect(nan?.size.height == 19)                                    // NaN: the default 17 points
        let huge = UIImage(systemName: "plus", withConfiguration: .init(pointSize: 1e12))
        #expect(huge != nil && (huge?.size.height ?? 0) <= 1200)           // capped, not a huge bitmap
        let plain = UIImage(cgImage: CGImage(bitmap: Bitmap(width: 2, height: 2)!))
        #expect(plain.withConfiguration(.init(pointSize: 30)) === plain && !plain.isSymbolImage)
    }
}
