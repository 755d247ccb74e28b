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
}
