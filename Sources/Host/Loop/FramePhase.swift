/// The phases of one frame, in the order the loop runs them (DESIGN.md, "Frame loop").
public enum FramePhase: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// SDL events → pointer, keys, controller → the scene's input handling.
    case input
    /// Due timers fire at media-clock time.
    case timers
    /// Display-link callbacks: the scene's per-frame update, property animators.
    case displayLink
    /// The implicit transaction closes; added animations take their begin time.
    case commit
    /// Every active animation is evaluated once at the frame's media time.
    case animate
    /// layoutSublayers where marked dirty.
    case layout
    /// The layer tree is drawn into the frame bitmap.
    case render
    /// The bitmap goes to the screen (window) or to a PNG (headless).
    case present

    public var description: String {
        switch self {
        case .input: "input"
        case .timers: "timers"
        case .displayLink: "displayLink"
        case .commit: "commit"
        case .animate: "animate"
        case .layout: "layout"
        case .render: "render"
        case .present: "present"
        }
    }
}
