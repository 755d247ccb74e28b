import Foundation
import Testing
@testable import Layers
import TestSupport

/// The layout and display walks enter only subtrees marked as holding a layer that waits
/// (`CALayer.markPending`): what a whole-tree walk laid out and displayed, they still do.
@Suite(.isolatedEngine) struct PendingLayoutMarksTests {
    /// Counts its layouts and displays; a layout may run a block (to change the tree).
    final class Probe: CALayer {
        var layouts = 0, displays = 0
        var onLayout: (() -> Void)?
        override func layoutSublayers() { layouts += 1; onLayout?() }
        override func display() { displays += 1 }
    }

    /// A chain of `depth` probes below `root`; returns them top-down.
    func chain(under root: CALayer, depth: Int) -> [Probe] {
        var layers: [Probe] = []
        var parent = root
        for _ in 0..<depth { let p = Probe(); parent.addSublayer(p); layers.append(p); parent = p }
        return layers
    }

    @Test func aDeepLayerMarkedLaterIsLaidOutAndDisplayedOnceAndTheMarksClear() {
        let root = CALayer()
        let layers = chain(under: root, depth: 50)
        let leaf = layers.last!
        leaf.setNeedsLayout()
        leaf.setNeedsDisplay()
        CAEngine.current.layout(root: root)
        #expect(leaf.layouts == 1 && leaf.displays == 1)
        #expect(layers.dropLast().allSatisfy { $0.layouts == 0 && $0.displays == 0 })
        #expect(([root] + layers).allSatisfy { !$0.layoutPendingBelow && !$0.displayPendingBelow })
        CAEngine.current.layout(root: root)
        #expect(leaf.layouts == 1 && leaf.displays == 1)
    }

    @Test func aMarkedSubtreeMovedUnderAnotherTreeIsLaidOutThere() {
        let first = CALayer(), second = CALayer()
        let moved = chain(under: first, depth: 3)
        moved[2].setNeedsLayout()
        let other = Probe()
        second.addSublayer(other)
        other.addSublayer(moved[0])       // taken from `first`, marks and all
        CAEngine.current.layout(root: second)
        #expect(moved[2].layouts == 1)
        // Set through `sublayers` too.
        let again = Probe()
        again.setNeedsLayout()
        let holder = CALayer()
        holder.sublayers = [again]
        second.addSublayer(holder)
        CAEngine.current.layout(root: second)
        #expect(again.layouts == 1)
    }

    @Test func aMaskWaitingToDisplayIsDisplayedThroughItsOwner() {
        let root = CALayer(), owner = CALayer(), mask = Probe()
        root.addSublayer(owner)
        CAEngine.current.layout(root: root)
        mask.setNeedsDisplay()
        owner.mask = mask
        CAEngine.current.layout(root: root)
        #expect(mask.displays == 1)
        mask.setNeedsDisplay()      // marked while it is a mask
        CAEngine.current.layout(root: root)
        #expect(mask.displays == 2)
    }

    @Test func aLayoutThatAddsAWaitingLayerLaysItOutInTheSamePass() {
        let root = CALayer(), parent = Probe()
        root.addSublayer(parent)
        let added = Probe()
        parent.onLayout = {
            guard added.superlayer == nil else { return }
            added.setNeedsLayout()
            parent.addSublayer(added)
        }
        parent.setNeedsLayout()
        CAEngine.current.layout(root: root)
        #expect(parent.layouts == 1 && added.layouts == 1)
    }

    @Test func aLayoutThatMarksItsOwnLayerAgainRunsAgainNextFrame() {
        let root = CALayer(), layer = Probe()
        root.addSublayer(layer)
        var again = true
        layer.onLayout = { if again { again = false; layer.setNeedsLayout() } }
        layer.setNeedsLayout()
        CAEngine.current.layout(root: root)
        #expect(layer.layouts == 1 && layer.needsLayout())
        CAEngine.current.layout(root: root)
        #expect(layer.layouts == 2 && !layer.needsLayout())
    }

    @Test func unmarkedSiblingsAreNotEntered() {
        // 10,000 siblings, one waiting: the walk enters the root and that one only (observed
        // through a sibling whose flag is set behind the marks' back: it is not laid out).
        let root = CALayer()
        let siblings = (0..<10_000).map { _ in Probe() }
        for s in siblings { root.addSublayer(s) }
        siblings[5_000].setNeedsLayout()
        siblings[7].needsLayoutFlag = true          // no mark: not entered
        CAEngine.current.layout(root: root)
        #expect(siblings[5_000].layouts == 1)
        #expect(siblings[7].layouts == 0)
        siblings[7].setNeedsLayout()
        CAEngine.current.layout(root: root)
        #expect(siblings[7].layouts == 1)
    }
}
