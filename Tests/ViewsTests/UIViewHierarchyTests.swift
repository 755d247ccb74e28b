import Foundation
import Layers
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
        var v: UIView? = last
        while let x = v { v = x.superview; x.removeFromSuperview() }
    }
}
