import Foundation

/// A callback once per frame, with Core Animation's names: `CADisplayLink(target:selector:)`
/// becomes `CADisplayLink { link in … }` (selectors need Objective-C), the rest ports unchanged.
///
/// It fires in the frame loop's `.displayLink` phase of the engine current when it was added to a
/// run loop (`add(to:forMode:)`; any run loop and mode mean the frame loop), with the frame's
/// media time as `targetTimestamp` — the time the frame being prepared is shown, which is what an
/// animation should be computed for — and the frame before it as `timestamp`. Like a run loop's,
/// the engine keeps the link until `invalidate()`, so a link nobody stores still fires; a closure
/// that captures its owner strongly keeps that alive too (iOS's target is kept the same way).
open class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    private var link: DisplayLink?
    private var invalidated = false
    private var lastFired: Double?

    /// A link that calls `handler` every frame once added to a run loop (`target:selector:` as a
    /// closure).
    public init(handler: @escaping (CADisplayLink) -> Void) { self.handler = handler }

    /// The time of the frame shown before the one being prepared, in media seconds. 0 until the
    /// first call.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The media time at which the frame being prepared is shown. 0 until the first call.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between frames (the engine's `frameInterval`). 0 until the first call.
    public private(set) var duration: CFTimeInterval = 0
    /// Paused links are not called and keep no frames coming. Default: false.
    open var isPaused = false { didSet { link?.isPaused = isPaused } }
    /// The calls per second wanted; 0 (the default) means every frame. A lower rate skips frames,
    /// calling when at least 1/rate seconds have passed since the last call (half a frame early
    /// counts, so 30 on a 60-Hz clock is every other frame).
    open var preferredFramesPerSecond = 0
    /// The frame rates the link would like, as iOS 15's API; its `preferred` rate is used as
    /// `preferredFramesPerSecond`. Default: all zero (every frame).
    open var preferredFrameRateRange = CAFrameRateRange.default {
        didSet {
            let rate = preferredFrameRateRange.preferred ?? 0
            preferredFramesPerSecond = rate.isFinite && rate > 0 ? Int(min(rate, 1000).rounded()) : 0
        }
    }

    /// Starts the calls on the current engine's frame loop. Adding again does nothing; an
    /// invalidated link never restarts.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard link == nil, !invalidated else { return }
        let engine = CAEngine.current
        let l = engine.addDisplayLink { [weak engine] t in self.fire(at: t, interval: engine?.frameInterval ?? 1.0 / 60) }
        l.isPaused = isPaused
        link = l
    }

    /// Stops the calls (the link may be added again).
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        link?.invalidate()
        link = nil
    }

    /// Stops the calls for good and lets the engine release the link (and what its closure holds).
    open func invalidate() {
        invalidated = true
        remove(from: .main, forMode: .default)
    }

    private func fire(at t: Double, interval: Double) {
        if preferredFramesPerSecond > 0, let last = lastFired,
           t - last < 1 / Double(preferredFramesPerSecond) - interval / 2 { return }
        timestamp = lastFired ?? t - interval
        targetTimestamp = t
        duration = interval
        lastFired = t
        handler(self)
    }
}

/// A range of frame rates, as iOS 15's `CAFrameRateRange`. Flipbook uses `preferred` only.
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest rate wanted.
    public var minimum: Float
    /// The highest rate wanted.
    public var maximum: Float
    /// The rate wanted most; nil leaves it to the system.
    public var preferred: Float?
    /// A range from `minimum` to `maximum`, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// No preference: every frame.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
