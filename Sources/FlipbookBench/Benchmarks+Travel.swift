import FrameLoop
import Flipbook
import FlipbookPlayground
import Foundation
import DevTools
import Render
import Window

extension Benchmarks {
    /// Time travel over a 60 s session of each scene at 1280x720 (a tap every 5 s): the replay
    /// frames live parking ran; the exact frame of a first scrub that rests at once 1 s back (from
    /// the last live lane's replay); how long the next scrubs take to show a frame, then a drag
    /// back to the start and forward again in 0.5 s steps, one step a frame (what the window does
    /// while the mouse moves: previews), and the exact frame when the drag rests (a replay) at ten
    /// places.
    static func travel(scenes: [any Scene.Type], seconds: Double = 60) throws {
        for type in scenes {
            let machine = TimeMachine(registry: scenes, initial: type, engine: CAEngine())
            let source = ManualSource(fps: 60)
            guard let driver = FrameDriver(stage: machine.stage, clock: MediaClock(source: source), pixelWidth: 1280, pixelHeight: 720, scale: 1) else {
                throw HostError("cannot make a 1280x720 frame")
            }
            machine.install(on: driver, showsTimeline: false)
            let frames = Int(seconds * 60)
            let t0 = now()
            for n in 0..<frames {
                if n > 0 { source.advance() }
                if n % 300 == 150 { driver.enqueue([.pointerDown(CGPoint(x: 640, y: 360)), .pointerUp(CGPoint(x: 640, y: 360))]) }
                try driver.runFrame() // drawn, as in the window: the previews are kept from these
            }
            let live = (now() - t0) / Double(frames) // drawing, previews and the time machine's 1 ms of parking
            let parkedLive = machine.parkingFramesRun
            // A scrub that rests at once a second back, before any other: its exact frame starts
            // from the last live lane's replay, 1/(lanes+1) of the history back (the widest gap).
            machine.beginScrub(at: frames - 60)
            _ = try machine.frame(driver: driver) // moving: a preview
            _ = try machine.frame(driver: driver) // resting: the exact frame
            let firstRest = machine.lastStepSeconds
            // The first scrub to the middle, then to just before the end.
            machine.scrub(to: seconds / 2)
            _ = try machine.frame(driver: driver)
            let coldMiddle = machine.lastStepSeconds
            machine.scrub(to: seconds - 1)
            _ = try machine.frame(driver: driver)
            let forward = machine.lastStepSeconds
            var back: [Double] = [], ahead: [Double] = []
            for k in stride(from: seconds - 0.5, through: 0, by: -0.5) {
                machine.scrub(to: k)
                _ = try machine.frame(driver: driver)
                back.append(machine.lastStepSeconds)
            }
            for k in stride(from: 0.5, through: seconds, by: 0.5) {
                machine.scrub(to: k)
                _ = try machine.frame(driver: driver)
                ahead.append(machine.lastStepSeconds)
            }
            let kept = (machine.previewCount, machine.previewBytes >> 20) // before the resume drops the later history's
            var rests: [Double] = []
            for k in stride(from: seconds - 3, through: 0, by: -6) {
                machine.scrub(to: k)
                _ = try machine.frame(driver: driver) // moving
                _ = try machine.frame(driver: driver) // resting: exact
                rests.append(machine.lastStepSeconds)
            }
            let r0 = now()
            try machine.resume(driver: driver)
            let resume = now() - r0
            func ms(_ x: Double) -> String { String(format: "%.1f", x * 1000) }
            let all = back + ahead
            print("travel \(type.name) \(Int(seconds)) s: live \(ms(live)) ms/frame, \(parkedLive) replay frames parked; previews \(kept.0) (\(kept.1) MiB); "
                  + "first rest 1 s back (exact) \(ms(firstRest)) ms; scrub to 30 s \(ms(coldMiddle)) ms, on to 59 s \(ms(forward)) ms; "
                  + "drag back \(back.count) steps median \(ms(median(back))) ms max \(ms(back.max()!)) ms; forward median \(ms(median(ahead))) ms max \(ms(ahead.max()!)) ms; "
                  + "steps over 33 ms: \(all.filter { $0 > 0.0334 }.count)/\(all.count); at rest (exact) median \(ms(median(rests))) ms max \(ms(rests.max()!)) ms; resume \(ms(resume)) ms")
        }
    }
}
