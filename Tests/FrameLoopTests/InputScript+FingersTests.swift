import Flipbook
@testable import FrameLoop
import TestSupport
import Testing

/// Two fingers from scripts (`pinch`, `rotate`) and from the mouse with Alt (`InputRouter`).
@Suite(.isolatedEngine) struct InputScriptFingersTests {
    @Test func pinchAndRotateLinesParseAndWriteBack() throws {
        let script = try InputScript.parse("""
            1 pinch @photo 2 0.5
            2 pinch 100 120 0.5 1   # pinch in
            3 rotate @photo -90 0.25
            4 rotate 10 20 45 1
            """)
        let actions: [InputScript.Action] = [
            .pinch(.target("photo"), scale: 2, duration: 0.5), .pinch(.point(x: 100, y: 120), scale: 0.5, duration: 1),
            .rotate(.target("photo"), degrees: -90, duration: 0.25), .rotate(.point(x: 10, y: 20), degrees: 45, duration: 1),
        ]
        #expect(script.lines.map(\.action) == actions)
        let written = script.lines.map { InputScript.text(time: $0.time, action: $0.action) }
        #expect(written == ["1 pinch @photo 2 0.5", "2 pinch 100 120 0.5 1", "3 rotate @photo -90 0.25", "4 rotate 10 20 45 1"])
        #expect(try InputScript.parse(written.joined(separator: "\n")).lines.map(\.action) == actions)
        // A tour scales the point, not the fingers' spread or a target.
        #expect(script.scaled(x: 2, y: 3).lines.map(\.action)[1] == .pinch(.point(x: 200, y: 360), scale: 0.5, duration: 1))
        #expect(script.scaled(x: 2, y: 3).lines.map(\.action)[0] == actions[0])
    }

