@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

/// When a frame's work is shared out among the compositor's threads (`smallestSharedWork`).
@Suite(.isolatedEngine) struct FrameCompositorSharingTests {
    /// A card moving over a 640 × 360 frame, composited damage-only by `frames`; returns the
    /// frames' bytes.
    static func run(_ frames: FrameCompositor, count: Int) throws -> [[UInt32]] {
        let root = CALayer(), card = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
            root.backgroundColor = CGColor(hex: 0x1C1C2E)
            card.frame = CGRect(x: 20, y: 40, width: 300, height: 200)
            card.backgroundColor = CGColor(hex: 0xFF9F0A)
            card.cornerRadius = 28
            root.addSublayer(card)
        }
        let bitmap = try #require(Bitmap(width: 640, height: 360))
        var out: [[UInt32]] = []
        for i in 0..<count {
            CATransaction.performWithoutAnimation { card.position = CGPoint(x: 170 + 7.25 * Double(i), y: 140) }
            TreeFrames.frame(root, at: Double(i) / 60)
            _ = frames.composite(DisplayStep().snapshot(of: root, scale: 1), into: bitmap, alsoDamaged: [])
            out.append((0..<360).flatMap { y in (0..<640).map { bitmap[$0, y] } })
        }
        return out
    }

    /// Raised above what a frame costs (as the window raises it), the work stays on the caller's
    /// thread once the first frame, cut as there is no estimate yet, has taught the estimate;
    /// the frames are the bytes of frames shared out at the default.
    @Test func workUnderTheThresholdStaysOnOneThread() throws {
        let kept = FrameCompositor(threads: 2)
        kept.smallestSharedWork = 10   // seconds: nothing this small is shared
        let keptFrames = try Self.run(kept, count: 12)
        #expect(kept.framesKeptTogether == 11)
        let shared = FrameCompositor(threads: 2)
        #expect(shared.smallestSharedWork == FrameCompositor.defaultSmallestSharedWork)
        shared.forcedBands = 2   // cut every frame, whatever it costs
        let sharedFrames = try Self.run(shared, count: 12)
        #expect(shared.framesKeptTogether == 0)
        for i in 0..<12 { #expect(keptFrames[i] == sharedFrames[i], "frame \(i)") }
    }
}
