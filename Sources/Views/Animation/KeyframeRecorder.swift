import Foundation
import Layers

/// Collects the property changes of an `animateKeyframes` block, keyframe by keyframe, and turns
/// each changed (layer, key) into one `CAKeyframeAnimation`.
///
/// A keyframe with relative start s and duration d holds the previous value until s and reaches
/// its new value at s + d (UIKit's rule); changes made outside `addKeyframe` span the whole
/// duration. Values are read from the layer's model after each change.
final class KeyframeRecorder {
    struct Track {
        let layer: CALayer
        weak var view: UIView?
        let key: String
        let from: AnimationValue
        var segments: [(start: Double, duration: Double, value: AnimationValue)] = []
    }
    private(set) var tracks: [Track] = []
    /// The keyframe being recorded: relative start and duration (0…1). Default: the whole span.
    var segment: (start: Double, duration: Double) = (0, 1)

    func record(layer: CALayer, view: UIView?, key: String, from: AnimationValue) {
        guard let value = layer.modelValue(forKey: key) else { return }
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            tracks[i].segments.append((segment.start, segment.duration, value))
        } else {
            tracks.append(Track(layer: layer, view: view, key: key, from: from, segments: [(segment.start, segment.duration, value)]))
        }
    }

    /// Values and key times for one track: hold, then move, per keyframe in start order.
    static func keyframes(for track: Track) -> (values: [AnimationValue], keyTimes: [Double]) {
        var values = [track.from], times = [0.0]
        var current = track.from
        for seg in track.segments.sorted(by: { $0.start < $1.start }) {
            let s = max(times.last!, min(1, seg.start.isFinite ? seg.start : 0))
            let e = max(s, min(1, (seg.start + seg.duration).isFinite ? seg.start + seg.duration : 1))
            if s > times.last! { values.append(current); times.append(s) }
            values.append(seg.value); times.append(e)
            current = seg.value
        }
        if times.last! < 1 { values.append(current); times.append(1) }
        return (values, times)
    }
}
