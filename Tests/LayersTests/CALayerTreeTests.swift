import TestSupport
import Foundation
import Raster
import RasterIO
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct CALayerTreeTests {
    /// A chain `depth` layers deep under a root, each one named, the deepest animating its opacity.
    func chain(_ depth: Int) -> (root: CALayer, leaf: CALayer) {
        let root = CALayer()
        var last = root
        for i in 0..<depth {
            let l = CALayer()
            l.name = "l\(i)"
            last.addSublayer(l)
            last = l
        }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0; fade.duration = 2
        last.add(fade, forKey: "fade")
        return (root, last)
    }

    @Test func aTreeOneHundredThousandDeepEvaluatesLaysOutAndTraces() {
        let (root, leaf) = chain(100_000)
        let frames = TreeFrames(root: root)
        leaf.setNeedsLayout()
        frames.frame(1)
        frames.frame(2)
        #expect(isNear(Double(leaf.presented.opacity), 0.5, 1e-6))
        #expect(LayerTrace.values(of: root).count == 100_000)
        #expect(root.treeDescription().split(separator: "\n").count > 100_000)
        let copy = root.presentation()
        var depth = 0, node = copy
        while let n = node?.sublayers?.first { depth += 1; node = n }
        #expect(depth == 100_000)
    }

    /// Swift releases a child array inside its owner's deinit: dropping the root of a chain about
    /// 50,000 deep overflowed the stack before `CALayer.releaseSubtree`.
    @Test func treesOneHundredThousandDeepAreReleasedWithoutRecursion() {
        weak var leafRef: CALayer?, copyLeafRef: CALayer?, maskLeafRef: CALayer?
        let top = CALayer()
        do {
            let (root, leaf) = chain(100_000)
            leafRef = leaf
            top.addSublayer(root)
            // A chain of masks, each the mask of the one before, ending in a deep mask subtree.
            let owner = CALayer()
            var m = owner
            for _ in 0..<50_000 { let next = CALayer(); m.mask = next; m = next }
            let (maskRoot, maskLeaf) = chain(50_000)
            m.mask = maskRoot
            maskLeafRef = maskLeaf
            top.addSublayer(owner)
            TreeFrames.frame(top, at: 1) // the commit lets go of the layers it added animations to
            // The presentation copy is a second tree as deep.
            var node = root.presentation()
            while let n = node?.sublayers?.first { node = n }
            copyLeafRef = node
            #expect(copyLeafRef != nil)
            root.removeFromSuperlayer()     // the deep tree leaves its superlayer whole
            #expect(top.sublayers?.count == 1 && leaf.superlayer != nil)
            owner.removeFromSuperlayer()
        }
        #expect(leafRef == nil && copyLeafRef == nil && maskLeafRef == nil)
        #expect((top.sublayers ?? []).isEmpty)
    }

    @Test func aLayerHeldElsewhereKeepsItsSubtreeWhenItsSuperlayerIsReleased() {
        let kept = CALayer(), child = CALayer()
        kept.addSublayer(child)
        do {
            let root = CALayer(), middle = CALayer()
            root.addSublayer(middle)
            middle.addSublayer(kept)
        }
        #expect(kept.superlayer == nil && child.superlayer === kept && kept.sublayers?.count == 1)
    }

    @Test func walkingVisitsLayerMaskThenSublayersInOrder() {
        let root = CALayer(), a = CALayer(), b = CALayer(), m = CALayer(), a1 = CALayer()
        for (l, n) in [(root, "root"), (a, "a"), (b, "b"), (m, "m"), (a1, "a1")] { l.name = n }
        root.addSublayer(a); root.addSublayer(b); root.mask = m; a.addSublayer(a1)
        var order: [String] = []
        root.walkTree(0) { l, depth, isMask in order.append("\(l.name!)\(depth)\(isMask ? "*" : "")"); return depth + 1 }
        #expect(order == ["root0", "m1*", "a1", "a12", "b1"])
        order = []
        root.walkTree((), masks: false) { l, _, _ in order.append(l.name!); return l === a ? nil : () }
        #expect(order == ["root", "a", "b"])   // nil skips a's sublayers
    }

    @Test func cyclesAreRefusedWithOneReportedLine() {
        let engine = CAEngine.current
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.name = "root"
        root.addSublayer(child)
        child.addSublayer(grandchild)
        grandchild.addSublayer(root)            // an ancestor
        child.addSublayer(child)                // itself
        grandchild.insertSublayer(root, above: nil)
        grandchild.mask = root                  // a mask that is an ancestor
        let other = CALayer()
        child.addSublayer(other)
        child.replaceSublayer(other, with: root)
        #expect(root.superlayer == nil && grandchild.mask == nil && child.superlayer === root)
        #expect(other.superlayer === child)      // a refused replacement removes nothing
        #expect(engine.diagnostics.count == 5)
        #expect(engine.diagnostics[0] == "addSublayer refused: \"root\" is an ancestor of a CALayer")
        #expect(engine.diagnostics.allSatisfy { !$0.contains("\n") })
        let m = CALayer()
        child.mask = m
        m.addSublayer(child)                    // the mask's owner is its ancestor too
        #expect(child.superlayer === root && engine.diagnostics.count == 6)
    }

    /// flipbook-fuzz layers case 946 (seed 1): a mask added as another layer's sublayer kept its
    /// mask owner, so the cycle check, climbing through the superlayer only, let the owner be
    /// added below it; layout then walked the cycle forever. A layer has one parent: becoming a
    /// sublayer ends being a mask, as becoming a mask ends being a sublayer.
    @Test func aMaskAddedAsASublayerStopsBeingAMask() {
        let engine = CAEngine.current
        let root = CALayer(), a = CALayer(), b = CALayer(), m = CALayer()
        root.addSublayer(a); root.addSublayer(b)
        a.mask = m
        b.addSublayer(m)
        #expect(a.mask == nil && m.superlayer === b)
        m.addSublayer(a)                         // fine now: a is no longer above m
        #expect(a.superlayer === m && engine.diagnostics.isEmpty)
        var visited = 0
        root.walkTree(()) { _, _, _ in visited += 1; return visited < 100 ? () : nil }
        #expect(visited == 4)
        b.mask = CALayer()
        let n = b.mask!
        b.insertSublayer(n, above: m)            // its own mask, as a sublayer
        #expect(b.mask == nil && n.superlayer === b)
    }

    @Test func aGroupContainingItselfIsRefused() {
        let engine = CAEngine.current
        let layer = CALayer()
        let outer = CAAnimationGroup(), inner = CAAnimationGroup()
        outer.animations = [CABasicAnimation(keyPath: "opacity"), inner]
        inner.animations = [inner]              // a cycle below the added group
        layer.add(outer, forKey: "g")
        let selfish = CAAnimationGroup()
        selfish.animations = [selfish]
        layer.add(selfish, forKey: nil)
        #expect(layer.animationKeys() == nil && engine.diagnostics.count == 2)
        let shared = CAAnimationGroup()          // the same group twice is a DAG, not a cycle
        shared.animations = [CABasicAnimation(keyPath: "opacity")]
        let fine = CAAnimationGroup()
        fine.animations = [shared, shared]
        layer.add(fine, forKey: "fine")
        #expect(layer.animationKeys() == ["fine"])
    }
}

