@testable import Window
import Testing

/// Which turns of the window's loop make a frame, and so which serve the main queue themselves:
/// a frame serves it in its `.timers` phase (one run-loop pass a frame, as headless), a turn
/// without one serves it in the loop, so work queued while nothing animates still runs.
struct WindowLoopTests {
    @Test func onlyATurnWithoutAFrameServesTheMainQueueItself() {
        // Shown, a frame due or events in: a frame, whose `.timers` phase serves the queue.
        #expect(WindowHost.turnMakesFrame(quit: false, unseen: false, due: true, events: false))
        #expect(WindowHost.turnMakesFrame(quit: false, unseen: false, due: false, events: true))
        // Idle, hidden or closing: no frame, so the loop serves the queue.
        #expect(!WindowHost.turnMakesFrame(quit: false, unseen: false, due: false, events: false))
        #expect(!WindowHost.turnMakesFrame(quit: false, unseen: true, due: true, events: true))
        #expect(!WindowHost.turnMakesFrame(quit: true, unseen: false, due: true, events: true))
    }
}
