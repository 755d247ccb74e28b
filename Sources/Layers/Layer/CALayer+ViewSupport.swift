import Foundation

// Small additions the Views module needs from layers, kept apart from the layer's own files.

extension CALayer {
    /// Identity comparison, as `NSObject.isEqual(_:)` on Apple's platforms (a layer is equal only to
    /// itself). Seed 003 writes `layer.isEqual(self.layer)` in `layoutSublayers(of:)`.
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}

extension CAEngine {
    /// Moves the media time forward to `time` before the frame's `.timers` phase.
    ///
    /// Why: input is handled first in a frame, while `CACurrentMediaTime()` still holds the previous
    /// frame's time; a UIView animation with a delay started from a touch takes its begin time from
    /// `CACurrentMediaTime()`, and must count from the frame the touch belongs to. Times that are not
    /// finite or lie in the past are ignored (the media clock never runs backwards).
    public func advanceMediaTime(to time: Double) {
        if time.isFinite && time > mediaTime { mediaTime = time }
    }
}
