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
            // Built from the leaf up (top-down is `buildingAChainTopDownInAWindowIsLinear`).
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

    /// Adding a leaf under a deep view in a window walked up to the window for every `addSubview`
    /// (`window` was a walk): 50,000 levels built top-down took 185 s in release. The window is
    /// now recorded when a view joins or leaves one, so twice the depth is twice the work.
    @Test func buildingAChainTopDownInAWindowIsLinear() {
        func build(_ n: Int) -> (steps: Int, UIWindow, [UIView]) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            var chain: [UIView] = []
            var top: UIView = window
            for _ in 0..<n { let v = UIView(); top.addSubview(v); chain.append(v); top = v }
            return (window.hierarchySteps, window, chain)
        }
        let (small, _, _) = build(2_000)
        let (large, window, built) = build(4_000)
        var chain = built
        #expect(large <= 2 * small + 10 && large <= 2 * 4_000, "\(small) → \(large)")
        #expect(chain.allSatisfy { $0.window === window })
        // The recorded window follows moves: half the chain leaves, then joins another window.
        chain[2_000].removeFromSuperview()
        #expect(chain[1_999].window === window && chain[2_000].window == nil && chain[3_999].window == nil)
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        other.addSubview(chain[2_000])
        #expect(chain[3_999].window === other && chain[0].window === window)
        // Views inside a window nested in another stay in the nested one.
        let nested = UIWindow(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        let inner = UIView()
        nested.addSubview(inner)
        chain[10].addSubview(nested)
        #expect(nested.window === nested && inner.window === nested)
        nested.removeFromSuperview()
        #expect(inner.window === nested)
        while chain.count > 1 { chain.removeLast().removeFromSuperview() }   // leaf first: no deep release
    }
}
