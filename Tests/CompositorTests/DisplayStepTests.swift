@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing

/// The main-thread half of the render phase (Display/DisplayStep.swift and its facets).
@Suite(.isolatedEngine) struct DisplayStepTests {
    static func frame(_ root: CALayer, _ t: Double) { TreeFrames.frame(root, at: t) }

    /// A chain of 10×10 layers `depth` deep with a red leaf, one frame evaluated; every
    /// `groupEvery`-th layer has opacity 0.999 (an isolated group).
    static func chain(_ depth: Int, groupEvery: Int = .max) -> (root: CALayer, leaf: CALayer) {
        let root = CALayer()
        var leaf = root
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            for i in 0..<depth {
                let l = CALayer()
                l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                if i % groupEvery == 0 { l.opacity = 0.999 }
                leaf.addSublayer(l)
                leaf = l
            }
            leaf.backgroundColor = CGColor(hex: 0xFF0000)
        }
        frame(root, 0)
        return (root, leaf)
    }

    @Test func aVeryDeepTreeIsWalkedWithoutRecursion() {
        let (root, _) = Self.chain(5000)
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        #expect(snapshot.nodes.count == 5001)
        #expect(snapshot.nodes.last?.values.backgroundColor == CGColor(hex: 0xFF0000))
    }

    @Test func aTreeOneHundredThousandDeepIsCompositedOnAStackThatFitsIt() {
        let (root, leaf) = Self.chain(100_000, groupEvery: 10_000)  // a few isolated groups on the way down
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        #expect(snapshot.depth == 100_000)
        let bitmap = Bitmap(width: 10, height: 10)!
        Compositor().composite(snapshot, into: bitmap)
        #expect(Pixel.r(bitmap[5, 5]) > 240 && Pixel.g(bitmap[5, 5]) == 0)
        _ = leaf    // the tree and the snapshot are released whole at the end (no recursion)
    }

    @Test func aShadowTooSpreadToSeeIsNotDrawn() {
        let root = CALayer(), card = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            card.backgroundColor = CGColor(hex: 0x0000FF)
            card.shadowOpacity = 1
            card.shadowRadius = 1e6             // blurred 16384² pixels for 15 s a frame before
            root.addSublayer(card)
        }
        Self.frame(root, 0)
        let start = Date()
        let snapshot = DisplayStep().snapshot(of: root, scale: 1)
        #expect(snapshot.nodes[1].shadow == nil)
        #expect(Date().timeIntervalSince(start) < 5)   // generous: a slow machine, a debug build
        // Still drawn while some pixel can show: σ = 100 over 100×100 peaks at 1/(2π) ≈ 0.16.
        CATransaction.performWithoutAnimation { card.shadowRadius = 200 }
        Self.frame(root, 1)
        #expect(DisplayStep().snapshot(of: root, scale: 1).nodes[1].shadow != nil)
        #expect(!DisplayStep.shadowIsVisible(extent: CGRect(x: 0, y: 0, width: 100, height: 100), radius: 4000, alpha: 1))
        #expect(DisplayStep.shadowIsVisible(extent: CGRect(x: 0, y: 0, width: 100, height: 100), radius: 8, alpha: 1))
    }

    @Test func theOldAppearanceIsDrawnAtTheScaleOfTheRenderAndShowsTheValuesWhenAdded() throws {
        let root = CALayer(), card = CALayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            card.frame = CGRect(x: 5, y: 5, width: 20, height: 10)
            card.backgroundColor = CGColor(hex: 0x0000FF)
            root.addSublayer(card)
        }
        Self.frame(root, 0)
        let t = CATransition()
        t.duration = 1
        card.add(t, forKey: kCATransition)
        // Changed after the add, in the same transaction: not part of the old appearance.
        CATransaction.performWithoutAnimation { card.backgroundColor = CGColor(hex: 0xFF0000) }
        Self.frame(root, 0.5)
        let display = DisplayStep()
        for scale in [2.0, 1.0] {
            let snapshot = display.snapshot(of: root, scale: scale)
            let old = try #require(snapshot.nodes.compactMap(\.transition).first).old
            #expect(old.bitmap.width == Int(20 * scale) && old.bitmap.height == Int(10 * scale))
            #expect(old.bitmap[old.bitmap.width / 2, old.bitmap.height / 2] == Color(hex: 0x0000FF).premultipliedPixel)
        }
    }

    @Test func contentThatChangesEveryFrameIsRecordedNotCached() {
        let root = CALayer(), ring = CAShapeLayer()
        CATransaction.performWithoutAnimation {
            root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            let p = CGMutablePath()
            p.addEllipse(in: CGRect(x: 5, y: 5, width: 40, height: 40))
            ring.path = p
            ring.fillColor = nil
            ring.strokeColor = CGColor(hex: 0x30D158)
            ring.lineWidth = 4
            root.addSublayer(ring)
        }
        let s = CABasicAnimation(keyPath: "strokeEnd")
        s.fromValue = 0; s.toValue = 1; s.duration = 1
        ring.add(s, forKey: "strokeEnd")
        let display = DisplayStep()
        var kinds: [String] = []
        for i in 0..<4 {
            Self.frame(root, Double(i) / 60)
            let node = display.snapshot(of: root, scale: 1).nodes[1]
            switch node.content {
            case .image: kinds.append("image")
            case .drawing: kinds.append("drawing")
            case .none: kinds.append("none")
            }
        }
        // The first draw goes into a cache; from the second change in a row on, the recording goes
        // to the compositor instead of a cache that would be thrown away a frame later.
        #expect(kinds == ["image", "drawing", "drawing", "drawing"])
        #expect(display.contentDraws == 4)
    }
}
