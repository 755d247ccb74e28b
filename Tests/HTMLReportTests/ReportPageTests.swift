import Foundation
@testable import HTMLReport
import Testing

/// The page as text: every frame in it, names that cannot break out of their place, the data block
/// the script reads, the signature that tells Flipbook's own pages from other files.
struct ReportPageTests {
    /// The JSON block the page's script reads, decoded.
    static func data(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"flipbook-data\">"
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
    }

    @Test func everyFrameIsInThePageAsADataURIWithItsLabelAndTime() throws {
        var page = ReportPage(title: "three")
        let pngs: [[UInt8]] = [[0x89, 1, 2], [0x89, 3, 4], [0x89, 5, 6, 7]]
        page.frames = pngs.enumerated().map { ReportPage.Frame(image: .png($1), label: "frame \($0 * 10)", time: Double($0) / 6) }
        let html = page.html()
        let frames = try #require(try Self.data(html)["frames"] as? [[String: Any]])
        #expect(frames.count == 3)
        for (i, png) in pngs.enumerated() {
            #expect(frames[i]["src"] as? String == "data:image/png;base64," + Data(png).base64EncodedString())
            #expect(frames[i]["label"] as? String == "frame \(i * 10)")
            #expect(frames[i]["time"] as? Double == Double(i) / 6)
        }
        #expect(html.contains("id=\"frame-slider\" type=\"range\" min=\"0\" max=\"2\""))
        #expect(html.contains("<section id=\"sheet\">"))
        #expect(!html.contains("<section id=\"side-by-side\">"))
    }

    @Test func nothingALayerOrTitleIsCalledCanOpenAnElement() throws {
        let evil = "</script><script>alert(1)</script><!--"
        var page = ReportPage(title: "<script>alert('t')</script>")
        page.facts = ["a & b < c"]
        page.frames = [ReportPage.Frame(image: .png([1]), label: evil, time: nil)]
        page.times = [0, 1]
        page.layers = [ReportPage.LayerPlots(layer: evil, charts: [ReportPage.Chart(key: "<b>", series: [ReportPage.Series(name: "x", values: [0, 1])],
                                                                                      marks: [ReportPage.Mark(key: evil, keyPath: nil, kind: "K", timing: "</script>", begin: 0, end: nil)])],
                                             steady: [evil])]
        let html = page.html()
        // Only the page's own two script elements open; the names are text.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.components(separatedBy: "<!--").count - 1 == 1) // the signature's comment only
        #expect(html.contains("<title>&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;</title>"))
        #expect(html.contains("a &amp; b &lt; c"))
        // And the script reads them back exactly.
        let data = try Self.data(html)
        let layers = try #require(data["layers"] as? [[String: Any]])
        #expect(layers.first?["name"] as? String == evil)
        #expect((data["frames"] as? [[String: Any]])?.first?["label"] as? String == evil)
        // The script never writes names as markup.
        #expect(!ReportPage.script.contains("innerHTML") && !ReportPage.script.contains("insertAdjacentHTML") && !ReportPage.script.contains("document.write"))
    }

    @Test func plotDataIsTheSeriesValuesWithNullForGaps() throws {
        var page = ReportPage(title: "plots")
        page.times = [0, 0.5, 1]
        page.layers = [ReportPage.LayerPlots(layer: "box", charts: [
            ReportPage.Chart(key: "position", series: [ReportPage.Series(name: "x", values: [1.5, nil, 3])], steady: ["y 2"],
                             marks: [ReportPage.Mark(key: "move", keyPath: "position.x", kind: "CABasicAnimation", timing: "easeInEaseOut", begin: 0.25, end: 0.75)]),
        ], steady: ["opacity 1"])]
        let data = try Self.data(page.html())
        #expect(data["times"] as? [Double] == [0, 0.5, 1])
        let chart = try #require(((data["layers"] as? [[String: Any]])?.first?["charts"] as? [[String: Any]])?.first)
        let series = try #require((chart["series"] as? [[String: Any]])?.first)
        #expect((series["values"] as? [Any])?.count == 3)
        #expect((series["values"] as? [Any])?[1] is NSNull)
        #expect((series["values"] as? [Any])?[2] as? Double == 3)
        let mark = try #require((chart["marks"] as? [[String: Any]])?.first)
        #expect(mark["timing"] as? String == "easeInEaseOut" && mark["begin"] as? Double == 0.25 && mark["end"] as? Double == 0.75)
        #expect(mark["keyPath"] as? String == "position.x")
    }

    @Test func thePageLoadsNothingFromOutside() {
        var page = ReportPage(title: "t")
        page.frames = [ReportPage.Frame(image: .file("frame-00000.png"), label: "frame 0", time: 0)]
        let html = page.html()
        #expect(html.contains("content=\"default-src 'none'; img-src 'self' data: file:;"))
        // The one "http:" is SVG's namespace name, which is not fetched.
        #expect(html.components(separatedBy: "http:").count - 1 == 1 && !html.contains("https:") && html.contains("'http://www.w3.org/2000/svg'"))
        #expect(!html.contains("<link") && !html.contains("url("))
        #expect(!html.contains("src=\"http"))
    }

    @Test func aReferencedFrameIsAPercentEncodedRelativePath() {
        #expect(ReportPage.Image.file("frame-00001.png").source == "frame-00001.png")
        #expect(ReportPage.Image.file("a b#?%é.png").source == "a%20b%23%3F%25%C3%A9.png")
    }

    @Test func theSignatureTellsAnUneditedPageFromAnythingElse() {
        let html = Array(ReportPage(title: "sig").html().utf8)
        #expect(ReportPage.isUnmodified(html))
        var edited = html
        edited[edited.count - 3] ^= 1
        #expect(!ReportPage.isUnmodified(edited))
        #expect(!ReportPage.isUnmodified(Array("<!DOCTYPE html>\n<p>mine</p>".utf8)))
        #expect(!ReportPage.isUnmodified([]))
    }

    @Test func jsonStringsEscapeWhatCouldEndAScript() {
        #expect(HTMLEscaping.jsonString("</script>&\u{2028}\"\\\n\u{1}") == "\"\\u003c/script\\u003e\\u0026\\u2028\\\"\\\\\\n\\u0001\"")
        #expect(HTMLEscaping.text("<a href='x'>&</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;")
        #expect(HTMLEscaping.jsonNumber(.nan) == "null" && HTMLEscaping.jsonNumber(2) == "2" && HTMLEscaping.jsonNumber(0.25) == "0.25")
    }
}
