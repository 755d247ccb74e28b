import FrameLoop
import CSDL2
import TestSupport
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import Testing

@Suite(.isolatedEngine) struct InputScriptTests {
    @Test func parsesEveryEventKindWithCommentsAndBlankLines() throws {
        let script = try InputScript.parse("""
            # a comment
            0.50 tap 400 300

            1.00 drag 100 500 100 200 0.3   # trailing comment
            1.5 down 10 10
            1.6 move 20 20
            1.7 up 20 20
            1.8 wheel 30 40 0 -2.5
            2.00 key space
            2.50 pad a down
            2.60 pad leftx 0.8
            3 pad disconnect
            """)
        #expect(script.lines.map(\.action) == [
            .tap(x: 400, y: 300), .drag(fromX: 100, fromY: 500, toX: 100, toY: 200, duration: 0.3),
            .pointerDown(x: 10, y: 10), .pointerMove(x: 20, y: 20), .pointerUp(x: 20, y: 20),
            .wheel(x: 30, y: 40, dx: 0, dy: -2.5), .key("space"),
            .padButton(.a, isDown: true), .padAxis(.leftX, value: 0.8), .padDisconnect,
        ])
        #expect(script.lines.map(\.lineNumber) == [2, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    }

    /// The keys the README tells a user to hold for time travel can be named in a script.
    @Test func timeTravelKeysHaveNames() throws {
        let script = try InputScript.parse("1 key minus down\n2 key minus up\n3 key equals")
        #expect(script.lines.map(\.action) == [.keyState("minus", isDown: true), .keyState("minus", isDown: false), .key("equals")])
        #expect(KeyNames.code(for: "minus") == SDLK_MINUS.rawValue)
        #expect(KeyNames.code(for: "equals") == SDLK_EQUALS.rawValue)
    }

    @Test func linesAreOrderedByTimeAndEqualTimesKeepLineOrder() throws {
        let script = try InputScript.parse("2 key a\n1 key b\n1 key c")
        #expect(script.lines.map(\.action) == [.key("b"), .key("c"), .key("a")])
    }

    @Test(arguments: [
        ("tap 400", "1:", "expected a time"),
        ("0.5 tap 400", "1:", "expected 'tap X Y'"),
        ("0.5 tap 400 nan", "1:", "finite number"),
        ("0.5 tap 400 inf", "1:", "finite number"),
        ("-1 tap 4 4", "1:", "expected a time"),
        ("0.5 jump 1 2", "1:", "unknown event 'jump'"),
        ("0.5 drag 1 2 3 4 0", "1:", "duration must be above 0"),
        ("0.5 key notakey", "1:", "unknown key"),
        ("0.5 pad leftx 2", "1:", "VALUE in -1…1"),
        ("0.5 pad a sideways", "1:", "'pad a down' or 'pad a up'"),
        ("0.5 pad turbo down", "1:", "unknown controller button or axis"),
        ("0.5", "1:", "expected an event"),
    ])
    func malformedLinesNameTheFileLineAndExpectation(line: String, position: String, expectation: String) {
        do {
            _ = try InputScript.parse("# ok\n" + line, file: "s.txt")
            Issue.record("parsed '\(line)'")
        } catch let e as InputScript.ParseError {
            #expect(e.description.hasPrefix("s.txt:2: "), "\(e)")
            #expect(e.description.contains(expectation), "\(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func anyLineEndingBOMTabsAndTrailingSpacesAreAccepted(end: String) throws {
        let text = "\u{FEFF}# script" + end + "0.5\ttap 400 300  " + end + end + "\t1.0 key space\t# a key " + end + "2 pad a down"
        let script = try InputScript.parse(text)
        #expect(script.lines.map(\.action) == [.tap(x: 400, y: 300), .key("space"), .padButton(.a, isDown: true)])
        #expect(script.lines.map(\.lineNumber) == [2, 4, 5])
    }

    @Test(arguments: ["\r\n", "\r"])
    func errorsAfterOtherLineEndsAreOneLineAndNameTheRightLine(end: String) {
        do {
            _ = try InputScript.parse(["0.1 tap 1 1", "", "0.2 tap 400", "0.3 tap 2 2"].joined(separator: end), file: "s.txt")
            Issue.record("parsed")
        } catch let e as InputScript.ParseError {
            #expect(e.description == "s.txt:3: expected 'tap X Y' or 'tap @NAME', got 'tap 400'")
        } catch { Issue.record("\(error)") }
    }

    @Test(arguments: [
        ("0.5 tap 400 nan", "got 'nan', which is not finite"),
        ("0.5 tap 1e400 3", "got '1e400', which is not finite"),
        ("0.5 tap 2e6 3", "got '2e6', which is out of range"),
        ("inf tap 1 1", "got 'inf', which is not finite"),
        ("1e9 tap 1 1", "got '1e9', which is out of range"),
        ("0.5 pad leftx nan", "got 'nan'"),
        ("0.5 pad leftx 1.5", "got '1.5'"),
        ("0.5 tap 1\u{1}2 3", "control character in '1\\u{1}2'"),
        ("0.5 key a\u{1B}[2J", "control character in 'a\\u{1B}[2J'"),
        ("0.5 key sp\u{85}ace", "got 'key sp ace'"),
    ])
    func badNumbersAndControlCharactersAreNamedOnOneLine(line: String, expectation: String) {
        do {
            _ = try InputScript.parse("# ok\r\n" + line + "\r\n", file: "s\nx.txt")
            Issue.record("parsed '\(line)'")
        } catch let e as InputScript.ParseError {
            #expect(e.description.hasPrefix("s\\nx.txt:2: "), "\(e)")
            #expect(e.description.contains(expectation), "\(e)")
            #expect(!e.description.unicodeScalars.contains(where: OneLine.isControl), "\(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test func aFileThatIsNotUTF8NamesItsFirstBadLine() throws {
        let path = NSTemporaryDirectory() + "flipbook-latin1-\(getpid())-\(Int.random(in: 0...999_999)).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0xEF, 0xBB, 0xBF] + Array("0.1 tap 1 1\r\n0.2 key space\r\n".utf8) + [0x23, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputScript.ParseError(file: path, line: 3, message: "not UTF-8 text; save the script as UTF-8")) {
            _ = try InputScript.load(path: path)
        }
        try Data([0xEF, 0xBB, 0xBF] + Array("0.1 tap 1 1\r\n0.2 key space\r\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try InputScript.load(path: path).lines.count == 2)
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: InputScript.ParseError.self) { _ = try InputScript.load(path: "/nonexistent/script.txt") }
    }

    /// A tour at another size than a demo script's: positions scale across and down by their own
    /// ratios; times, drag durations, wheel notches, keys and the pad do not.
    @Test func scalingMovesPositionsOnly() throws {
        let script = try InputScript.parse("""
            0.5 tap 400 300
            1 drag 100 500 300 200 0.3
            1.5 down 10 10
            1.6 move 20 30
            1.7 up 40 50
            1.8 wheel 30 40 0 -2.5
            2 key space
            2.5 pad a down
            2.6 pad leftx 0.8
            """)
        let scaled = script.scaled(x: 0.5, y: 2)
        #expect(scaled.lines.map(\.time) == script.lines.map(\.time))
        #expect(scaled.lines.map(\.lineNumber) == script.lines.map(\.lineNumber))
        #expect(scaled.lines.map(\.action) == [
            .tap(x: 200, y: 600), .drag(fromX: 50, fromY: 1000, toX: 150, toY: 400, duration: 0.3),
            .pointerDown(x: 5, y: 20), .pointerMove(x: 10, y: 60), .pointerUp(x: 20, y: 100),
            .wheel(x: 15, y: 80, dx: 0, dy: -2.5), .key("space"),
            .padButton(.a, isDown: true), .padAxis(.leftX, value: 0.8),
        ])
        #expect(script.scaled(x: 1, y: 1) == script)
    }
    /// `@NAME` in place of a position: tap, drag (by DX DY from the centre), down, move and up;
    /// scaling leaves them as they are, and a script's text reads back as the same actions.
    @Test func namedTargetsParseScaleAndWriteBack() throws {
        let script = try InputScript.parse("""
            0.5 tap @random
            1 drag @slider 360 -2.5 0.5   # from the slider's centre
            1.5 down @knob
            1.6 move @knob
            1.7 up @Knob-2
            """)
        let actions: [InputScript.Action] = [
            .tapTarget("random"), .dragTarget("slider", dx: 360, dy: -2.5, duration: 0.5),
            .pointerDownTarget("knob"), .pointerMoveTarget("knob"), .pointerUpTarget("Knob-2"),
        ]
        #expect(script.lines.map(\.action) == actions)
        #expect(script.scaled(x: 0.5, y: 2) == script)
        let text = script.lines.map { InputScript.text(time: $0.time, action: $0.action) }.joined(separator: "\n")
        #expect(text.contains("drag @slider 360 -2.5 0.5"), "\(text)")
        #expect(try InputScript.parse(text).lines.map(\.action) == actions)
    }

    @Test(arguments: [
        ("0.5 tap @", "expected a name after '@'"),
        ("0.5 tap @a@b", "expected a name after '@'"),
        ("0.5 tap @a 3", "expected 'tap @NAME'"),
        ("0.5 drag @a 1 2", "expected 'drag @NAME DX DY SECONDS'"),
        ("0.5 drag @a 1 2 0", "duration must be above 0"),
        ("0.5 drag @a 1 nan 0.3", "finite number"),
        ("0.5 up @a @b", "expected 'up @NAME'"),
        ("0.5 wheel @a 0 1", "takes no @NAME"),
        ("0.5 key @a", "takes no @NAME"),
        ("0.5 down 3", "expected 'down X Y' or 'down @NAME'"),
    ])
    func malformedNamedTargetsAreOneLineErrors(line: String, expectation: String) {
        do {
            _ = try InputScript.parse("# ok\n" + line, file: "s.txt")
            Issue.record("parsed '\(line)'")
        } catch let e as InputScript.ParseError {
            #expect(e.description.hasPrefix("s.txt:2: "), "\(e)")
            #expect(e.description.contains(expectation), "\(e)")
            #expect(!e.description.contains("\n"))
        } catch { Issue.record("\(error)") }
    }
}