    @Test(arguments: [
        ("1 pinch @photo 0 1", "s.txt:1: a pinch's scale must be above 0 and at most 100, got '0'"),
        ("1 pinch @photo 101 1", "s.txt:1: a pinch's scale must be above 0 and at most 100, got '101'"),
        ("1 pinch 10 20 2 0", "s.txt:1: a pinch's duration must be above 0 s, got '0'"),
        ("1 rotate @photo 90", "s.txt:1: expected 'rotate X Y DEGREES SECONDS' or 'rotate @NAME DEGREES SECONDS', got 'rotate @photo 90'"),
        ("1 rotate 1 2 nan 1", "s.txt:1: expected a finite number within ±1e6 in 'rotate X Y DEGREES SECONDS' or 'rotate @NAME DEGREES SECONDS', got 'nan', which is not finite"),
        ("1 pinch @ 2 1", "s.txt:1: expected a name after '@' (one word, e.g. @random), got '@'"),
    ])
    func badLinesSayWhatIsWrong(line: String, message: String) {
        #expect(throws: HostError.self) { try InputScript.parse(line, file: "s.txt") }
        do { _ = try InputScript.parse(line, file: "s.txt") } catch { #expect("\(error)" == message) }
    }

    /// A pinch's fingers go down 80 points apart about the point, spread at an even rate on every
    /// frame between, and lift at the end where the scale puts them.
    @Test func aScheduledPinchMovesBothFingersEachFrame() throws {
        var input = ScheduledInput()
        input.add(try InputScript.parse("1 pinch 100 50 2 0.5"))
        #expect(input.events(dueAt: 0.9).isEmpty)
        #expect(input.events(dueAt: 1) == [.touches([.init(.first, .down, CGPoint(x: 60, y: 50)), .init(.second, .down, CGPoint(x: 140, y: 50))])])
        #expect(input.isDragging(at: 1.25))
        #expect(input.events(dueAt: 1.25) == [.touches([.init(.first, .move, CGPoint(x: 40, y: 50)), .init(.second, .move, CGPoint(x: 160, y: 50))])])
        #expect(input.events(dueAt: 1.5) == [
            .touches([.init(.first, .move, CGPoint(x: 20, y: 50)), .init(.second, .move, CGPoint(x: 180, y: 50))]),
            .touches([.init(.first, .up, CGPoint(x: 20, y: 50)), .init(.second, .up, CGPoint(x: 180, y: 50))]),
        ])
        #expect(input.isEmpty)
    }

    /// The Simulator's Option: Alt goes down with the mouse at the centre; the mouse is the first
    /// finger and the second its mirror image; a press puts both down; Shift moves both together.
    @Test func altMakesTheMouseTwoFingers() {
        let router = InputRouter()
        func key(_ name: String, _ down: Bool) -> HostEvent { .key(.named(name), name: name, isDown: down, isRepeat: false) }
        func touches(_ p: InputEvent.TouchStep.Phase, _ a: CGPoint, _ b: CGPoint) -> [InputRouter.Routed] {
            [.input(.touches([.init(.first, p, a), .init(.second, p, b)]))]
        }
        _ = router.route([.mouseMotion(CGPoint(x: 100, y: 100)), key("Left Alt", true)])
        #expect(router.route([.mouseMotion(CGPoint(x: 80, y: 100))]) == [.hover(CGPoint(x: 80, y: 100))])
        #expect(router.twoFingerMarks == [CGPoint(x: 80, y: 100), CGPoint(x: 120, y: 100)])
        #expect(router.route([.mouseButton(isDown: true, at: CGPoint(x: 80, y: 100))]) == touches(.down, CGPoint(x: 80, y: 100), CGPoint(x: 120, y: 100)))
        #expect(router.route([.mouseMotion(CGPoint(x: 100, y: 80))]) == touches(.move, CGPoint(x: 100, y: 80), CGPoint(x: 100, y: 120)))
        _ = router.route([key("Left Shift", true)])
        #expect(router.route([.mouseMotion(CGPoint(x: 110, y: 90))]) == touches(.move, CGPoint(x: 110, y: 90), CGPoint(x: 110, y: 130)))
        _ = router.route([key("Left Shift", false), key("Left Alt", false)])
        // Letting go of Alt mid-drag keeps both fingers until the release.
        #expect(router.route([.mouseButton(isDown: false, at: CGPoint(x: 110, y: 90))]) == touches(.up, CGPoint(x: 110, y: 90), CGPoint(x: 110, y: 130)))
        #expect(router.twoFingerMarks.isEmpty)
        // Without Alt the mouse is one touch, as always.
        #expect(router.route([.mouseButton(isDown: true, at: CGPoint(x: 5, y: 5))]) == [.input(.pointerDown(CGPoint(x: 5, y: 5)))])
    }

    /// While Alt is held the two fingers show as grey discs over the frame (the Simulator's), and
    /// letting go of Alt takes them away again: the overlay's pixels are re-composited.
    @Test func altShowsTheTwoFingersOverTheFrame() throws {
        let stage = ProbeStage()
        let driver = try #require(FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 10)), pixelWidth: 40, pixelHeight: 20, scale: 1))
        func key(_ down: Bool) -> HostEvent { .key(.named("Left Alt"), name: "0x400000e2", isDown: down, isRepeat: false) }
        func isGrey(_ p: UInt32) -> Bool { p != 0xFFFF_FFFF && p & 0xFF == (p >> 8) & 0xFF && (p >> 8) & 0xFF == (p >> 16) & 0xFF }
        try driver.runFrame(at: 0)
        #expect(driver.bitmap[5, 10] == 0xFFFF_FFFF && driver.bitmap[35, 10] == 0xFFFF_FFFF)
        driver.route([.mouseMotion(CGPoint(x: 20, y: 10)), key(true), .mouseMotion(CGPoint(x: 8, y: 10))])
        try driver.runFrame(at: 0.1)
        #expect(isGrey(driver.bitmap[8, 10]) && isGrey(driver.bitmap[32, 10]), "\(String(driver.bitmap[8, 10], radix: 16))")
        #expect(!driver.hasWork)
        driver.route([.mouseMotion(CGPoint(x: 4, y: 10))])  // a hover: no input, but the discs move
        #expect(driver.hasWork)
        try driver.runFrame(at: 0.15)
        #expect(isGrey(driver.bitmap[36, 10]))
        driver.route([key(false)])
        try driver.runFrame(at: 0.2)
        #expect(driver.bitmap[8, 10] == 0xFFFF_FFFF && driver.bitmap[32, 10] == 0xFFFF_FFFF)
    }
}
