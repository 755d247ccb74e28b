@testable import DevTools
@testable import Render
@testable import Window
import FrameLoop
import TestSupport
import Layers
import Testing

@Suite(.isolatedEngine) struct TraceWriterTests {
    @Test func oneJSONLinePerFrameWithNullForNonFiniteNumbers() {
        var w = TraceWriter()
        w.add(frame: 0, time: 0, layers: [("card", [("position", .numbers([1.5, 2])), ("opacity", .number(.nan))])])
        w.add(frame: 1, time: 0.5, layers: [("a\"b", [("string", .text("x\ny"))])])
        #expect(w.contents == """
            {"frame":0,"t":0,"layers":{"card":{"position":[1.5,2],"opacity":null}}}
            {"frame":1,"t":0.5,"layers":{"a\\"b":{"string":"x\\ny"}}}

            """)
    }

    @Test func animationEventsFollowTheLayersOnlyOnFramesThatHaveThem() {
        let slide = TracedAnimation(layer: "box", key: "slide", keyPath: "position.x", kind: "CABasicAnimation",
                                    timing: "easeInEaseOut", begin: 0.25, end: 0.75)
        let forever = TracedAnimation(layer: "b", key: "spin", keyPath: nil, kind: "CATransition", timing: "linear", begin: 0, end: nil)
        let line = TraceWriter.line(frame: 2, time: 0.5, layers: [("box", [("opacity", .number(1))])],
                                    animations: [.remove(layer: "a\"", key: "k"), .start(slide), .start(forever)])
        #expect(line == """
            {"frame":2,"t":0.5,"layers":{"box":{"opacity":1}},"animations":[{"event":"remove","layer":"a\\"","key":"k"},\
            {"event":"start","layer":"box","key":"slide","keyPath":"position.x","type":"CABasicAnimation","timing":"easeInEaseOut","begin":0.25,"end":0.75},\
            {"event":"start","layer":"b","key":"spin","keyPath":null,"type":"CATransition","timing":"linear","begin":0,"end":null}]}

            """)
        // Without events the line is the earlier form, byte for byte.
        #expect(TraceWriter.line(frame: 0, time: 0, layers: [("box", [("opacity", .number(1))])]) == "{\"frame\":0,\"t\":0,\"layers\":{\"box\":{\"opacity\":1}}}\n")
    }

    @Test func theTraceReaderReadsBackWhatTheWriterWrote() throws {
        let slide = TracedAnimation(layer: "box", key: "slide", keyPath: "position.x", kind: "CABasicAnimation",
                                    timing: "cubic-bezier(0.1, 0.2, 0.3, 1.5)", begin: 0.25, end: nil)
        var w = TraceWriter()
        w.add(frame: 0, time: 0, layers: [("box", [("position", .numbers([1.5, .nan])), ("string", .text("é\n<"))])], animations: [.start(slide)])
        w.add(frame: 1, time: 1.0 / 60, layers: [], animations: [.remove(layer: "box", key: "slide")])
        let trace = try Trace.parse(Array(w.contents.utf8), name: "t")
        #expect(trace.lines.count == 2)
        #expect(trace.lines[0].layers.first?.name == "box" && trace.lines[0].layers.first?.values.map(\.key) == ["position", "string"])
        guard case .numbers(let p)? = trace.lines[0].layers.first?.values.first?.value else { Issue.record("no position"); return }
        #expect(p[0] == 1.5 && p[1].isNaN)
        #expect(trace.lines[0].layers.first?.values.last?.value == .text("é\n<"))
        #expect(trace.lines[0].animations == [.start(slide)])
        #expect(trace.lines[1].time == 1.0 / 60 && trace.lines[1].animations == [.remove(layer: "box", key: "slide")])
        // A broken line names its number and column.
        #expect(throws: HostError.self) { try Trace.parse(Array("{\"frame\":0,\"t\":0,\"layers\":{}}\n{\"frame\":1,".utf8), name: "t") }
        let error = #expect(throws: HostError.self) { try Trace.parse(Array("{\"frame\":0,\"t\":0,\"layers\":{}}\n{\"frame\":1 \"t\"".utf8), name: "t") }
        #expect(error?.description == "the trace 't' is not a Flipbook trace: line 2: expected ',' or '}' at column 12")
    }
}
