#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A monotonic source of seconds. The frame loop reads it once per tick; nothing else does.
public protocol TimeSource: AnyObject {
    /// Seconds since an arbitrary origin; never decreases.
    var seconds: Double { get }
}

/// Wall time from the system's monotonic clock (`CLOCK_MONOTONIC`, what SDL's performance counter
/// reads on Linux), for the window.
public final class PerformanceCounterSource: TimeSource {
    private let origin = PerformanceCounterSource.now()
    /// Starts counting from now.
    public init() {}
    /// Seconds since this source was made.
    public var seconds: Double { Self.now() - origin }
    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// Time that moves only when told to: headless runs and tests step it by exactly one frame.
///
/// Frame `n` is at `n / fps` computed afresh each step (not by adding 1/fps n times), so frame
/// 600 at 60 fps is exactly 10.0 and runs never drift.
public final class ManualSource: TimeSource {
    /// Frames per second; frame n is at n / fps seconds.
    public let fps: Double
    /// Frames advanced so far.
    public private(set) var frame: Int = 0
    /// A source at frame 0 that moves `1 / fps` seconds a frame, only when told.
    public init(fps: Double) { self.fps = fps }
    /// `frame / fps`, computed (never summed), so time is exact at every frame.
    public var seconds: Double { Double(frame) / fps }
    /// Advances by `frames` frames.
    public func advance(frames: Int = 1) { frame += frames }
}

/// The media clock (`CACurrentMediaTime()`): source time passed through pause, time scale and
/// single step.
///
/// Slow motion and pause belong here, not in the engine: the engine only ever sees media time,
/// so an animation slowed ×10 is the same animation evaluated at other times.
public final class MediaClock {
    /// Where source seconds come from (the performance counter, or a manual source headless).
    public let source: TimeSource
    /// Media seconds per source second. Default: 1. Set 0.1 for slow motion ×10.
    public var timeScale: Double = 1 {
        willSet { rebase() } // media time so far keeps the old scale
        didSet { if !(timeScale.isFinite && timeScale > 0) { timeScale = 1 } }
    }
    /// True while paused: media time stands still until `resume()` or a `step(by:)`.
    public private(set) var isPaused = false
    private var mediaAtBase = 0.0
    private var sourceAtBase: Double
    private var pendingStep = 0.0

    /// A running clock at media time 0 now, at `timeScale` 1.
    public init(source: TimeSource) {
        self.source = source
        sourceAtBase = source.seconds
    }

    /// The current media time. Constant while paused, except for single steps.
    public var now: Double {
        if isPaused { return mediaAtBase }
        return mediaAtBase + (source.seconds - sourceAtBase) * timeScale
    }

    /// Stops media time where it is (nothing when already paused).
    public func pause() { guard !isPaused else { return }; rebase(); isPaused = true }
    /// Lets media time run again from where it stopped (nothing when not paused).
    public func resume() { guard isPaused else { return }; sourceAtBase = source.seconds; isPaused = false }
    /// Pauses a running clock, resumes a paused one (the space key).
    public func togglePause() { isPaused ? resume() : pause() }
    /// While paused, moves media time forward by `seconds` (one frame: 1/fps).
    public func step(by seconds: Double) {
        guard isPaused, seconds.isFinite, seconds > 0 else { return }
        mediaAtBase += seconds
    }
    /// Sets media time to `media` from now on, paused or not (time travel resuming at an earlier or
    /// later time).
    public func jump(to media: Double) {
        guard media.isFinite else { return }
        mediaAtBase = media
        sourceAtBase = source.seconds
    }
    private func rebase() {
        if !isPaused { mediaAtBase = now; sourceAtBase = source.seconds }
    }
}
