import CSDL2
import Flipbook

/// Plays an engine's haptic feedback (`UIImpactFeedbackGenerator` and its siblings) on the game
/// controllers a session has open, as rumbles: the desktop's stand-in for the iPhone's Taptic Engine.
///
/// The engine's `HapticFeedback.output` queues each feedback's pulses at their media times; the
/// host calls `play(upTo:)` after each frame (and waits for `nextTime` when idle), so a
/// notification's second and third taps come at their delays. Without a controller nothing is played
/// and nothing is kept waiting. `close()` (or the player's end) detaches it from the engine.
public final class RumblePlayer {
    private let session: SDLSession
    private weak var feedback: HapticFeedback?
    /// Pulses not yet played, in the order of their media times.
    private var pending: [(time: Double, pulse: HapticFeedback.Pulse)] = []
    /// How many pulses went to the controllers (tests and the session's line).
    public private(set) var pulsesPlayed = 0
    /// At most this many pulses wait; a scene asking for feedback every frame keeps only the latest.
    static let capacity = 32

    /// Plays the feedback `engine`'s code asks for on `session`'s controllers.
    public init(engine: CAEngine, session: SDLSession) {
        self.session = session
        let feedback = engine.attachment { HapticFeedback() }
        self.feedback = feedback
        feedback.output = { [weak self] event in self?.add(event) }
    }

    deinit { close() }

    /// Stops playing the engine's feedback (the pulses still waiting are dropped).
    public func close() {
        feedback?.output = nil
        feedback = nil
        pending.removeAll()
    }

    private func add(_ event: HapticFeedback.Event) {
        guard session.hasControllers else { return }
        for p in event.pulses {
            let t = event.time + p.delay
            let i = pending.firstIndex { $0.time > t } ?? pending.endIndex // a handful at most: a linear scan
            pending.insert((t, p), at: i)
        }
        if pending.count > Self.capacity { pending.removeFirst(pending.count - Self.capacity) }
    }

    /// The media time of the next pulse waiting, if any.
    public var nextTime: Double? { pending.first?.time }

    /// Plays the pulses due by media time `time`; each replaces the rumble before it, as on a controller.
    public func play(upTo time: Double) {
        var due = 0
        while due < pending.count, pending[due].time <= time { due += 1 }
        guard due > 0 else { return }
        for (_, p) in pending[..<due] { session.rumble(p) }
        pulsesPlayed += due
        pending.removeFirst(due)
    }
}

extension SDLSession {
    /// True when the session has a game controller open.
    public var hasControllers: Bool { !controllers.isEmpty }

    /// Rumbles every open controller with `pulse`'s motor strengths for its duration (its delay is the
    /// caller's business). A controller without motors ignores it (SDL returns an error, not kept).
    public func rumble(_ pulse: HapticFeedback.Pulse) {
        func motor(_ v: Double) -> UInt16 { UInt16((min(1, max(0, v.isNaN ? 0 : v)) * 65535).rounded()) }
        let ms = UInt32(min(10_000, max(1, (pulse.duration.isFinite ? pulse.duration : 0) * 1000)).rounded())
        for pad in controllers.values { _ = SDL_GameControllerRumble(pad, motor(pulse.low), motor(pulse.high), ms) }
    }
}
