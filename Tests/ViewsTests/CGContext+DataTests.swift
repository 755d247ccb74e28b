import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`
/// (Views/Drawing/CGContext+Data.swift): drawing lands in the caller's bytes in the layout asked
/// for, y up as in Core Graphics; unsupported layouts give nil and one line.
@Suite(.isolatedEngine) struct CGContextDataTests {
    static let last = CGImageAlphaInfo.premultipliedLast.rawValue, first = CGImageAlphaInfo.premultipliedFirst.rawValue
    static let little = CGBitmapInfo.byteOrder32Little.rawValue, big = CGBitmapInfo.byteOrder32Big.rawValue

    /// The bytes of pixel (x, row) of a 4 × 4 buffer.
    static func pixel(_ bytes: [UInt8], _ x: Int, _ row: Int) -> [UInt8] { Array(bytes[(row * 4 + x) * 4..<(row * 4 + x) * 4 + 4]) }

    /// (255, 51, 153) opaque, filled along the bottom row (y 0…1 in Core Graphics' y-up space),
    /// lands in the last row of memory in each layout's byte order.
    @Test(arguments: [
        (last, [UInt8]([255, 51, 153, 255])),             // R G B A
        (last | big, [255, 51, 153, 255]),
        (last | little, [255, 153, 51, 255]),             // A B G R
        (first, [255, 255, 51, 153]),                     // A R G B
        (first | big, [255, 255, 51, 153]),
        (first | little, [153, 51, 255, 255]),            // B G R A, iOS's own
        (CGImageAlphaInfo.noneSkipLast.rawValue, [255, 51, 153, 255]),
        (CGImageAlphaInfo.noneSkipFirst.rawValue | little, [153, 51, 255, 255]),
    ])
    func drawsIntoTheCallersBytes(info: UInt32, expected: [UInt8]) throws {
        var bytes = [UInt8](repeating: 0, count: 64)
        try bytes.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            ctx.setFillColor(CGColor(red: 1, green: 0.2, blue: 0.6, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            #expect(ctx.data == raw.baseAddress && ctx.bytesPerRow == 16 && ctx.width == 4 && ctx.bitsPerPixel == 32)
        }
        #expect(Self.pixel(bytes, 2, 3) == expected, "\(Self.pixel(bytes, 2, 3))")
        // The untouched top row: transparent, or for an ignored alpha byte opaque black (that byte 255).
        let top = Self.pixel(bytes, 2, 0)
        if info & 0x1F >= 5 {
            #expect(top.filter { $0 == 255 }.count == 1 && top.filter { $0 == 0 }.count == 3, "\(top)")
        } else {
            #expect(top == [0, 0, 0, 0])
        }
    }

    /// Premultiplied bytes: half-transparent red is (128, 0, 0, 128); drawn over opaque blue the
    /// caller put there first, (128, 0, 127, 255), in B G R A.
    @Test func drawingStartsFromTheBytesAlreadyThere() throws {
        var bytes = [UInt8](repeating: 0, count: 64)
        for i in 0..<16 { bytes[i * 4 + 0] = 255; bytes[i * 4 + 3] = 255 }   // blue, BGRA
        try bytes.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.first | Self.little))
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
            // The caller changes a pixel between drawing calls: the next call keeps it.
            raw.storeBytes(of: 0, toByteOffset: 3 * 4 + 3, as: UInt8.self)
            raw.storeBytes(of: 0, toByteOffset: 3 * 4, as: UInt8.self)
            ctx.fill(CGRect(x: 0, y: 3, width: 1, height: 1))
        }
        let mixed = Self.pixel(bytes, 1, 1)
        #expect(abs(Int(mixed[0]) - 127) <= 1 && mixed[1] == 0 && abs(Int(mixed[2]) - 128) <= 1 && mixed[3] == 255, "\(mixed)")
        #expect(Self.pixel(bytes, 3, 0) == [0, 0, 0, 0], "the caller's change stays")
        #expect(Self.pixel(bytes, 3, 3) == [255, 0, 0, 255])
    }

    /// Rows `bytesPerRow` apart: the padding after each row is the caller's and stays as it was.
    @Test func paddedRowsKeepTheirPadding() throws {
        var bytes = [UInt8](repeating: 0xAA, count: 24)   // 2 × 2 pixels, 12 bytes a row: 4 of padding
        try bytes.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 12,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.last))
            ctx.clear(CGRect(x: 0, y: 0, width: 2, height: 2))
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))   // bottom right: memory row 1, pixel 1
        }
        #expect(Array(bytes[0..<8]) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[12..<20]) == [0, 0, 0, 0, 0, 255, 0, 255])
        #expect(Array(bytes[8..<12]) == [0xAA, 0xAA, 0xAA, 0xAA] && Array(bytes[20..<24]) == [0xAA, 0xAA, 0xAA, 0xAA])
    }

    /// Without memory the context owns it; `makeImage()` has the first row of memory at its top,
    /// and a picture drawn into a rectangle stands upright (Core Graphics' y up).
    @Test func contextOwnedMemoryAndItsImage() throws {
        let ctx = try #require(CGContext(data: nil, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.last))
        let picture = Bitmap(width: 1, height: 2)!
        picture[0, 0] = Pixel.pack(r: 255, g: 0, b: 0, a: 255)   // top: red
        picture[0, 1] = Pixel.pack(r: 0, g: 0, b: 255, a: 255)   // bottom: blue
        ctx.draw(CGImage(bitmap: picture), in: CGRect(x: 0, y: 0, width: 1, height: 2))
        let data = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        #expect(ctx.bytesPerRow == 12 && ctx.alphaInfo == .premultipliedLast)
        #expect([data[0], data[1], data[2], data[3]] == [255, 0, 0, 255] && [data[12], data[13], data[14], data[15]] == [0, 0, 255, 255])
        let image = try #require(ctx.makeImage())
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bitmap[0, 0] == Pixel.pack(r: 255, g: 0, b: 0, a: 255) && image.bitmap[0, 1] == Pixel.pack(r: 0, g: 0, b: 255, a: 255))
        #expect(image.bitmap[1, 0] == 0)
    }

    /// What Core Graphics cannot draw here gives nil and one line each, never a context.
    @Test func unsupportedLayoutsAreRefused() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let cases: [(Int, Int, Int, Int, UInt32)] = [
            (4, 4, 8, 16, CGImageAlphaInfo.last.rawValue),              // straight alpha
            (4, 4, 8, 12, CGImageAlphaInfo.none.rawValue),              // 24-bit RGB
            (4, 4, 8, 4, CGImageAlphaInfo.alphaOnly.rawValue),
            (4, 4, 16, 32, Self.last),                                  // 16 bits per component
            (4, 4, 8, 16, Self.last | CGBitmapInfo.floatComponents.rawValue),
            (4, 4, 8, 16, Self.last | CGBitmapInfo.byteOrder16Little.rawValue),
            (4, 4, 8, 15, Self.last),                                   // rows too short
            (0, 4, 8, 0, Self.last),
            (4, 100_000, 8, 16, Self.last),
            (4, 4, 8, 16, 31),                                          // no such alpha info
        ]
        for (w, h, bpc, bpr, info) in cases {
            #expect(CGContext(data: nil, width: w, height: h, bitsPerComponent: bpc, bytesPerRow: bpr, space: rgb, bitmapInfo: info) == nil,
                    "\(w) \(h) \(bpc) \(bpr) \(info)")
        }
        let lines = CAEngine.current.diagnostics
        #expect(lines.count == cases.count && lines.allSatisfy { $0.hasPrefix("CGContext(data:") && $0.hasSuffix("no context") })
        #expect(lines[0].contains("unsupported parameter combination"))
    }

    /// Text in Core Graphics' y-up space: flipped to UIKit's space first (the iOS idiom), it is the
    /// text a UIKit image context draws, byte for byte; not flipped, it stands on its head, as on iOS.
    @Test func textInAFlippedDataContextIsUIKitsText() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.black]
        let uikit = CGContextCompositingTests.draw(32, 24) { _ in "Ag".draw(at: CGPoint(x: 4, y: 3), withAttributes: attributes) }
        func data(flipped: Bool) throws -> Bitmap {
            let ctx = try #require(CGContext(data: nil, width: 32, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.last))
            if flipped { ctx.translateBy(x: 0, y: 24); ctx.scaleBy(x: 1, y: -1) }
            UIGraphicsPushContext(ctx)
            "Ag".draw(at: CGPoint(x: 4, y: 3), withAttributes: attributes)
            UIGraphicsPopContext()
            return try #require(ctx.makeImage()).bitmap
        }
        let flipped = try data(flipped: true), plain = try data(flipped: false)
        #expect((0..<24).contains { y in (0..<32).contains { uikit[$0, y] != 0 } })
        #expect((0..<24).allSatisfy { y in (0..<32).allSatisfy { flipped[$0, y] == uikit[$0, y] } })
        // Unflipped, the glyphs hang from (4, 3) towards y up: the UIKit picture mirrored top to
        // bottom, row r at row 23 − r (resampled through the flip: alpha within 2 levels).
        #expect((0..<24).allSatisfy { r in (0..<32).allSatisfy { x in abs(Int(Pixel.a(plain[x, 23 - r])) - Int(Pixel.a(uikit[x, r]))) <= 2 } })
    }
}
