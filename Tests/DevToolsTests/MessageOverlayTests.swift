@testable import DevTools
import Flipbook
import FrameLoop
import Raster
import RasterIO
import Scenes
import Testing

/// `watch`'s message panel sits just above time travel's 30-point band: it neither covers the band
/// nor floats over the scene (it kept 72 points free when the timeline was a strip over the scene).
struct MessageOverlayTests {
    /// The panel's box (what the overlay touched) in a `width` × `height`-point frame at `scale`.
    func panel(_ lines: [String], width: Int, height: Int, scale: Double) throws -> PixelRect {
        let bitmap = try #require(Bitmap(width: Int(Double(width) * scale), height: Int(Double(height) * scale)))
        let overlay = MessageOverlay()
        overlay.lines = lines
        overlay.draw(into: bitmap, scale: scale)
        let touched = try #require(overlay.pixelsDrawn)
        return try #require(touched.dropFirst().reduce(touched.first) { $0?.union($1) })
    }

    @Test(arguments: [1.0, 2.0])
    func thePanelEndsEightPointsAboveTheBand(_ scale: Double) throws {
        let box = try panel(["error: build failed", "Sources/A.swift:3:1: error: x"], width: 640, height: 480, scale: scale)
        let bandTop = (480 - TimelineOverlay.bandHeight) * scale
        #expect(Double(box.y1) == bandTop - 8 * scale, "panel bottom \(box.y1), band top \(bandTop)")
        #expect(box.x0 == Int(8 * scale) && box.x1 == Int((640 - 8) * scale))
    }

    /// As many lines as fit between the top margin and the band; the rest are left out.
    @Test func aLongMessageStaysBetweenTheTopMarginAndTheBand() throws {
        let box = try panel((0..<200).map { "line \($0)" }, width: 640, height: 480, scale: 1)
        #expect(box.y0 >= 8 && Double(box.y1) == 480 - TimelineOverlay.bandHeight - 8)
        #expect(box.height > 480 - 30 - 16 - Int(OverlayStyle.lineHeight) - 16)   // it uses the room there is
    }

    /// In a window's frame as `watch` shows one (the time machine's band docked at the bottom, the
    /// panel drawn after it): the band's rows keep the band's own fill where the panel's left edge
    /// would cross them, the panel's red frame ends 8 points above the band, and the scene shows
    /// between them.
    @Test func inAWindowFrameThePanelAndTheBandDoNotOverlap() throws {
        let hello = try #require(SceneRegistry.all.first { $0.name == "hello" })
        let engine = CAEngine()
        let machine = engine.perform { TimeMachine(registry: SceneRegistry.all, initial: hello, engine: engine) }
        let source = ManualSource(fps: 60)
        let driver = try #require(FrameDriver(stage: machine.stage, clock: MediaClock(source: source), pixelWidth: 640, pixelHeight: 360, scale: 1))
        machine.install(on: driver)
        let message = MessageOverlay()
        message.lines = ["error: build failed", "Sources/Own.swift:3:1: error: cannot find 'x' in scope"]
        driver.overlays.append(message)
        for _ in 0..<10 { try driver.runFrame(); source.advance() }
        let band = 360 - Int(TimelineOverlay.bandHeight), red = MessageOverlay.titleColor.premultipliedPixel
        let dock = OverlayStyle.dock.premultipliedPixel
        for y in band + 1..<360 { #expect(driver.bitmap.row(y)[10] == dock, "row \(y) of the band at x 10") }
        let frameRow = band - 8 - 1
        #expect(driver.bitmap.row(frameRow)[320] == red, "the panel's bottom edge is not at row \(frameRow)")
        for y in frameRow + 1...band { #expect(driver.bitmap.row(y)[320] != red && driver.bitmap.row(y)[8] != red) }
    }

    @Test func noLinesDrawNothing() throws {
        let bitmap = try #require(Bitmap(width: 64, height: 48))
        let overlay = MessageOverlay()
        overlay.draw(into: bitmap, scale: 1)
        #expect(overlay.pixelsDrawn?.isEmpty == true)
    }
}
