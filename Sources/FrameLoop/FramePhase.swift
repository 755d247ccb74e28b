/// The phases of one frame, in the order `FrameDriver` runs them.
public enum FramePhase: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// SDL events → pointer, keys, controller → the scene's input handling.
    case input
    /// Due timers fire at media-clock time.
    case timers
    /// Display-link callbacks: the scene's per-frame update, property animators.
    case displayLink
    /// layoutSubviews / layoutSublayers where marked dirty, then display() where marked: once per
    /// frame, before the commit, as Core Animation lays out inside its commit — so what layout
    /// changes is committed and evaluated in this frame.
    case layout
    /// The implicit transaction closes; added animations take their begin time.
    case commit
    /// Every active animation is evaluated once at the frame's media time.
    case animate
    /// The layer tree is drawn into the frame bitmap.
    case render
    /// The bitmap goes to the screen (window) or to a PNG (headless).
    case present

    /// The phase's name as the HUD and the bench print it ("input", "timers", …).
    public var description: String {
        switch self {
        case .input: "input"
        case .timers: "timers"
        case .displayLink: "displayLink"
        case .layout: "layout"
        case .commit: "commit"
        case .animate: "animate"
        case .render: "render"
        case .present: "present"
        }
    }
}
