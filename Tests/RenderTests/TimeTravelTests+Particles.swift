import CSDL2
import Flipbook
import Foundation
@testable import DevTools
import RasterIO
import Testing

extension HeadlessRenderTests.TimeTravelTests {
    /// Time travel replays a scene from its start with the recorded frame times: the particles
    /// scene's scrubbed frame (a tap's burst under way, frames at uneven times) is the live frame,
    /// byte for byte, as its emitters' particles come from their seeds and the layer times.
    @Test func particlesReplayExactlyWhenScrubbedBack() throws {
        let live = try LiveSession(scene: "particles", width: 320, height: 180)
        try live.run(frames: 40)
        live.mouse(SDL_MOUSEBUTTONDOWN, x: 160, y: 70)
        live.mouse(SDL_MOUSEBUTTONUP, x: 160, y: 70)
        try live.run(frames: 50)
        let m = live.machine
        let target = 70
        m.beginScrub(at: m.log.frames.count - 1)
        _ = try m.frame(driver: live.driver)
        m.scrub(to: m.log.frames[target].timing.mediaTime)
        _ = try m.frame(driver: live.driver)                              // moving: a preview
        let resting = try #require(try m.frame(driver: live.driver))      // resting: the replay
        #expect(m.scrub?.target == target)
        #expect(abs(resting.time - live.shown[target].time) < 1e-12)
        #expect(try PNG.encode(resting.bitmap) == live.shown[target].png)
        // Not vacuous: the particles move from frame to frame.
        #expect(live.shown[target].png != live.shown[target - 1].png)
    }
}
