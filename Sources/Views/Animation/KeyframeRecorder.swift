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
        guard let value = Self.modelValue(of: layer, key: key) else { return }
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

    /// The model value of a base layer property, as an animation value.
    static func modelValue(of layer: CALayer, key: String) -> AnimationValue? {
        switch AnimationKeyPath(key) {
        case .position: return .point(layer.position)
        case .bounds: return .rect(layer.bounds)
        case .anchorPoint: return .point(layer.anchorPoint)
        case .zPosition: return .number(Double(layer.zPosition))
        case .opacity: return .number(Double(layer.opacity))
        case .transform(.whole): return .transform(layer.transform)
        case .sublayerTransform(.whole): return .transform(layer.sublayerTransform)
        case .cornerRadius: return .number(Double(layer.cornerRadius))
        case .borderWidth: return .number(Double(layer.borderWidth))
        case .borderColor: return AnimationValue(layer.borderColor ?? .clear)
        case .backgroundColor: return AnimationValue(layer.backgroundColor ?? .clear)
        case .shadowOpacity: return .number(Double(layer.shadowOpacity))
        case .shadowRadius: return .number(Double(layer.shadowRadius))
        case .shadowOffset: return .size(layer.shadowOffset)
        case .shadowColor: return AnimationValue(layer.shadowColor ?? .clear)
        case .strokeEnd: return (layer as? CAShapeLayer).map { .number(Double($0.strokeEnd)) }
        case .strokeStart: return (layer as? CAShapeLayer).map { .number(Double($0.strokeStart)) }
        default: return nil
        }
    }
}
