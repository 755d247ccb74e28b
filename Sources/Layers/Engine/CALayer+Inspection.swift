import Foundation

/// What the host's inspector reads of a layer besides its public properties: the running
/// animations as committed, the layer's time at the last frame, and custom animatable values.
/// Read-only, and package-wide only: the inspector must not change the engine's state.
extension CALayer {
    /// The animations in the order they were added, with their keys.
    package var inspectedAnimations: [(key: String, animation: CAAnimation)] { animationList.map { ($0.key, $0.animation) } }
    /// The layer's local time at the last frame it was presented (animation begin times are in it).
    package var inspectedLayerTime: Double { lastLayerTime }
    /// Custom animatable properties (`@NSManaged`-style keys a subclass declares), model and
    /// presented, sorted by key.
    package var inspectedCustomValues: [(key: String, model: Any?, presented: Any?)] {
        Set(customValues.keys).union(presentedCustomValues.keys).sorted().map { ($0, customValues[$0], presentedCustomValues[$0]) }
    }
}

extension CAAnimation {
    /// The begin time resolved at commit (the layer's time), nil before the commit.
    package var committedBeginTime: Double? { resolvedBeginTime }
    /// The timing as committed: durations, repeats, fill, autoreverse resolved to constants.
    package var committedTiming: ResolvedMediaTiming { resolvedTiming }
}
