@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

/// The compositor reads only the snapshot: the same snapshot gives the same bytes on any thread.
@Suite(.isolatedEngine) struct CompositorTests {
    /// A tree with every kind of node the compositor handles specially: a gradient seen through a
    /// ring mask whose strokeEnd animates (recorded content played into the frame, A8 coverage), a
    /// group at opacity 0.6 with a clipped child, text, and a card mid-way through a CATransition.
    static func stage() -> (root: CALayer, transitionCard: CALayer) {
        let root = CALayer()
        let card = CALayer(), label = CATextLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
            root.backgroundColor = CGColor(hex: 0x1C1C2E)
            let g = CAGradientLayer()
            g.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            g.colors = [CGColor(hex: 0xFF375F), CGColor(hex: 0xFFD60A)]
            let ring = CAShapeLayer()
            ring.frame = g.bounds
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
            ring.path = p
            ring.fillColor = nil
            ring.strokeColor = .black
            ring.lineWidth = 12
            ring.lineCap = .round
            g.mask = ring
            root.addSublayer(g)
            let group = CALayer()
            group.frame = CGRect(x: 120, y: 10, width: 110, height: 60)
            group.opacity = 0.6
            group.backgroundColor = CGColor(hex: 0x30D158)
            group.cornerRadius = 12
            group.masksToBounds = true
            let child = CALayer()
            child.frame = CGRect(x: -10, y: 20, width: 60, height: 60)
            child.backgroundColor = CGColor(hex: 0x0A84FF)
            group.addSublayer(child)
            root.addSublayer(group)
            makeCard(card, label, frame: CGRect(x: 120, y: 80, width: 110, height: 70), labelY: 15)
            root.addSublayer(card)
            // The strokeEnd animates below: the mask's ring is recorded content from the third frame on.
            let s = CABasicAnimation(keyPath: "strokeEnd")
            s.fromValue = 0.1
            s.toValue = 1
            s.duration = 2
            ring.add(s, forKey: "strokeEnd")
        }
        frame(root, at: 0)
        startTransition(.push, subtype: .fromRight, on: card, label: label)
        frame(root, at: 0.5)
        return (root, card)
    }

    /// A blue card showing "A" in a 30-pt label `labelY` from its top.
    static func makeCard(_ card: CALayer, _ label: CATextLayer, frame: CGRect, labelY: CGFloat) {
        card.frame = frame
        card.backgroundColor = CGColor(hex: 0x0A84FF)
        label.frame = CGRect(x: 0, y: labelY, width: frame.width, height: 40)
        label.string = "A"
        label.fontSize = 30
        label.alignmentMode = .center
        card.addSublayer(label)
    }

    /// One frame of the engine at `t`, from the frame driver.
    static func frame(_ root: CALayer, at t: Double) { TreeFrames.frame(root, at: t) }

    /// Turns the card orange with a "B" and starts a 1-s transition of `type` over the change.
    static func startTransition(_ type: CATransitionType, subtype: CATransitionSubtype? = nil, on card: CALayer, label: CATextLayer) {
        CATransaction.performWithoutAnimation {
            card.backgroundColor = CGColor(hex: 0xFF9F0A)
            label.string = "B"
        }
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        card.add(t, forKey: kCATransition)
    }

    static func bytes(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { Array(b.row($0)) } }

    @Test func theSameSnapshotCompositesToTheSameBytesOnAnotherThread() throws {
        let (root, _) = Self.stage()
        let display = DisplayStep()
        var snapshot = display.snapshot(of: root, scale: 1)
        for t in [0.6, 0.7, 0.8] {
            Self.frame(root, at: t)
            snapshot = display.snapshot(of: root, scale: 1)
        }
        // The snapshot holds what makes this non-trivial.
        #expect(snapshot.nodes.contains { $0.transition != nil })
        #expect(snapshot.nodes.contains { if case .drawing = $0.content { return true } else { return false } })
        #expect(snapshot.nodes.contains { $0.mask != nil })

        let here = try #require(Bitmap(width: 240, height: 160))
        Compositor().composite(snapshot, into: here)

        let there = try #require(Bitmap(width: 240, height: 160))
        let done = DispatchSemaphore(value: 0)
        let shared = snapshot
        let worker = Thread {
            Compositor().composite(shared, into: there)
            done.signal()
        }
        worker.start()
        done.wait()

        #expect(Self.bytes(here) == Self.bytes(there))
        // Not a blank frame: background, gradient, group and card colours all show.
        #expect(Set(Self.bytes(here)).count > 50)
    }

    @Test func scratchOfALargerFrameIsLetGoWhenTheFrameShrinks() throws {
        // A window made huge and small again kept its huge scratch bitmaps resident.
        let root = CALayer(), group = CALayer(), child = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            group.frame = root.frame
            group.opacity = 0.5                 // an isolated group: drawn through pooled scratch
            child.frame = CGRect(x: 10, y: 10, width: 380, height: 380)
            child.backgroundColor = CGColor(hex: 0x00FF00)
            group.addSublayer(child)
            root.addSublayer(group)
        }
        DisplayStepTests.frame(root, 0)
        let display = DisplayStep(), compositor = Compositor()
        compositor.composite(display.snapshot(of: root, scale: 1), into: Bitmap(width: 400, height: 400)!)
        #expect(compositor.pool.freeCount == 1)
        let small = Bitmap(width: 100, height: 100)!
        CATransaction.performWithoutAnimation { group.opacity = 1 }   // nothing isolated now
        DisplayStepTests.frame(root, 1)
        compositor.composite(display.snapshot(of: root, scale: 1), into: small)
        #expect(compositor.pool.freeCount == 0)
    }

    @Test func aLayerFarLargerThanTheFrameCostsWhatTheFrameShows() {
        // Found by flipbook-fuzz: a 1e5-point shape layer under opacity 0.5 rasterized its whole
        // content (a 16384² scratch) for a 64×48 frame.
        let root = CALayer(), huge = CAShapeLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
            huge.frame = CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000)
            huge.path = CGPath(rect: huge.bounds, transform: nil)
            huge.fillColor = CGColor(hex: 0x00FF00)
            huge.opacity = 0.5
            root.addSublayer(huge)
        }
        DisplayStepTests.frame(root, 0)
        let start = Date()
        let bitmap = Bitmap(width: 64, height: 48)!
        LayerRenderer().render(root, into: bitmap, scale: 1)
        #expect(Date().timeIntervalSince(start) < 5)     // generous: a debug build on a slow machine
        #expect(Pixel.g(bitmap[32, 24]) > 100 && Pixel.a(bitmap[32, 24]) > 100)
    }

    @Test func aClipRectChangesOnlyThePixelsInside() throws {
        let (root, _) = Self.stage()
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        let whole = try #require(Bitmap(width: 240, height: 160))
        Compositor().composite(snapshot, into: whole)
        let part = try #require(Bitmap(width: 240, height: 160))
        part.clear(0xFF00_FF00)
        let clip = PixelRect(x0: 30, y0: 20, x1: 170, y1: 120)
        Compositor().composite(snapshot, into: part, clip: clip)
        for y in 0..<160 {
            for x in 0..<240 {
                let inside = x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
                if inside { #expect(part[x, y] == whole[x, y]) } else { #expect(part[x, y] == 0xFF00_FF00) }
                if part[x, y] != (inside ? whole[x, y] : 0xFF00_FF00) { return }
            }
        }
    }

    /// A layer's own drawing is skipped where it cannot reach the clip, and what reaches past the
    /// bounds still counts: a border wider than half its layer (a 10-pt square with a 30-pt border
    /// paints 20 pt around it) and a cached image magnified 4× (a 25.5-pt layer's cache is 26
    /// pixels; its last, half-covered column ends 2 device pixels past the content extent, one past
    /// the antialiasing margin). Strips of every width down to one pixel, both ways, give the whole
    /// composite's bytes.
    @Test func stripsNextToWhatReachesPastTheBoundsGiveTheWholeFramesBytes() throws {
        let root = CALayer(), boxed = CALayer(), pictured = CALayer()
        let picture = try #require(Bitmap(width: 4, height: 4))
        picture.clear(Color(hex: 0xF0C040).premultipliedPixel)
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
            root.backgroundColor = CGColor(hex: 0x202020)
            boxed.frame = CGRect(x: 60, y: 60, width: 10, height: 10)
            boxed.borderWidth = 30
            boxed.borderColor = CGColor(hex: 0x30C0F0)
            pictured.frame = CGRect(x: 150, y: 50, width: 25.5, height: 10.5)
            pictured.contents = CGImage(bitmap: picture)
            pictured.transform = CATransform3DMakeScale(4, 4, 1)
            root.addSublayer(boxed)
            root.addSublayer(pictured)
        }
        for t in [0.0, 1.0 / 60, 2.0 / 60] { Self.frame(root, at: t) }
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        guard case .image = snapshot.nodes.first(where: { $0.drawsContent })?.content else {
            Issue.record("the picture is not a cached image"); return
        }
        let whole = try #require(Bitmap(width: 240, height: 160))
        Compositor().composite(snapshot, into: whole)
        #expect(Pixel.b(whole[45, 65]) > 200)   // the border, 15 pt left of the box
        for size in [1, 2, 3, 5, 7] {
            for vertical in [true, false] {
                let strips = try #require(Bitmap(width: 240, height: 160))
                let c = Compositor()
                for o in stride(from: 0, to: vertical ? 240 : 160, by: size) {
                    let clip = vertical ? PixelRect(x0: o, y0: 0, x1: min(240, o + size), y1: 160)
                                        : PixelRect(x0: 0, y0: o, x1: 240, y1: min(160, o + size))
                    c.composite(snapshot, into: strips, clip: clip)
                }
                let differing = (0..<160).reduce(0) { n, y in n + (0..<240).filter { strips[$0, y] != whole[$0, y] }.count }
                #expect(differing == 0, "\(vertical ? "columns" : "rows") of \(size) px: \(differing) pixels differ")
            }
        }
    }

    /// Bands through a card mid-way through a push: each band draws only the rows it shows of the
    /// old and the new face (the new one taken from where it moves in from), and the frame is the
    /// whole composite's.
    @Test func bandsThroughAPushGiveTheWholeFramesBytes() throws {
        let (root, _) = Self.stage()
        Self.frame(root, at: 1.0)   // half-way: the push began at 0.5 s and lasts 1 s
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        let whole = try #require(Bitmap(width: 240, height: 160))
        Compositor().composite(snapshot, into: whole)
        for height in [7, 30, 45] {
            let bands = try #require(Bitmap(width: 240, height: 160))
            let c = Compositor()
            for y in stride(from: 0, to: 160, by: height) { c.composite(snapshot, into: bands, clip: PixelRect(x0: 0, y0: y, x1: 240, y1: min(160, y + height))) }
            let differing = (0..<160).reduce(0) { n, y in n + (0..<240).filter { bands[$0, y] != whole[$0, y] }.count }
            #expect(differing == 0, "bands of \(height) rows: \(differing) pixels differ")
        }
        // Not vacuous: the new face (orange, coming in from the right) shows in the card's right
        // half, the old (blue) in its left.
        #expect(Pixel.b(whole[125, 115]) > 200)
        #expect(Pixel.r(whole[220, 115]) > 200 && Pixel.b(whole[220, 115]) < 80)
    }

    /// Flips and curls past half-way, cut into bands: their new faces (drawn whole) are made once
    /// for the frame before the bands run, and the frame is still the whole composite's.
    @Test(arguments: [CATransitionType.flip, .curlUp])
    func bandsThroughAFlipOrACurlGiveTheWholeFramesBytes(_ type: CATransitionType) throws {
        let root = CALayer(), card = CALayer(), label = CATextLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
            root.backgroundColor = CGColor(hex: 0x1C1C2E)
            Self.makeCard(card, label, frame: CGRect(x: 30.5, y: 20.25, width: 130, height: 110), labelY: 30)
            card.cornerRadius = 10
            root.addSublayer(card)
        }
        Self.frame(root, at: 0)
        Self.startTransition(type, on: card, label: label)
        Self.frame(root, at: 0.1)
        Self.frame(root, at: 0.75)   // past half-way: a flip shows its new face
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        let whole = try #require(Bitmap(width: 200, height: 160))
        Compositor().composite(snapshot, into: whole)
        let banded = try #require(Bitmap(width: 200, height: 160))
        let frames = FrameCompositor(threads: 2)
        frames.tracksDamage = false
        frames.forcedBands = 5
        _ = frames.composite(snapshot, into: banded, alsoDamaged: nil)
        let differing = (0..<160).reduce(0) { n, y in n + (0..<200).filter { banded[$0, y] != whole[$0, y] }.count }
        #expect(differing == 0, "\(type.rawValue): \(differing) pixels differ")
        // Not vacuous: the face made once for the bands is the one drawn (orange shows).
        #expect(!Compositor().preparedFaces(of: snapshot).isEmpty)
        #expect((0..<160).contains { y in (0..<200).contains { x in Pixel.r(whole[x, y]) > 200 && Pixel.b(whole[x, y]) < 80 } })
    }

    /// A gradient whose colours animate (recorded content) inside an opacity group: the group is
    /// drawn into a scratch cut to each band, which starts at the band's top, not the group's. Its
    /// dither follows the whole composite's pixels (`Canvas.ditherShift`), so bands cut at any
    /// row give the whole frame's bytes (they were up to a level apart before, at cuts not a
    /// multiple of 64 rows below the group's top).
    @Test func gradientsInAScratchCutByBandsDitherAsTheWholeFrames() throws {
        let root = CALayer(), group = CALayer(), gradient = CAGradientLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
            root.backgroundColor = CGColor(hex: 0x1C1C2E)
            group.frame = CGRect(x: 10, y: 13, width: 180, height: 140)
            group.opacity = 0.6
            gradient.frame = group.bounds
            gradient.colors = [CGColor(hex: 0x203060), CGColor(hex: 0x40C0A0)]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            group.addSublayer(gradient)
            root.addSublayer(group)
            let colors = CABasicAnimation(keyPath: "colors")
            colors.fromValue = [CGColor(hex: 0x203060), CGColor(hex: 0x40C0A0)]
            colors.toValue = [CGColor(hex: 0x602030), CGColor(hex: 0xA0C040)]
            colors.duration = 2
            gradient.add(colors, forKey: "colors")
        }
        let display = DisplayStep()
        var snapshot = display.snapshot(of: root, scale: 1)
        for t in [0.0, 0.1, 0.2, 0.3] {
            Self.frame(root, at: t)
            snapshot = display.snapshot(of: root, scale: 1)
        }
        #expect(snapshot.nodes.contains { if case .drawing = $0.content { return true } else { return false } })
        let whole = try #require(Bitmap(width: 200, height: 160))
        Compositor().composite(snapshot, into: whole)
        for height in [7, 30, 45, 64] {
            let bands = try #require(Bitmap(width: 200, height: 160))
            let c = Compositor()
            for y in stride(from: 0, to: 160, by: height) { c.composite(snapshot, into: bands, clip: PixelRect(x0: 0, y0: y, x1: 200, y1: min(160, y + height))) }
            let differing = (0..<160).reduce(0) { n, y in n + (0..<200).filter { bands[$0, y] != whole[$0, y] }.count }
            #expect(differing == 0, "bands of \(height) rows: \(differing) pixels differ")
        }
    }

    /// A tree too deep for any stack the compositor may take (the limit lowered to 1 MiB here)
    /// leaves the frame blank and is reported once through the engine, from the caller's thread,
    /// not written to standard error from whichever thread composited it.
    @Test func aTreeTooDeepForAStackIsReportedThroughTheEngine() {
        let root = CALayer()
        var parent = root
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            for _ in 0..<300 {
                let l = CALayer()
                l.frame = parent.bounds
                l.masksToBounds = true          // a clip: each level drawn apart
                l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                parent.addSublayer(l)
                parent = l
            }
        }
        Self.frame(root, at: 0)
        var lines: [String] = []
        CAEngine.current.reportSink = { lines.append($0) }
        let renderer = LayerRenderer()
        renderer.compositor.stackLimit = 1 << 20
        let bitmap = Bitmap(width: 40, height: 40)!
        renderer.render(root, into: bitmap, scale: 1)
        #expect(lines.count == 1 && lines[0].contains("levels deep needs a") && lines[0].contains("the frame is left blank"))
        #expect(bitmap[20, 20] == 0 && renderer.compositor.takeFailures().isEmpty)
        renderer.compositor.stackLimit = 1 << 36
        let drawn = Bitmap(width: 40, height: 40)!
        LayerRenderer().render(root, into: drawn, scale: 1)
        #expect(lines.count == 1, "\(lines)")
        #expect(drawn[20, 20] != 0, "\(String(drawn[20, 20], radix: 16))")
    }
}
