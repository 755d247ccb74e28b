import FrameLoop
import Flipbook

/// The window's stage under time travel: the live playground, until a resume replaces it by the
/// replay that reached the chosen time (that replay's scene, engine and state become the live ones).
public final class TravelStage: Stage {
    /// The playground the window shows now: the live one, or the replay a resume made live.
    public private(set) var current: Playground
    init(_ playground: Playground) { current = playground }

    /// The current playground's engine.
    public var engine: CAEngine { current.engine }
    /// The current playground's root layer.
    public var rootLayer: CALayer { current.rootLayer }
    /// Resizes the current playground (`size` in points, `scale` pixels per point).
    public func resize(to size: CGSize, scale: Double) { current.resize(to: size, scale: scale) }
    /// Begins the current playground's frame at media time `time` (seconds).
    public func beginFrame(at time: Double) { current.beginFrame(at: time) }
    /// Gives `event` to the current playground at media time `time`.
    public func handle(_ event: InputEvent, at time: Double) { current.handle(event, at: time) }
    /// The current playground's requests to the host since the last call (and forgets them).
    public func takeRequests() -> [HostRequest] { current.takeRequests() }
    /// Whether the current playground takes typed text.
    public var isTakingTextInput: Bool { current.isTakingTextInput }

    /// Makes `playground` the live one; the old one is let go (its scene is torn down).
    func replace(with playground: Playground) { current = playground }
}
