import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// UIGraphicsBeginImageContextWithOptions and its friends (Views/Drawing/UIGraphics+ImageContext.swift).
@Suite(.isolatedEngine) struct UIGraphicsImageContextTests {
    static let red = Pixel.pack(r: 255, g: 0, b: 0, a: 255), blue = Pixel.pack(r: 0, g: 0, b: 255, a: 255)

    /// Contexts nest: the inner one's image is its own; ending it makes the outer one current.
    @Test func contextsNest() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
        let outer = try #require(UIGraphicsGetCurrentContext())
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
        UIGraphicsBeginImageContext(CGSize(width: 5, height: 3))
        #expect(UIGraphicsGetCurrentContext() !== outer)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 3))
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(inner.size == CGSize(width: 5, height: 3) && inner.scale == 1 && inner.cgImage?.bitmap[4, 2] == Self.blue)
        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 2 && image.cgImage?.width == 20)
        #expect(image.cgImage?.bitmap[19, 19] == Self.red)
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    /// Asking again after more drawing gives the new drawing too (played once, op by op), and an
    /// image taken earlier does not change; makeImage() agrees.
    @Test func imagesTakenAgainSeeLaterDrawing() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let ctx = try #require(UIGraphicsGetCurrentContext())
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        let first = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        let second = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        let made = try #require(ctx.makeImage())
        UIGraphicsEndImageContext()
        #expect(first.bitmap[3, 0] == 0 && first.bitmap[0, 0] == Self.red)
        #expect(second.bitmap[3, 0] == Self.blue && second.bitmap[0, 0] == Self.red)
        #expect(made.bitmap[3, 3] == Self.blue && ctx.width == 4 && ctx.height == 4)
    }

    /// An opaque context starts black, so its image has no transparency.
    @Test func opaqueContextsAreOpaque() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), true, 1)
        UIGraphicsGetCurrentContext()?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let b = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        UIGraphicsEndImageContext()
        #expect(b[1, 0] == Pixel.pack(r: 0, g: 0, b: 0, a: 255) && b[0, 0] == Pixel.pack(r: 128, g: 0, b: 0, a: 255))
    }

    /// Misuse gives one line each and a defined result, never a trap.
    @Test func misuseIsReportedOnce() {
        let engine = CAEngine.current
        UIGraphicsEndImageContext()
        #expect(engine.diagnostics.count == 1 && engine.diagnostics[0].hasPrefix("UIGraphicsEndImageContext"))
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil && engine.diagnostics.count == 2)
        for size in [CGSize(width: CGFloat.nan, height: 4), CGSize(width: 1e9, height: 1e9), CGSize(width: 0, height: 5),
                     CGSize(width: -3, height: 5), CGSize(width: CGFloat.infinity, height: 1)] {
            let before = engine.diagnostics.count
            UIGraphicsBeginImageContextWithOptions(size, false, 1)
            #expect(engine.diagnostics.count == before + 1, "\(size)")
            UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 100, height: 100))   // draws nowhere
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsEndImageContext()                                                       // balanced: no line
            #expect(engine.diagnostics.count == before + 1 && UIGraphicsGetCurrentContext() == nil, "\(size)")
        }
        let before = engine.diagnostics.count
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, .nan)
        #expect(engine.diagnostics.count == before + 1 && UIGraphicsGetImageFromCurrentImageContext()?.scale == 1)
        UIGraphicsEndImageContext()
        // Another kind of context on top is not ended.
        UIGraphicsPushContext(CGContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() != nil && engine.diagnostics.last?.hasPrefix("UIGraphicsEndImageContext") == true)
        UIGraphicsPopContext()
    }

    /// UIRectFill replaces (copy), UIRectFrame fills a one-point frame inside the rectangle.
    @Test func rectFunctions() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
        UIColor(red: 1, green: 0, blue: 0, alpha: 0.5).setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 10))
        UIColor.black.setFill()
        UIRectFrame(CGRect(x: 5, y: 0, width: 5, height: 5))
        let b = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap)
        UIGraphicsEndImageContext()
        #expect(b[2, 2] == Pixel.pack(r: 128, g: 0, b: 0, a: 128), "copied, not blended over the blue")
        #expect(b[5, 2] == Pixel.pack(r: 0, g: 0, b: 0, a: 255) && b[9, 4] == Pixel.pack(r: 0, g: 0, b: 0, a: 255))
        #expect(b[7, 2] == Self.blue, "inside the frame")
    }

    /// makeImage() of a context that is not a bitmap (a view's) is nil, as Core Graphics answers.
    @Test func makeImageOfAPlainContextIsNil() {
        #expect(CGContext().makeImage() == nil && CGContext().width == 0)
    }
}
