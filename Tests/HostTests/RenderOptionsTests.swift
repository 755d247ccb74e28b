import Foundation
@testable import Host
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
