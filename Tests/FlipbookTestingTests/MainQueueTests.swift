import FlipbookTesting
import Testing

/// Main-queue work under Swift Testing, where tests run off the main thread: the tester serves
/// the main queue in each frame's `.timers` phase with its own engine lent to it.
struct MainQueueTests {
    /// As iOS code writes it: work handed to the main queue from `viewDidLoad`.
    final class FadingController: UIViewController {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        var ranAt: [String: Double] = [:]

        override func viewDidLoad() {
            super.viewDidLoad()
            box.layer.name = "box"
            box.backgroundColor = .systemBlue
            view.addSubview(box)
            DispatchQueue.main.async {
                self.ranAt["dispatch"] = CACurrentMediaTime()
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { self.box.alpha = 0 }
            }
            OperationQueue.main.addOperation {
                self.ranAt["operation"] = CACurrentMediaTime()
                self.box.backgroundColor = .systemRed
            }
        }
    }

    @Test func dispatchQueueMainAsyncAndOperationQueueMainRunInTheNextTimersPhase() throws {
        let controller = FadingController()
        let tester = try SceneTester(viewController: controller)
        // viewDidLoad ran in frame 0's input phase; its main-queue work ran in frame 0's timers
        // phase, with the tester's engine current: the fade began at frame 0.
        #expect(controller.ranAt == ["dispatch": 0, "operation": 0])
        tester.advance(to: 0.25)
        let opacity = try #require(tester.presentationLayer(named: "box")).opacity
        #expect(abs(opacity - 0.75) < 1e-6)
        #expect(controller.box.backgroundColor == .systemRed)
    }

    /// Work queued by code the test calls between frames runs under the tester's engine too.
    @Test func workQueuedInPerformRunsBeforeItReturns() throws {
        let tester = try SceneTester(view: UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        tester.advance(to: 1)
        var time: Double?
        tester.perform { DispatchQueue.main.async { time = CACurrentMediaTime() } }
        #expect(time == 1)
    }
}

/// `DispatchQueue.main.asyncAfter` as iOS code writes it: on the media clock, so a test sees the
/// delayed work at exact times.
struct MainQueueAfterTests {
    final class DelayedFadeController: UIViewController {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        var ranAt: [Double] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            box.layer.name = "box"
            box.backgroundColor = .systemBlue
            view.addSubview(box)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                self.ranAt.append(CACurrentMediaTime())
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { self.box.alpha = 0 }
            }
        }
    }

    @Test func asyncAfterOnTheMainQueueRunsAtTheMediaTimeOfItsDelay() throws {
        let controller = DelayedFadeController()
        let tester = try SceneTester(viewController: controller)
        tester.advance(to: 0.49)
        #expect(controller.ranAt.isEmpty)              // not when the wall clock passes 0.5 s
        tester.advance(to: 0.5)
        #expect(controller.ranAt == [0.5])
        tester.advance(to: 0.75)
        let opacity = try #require(tester.presentationLayer(named: "box")).opacity
        #expect(abs(opacity - 0.75) < 1e-6)            // the fade began at 0.5
        tester.advance(to: 2)
        #expect(controller.ranAt == [0.5])             // once
    }

    @Test func aDeadlineAlreadyPassedRunsAtTheNextFrame() throws {
        let tester = try SceneTester(view: UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        tester.advance(to: 1)
        var ranAt: [Double] = []
        tester.perform { DispatchQueue.main.asyncAfter(deadline: .now() - 2) { ranAt.append(CACurrentMediaTime()) } }
        #expect(ranAt.isEmpty)
        tester.advance(to: 1.1)
        #expect(ranAt.count == 1 && ranAt[0] > 1 && ranAt[0] < 1.02)
    }

    /// Other queues keep Dispatch's wall clock: the block runs with no frame at all.
    @Test func asyncAfterOnAnotherQueueIsDispatchsOwn() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
