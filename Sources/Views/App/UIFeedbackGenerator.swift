import Foundation
import Layers

/// Haptic feedback, as UIKit's `UIFeedbackGenerator` family: iOS code that taps the user's hand on a
/// like, a snap or an error ports unchanged.
///
/// A desktop has no Taptic Engine. Each feedback becomes a `HapticFeedback.Event` in the current
/// engine's `HapticFeedback` (tests and tools read it there), and the playground's window turns it
/// into a rumble of every connected game controller (`HapticFeedback.output`). Headless renders and
/// time travel's replays have no output: their feedback is only recorded.
///
/// `prepare()` is accepted and does nothing (on iOS it wakes the engine to cut latency; here there is
/// none to cut). iOS 17.5's `view:` initializers and `at:` locations are accepted; the location is
/// recorded with the event.
open class UIFeedbackGenerator {
    /// The view the feedback belongs to (iOS 17.5); nil when made without one.
    public private(set) weak var view: UIView?

    /// A generator with no view.
    public init() {}
    /// A generator attached to `view` (iOS 17.5's `init(view:)`).
    public init(view: UIView) { self.view = view }

    /// Does nothing: there is no haptic engine to wake (iOS uses it to cut the next feedback's latency).
    open func prepare() {}

    /// Records the feedback in the current engine and hands it to its output, if any.
    func play(_ kind: HapticFeedback.Kind, intensity: Double, at location: CGPoint?) {
        HapticFeedback.current.play(kind, intensity: intensity, at: location)
    }
}

/// Feedback for a physical impact: a view snapping into place, two objects colliding
/// (UIKit's `UIImpactFeedbackGenerator`).
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy an impact feels (UIKit's styles and raw values).
    public enum FeedbackStyle: Int, Sendable {
        /// A small, light object.
        case light
        /// A moderately sized object.
        case medium
        /// A large, heavy object.
        case heavy
        /// A soft, flexible object (iOS 13).
        case soft
        /// A hard, inflexible object (iOS 13).
        case rigid
    }

    /// The style given at initialization.
    public let style: FeedbackStyle

    /// A generator of `style` impacts (UIKit's default style is `.medium`).
    public init(style: FeedbackStyle = .medium) {
        self.style = style
        super.init()
    }

    /// A generator of `style` impacts attached to `view` (iOS 17.5).
    public init(style: FeedbackStyle = .medium, view: UIView) {
        self.style = style
        super.init(view: view)
    }

    /// An impact at full intensity.
    open func impactOccurred() { impactOccurred(intensity: 1) }

    /// An impact at `intensity`, 0…1. Apple documents the range but not what happens outside it; here
    /// a value outside is clamped to it, and one that is not a number is reported as misuse and no
    /// feedback is made.
    open func impactOccurred(intensity: CGFloat) { impact(intensity: intensity, at: nil) }

    /// An impact at full intensity at `location` in the generator's view (iOS 17.5).
    open func impactOccurred(at location: CGPoint) { impact(intensity: 1, at: location) }

    /// An impact at `intensity` at `location` in the generator's view (iOS 17.5).
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) { impact(intensity: intensity, at: location) }

    private func impact(intensity: CGFloat, at location: CGPoint?) {
        guard !intensity.isNaN else {
            CAEngine.current.report("UIImpactFeedbackGenerator.impactOccurred(intensity:) was given NaN; no feedback")
            return
        }
        play(.impact(style), intensity: Double(min(1, max(0, intensity))), at: location)
    }
}

/// Feedback for a change of selection: a picker's wheel passing a value, a segment chosen
/// (UIKit's `UISelectionFeedbackGenerator`).
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// The selection changed.
    open func selectionChanged() { play(.selection, intensity: 1, at: nil) }
    /// The selection changed at `location` in the generator's view (iOS 17.5).
    open func selectionChanged(at location: CGPoint) { play(.selection, intensity: 1, at: location) }
}

/// Feedback for a task's outcome: success, warning or error (UIKit's `UINotificationFeedbackGenerator`).
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// The outcome being told (UIKit's types and raw values).
    public enum FeedbackType: Int, Sendable {
        /// The task succeeded.
        case success
        /// The task gave a warning.
        case warning
        /// The task failed.
        case error
    }

    /// A notification of `notificationType`.
    open func notificationOccurred(_ notificationType: FeedbackType) { play(.notification(notificationType), intensity: 1, at: nil) }
    /// A notification of `notificationType` at `location` in the generator's view (iOS 17.5).
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        play(.notification(notificationType), intensity: 1, at: location)
    }
}

