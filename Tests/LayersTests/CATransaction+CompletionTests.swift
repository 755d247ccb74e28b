import TestSupport
import Foundation
@testable import Layers
import Testing

/// When transaction completion blocks run: after the commit that made them due, and a block that
/// becomes due while completions run waits for the next frame (issue 38, item 1).
@Suite(.isolatedEngine) struct TransactionCompletionTests {
    @Test func completionsRunAfterTheirCommitReturnsAndNestedOnesInTheNextFrame() {
        let f = Frames()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            log.append("first")
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("nested") }
            CATransaction.commit()
            log.append("first ends")           // the nested completion waits for this one to return
        }
        CATransaction.commit()
        log.append("after commit")
        #expect(log == ["first", "first ends", "after commit"])
        f.frame(0)
        #expect(log == ["first", "first ends", "after commit", "nested"])
    }

    /// How a completion's own transaction is made due at once: no animation, an animation added
    /// and removed inside it, or one whose begin time is already past (it ends when first evaluated).
    enum Chained: CaseIterable { case noAnimation, removedAnimation, animationAlreadyOver }

    /// A completion that commits a transaction whose completion is itself looped inside one call
    /// until the process ran out of memory; now each generation waits for the next frame.
    @Test(arguments: Chained.allCases)
    func aCompletionThatCommitsAnotherTransactionRunsItsSuccessorInTheNextFrame(_ kind: Chained) {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        let limit = 1_000
        var count = 0
        func chain() {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                count += 1
                if count < limit { chain() }
            }
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = 10; a.duration = 1
            switch kind {
            case .noAnimation: break
            case .removedAnimation: l.add(a, forKey: "k"); l.removeAnimation(forKey: "k")
            case .animationAlreadyOver: a.beginTime = CACurrentMediaTime() - 10; l.add(a, forKey: "k")
            }
            CATransaction.commit()
        }
        chain()
        var perFrame: [Int] = []
        for n in 0..<40 {
            let before = count
            f.frame(Double(n) / 60)
            perFrame.append(count - before)
        }
        // At most one generation per frame, and one every frame once the chain runs.
        #expect(perFrame.allSatisfy { $0 <= 1 }, "\(kind): \(perFrame)")
        #expect(count >= 39 && count < limit, "\(kind): \(count)")
        // Deferred work keeps an idle host drawing frames until it has run.
        #expect((f.engine.nextDeadline(after: 1) ?? .infinity) <= 1)
    }

    @Test func tenThousandChainedCompletionsRunOnePerFrameWithoutGrowingTheStack() {
        let f = Frames()
        var count = 0
        func chain() {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                count += 1
                if count < 10_000 { chain() }
            }
            CATransaction.commit()
        }
        chain()
        var frames = 0
        while count < 10_000 && frames < 20_000 {
            f.frame(Double(frames) / 60)
            frames += 1
        }
        #expect(count == 10_000 && frames == 9_999)
        #expect(f.engine.nextDeadline(after: 1) == nil)
    }

    /// Where a completion's fade is added: inside the completion's changes (the implicit
    /// transaction), or the model set in an explicit transaction and the fade added after it.
    enum FadeIn: CaseIterable { case implicitAction, explicitFadeAfterTheModel }

    /// Sets `l`'s opacity to 1 and fades it in from 0 over 1 s, as a completion that shows a new
    /// screen does.
    static func fadeIn(_ l: CALayer, _ how: FadeIn) {
        switch how {
        case .implicitAction:
            CATransaction.setAnimationDuration(1)
            l.opacity = 1                      // the layer was drawn at 0: an implicit fade from 0
        case .explicitFadeAfterTheModel:
            CATransaction.performWithoutAnimation { l.opacity = 1 }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
            l.add(fade, forKey: "fade")
        }
    }

    /// Frame by frame, a completion's model change never shows without the animation it added:
    /// the layer is never fully opaque before its fade ends, whether the completion runs in the
    /// frame where the animation it waited for ended, or is deferred to the next frame.
    @Test(arguments: FadeIn.allCases, [false, true])
    func noFrameShowsACompletionsModelChangeWithoutItsAnimation(_ how: FadeIn, deferred: Bool) {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        CATransaction.performWithoutAnimation { l.opacity = 0 }
        f.frame(0)
        var ranAt: Double?
        let show = { ranAt = CACurrentMediaTime(); Self.fadeIn(l, how) }
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            if deferred {
                CATransaction.begin()
                CATransaction.setCompletionBlock(show)   // due while completions run: next frame
                CATransaction.commit()
            } else {
                show()
            }
        }
        let wait = CABasicAnimation(keyPath: "position.x")
        wait.fromValue = 0; wait.toValue = 10; wait.duration = 0.5
        l.add(wait, forKey: "wait")
        CATransaction.commit()
        var shown: [(Double, Float)] = []
        for n in 1...150 {
            let t = Double(n) / 60
            f.frame(t)
            shown.append((t, l.presented.opacity))
        }
        guard let start = ranAt else { Issue.record("the completion never ran"); return }
        for (t, opacity) in shown where t < start + 1 - 1e-9 {
            #expect(opacity < 1, "\(how) deferred \(deferred): fully opaque at \(t), the fade began at \(start)")
        }
        #expect(shown.first { isNear($0.0, start) }?.1 == 0)
        #expect(shown.last?.1 == 1)
    }
}
