/// A per-frame callback of an engine (CADisplayLink's role): runs in the `.displayLink` phase with
/// the frame's media time until invalidated. Made by `CAEngine.addDisplayLink(_:)`.
///
/// The engine holds the link until it is invalidated (as a run loop holds a CADisplayLink), so a
/// caller need not keep it; invalidation drops the callback, which breaks any cycle through it.
public final class DisplayLink {
    private var callback: ((Double) -> Void)?
    /// Paused links stay in the list but are not called. Default: false.
    public var isPaused = false
    /// Whether the link keeps frames coming while nothing else animates (a CADisplayLink does).
    /// False for hooks that only follow frames made for other reasons. Default: true.
    public var requestsFrames = true
    public var isValid: Bool { callback != nil }

    init(_ callback: @escaping (Double) -> Void) { self.callback = callback }

    /// Stops the callbacks for good and lets the engine drop the link.
    public func invalidate() { callback = nil }

    func fire(at time: Double) { if !isPaused { callback?(time) } }
}

/// An engine's display links in the order they were added.
struct DisplayLinkList {
    private var links: [DisplayLink] = []

    mutating func add(_ link: DisplayLink) { links.append(link) }

    /// True while a valid, unpaused link asks for frames.
    var isActive: Bool { links.contains { $0.isValid && !$0.isPaused && $0.requestsFrames } }

    /// Calls each valid link once; links added during the run wait for the next frame, links
    /// invalidated during it are not called.
    mutating func run(at time: Double) {
        links.removeAll { !$0.isValid }
        let snapshot = links
        for link in snapshot where link.isValid { link.fire(at: time) }
        links.removeAll { !$0.isValid }
    }
}
