@testable import Compositor
import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIViewHierarchyTests {
    @Test func addingAnAncestorOrItselfIsRefusedWithOneLine() {
        let a = UIView(), b = UIView(), c = UIView()
        a.addSubview(b)
        b.addSubview(c)
        c.addSubview(a)
        b.addSubview(b)
        #expect(a.superview == nil && b.superview === a && c.superview === b)
        #expect(a.layer.superlayer == nil)
        #expect(CAEngine.current.diagnostics == ["addSubview refused: UIView is an ancestor of this UIView",
                                                  "addSubview refused: UIView is the view itself"])
    }

    @Test func deepHierarchiesMoveToAWindowWithoutRecursion() {
        final class Probe: UIView { var moves = 0; override func didMoveToWindow() { moves += 1 } }
        let top = Probe()
        var last: UIView = top
        var all: [Probe] = [top]
        for _ in 0..<5_000 { let v = Probe(); last.addSubview(v); last = v; all.append(v) }
        last.tag = 7
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(top)
        #expect(all.allSatisfy { $0.moves == 1 })
        #expect(window.viewWithTag(7) === last)
        top.removeFromSuperview()
        #expect(all.allSatisfy { $0.moves == 2 })
    }

    /// A view tree 100,000 deep lays out, evaluates, is drawn, leaves its window and is released
    /// without recursion (Swift's release of `subviews` inside each deinit overflowed the stack).
    @Test func aViewTreeOneHundredThousandDeepIsDrawnAndReleased() {
        weak var leafRef: UIView?, leafLayerRef: CALayer?
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        do {
            // Built from the leaf up: adding under a deep view asks for its window, a walk to the top.
            let last = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            last.backgroundColor = .red
            var top = last
            for _ in 0..<100_000 { let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)); v.addSubview(top); top = v }
            leafRef = last; leafLayerRef = last.layer
            window.addSubview(top)
            TreeFrames.frame(window.layer, at: 0)
            let snapshot = DisplayStep().snapshot(of: window.layer, scale: 1)
            #expect(snapshot.depth == 100_001)
            let bitmap = Bitmap(width: 10, height: 10)!
            Compositor().composite(snapshot, into: bitmap)
            #expect(Pixel.r(bitmap[5, 5]) > 240 && Pixel.g(bitmap[5, 5]) == 0)
            top.removeFromSuperview()
            #expect(window.subviews.isEmpty && last.window == nil)
        }
        #expect(leafRef == nil && leafLayerRef == nil)
    }
}