@Suite(.isolatedEngine) struct NonFiniteValueTests {
    @Test func textLayersWithFontSizesThatAreNotSizesDrawNothingAndDoNotTrap() {
        for size in [CGFloat.nan, .infinity, -.infinity, 1e19, -5] {
            let t = CATextLayer()
            t.string = "A"
            t.fontSize = size
            t.foregroundColor = .white
            t.presentContent()
            // +∞ and 1e19 points draw at the font library's largest size; NaN and sizes below one
            // pixel give no pixels. Int(Double.nan) trapped here before.
            let block = t.textBlock(scale: 1, bounds: CGRect(x: 0, y: 0, width: 40, height: 40))
            let huge = size > 1e18
            #expect(huge ? block.flatMap(FontLibrary.shared.rasterize) != nil : block == nil)
        }
    }

    /// The model draws nothing: a text layer records what to draw, and the recorder's rasterizer
    /// (the display step's font service) makes the pixels; without one nothing is recorded.
    @Test func textLayersRecordABlockThatTheRecordersRasterizerDraws() {
        let t = CATextLayer()
        t.string = "Tap\nme"
        t.fontSize = 10
        t.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        t.alignmentMode = .center
        t.isWrapped = true
        t.font = "DejaVuSans-Bold"
        t.bounds = CGRect(x: 5, y: 7, width: 40.2, height: 30)
        TreeFrames.frame(t, at: 0)
        var asked: [TextBlock] = []
        let context = LayerDrawingContext(scale: 2) { block in asked.append(block); return Bitmap(width: 3, height: 2) }
        t.drawPresentedContent(in: context)
        #expect(asked == [TextBlock(string: "Tap\nme", fontName: "DejaVuSans-Bold", pixelSize: 20, color: Color(r: 1, g: 0, b: 0, a: 1),
                                    alignment: .center, wraps: true, width: 81, maxHeight: 60)])
        guard case let .alignedImage(bitmap, corner)? = context.list.ops.first else {
            Issue.record("no text op recorded: \(context.list.ops)"); return
        }
        #expect(bitmap.width == 3 && corner == Point(5, 7))
        let silent = LayerDrawingContext(scale: 2)
        t.drawPresentedContent(in: silent)
        #expect(silent.list.ops.isEmpty)
    }

    @Test func describingAnEnormousRepeatDoesNotTrap() {
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1e-300; a.repeatCount = .greatestFiniteMagnitude
        l.add(a, forKey: "a")
        TreeFrames.frame(l, at: 0)
        #expect(l.treeDescription(at: 1e10).contains("animation \"a\""))
    }

    @Test func saturatingConversions() {
        #expect(Int(saturating: .nan) == 0 && Int(saturating: .nan, nan: 7) == 7)
        #expect(Int(saturating: .infinity) == 1 << 62 && Int(saturating: -1e300) == -(1 << 62))
        #expect(Int(saturating: 2.5, rounding: .toNearestOrAwayFromZero) == 3 && Int(saturating: -2.7) == -2)
    }
}
