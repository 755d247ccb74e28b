import FrameLoop
import Flipbook
import Raster
import TestSupport
import Testing

/// A tool docked along the bottom edge that paints its room opaque every frame, a marker in it
/// moving each frame, and reports only the marker's old and new squares as drawn. It checks, before
/// painting, that nothing wrote its room since its last draw except where the test allows
/// (`excused`: what an overlay drawn after it put there).
final class DockedBand: FrameOverlay {
    let rows: Int
    var promises = true
    var excused: [PixelRect] = []
    /// Pixels of its room found changed since its last draw outside `excused`, over all frames.
    var foreign = 0
    private var frame = 0
    private var painted: (bitmap: ObjectIdentifier, pixels: [UInt32])?
    private var lastMarker: PixelRect?
    private(set) var pixelsDrawn: [PixelRect]? = []
    var docked: DockedSpace { DockedSpace(bottom: Double(rows)) }
    var paintsDockedRoom: Bool { promises }

    init(rows: Int) { self.rows = rows }

    func draw(into bitmap: Bitmap, scale: Double) {
        let top = bitmap.height - rows
        let room = PixelRect(x0: 0, y0: top, x1: bitmap.width, y1: bitmap.height)
        if let painted, painted.bitmap == ObjectIdentifier(bitmap) {
            var i = 0
            for y in room.y0..<room.y1 { for x in room.x0..<room.x1 {
                if bitmap[x, y] != painted.pixels[i], !excused.contains(where: { ($0.x0..<$0.x1).contains(x) && ($0.y0..<$0.y1).contains(y) }) { foreign += 1 }
                i += 1
            } }
        }
        bitmap.clear(room, to: 0xFF30_2010)
        let marker = PixelRect(x: (frame * 3) % (bitmap.width - 4), y: top + 2, width: 4, height: 3)
        bitmap.clear(marker, to: 0xFF00_FFFF)
        let fresh = painted?.bitmap != ObjectIdentifier(bitmap)
        pixelsDrawn = fresh ? [room] : [marker] + (lastMarker.map { [$0] } ?? [])
        lastMarker = marker
        var pixels: [UInt32] = []
        for y in room.y0..<room.y1 { for x in room.x0..<room.x1 { pixels.append(bitmap[x, y]) } }
        painted = (ObjectIdentifier(bitmap), pixels)
        frame += 1
    }
}

/// An overlay over everything (drawn after the band): a square moving across the stage and the room.
final class MovingSquare: FrameOverlay {
    private var frame = 0
    private(set) var pixelsDrawn: [PixelRect]? = []
    func draw(into bitmap: Bitmap, scale: Double) {
        let r = PixelRect(x: (frame * 5) % (bitmap.width - 6), y: 14 + (frame * 2) % 14, width: 6, height: 6).intersection(bitmap.bounds)
        bitmap.clear(r, to: 0xFF00_FF00)
        pixelsDrawn = [r]
        frame += 1
    }
}

/// Keeps the last frame and counts pixels that changed from it outside the frame's damage.
final class DamageCheck: FrameSink {
    var previous: [UInt32]?
    var missed = 0, frames = 0, partial = 0
    var kept: [[UInt32]] = []
    func present(_ frame: FinishedFrame) throws {
        let b = frame.bitmap!
        var now: [UInt32] = []
        now.reserveCapacity(b.width * b.height)
        for y in 0..<b.height { for x in 0..<b.width { now.append(b[x, y]) } }
        if let previous, let damage = frame.damage {
            partial += 1
            for y in 0..<b.height { for x in 0..<b.width where now[y * b.width + x] != previous[y * b.width + x] {
                if !damage.contains(where: { ($0.x0..<$0.x1).contains(x) && ($0.y0..<$0.y1).contains(y) }) { missed += 1 }
            } }
        }
        previous = now
        kept.append(now)
        frames += 1
    }
}

@Suite(.isolatedEngine) struct DockedRoomTests {
    /// A bare tree taller than the stage (it reaches into the band's room) with a square moving
    /// over all of it, under a docked band and an overlay over everything.
    func make(tracking: Bool, promises: Bool) throws -> (FrameDriver, ManualSource, DockedBand, MovingSquare, DamageCheck, CALayer) {
        let engine = CAEngine()
        let root = CALayer(), square = CALayer()
        engine.perform {
            CATransaction.performWithoutAnimation {
                root.frame = CGRect(x: 0, y: 0, width: 48, height: 32)
                root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)
                square.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
                square.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
                root.addSublayer(square)
            }
        }
        let source = ManualSource(fps: 60)
        let driver = try #require(FrameDriver(stage: LayerTreeStage(root: root, engine: engine), clock: MediaClock(source: source),
                                              pixelWidth: 48, pixelHeight: 32, scale: 1, threads: 1))
        driver.compositor.tracksDamage = tracking
        let band = DockedBand(rows: 10), mover = MovingSquare(), check = DamageCheck()
        band.promises = promises
        driver.overlays += [band, mover]
        driver.sinks = [check]
        return (driver, source, band, mover, check, square)
    }

    func run(_ rig: (FrameDriver, ManualSource, DockedBand, MovingSquare, DamageCheck, CALayer), frames: Int) throws {
        let (driver, source, band, mover, _, square) = rig
        for i in 0..<frames {
            driver.stage.engine.perform {
                CATransaction.performWithoutAnimation { square.position = CGPoint(x: 4 + Double((i * 3) % 40), y: 4 + Double((i * 2) % 28)) }
            }
            band.excused = mover.pixelsDrawn ?? []
            try driver.runFrame()
            source.advance()
        }
    }

    /// With the band's promise the scene is composited in the stage's part only: the square moving
    /// into the room and the overlay's square drawn there are not composited there (the band finds
    /// its room as it left it), the frames' damage still holds every changed pixel (the room's
    /// pixels the overlay drew last frame, which the band paints over, among them), and every
    /// frame has the bytes of one composited whole.
    @Test func aRoomPaintedByItsToolIsNotComposited() throws {
        let tracked = try make(tracking: true, promises: true), whole = try make(tracking: false, promises: false)
        try run(tracked, frames: 40)
        try run(whole, frames: 40)
        let (driver, _, band, _, check, _) = tracked
        #expect(driver.roomIsPainted && driver.stagePixelHeight == 22)
        #expect(band.foreign == 0, "\(band.foreign) pixels of the room written by someone else")
        #expect(check.missed == 0, "\(check.missed) changed pixels outside the damage")
        #expect(check.partial >= 38)   // damage-only frames, not repaints
        #expect(driver.compositor.lastDamage.allSatisfy { $0.y1 <= 22 })
        for i in 0..<40 { #expect(check.kept[i] == whole.4.kept[i], "frame \(i) differs from a whole composite") }
        // Not vacuous: a frame composited whole, room and all, writes the room under the band.
        #expect(whole.2.foreign > 0)
    }

    /// An overlay that docks without the promise keeps the whole frame composited (the room
    /// too), and the frames are still exact.
    @Test func aRoomWithoutThePromiseIsComposited() throws {
        let rig = try make(tracking: true, promises: false)
        try run(rig, frames: 20)
        let (driver, _, band, _, check, _) = rig
        #expect(!driver.roomIsPainted)
        #expect(band.foreign > 0)   // the compositor erased the overlay's square and drew the scene there
        #expect(check.missed == 0)
        // No overlay docks: nothing is promised.
        let bare = try make(tracking: true, promises: true)
        bare.0.overlays.removeAll { $0 is DockedBand }
        #expect(!bare.0.roomIsPainted)
    }
}
