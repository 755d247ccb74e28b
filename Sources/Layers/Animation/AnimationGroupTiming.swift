import Foundation

/// Timing of animations inside a `CAAnimationGroup`.
///
/// A group is a timed object whose children live in its basic local time (Apple: a child's `beginTime`
/// is an offset from the group's start). Children are evaluated at the group's basic local time
/// (after the group's own speed, offset, repeats and autoreverse), so a child that would run past
/// the group's duration is cut there: when the group ends, its children stop with it, wherever they are;
/// while the group fills forwards, its time rests at its duration and each child shows its value at that
/// time, if the child's own fill mode lets it contribute there (W3C group-effect semantics).
public enum AnimationGroupTiming {
    /// The child's timing state at the group's parent time `t`, or nil when the group itself contributes
    /// nothing at `t` (then none of its children do).
    /// - Parameters:
    ///   - child: one of the group's animations.
    ///   - group: the group, timed in its parent's time.
    ///   - t: the parent's time.
    ///   - groupDefaultDuration: duration used when the group's `duration` is 0 (the transaction's).
    ///   - childDefaultDuration: duration used when the child's `duration` is 0.
    public static func childState(_ child: some CAMediaTiming, in group: some CAMediaTiming, atParentTime t: CFTimeInterval,
                                  groupDefaultDuration: CFTimeInterval, childDefaultDuration: CFTimeInterval) -> MediaTimingState? {
        let g = group.timingState(atParentTime: t, defaultDuration: groupDefaultDuration)
        guard let local = g.basicLocalTime else { return nil }
        return child.timingState(atParentTime: local, defaultDuration: childDefaultDuration)
    }
}