/// The haptic feedback an engine's code asked for, and where it goes: one per engine
/// (`CAEngine.attachment`), so a scene's feedback in a replay or a preview never reaches the window's
/// controllers.
public final class HapticFeedback {
    /// What was asked for.
    public enum Kind: Equatable, Sendable {
        /// `UIImpactFeedbackGenerator.impactOccurred`.
        case impact(UIImpactFeedbackGenerator.FeedbackStyle)
        /// `UISelectionFeedbackGenerator.selectionChanged`.
        case selection
        /// `UINotificationFeedbackGenerator.notificationOccurred`.
        case notification(UINotificationFeedbackGenerator.FeedbackType)
    }

    /// One rumble: after `delay` seconds, the low- and high-frequency motors at `low` and `high`
    /// (0…1) for `duration` seconds.
    public struct Pulse: Equatable, Sendable {
        /// Seconds after the feedback.
        public var delay: Double
        /// The low-frequency (heavy) motor, 0…1.
        public var low: Double
        /// The high-frequency (light) motor, 0…1.
        public var high: Double
        /// Seconds.
        public var duration: Double
    }

    /// One feedback: what, how strong, when (media time), where (if told), and the rumble it makes.
    public struct Event: Equatable, Sendable {
        /// What was asked for.
        public var kind: Kind
        /// 0…1 (impacts; 1 for the others).
        public var intensity: Double
        /// The engine's media time when it was asked for.
        public var time: Double
        /// The location given to an `at:` call, in the generator's view.
        public var location: CGPoint?
        /// The pulses a controller plays for it.
        public var pulses: [Pulse]
    }

    /// The latest feedback, oldest first, at most `capacity`.
    public private(set) var events: [Event] = []
    /// How many feedbacks were asked for in all (`events` keeps the latest only).
    public private(set) var count = 0
    /// How many `events` are kept.
    public static let capacity = 64

    /// Where feedback goes besides `events`: the window sets it to rumble its controllers. Nil (the
    /// default) in headless renders, tests and replays.
    public var output: ((Event) -> Void)?

    /// Made on first use by the engine's attachment.
    public init() {}

    /// The feedback of the current engine.
    public static var current: HapticFeedback { CAEngine.current.attachment { HapticFeedback() } }

    func play(_ kind: Kind, intensity: Double, at location: CGPoint?) {
        let e = Event(kind: kind, intensity: intensity, time: CAEngine.current.mediaTime, location: location,
                      pulses: Self.pulses(for: kind, intensity: intensity))
        count += 1
        events.append(e)
        if events.count > Self.capacity { events.removeFirst(events.count - Self.capacity) }
        output?(e)
    }

    /// The rumble for a feedback, chosen to feel like the iPhone's: light and rigid impacts short and
    /// on the high-frequency motor, heavy and soft ones on the low; a selection is the faintest tick;
    /// notifications are iOS's patterns of two (success, warning) or three (error) taps.
    public static func pulses(for kind: Kind, intensity: Double) -> [Pulse] {
        let k = min(1, max(0, intensity.isNaN ? 0 : intensity))
        func tap(_ delay: Double, low: Double, high: Double, ms: Double) -> Pulse {
            Pulse(delay: delay, low: low * k, high: high * k, duration: ms / 1000)
        }
        switch kind {
        case .impact(.light): return [tap(0, low: 0.1, high: 0.45, ms: 30)]
        case .impact(.medium): return [tap(0, low: 0.35, high: 0.65, ms: 40)]
        case .impact(.heavy): return [tap(0, low: 0.9, high: 0.6, ms: 50)]
        case .impact(.soft): return [tap(0, low: 0.55, high: 0.15, ms: 60)]
        case .impact(.rigid): return [tap(0, low: 0.2, high: 0.9, ms: 25)]
        case .selection: return [tap(0, low: 0, high: 0.3, ms: 15)]
        case .notification(.success): return [tap(0, low: 0.3, high: 0.6, ms: 40), tap(0.1, low: 0.5, high: 0.8, ms: 50)]
        case .notification(.warning): return [tap(0, low: 0.5, high: 0.7, ms: 50), tap(0.15, low: 0.3, high: 0.5, ms: 40)]
        case .notification(.error): return [tap(0, low: 0.6, high: 0.8, ms: 40), tap(0.09, low: 0.6, high: 0.8, ms: 40),
                                            tap(0.18, low: 0.8, high: 0.9, ms: 60)]
        }
    }
}
