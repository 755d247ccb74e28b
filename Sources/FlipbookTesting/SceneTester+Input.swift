import FrameLoop
import Flipbook

/// Input at exact times. Points are in the window's coordinates (points); `at` is a media time in
/// seconds, by default the next frame's. Events reach the scene in the `.input` phase of the first
/// frame at or after their time, through the same hit testing, gesture recognizers and controls as
/// in the window.
extension SceneTester {
    private func when(_ time: Double?) -> Double { time ?? Double(frame + 1) / fps }

    /// A finger tap at `point`: down at `time`, up 50 ms later (`InputScript.tapHoldTime`), as the
    /// input script's `tap` line.
    public func tap(_ point: CGPoint, at time: Double? = nil) {
        let t = when(time)
        input.add(.pointerDown(point), at: t)
        input.add(.pointerUp(point), at: t + InputScript.tapHoldTime)
    }

    /// A drag: down at `from` at `time`, moving in a straight line on every frame, up at `to`
    /// `duration` seconds later, as the input script's `drag` line.
    public func drag(from: CGPoint, to: CGPoint, duration: Double, at time: Double? = nil) {
        input.addDrag(from: .point(from), to: .point(to), start: when(time), duration: max(0, duration))
    }

    /// A key pressed at `time` and released 50 ms later (`.space`, `.enter`, `.character("a")`…).
    public func press(_ key: InputEvent.Key, at time: Double? = nil) {
        let t = when(time)
        input.add(.key(key, isDown: true), at: t)
        input.add(.key(key, isDown: false), at: t + InputScript.tapHoldTime)
    }

    /// A game controller button going down or up at `time`.
    public func pad(_ button: InputEvent.PadButton, isDown: Bool, at time: Double? = nil) {
        input.add(.padButton(button, isDown: isDown), at: when(time))
    }

    /// A game controller axis moved to `value` (−1…1; triggers 0…1) at `time`.
    public func pad(_ axis: InputEvent.PadAxis, value: Double, at time: Double? = nil) {
        input.add(.padAxis(axis, value: value), at: when(time))
    }

    /// Raw input events, delivered in order at `time` (pointer steps, the wheel, a pad plugged in).
    public func send(_ events: [InputEvent], at time: Double? = nil) {
        let t = when(time)
        for e in events { input.add(e, at: t) }
    }

    /// Schedules every line of an input script (the `render --input` format; its times are media
    /// times). Pointer, key and pad lines become the events above; a key SDL does not know is skipped.
    /// A named target (`tap @NAME`) is found in `rootLayer`'s tree when its event is due, as the
    /// last frame presented it (`InputScript.centre(ofTarget:in:)`); one not on screen is reported
    /// through the engine (`diagnostics`, `reportSink`) and its line skipped.
    public func play(_ script: InputScript) { input.add(script) }

    /// Where a script's `tap @NAME` would press now: the centre, in window points, of the first
    /// layer on screen named `name` or backing a view whose `accessibilityIdentifier` is `name`, as
    /// the last frame presented it (README, "Input scripts"); nil when none is on screen.
    public func centre(ofTarget name: String) -> CGPoint? { InputScript.centre(ofTarget: name, in: rootLayer) }

    /// Parses `text` as an input script and schedules it (see `play(_:)`).
    /// - Throws: the script's parse error, naming the line.
    public func play(script text: String) throws { play(try InputScript.parse(text, file: "<test script>")) }
}
