import FlipbookTesting
import XCTest

/// The main run loop as iOS code uses it, in XCTest (on Linux XCTest runs tests on the main thread,
/// where the frame loop runs the main run loop once per frame): `DispatchQueue.main.async`,
/// `RunLoop.main.perform`, `OperationQueue.main.addOperation` and a Foundation `Timer` on the main
/// run loop run in the `.timers` phase — after the frame's media-clock timers, before its display
/// links — at the frame's media time.
final class MainRunLoopTests: XCTestCase {
    final class QueueingController: UIViewController {
        var log: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            let link = CAEngine.current.addDisplayLink { [weak self] t in self?.log.append("link \(t)") }
            link.requestsFrames = false
            // A media-clock timer due at 0.05 s (frame 3) queues the four kinds of main-thread work.
            Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { [weak self] _ in
                guard let self else { return }
                log.append("timer \(CACurrentMediaTime())")
                DispatchQueue.main.async { self.log.append("dispatch \(CACurrentMediaTime())") }
                RunLoop.main.perform { self.log.append("perform \(CACurrentMediaTime())") }
                OperationQueue.main.addOperation { self.log.append("operation \(CACurrentMediaTime())") }
                _ = Foundation.Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in
                    self.log.append("foundation timer \(CACurrentMediaTime())")
                }
            }
        }
    }

    func testMainThreadWorkRunsInTheTimersPhaseOfTheFrame() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest on Linux runs tests on the main thread")
        let controller = QueueingController()
        let tester = try SceneTester(viewController: controller)
        tester.advance(to: 0.05)
        let frame3 = controller.log.drop { !$0.hasPrefix("timer") }
        let t = "\(3.0 / 60)"
        XCTAssertEqual(frame3.first, "timer \(t)")
        XCTAssertEqual(frame3.last, "link \(t)")
        XCTAssertEqual(Set(frame3.dropFirst().dropLast()),
                       ["dispatch \(t)", "perform \(t)", "operation \(t)", "foundation timer \(t)"])
        XCTAssertEqual(frame3.count, 6)
        XCTAssertEqual(controller.log.first, "link 0.0")
    }

    /// With nothing on the main queue a frame makes one pass of the run loop, and the work the
    /// frame's timer queued still runs in that frame: a `RunLoop.main.perform` block, the main-queue
    /// work it queues, and a Foundation timer it schedules (due at once, so the frame's own pass
    /// must go on to the timers after serving the queue).
    func testRunLoopBlocksWithAnEmptyMainQueueRunInTheFrame() throws {
        final class Performing: UIViewController {
            var log: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { [weak self] _ in
                    RunLoop.main.perform { [weak self] in
                        guard let self else { return }
                        self.log.append("perform \(CACurrentMediaTime())")
                        DispatchQueue.main.async { self.log.append("dispatch \(CACurrentMediaTime())") }
                        _ = Foundation.Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in
                            self.log.append("foundation timer \(CACurrentMediaTime())")
                        }
                    }
                }
            }
        }
        XCTAssertTrue(Thread.isMainThread)
        let controller = Performing()
        let tester = try SceneTester(viewController: controller)
        tester.advance(to: 0.05)
        let t = "\(3.0 / 60)"
        XCTAssertEqual(controller.log.first, "perform \(t)")
        XCTAssertEqual(Set(controller.log), ["perform \(t)", "dispatch \(t)", "foundation timer \(t)"])
    }

    /// A timer scheduled and not kept fires: the run loop (here the engine) holds it, as on iOS.
    func testAScheduledTimerNobodyKeepsFires() throws {
        final class Forgetful: UIViewController {
            var fired: Double?
            override func viewDidLoad() {
                super.viewDidLoad()
                Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in self?.fired = CACurrentMediaTime() }
            }
        }
        let controller = Forgetful()
        let tester = try SceneTester(viewController: controller)
        tester.advance(to: 0.4)
        XCTAssertNil(controller.fired)
        tester.advance(to: 1)
        XCTAssertEqual(controller.fired, 0.5)
    }
}
