import Foundation
import Layers

/// `DispatchQueue.main.asyncAfter(deadline:execute:)` on the media clock, as `Timer` is.
///
/// Why: iOS animation code starts things later with `DispatchQueue.main.asyncAfter(deadline:
/// .now() + 0.5) { … }`. Dispatch counts that on the wall clock, which a headless render outruns
/// (three seconds of frames take a fraction of a second), so the work ran at whatever frame the
/// wall clock happened to pass — or after the render had ended — and a time-travel replay could
/// not run it again. On the main queue the delay now counts in media time from the current frame,
/// and the work runs in the `.timers` phase of the first frame at or after it, like a `Timer`:
/// at the same frame in every headless run, slowed with `--slow`, paused with the clock.
///
/// How it is chosen: this overload has no `qos` and `flags` parameters, so Swift prefers it to
/// Dispatch's for the common call with a closure (a call passing `qos:` or `flags:`, or a
/// `DispatchWorkItem`, reaches Dispatch's own, on the wall clock). It takes the media clock only
/// for the main queue, called where an engine is bound (`CAEngine.bound`: a frame, a test) or on
/// the main thread (`CAEngine.main`); every other queue or thread is handed to Dispatch unchanged.
extension DispatchQueue {
    /// Runs `work` after `deadline`: on the main queue, that many seconds of media time from now
    /// (rounded to the millisecond, so the microseconds between the caller's `.now()` and this one
    /// never move it to another frame); on any other queue, as Dispatch does. A deadline already
    /// passed runs the work at the next frame; `.distantFuture` never does.
    /// - Complexity: O(log timers) to schedule, as `Timer`.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        guard MainQueueLoan.isMain(self),
              let engine = CAEngine.bound ?? (Thread.isMainThread ? CAEngine.main : nil) else {
            asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
            return
        }
        let nanoseconds = Double(deadline.uptimeNanoseconds) - Double(DispatchTime.now().uptimeNanoseconds)
        let seconds = (max(0, nanoseconds) / 1e6).rounded() / 1e3
        engine.perform { _ = Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { _ in work() } }
    }
}
