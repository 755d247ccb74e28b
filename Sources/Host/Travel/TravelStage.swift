import Flipbook

/// The window's stage under time travel: the live playground, until a resume replaces it by the
/// replay that reached the chosen time (that replay's scene, engine and state become the live ones).
public final class TravelStage: Stage {
    public private(set) var current: Playground
    init(_ playground: Playground) { current = playground }

    public var engine: CAEngine { current.engine }
    public var rootLayer: CALayer { current.rootLayer }
    public func resize(to size: CGSize, scale: Double) { current.resize(to: size, scale: scale) }
    public func beginFrame(at time: Double) { current.beginFrame(at: time) }
    public func handle(_ event: InputEvent, at time: Double) { current.handle(event, at: time) }
    public func takeRequests() -> [HostRequest] { current.takeRequests() }

    /// Makes `playground` the live one; the old one is let go (its scene is torn down).
    func replace(with playground: Playground) { current = playground }
}
