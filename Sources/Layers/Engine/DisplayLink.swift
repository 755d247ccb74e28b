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
    /// False once `invalidate()` has been called.
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

    /// The links to call this frame, in the order added (invalid ones are dropped first). Links
    /// added while they run wait for the next frame; links invalidated meanwhile are skipped.
    ///
    /// Why the calls are not made in here: a callback may add or invalidate links, which changes
    /// the engine's list; calling it inside a mutating method of that list would be two
    /// overlapping accesses to it (a runtime exclusivity trap).
    mutating func due() -> [DisplayLink] {
        links.removeAll { !$0.isValid }
        return links
    }

    /// Calls each of `due` that is still valid.
    static func fire(_ due: [DisplayLink], at time: Double) {
        for link in due where link.isValid { link.fire(at: time) }
    }

    /// Drops invalidated links.
    mutating func prune() { links.removeAll { !$0.isValid } }
}
