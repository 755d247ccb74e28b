import TestSupport
import Foundation
import Testing
@testable import Layers

@Suite(.isolatedEngine) struct CAEngineTests {
    @Test func displayLinksRunInOrderUntilInvalidated() {
        let engine = CAEngine()
        var calls: [String] = []
        let a = engine.addDisplayLink { calls.append("a \($0)") }
        var late: DisplayLink?
        engine.addDisplayLink { t in
            calls.append("b \(t)")
            // Added during a run: first called in the next frame. Invalidated during a run: not called.
            if late == nil { late = engine.addDisplayLink { calls.append("late \($0)") } }
            a.invalidate()
        }
        engine.beginFrame(at: 1)
        engine.runDisplayLinks()
        engine.beginFrame(at: 2)
        engine.runDisplayLinks()
        #expect(calls == ["a 1.0", "b 1.0", "b 2.0", "late 2.0"])
        #expect(!a.isValid && late?.isValid == true)
    }

    @Test func displayLinksAskForFramesUnlessPausedOrPassive() {
        let engine = CAEngine()
        #expect(engine.nextDeadline(after: 5) == nil)
        let link = engine.addDisplayLink { _ in }
        #expect(engine.nextDeadline(after: 5) == 5)
        link.isPaused = true
        #expect(engine.nextDeadline(after: 5) == nil)
        link.isPaused = false
        link.requestsFrames = false          // a hook that only follows frames made for other reasons
        #expect(engine.nextDeadline(after: 5) == nil)
        var ran = false
        link.isPaused = false
        engine.addDisplayLink { _ in ran = true }.invalidate()
        engine.runDisplayLinks()
        #expect(!ran)
    }

    /// A frame whose animate phase ran a completion asks for one more frame: the completion's
    /// changes were evaluated, but that frame's layout and display links ran before it (an idle
    /// window kept the focus ring of a view the completion had removed). The frame after, with
    /// nothing running, asks for none.
    @Test func aFrameThatRanACompletionAsksForOneMore() {
        let engine = CAEngine()
        engine.perform {
            let frames = TreeFrames()
            var done = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { done = true }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = 0.25
            frames.root.add(fade, forKey: "fade")
            CATransaction.commit()
            frames.frame(0)
            #expect(engine.nextDeadline(after: 0) == 0)       // running: frames until it ends
            frames.frame(0.5)
            #expect(done)
            #expect(engine.nextDeadline(after: 0.5) == 0.5)   // the completion ran: one more frame
            frames.frame(0.52)
            #expect(engine.nextDeadline(after: 0.52) == nil)  // then idle
        }
    }

    @Test func theFrameTimeIsSetOnceAndNeverNaN() {
        let engine = CAEngine()
        engine.beginFrame(at: 2.5)
        engine.beginFrame(at: .nan)
        engine.beginFrame(at: .infinity)
        #expect(engine.mediaTime == 2.5)
        engine.perform { #expect(CACurrentMediaTime() == 2.5) }
    }

    @Test func performBindsTheCurrentEngineAndRestoresTheOuterOne() {
        let outer = CAEngine.current, inner = CAEngine()
        #expect(outer !== CAEngine.main)       // the suite's trait bound a fresh engine for this test
        inner.perform {
            #expect(CAEngine.current === inner)
            CATransaction.setAnimationDuration(3)   // opens inner's implicit transaction, not outer's
        }
        #expect(CAEngine.current === outer)
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(inner.perform { CATransaction.animationDuration() } == 3)
    }

    @Test func attachmentsAreOnePerTypePerEngine() {
        final class Box { var n = 0 }
        let a = CAEngine(), b = CAEngine()
        a.attachment(Box.init).n = 4
        #expect(a.attachment(Box.init).n == 4)
        #expect(b.attachment(Box.init).n == 0)
    }

    @Test func timersAndTransactionsBelongToTheEngineThatWasCurrent() {
        let a = CAEngine(), b = CAEngine()
        var fired: [String] = []
        a.perform { _ = MediaTimer(interval: 1, repeats: false) { _ in fired.append("a") } }
        b.perform { _ = MediaTimer(interval: 1, repeats: false) { _ in fired.append("b") } }
        a.beginFrame(at: 1)
        a.fireTimers()
        #expect(fired == ["a"])
        #expect(a.nextDeadline(after: 1) == nil && b.nextDeadline(after: 0) == 1)
    }
}
