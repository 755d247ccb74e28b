import Flipbook
import FrameLoop

/// What the window's frames were made of, frame by frame: each frame's media time, the input its
/// stage handled and that input as script lines; the history time travel replays and
/// `--record-input` saves.
///
/// The live `FrameDriver` fills it (`FrameRecording`): every routed host event that gave the stage
/// input becomes a script action of the next frame, and every frame adds its timing and events.
/// Replayed in process (`Replay`) the stage gets the recorded `InputEvent`s directly; saved as a
/// frame-timed script, a render routes the script's SDL events through its own router to the same
/// events (the pointer moves a stick makes come from each frame's pointer seconds).
public final class SessionLog: FrameRecording {
    /// One live frame as recorded: its timing, the input the stage handled and the same input as
    /// script actions, the frame's pixel size and scale, and the controller pointer.
    public struct Frame {
        /// The frame's media time and the pointer seconds used to make it.
        public var timing: FrameTiming
        /// The input the stage handled in this frame, in order.
        public var events: [InputEvent]
        /// The input as script actions, in routing order: what a render needs to route it again.
        public var actions: [InputScript.Action]
        /// The stage's area when the frame ran (the window less its docked tools, see
        /// `FrameDriver.stagePixelWidth`): pixels and pixels per point. A replay's frame is this size.
        public var pixelWidth: Int, pixelHeight: Int, scale: Double
        /// The controller's pointer after the frame's stick motion.
        public var pointer: CGPoint
        /// What each press (`pointerDown`) of the frame hit when it was made, in order (see
        /// `SessionLog.describeHit`); empty when the log was not told how to look.
        public var hits: [String] = []
    }

    /// The frames recorded so far, oldest first (at most an hour at 60 fps; see `isFull`).
    public private(set) var frames: [Frame] = []
    /// Actions routed since the last frame; they belong to the next one.
    private var pending: [InputScript.Action] = []
    /// Most frames kept: a render's limit (an hour at 60 fps). Past it nothing more is recorded.
    public var limit = InputScript.maxFrames
    /// Set when the limit stopped the recording.
    public private(set) var isFull = false

    /// An empty log; the frame driver fills it as a `FrameRecording`.
    public init() {}

    /// Says what a press at a point hits in the frame about to be made (set by `TimeMachine`):
    /// recorded in `Frame.hits`, so a replay in a rebuilt program can tell when a press no longer
    /// hits what it hit live. Nil: nothing is recorded.
    var describeHit: ((CGPoint) -> String)?

    /// Replaces the frames with `frames` (a session read back from its file).
    func load(_ frames: [Frame]) {
        self.frames = Array(frames.prefix(limit))
        isFull = frames.count > limit
        pending.removeAll()
    }

    /// Notes a host event the router turned into `routed`, as a script action for the next frame.
    public func routed(_ event: HostEvent, as routed: [InputRouter.Routed]) {
        if let a = InputScript.action(recording: event, routed: routed) { pending.append(a) }
    }

    /// Closes a frame: stores its timing, the stage's input and the actions routed since the last
    /// frame. Past the limit nothing is stored and `isFull` becomes true.
    public func frame(_ timing: FrameTiming, events: [InputEvent], driver: FrameDriver) {
        guard frames.count < limit else { isFull = true; pending.removeAll(); return }
        var hits: [String] = []
        if let describeHit { for case .pointerDown(let p) in events { hits.append(describeHit(p)) } }
        frames.append(Frame(timing: timing, events: events, actions: pending, pixelWidth: driver.stagePixelWidth,
                            pixelHeight: driver.stagePixelHeight, scale: driver.scale, pointer: driver.router.pointer, hits: hits))
        pending.removeAll()
    }

    /// Adds actions for the next frame that were not routed (time travel's releases).
    func appendPending(_ actions: [InputScript.Action]) { pending += actions }

    /// Keeps the first `count` frames: time travel resumed at the last of them and drops the rest,
    /// as an editor's undo history does.
    func truncate(to count: Int) {
        guard count < frames.count else { return }
        frames.removeLast(frames.count - max(0, count))
        isFull = false
    }

    /// The index of the last frame at or before media time `t` (0 when all are later).
    func frameIndex(at t: Double) -> Int {
        var lo = 0, hi = frames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if frames[mid].timing.mediaTime <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// What is still held after the first `count` frames (a pointer, keys, controller buttons, a
    /// deflected axis), as the actions that release it, in that order.
    func releases(after count: Int) -> [InputScript.Action] {
        var pointer: (Double, Double)?, keys: [String] = [], buttons: [InputEvent.PadButton] = []
        var axes: [InputEvent.PadAxis: Double] = [:]
        for frame in frames.prefix(count) {
            for a in frame.actions {
                switch a {
                case let .pointerDown(x, y): pointer = (x, y)
                case let .pointerMove(x, y): if pointer != nil { pointer = (x, y) }
                case .pointerUp: pointer = nil
                case let .keyState(k, down): keys.removeAll { $0 == k }; if down { keys.append(k) }
                case let .padButton(b, down): buttons.removeAll { $0 == b }; if down { buttons.append(b) }
                case let .padAxis(axis, v): axes[axis] = v
                case .padDisconnect: buttons = []; axes = [:]
                default: break
                }
            }
        }
        var out: [InputScript.Action] = []
        if let (x, y) = pointer { out.append(.pointerUp(x: x, y: y)) }
        out += keys.map { .keyState($0, isDown: false) }
        out += buttons.map { .padButton($0, isDown: false) }
        out += InputEvent.PadAxis.allCases.filter { (axes[$0] ?? 0) != 0 }.map { .padAxis($0, value: 0) }
        return out
    }

    /// The session as a frame-timed input script (see `InputScript`): a header of comments, then
    /// each frame's actions followed by its `frame` line.
    public func script(scene: String, width: Int, height: Int) -> String {
        var lines = [
            "# Flipbook input recording: scene \(scene) in a \(width)x\(height)-point area, \(frames.count) frames.",
            "# Replay: flipbook render \(scene) --size \(width)x\(height) --input FILE --out DIR",
            "# Frame-timed: a render makes exactly the frames below, at their media times; each event",
            "# is handled in the frame of the next 'frame' line, as it was live.",
        ]
        if let first = frames.first, let other = frames.first(where: {
            Double($0.pixelWidth) / $0.scale != Double(first.pixelWidth) / first.scale
                || Double($0.pixelHeight) / $0.scale != Double(first.pixelHeight) / first.scale
        }) {
            lines.append("# The scene's area was resized (the window, or a docked tool opened or closed; to \(Int(Double(other.pixelWidth) / other.scale))x\(Int(Double(other.pixelHeight) / other.scale)) at \(other.timing.mediaTime) s); a render keeps one size.")
        }
        if isFull { lines.append("# The recording stopped at \(limit) frames, the limit of a render.") }
        for f in frames {
            for a in f.actions { lines.append(InputScript.text(time: f.timing.mediaTime, action: a)) }
            lines.append(InputScript.text(time: f.timing.mediaTime, action: .frame(pointerSeconds: f.timing.pointerSeconds)))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
