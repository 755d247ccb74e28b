import FrameLoop
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import TestSupport
import Testing

@Suite(.isolatedEngine) struct RenderOptionsTests {
    func options(_ w: Int = 640, _ h: Int = 360, frames: Int = 10) -> RenderOptions {
        // validate() reads the output path: a folder that is not there, in the temporary folder.
        RenderOptions(sceneName: "hello", width: w, height: h, frameCount: frames,
                      outDirectory: NSTemporaryDirectory() + "flipbook-options-\(getpid())-never-created")
    }

    @Test func durationIncludesItsLastInstant() {
        #expect(RenderOptions.frameCount(duration: 12, fps: 60) == 721)
        #expect(RenderOptions.frameCount(duration: 0, fps: 60) == 1)
        #expect(RenderOptions.frameCount(duration: 0.1, fps: 30) == 4)
    }

    @Test func everyAndAtChooseFrames() {
        var o = options(frames: 100)
        o.dump = .every(30)
        #expect(o.dumpedFrames == [0, 30, 60, 90])
        o.dump = .at([0, 0.5, 0.5, 1.0, 99])
        #expect(o.dumpedFrames == [0, 30, 60, 99])
    }

    @Test func badNumbersAreRejectedWithTheirName() throws {
        #expect(throws: HostError.self) { try options(0, 0).validate() }
        #expect(throws: HostError.self) { try options(RenderOptions.maxSide + 1, 10).validate() }
        var o = options()
        o.fps = 0
        #expect(throws: HostError.self) { try o.validate() }
        o = options(); o.fps = .nan
        #expect(throws: HostError.self) { try o.validate() }
        o = options(); o.scale = 3; o.width = 4000
        #expect(throws: HostError.self) { try o.validate() } // 12000 px wide
        o = options(); o.dump = .at([5])
        #expect(throws: HostError.self) { try o.validate() }
        try options().validate()
    }

    @Test(arguments: [60.0, 30, 24, 29.97, 1000, 0.5, 7])
    func theLongestDurationIsTheLargestFrameCount(fps: Double) {
        let longest = RenderOptions.maxDuration(fps: fps)
        #expect(RenderOptions.frameCount(duration: longest, fps: fps) == RenderOptions.maxFrames)
        #expect(RenderOptions.frameCount(duration: longest + 1 / fps, fps: fps) == RenderOptions.maxFrames + 1)
    }

    @Test func aSceneNameWithAControlCharacterIsOneLine() {
        var o = options()
        o.sceneName = "hel\nlo"
        #expect(throws: HostError("scene name 'hel\\nlo' contains a control character; see `flipbook list`")) { try o.validate() }
    }
}

@Suite struct CommandLineOptionsTests {
    func make(fps: Double = 60, duration: Double? = nil, frames: Int? = nil, every: Int? = nil, at: [Double]? = nil) throws -> RenderOptions {
        try RenderOptions.commandLine(scene: "hello", out: "/nonexistent-\(getpid())/out", width: 320, height: 180, scale: 1, fps: fps,
                                      duration: duration, frames: frames, every: every, at: at, input: nil, trace: nil, sheet: nil)
    }

    @Test func lengthComesFromDurationFramesOrTheLastAtTime() throws {
        #expect(try make().frameCount == 181)                       // 3 s at 60 fps, both ends
        #expect(try make(duration: 1).frameCount == 61)
        #expect(try make(frames: 7).frameCount == 7)
        #expect(try make(at: [0, 2.5]).frameCount == 151)
        #expect(try make(fps: 30, duration: 2).frameCount == 61)
    }

    @Test func onlyTheCommandLinesOwnMistakesAreCaughtHere() throws {
        #expect(throws: HostError("give --duration or --frames, not both")) { _ = try make(duration: 1, frames: 3) }
        #expect(throws: HostError("give --every or --at, not both")) { _ = try make(every: 2, at: [1]) }
        #expect(throws: HostError("--duration nan is not a number of seconds (0 or more)")) { _ = try make(duration: .nan) }
        // A bad fps is left for validate(), the one place values are checked, which names it.
        let o = try make(fps: 0, duration: 1e300)
        #expect(throws: HostError("--fps 0 is outside 0…1000 (exclusive of 0)")) { try o.validate() }
    }

    @Test func windowOptionsAreCheckedInOnePlace() {
        var w = WindowHost.Options()
        #expect(throws: Never.self) { try w.validate() }
        w.slow = 0
        #expect(throws: HostError("--slow 0.0 is outside 1…100")) { try w.validate() }
        w.slow = 1; w.scale = .nan
        #expect(throws: HostError("--scale nan is outside 0…4 (exclusive of 0)")) { try w.validate() }
        w.scale = nil; w.width = 0
        #expect(throws: HostError("window size 0x720 is outside 1…8192 per side")) { try w.validate() }
    }
}
