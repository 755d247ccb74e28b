import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

@Suite(.isolatedEngine) struct FocusRingTests {
    /// Four untitled buttons in a 2 × 2 grid, named by position (no text: goldens stay font-independent).
    func grid(_ st: ViewStage) -> [String: UIButton] {
        var out: [String: UIButton] = [:]
        for (name, x, y) in [("tl", 20.0, 20.0), ("tr", 110.0, 20.0), ("bl", 20.0, 110.0), ("br", 110.0, 110.0)] {
            let b = UIButton(frame: CGRect(x: x, y: y, width: 70, height: 70))
            b.backgroundColor = .systemGray4
            st.window.addSubview(b)
            out[name] = b
        }
        st.frame(0)
        return out
    }

    @Test func dpadMovesTheFocusByDirection() {
        let st = ViewStage()
        let b = grid(st)
        st.input(.padButton(.dpadRight, isDown: true), at: 0.1)
        #expect(st.window.focusedView === b["tl"])            // first move: reading order
        st.input(.padButton(.dpadRight, isDown: true), at: 0.2)
        #expect(st.window.focusedView === b["tr"])
        st.input(.key(.down, isDown: true), at: 0.3)
        #expect(st.window.focusedView === b["br"])
        st.input(.key(.left, isDown: true), at: 0.4)
        #expect(st.window.focusedView === b["bl"])
        st.input(.key(.left, isDown: true), at: 0.5)   // nothing further left: stays
        #expect(st.window.focusedView === b["bl"])
        st.input(.key(.tab, isDown: true), at: 0.6)
        #expect(st.window.focusedView === b["br"])
        b["tr"]!.isHidden = true
        st.input(.padButton(.dpadUp, isDown: true), at: 0.7)
        #expect(st.window.focusedView === b["tl"])            // the hidden one is skipped
    }

    @Test func enterPressesTheFocusedControl() {
        let st = ViewStage()
        let b = grid(st)
        var taps: [String] = []
        for (k, v) in b { v.addAction(for: .touchUpInside) { taps.append(k) } }
        st.window.setFocus(b["br"])
        st.input(.key(.enter, isDown: true), at: 0.1)
        #expect(b["br"]!.isHighlighted && taps.isEmpty)
        st.input(.key(.enter, isDown: false), at: 0.2)
        #expect(taps == ["br"] && !b["br"]!.isHighlighted)
        st.input(.padButton(.x, isDown: true), at: 0.3)
        st.input(.padButton(.x, isDown: false), at: 0.4)
        #expect(taps == ["br", "br"])
        b["tl"]!.isEnabled = false
        st.window.setFocus(b["tl"])                          // disabled controls cannot take the focus
        #expect(st.window.focusedView === b["br"])
    }

    @Test func padAPressesTheFocusedControlWhenThePointerIsOnNothing() {
        let st = ViewStage()
        let b = grid(st)
        var taps: [String] = []
        for (k, v) in b { v.addAction(for: .touchUpInside) { taps.append(k) } }
        st.window.setFocus(b["tr"])
        // The pointer rests on empty window (between the buttons): A selects the focused control.
        let empty = CGPoint(x: 100, y: 100)
        st.input(.padButton(.a, isDown: true), at: 0.1)
        st.input(.pointerDown(empty), at: 0.1)
        #expect(b["tr"]!.isHighlighted)
        st.input(.padButton(.a, isDown: false), at: 0.2)
        st.input(.pointerUp(empty), at: 0.2)
        #expect(taps == ["tr"])
        // The pointer on another button: A touches that one, as the mouse would.
        let onBL = CGPoint(x: 50, y: 140)
        st.input(.padButton(.a, isDown: true), at: 0.3)
        st.input(.pointerDown(onBL), at: 0.3)
        st.input(.padButton(.a, isDown: false), at: 0.4)
        st.input(.pointerUp(onBL), at: 0.4)
        #expect(taps == ["tr", "bl"])
        // Unplugged mid-press: the focused control is released without acting.
        st.input(.padButton(.a, isDown: true), at: 0.5)
        st.input(.pointerDown(empty), at: 0.5)
        st.input(.pointerCancel(empty), at: 0.6)
        #expect(taps == ["tr", "bl"] && !b["tr"]!.isHighlighted)
    }

    @Test func theFocusedViewMayUseAnArrowBeforeTheFocusMoves() {
        /// Uses right only, and counts what it was offered.
        final class TakesRight: UIControl {
            var offered: [UIFocusHeading] = []
            override func handleFocusedMove(_ heading: UIFocusHeading) -> Bool {
                offered.append(heading)
                return heading == .right
            }
        }
        let st = ViewStage()
        let b = grid(st)
        let v = TakesRight(frame: CGRect(x: 65, y: 65, width: 70, height: 70))   // in the middle of the grid
        st.show(v)
        st.window.setFocus(v)
        st.input(.key(.right, isDown: true), at: 0.1)
        st.input(.padButton(.dpadRight, isDown: true), at: 0.2)
        #expect(st.window.focusedView === v)                  // used: the focus stays
        st.input(.key(.tab, isDown: true), at: 0.3)           // Tab is never offered
        #expect(st.window.focusedView === b["bl"])
        st.window.setFocus(v)
        st.input(.key(.up, isDown: true), at: 0.4)            // not used: the focus moves as before
        #expect(v.offered == [.right, .right, .up])
        #expect(st.window.focusedView === b["tl"] || st.window.focusedView === b["tr"])
    }

    @Test func ringSurroundsTheFocusedView() {
        let st = ViewStage()
        st.window.backgroundColor = .white
        let b = grid(st)
        st.window.setFocus(b["tr"])
        st.frame(0.1)
        let ring = st.window.focusRing.ringLayer
        #expect(!ring.isHidden)
        #expect(ring.frame == CGRect(x: 106, y: 16, width: 78, height: 78))
        #expect(Snapshot.verify(st.render(at: 0.2), named: "focusOnTopRight") == nil)
        UIView.performWithoutAnimation { b["tr"]!.center = CGPoint(x: 100, y: 100) }
        st.frame(0.3)                                        // the ring follows its view each frame
        #expect(ring.frame == CGRect(x: 61, y: 61, width: 78, height: 78))
    }
}
