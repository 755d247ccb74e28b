import Foundation

/// The main queue and main run loop, served once per frame as iOS's run loop serves them between
/// frames: `DispatchQueue.main.async { … }`, main-actor jobs and run-loop sources queued by a
/// scene run in the `.timers` phase, inside the stage's engine binding, so the animations they
/// start begin in that frame.
///
/// Why only on the main thread: the queue's work must run on the thread that owns it. The command
/// line drives frames on the main thread; a driver run from elsewhere (tests on the cooperative
/// pool) leaves the queue alone. Work queued from the main thread runs at the next frame, so
/// headless renders stay deterministic.
enum MainQueue {
    static func drain() {
        guard Thread.isMainThread else { return }
        _ = RunLoop.main.run(mode: .default, before: .distantPast)
    }
}
