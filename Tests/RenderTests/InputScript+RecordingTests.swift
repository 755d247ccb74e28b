import FrameLoop
import CSDL2
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import TestSupport
import Testing

/// The script lines a recording adds (`frame`, `key NAME down|up`, hex key codes) and the render
/// options of a frame-timed script.
@Suite(.isolatedEngine) struct InputScriptRecordingTests {
    @Test func recordedLinesReadBackToTheVeryValues() throws {
        let actions: [(Double, InputScript.Action)] = [
            (0.1 + 0.2, .pointerDown(x: 12, y: 34)), (0.30000000000000004, .wheel(x: 5, y: 6, dx: 0, dy: Double(Float(-0.3)))),
            (1 / 3, .keyState("a", isDown: true)), (1 / 3, .keyState(KeyNames.scriptName(for: SDLK_LSHIFT.rawValue), isDown: false)),
            (2, .padButton(.rightShoulder, isDown: true)), (2, .padAxis(.leftY, value: -12345.0 / 32767)),
            (2, .padConnect), (2.5, .frame(pointerSeconds: 0.016666666666666666)),
        ]
        let text = actions.map { InputScript.text(time: $0.0, action: $0.1) }.joined(separator: "\n")
        let script = try InputScript.parse(text)
        #expect(script.lines.map(\.time) == actions.map(\.0))
        #expect(script.lines.map(\.action) == actions.map(\.1))
        #expect(script.frameTimings == [FrameTiming(mediaTime: 2.5, pointerSeconds: 0.016666666666666666)])
        // "Left Shift" has a space: it is written as its code, which names it back.
        #expect(text.contains("key 0x400000e1 up"))
        #expect(KeyNames.code(for: "0x400000e1") == SDLK_LSHIFT.rawValue)
    }

    @Test func badRecordedLinesAreNamed() {
        for (line, message) in [("1 key a sideways", "key NAME down|up"), ("1 frame -1", "pointer seconds"),
                                ("1 frame 1 2", "'frame' or 'frame SECONDS'"), ("1 key 0xzz down", "unknown key")] {
            #expect(throws: HostError.self) { try InputScript.parse(line) }
            do { _ = try InputScript.parse(line) } catch { #expect("\(error)".contains(message), "\(line): \(error)") }
        }
    }

    @Test func aFrameTimedScriptRendersItsFrames() throws {
        let dir = NSTemporaryDirectory() + "flipbook-ft-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/rec.script"
        try "0 frame 0\n0.02 frame 0.02\n0.02 key space down\n0.02 frame 0.01\n0.5 frame 0.48\n".write(toFile: path, atomically: false, encoding: .utf8)
        func options(duration: Double? = nil, frames: Int? = nil, at: [Double]? = nil) throws -> RenderOptions {
            try RenderOptions.commandLine(scene: "hello", out: dir + "/out", width: 64, height: 36, scale: 1, fps: 60, duration: duration,
                                          frames: frames, every: nil, at: at, input: path, trace: nil, sheet: nil)
        }
        #expect(try options().frameCount == 4)
        #expect(try options(duration: 0.1).frameCount == 3)
        #expect(try options().time(ofFrame: 3) == 0.5)
        #expect(try options(at: [0.4]).dumpedFrames == [3])
        // Equal times (paused): the first of them.
        #expect(try options(at: [0.02]).dumpedFrames == [1])
        let tooMany = try options(frames: 5)
        #expect(throws: HostError.self) { try tooMany.validate() }
        do { try tooMany.validate() } catch { #expect("\(error)".contains("recording of 4 frames")) }
    }
}

/// `--record-input`'s file: render's rules (checked up front, never replaces, whole or nothing).
@Suite struct RecordingFileTests {
    @Test func refusesWhatExistsAndNeverReplaces() throws {
        let dir = NSTemporaryDirectory() + "flipbook-recfile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "mine".write(toFile: dir + "/taken.script", atomically: false, encoding: .utf8)
        for (path, message) in [(dir + "/taken.script", "already exists"), (dir + "/missing/a.script", "does not exist"),
                                (dir, "is a folder"), ("", "is empty")] {
            do { _ = try RecordingFile(path: path); Issue.record("\(path) was accepted") } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        let file = try RecordingFile(path: dir + "/new.script")
        try file.save("0 frame 0\n")
        #expect(try String(contentsOfFile: dir + "/new.script", encoding: .utf8) == "0 frame 0\n")
        // A name taken while the window was open: refused, the other file kept, nothing left behind.
        let late = try RecordingFile(path: dir + "/late.script")
        try "theirs".write(toFile: dir + "/late.script", atomically: false, encoding: .utf8)
        #expect(throws: HostError.self) { try late.save("0 frame 0\n") }
        #expect(try String(contentsOfFile: dir + "/late.script", encoding: .utf8) == "theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["late.script", "new.script", "taken.script"])
    }
}
