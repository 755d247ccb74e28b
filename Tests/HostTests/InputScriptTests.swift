import TestSupport
import Foundation
@testable import Host
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
            2.00 key space
            2.50 pad a down
            2.60 pad leftx 0.8
            3 pad disconnect
            """)
        #expect(script.lines.map(\.action) == [
            .tap(x: 400, y: 300), .drag(fromX: 100, fromY: 500, toX: 100, toY: 200, duration: 0.3),
            .pointerDown(x: 10, y: 10), .pointerMove(x: 20, y: 20), .pointerUp(x: 20, y: 20), .key("space"),
            .padButton(.a, isDown: true), .padAxis(.leftX, value: 0.8), .padDisconnect,
        ])
        #expect(script.lines.map(\.lineNumber) == [2, 4, 5, 6, 7, 8, 9, 10, 11])
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

    @Test func aMissingFileIsAClearError() {
        #expect(throws: InputScript.ParseError.self) { _ = try InputScript.load(path: "/nonexistent/script.txt") }
    }
}
