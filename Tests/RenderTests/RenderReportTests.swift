import Flipbook
import Foundation
import FrameLoop
@testable import HTMLReport
import RasterIO
@testable import Render
import TestSupport
import Testing

/// Two named layers, each with one animation (test-only): `box` slides on an ease-in-ease-out
/// curve from 0.25 s to 0.75 s; a layer named like markup fades in on a spring.
final class MarkedScene: Scene {
    static let name = "marked"
    static let summary = "Named layers with one animation each (tests)"
    static let oddName = "</script><script>alert(1)</script>"
    let rootLayer = CALayer()
    init() {}
    func setUp(size: CGSize, time: Double) {
        let box = CALayer()
        box.name = "box"
        box.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        box.position = CGPoint(x: 10, y: 10)
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        rootLayer.addSublayer(box)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 40
        slide.beginTime = time + 0.25
        slide.duration = 0.5
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        box.add(slide, forKey: "slide")
        let odd = CALayer()
        odd.name = Self.oddName
        odd.frame = CGRect(x: 20, y: 20, width: 8, height: 8)
        odd.backgroundColor = CGColor(gray: 1, alpha: 1)
        rootLayer.addSublayer(odd)
        let fade = CASpringAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        odd.add(fade, forKey: "fade")
    }
}

extension HeadlessRenderTests {
/// `flipbook report` and `render --report`: the trace's animation events, the page made of a
/// render's folder (every frame, the trace's values, escaped names) and what is refused.
/// Nested in `HeadlessRenderTests` for its `.serialized`: SDL is one per process (a render that
/// ends shuts its session down) and its event queue is one too, so a render running beside
/// another took that one's script events (a CI run saw the slide removed at 0.70 s, not 0.75).
@Suite struct RenderReportTests {
    let fm = FileManager.default

    /// Renders `marked` for 1 s at 30 fps (every 5th frame kept, 7 frames) with its trace in the folder.
    func render() throws -> (folder: String, trace: String) {
        var o = RenderOptions(sceneName: MarkedScene.name, width: 48, height: 32, frameCount: 31, outDirectory: HeadlessRenderTests.tempDir("report"))
        o.fps = 30
        o.dump = .every(5)
        o.tracePath = o.outDirectory! + "/trace.jsonl"
        let result = try HeadlessDriver.render(o, registry: [MarkedScene.self])
        #expect(result.frames.count == 7)
        return (o.outDirectory!, try #require(result.trace))
    }

    /// The JSON block the page's script reads, decoded.
    static func pageData(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"flipbook-data\">"
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
    }

    func lines(_ trace: String) throws -> [[String: Any]] {
        try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func theTraceSaysWhenEachAnimationStartsAndGoesAndThroughWhichCurve() throws {
        let (folder, trace) = try render()
        defer { try? fm.removeItem(atPath: folder) }
        let lines = try lines(trace)
        #expect(lines.count == 31)
        // Every line keeps the earlier form: frame, t, layers.
        for (n, line) in lines.enumerated() {
            // (Foundation's JSON reader may be an ulp off the shortest form the trace writes.)
            #expect(line["frame"] as? Int == n && abs((line["t"] as? Double ?? -1) - Double(n) / 30) < 1e-12 && line["layers"] is [String: Any])
        }
        let events = lines.enumerated().flatMap { n, line in ((line["animations"] as? [[String: Any]]) ?? []).map { (n, $0) } }
        let starts = events.filter { $0.1["event"] as? String == "start" }
        #expect(starts.count == 2)
        let slide = try #require(starts.first { $0.1["layer"] as? String == "box" })
        #expect(slide.0 == 0) // committed in frame 0, though it begins later
        #expect(slide.1["key"] as? String == "slide" && slide.1["keyPath"] as? String == "position.x")
        #expect(slide.1["type"] as? String == "CABasicAnimation" && slide.1["timing"] as? String == "easeInEaseOut")
        #expect(abs((slide.1["begin"] as? Double ?? -1) - 0.25) < 1e-9 && abs((slide.1["end"] as? Double ?? -1) - 0.75) < 1e-9)
        let fade = try #require(starts.first { $0.1["layer"] as? String == MarkedScene.oddName })
        #expect(fade.1["timing"] as? String == "spring(mass 1, stiffness 100, damping 10, initialVelocity 0)")
        #expect(fade.1["type"] as? String == "CASpringAnimation")
        // Removed when it ended: the first frame at or after 0.75 s without it.
        let removed = try #require(events.first { $0.1["event"] as? String == "remove" && $0.1["layer"] as? String == "box" })
        #expect(removed.1["key"] as? String == "slide")
        #expect(Double(removed.0) / 30 >= 0.75 - 1e-9 && Double(removed.0) / 30 <= 0.75 + 2.0 / 30, "removed at frame \(removed.0)")
        // The fade lasts 2 s: still running at the end, never removed.
        #expect(!events.contains { $0.1["event"] as? String == "remove" && $0.1["layer"] as? String == MarkedScene.oddName })
    }

    @Test func thePageHoldsEveryFrameAndPlotsTheTracesValuesWithTheAnimationsMarked() throws {
        let (folder, trace) = try render()
        defer { try? fm.removeItem(atPath: folder) }
        let written = try RenderReport.write(RenderReport.Options(folder: folder))
        #expect(written.path == Files.realPath(folder)! + "/report.html" && written.embedded && !written.replaced && written.frames == 7)
        let html = try String(contentsOfFile: written.path, encoding: .utf8)
        for n in stride(from: 0, through: 30, by: 5) {
            let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + OutputPaths.frameName(n)))
            #expect(html.contains("data:image/png;base64," + png.base64EncodedString()), "frame \(n) is not in the page")
        }
        let data = try Self.pageData(html)
        let lines = try lines(trace)
        // The page's numbers are the trace's text: both read by one reader, they are equal.
        #expect(data["times"] as? [Double] == lines.map { $0["t"] as! Double })
        let frames = try #require(data["frames"] as? [[String: Any]])
        #expect(frames.map { $0["label"] as? String } == stride(from: 0, through: 30, by: 5).map { "frame \($0)" })
        #expect(frames.map { $0["time"] as? Double } == stride(from: 0, through: 30, by: 5).map { Double($0) / 30 })
        let layers = try #require(data["layers"] as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == ["box", MarkedScene.oddName])
        // box: position.x moves (a line equal to the trace's x), y stays (text); one mark, the slide.
        let charts = try #require(layers[0]["charts"] as? [[String: Any]])
        #expect(charts.map { $0["key"] as? String } == ["position"])
        let series = try #require(charts[0]["series"] as? [[String: Any]])
        #expect(series.map { $0["name"] as? String } == ["x"])
        let traced = lines.map { (($0["layers"] as! [String: Any])["box"] as! [String: Any])["position"] as! [Double] }
        #expect(series[0]["values"] as? [Double] == traced.map { $0[0] })
        #expect(Set(traced.map { $0[0] }).count > 5) // it did move
        #expect(charts[0]["steady"] as? [String] == ["y 10"])
        let marks = try #require(charts[0]["marks"] as? [[String: Any]])
        #expect(marks.count == 1 && marks[0]["timing"] as? String == "easeInEaseOut" && marks[0]["keyPath"] as? String == "position.x")
        #expect(abs((marks[0]["begin"] as? Double ?? 0) - 0.25) < 1e-9 && abs((marks[0]["end"] as? Double ?? 0) - 0.75) < 1e-9)
        // The layer named like markup: its opacity plotted, its name never markup in the page.
        let odd = try #require(layers[1]["charts"] as? [[String: Any]])
        #expect(odd.map { $0["key"] as? String } == ["opacity"])
        #expect(((odd[0]["marks"] as? [[String: Any]])?.first?["timing"] as? String)?.hasPrefix("spring(") == true)
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(!html.contains(MarkedScene.oddName))
    }

    @Test func bigFramesAreReferencedBesideThePageAndAnUneditedPageIsReplaced() throws {
        let (folder, _) = try render()
        defer { try? fm.removeItem(atPath: folder) }
        var options = RenderReport.Options(folder: folder)
        options.embedLimit = 100 // bytes: every frame is over it together
        let first = try RenderReport.write(options)
        #expect(!first.embedded && !first.replaced)
        let html = try String(contentsOfFile: first.path, encoding: .utf8)
        let frames = try #require(try Self.pageData(html)["frames"] as? [[String: Any]])
        #expect(frames.map { $0["src"] as? String } == stride(from: 0, through: 30, by: 5).map { OutputPaths.frameName($0) })
        #expect(!html.contains("data:image/png"))
        // The page is Flipbook's and unedited: made again, it is replaced.
        let second = try RenderReport.write(RenderReport.Options(folder: folder))
        #expect(second.replaced && second.embedded)
        // The render made the folder: its marker lists the page, so render --replace can take it.
        #expect(OutputReplacement.markedNames(in: folder)?.contains("report.html") == true)
        // Edited, it is the user's: refused, and left as it is.
        try (String(contentsOfFile: second.path, encoding: .utf8) + "<p>my note</p>").write(toFile: second.path, atomically: false, encoding: .utf8)
        let edited = try Data(contentsOf: URL(fileURLWithPath: second.path))
        let error = #expect(throws: HostError.self) { try RenderReport.write(RenderReport.Options(folder: folder)) }
        #expect(error?.description.contains("report.html' already exists and Flipbook never overwrites a file it did not create") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: second.path)) == edited)
    }

    @Test func badInputIsOneLineAndWritesNothing() throws {
        let root = HeadlessRenderTests.tempDir("report-bad")
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: root) }
        func refusal(_ folder: String, trace: String? = nil) -> String {
            var o = RenderReport.Options(folder: folder)
            o.trace = trace
            do { _ = try RenderReport.write(o) } catch { return "\(error)" }
            return "written"
        }
        #expect(refusal(root + "/missing").contains("does not exist"))
        #expect(refusal(root).contains("holds no frame-NNNNN.png files"))
        try "not a PNG".write(toFile: root + "/frame-00000.png", atomically: false, encoding: .utf8)
        #expect(refusal(root).contains("frame-00000.png' is not a PNG file"))
        // A real frame and a broken trace.
        let (folder, trace) = try render()
        defer { try? fm.removeItem(atPath: folder) }
        let text = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let broken = root + "/broken.jsonl"
        try (text[0] + "\n" + text[1].dropLast(3) + "\n").write(toFile: broken, atomically: false, encoding: .utf8)
        let message = refusal(folder, trace: broken)
        #expect(message.contains("is not a Flipbook trace: line 2: ") && !message.contains("\n"), "\(message)")
        // A trace of another render (too few lines).
        let short = root + "/short.jsonl"
        try (text[0] + "\n").write(toFile: short, atomically: false, encoding: .utf8)
        #expect(refusal(folder, trace: short).contains("has no line for frame 5"))
        #expect(refusal(folder, trace: root + "/none.jsonl").contains("cannot read the trace"))
        #expect(!fm.fileExists(atPath: folder + "/report.html"))
        // Someone else's report.html is never replaced.
        try "<p>mine</p>".write(toFile: folder + "/report.html", atomically: false, encoding: .utf8)
        #expect(refusal(folder).contains("already exists and Flipbook never overwrites"))
        #expect(try String(contentsOfFile: folder + "/report.html", encoding: .utf8) == "<p>mine</p>")
    }

    @Test func theCommandLineReportsAndRefusesWithOneLine() throws {
        let root = FlipbookCommand.tmp("report-cli")
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: root) }
        let made = try FlipbookCommand.run(["render", "hello", "--size", "32x18", "--frames", "3", "--out", "r", "--report"], cwd: root)
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.contains("report: \(Files.realPath(root + "/r")!)/report.html"), "\(made.out)")
        #expect(fm.fileExists(atPath: root + "/r/report.html") && fm.fileExists(atPath: root + "/r/trace.jsonl"))
        let again = try FlipbookCommand.run(["report", "r"], cwd: root)
        #expect(again.status == 0 && again.out.contains("replacing the earlier report"), "\(again.out) \(again.err)")
        let missing = try FlipbookCommand.run(["report", "nothing-here"], cwd: root)
        #expect(missing.status == 2 && missing.err.split(separator: "\n").count == 1 && missing.err.contains("does not exist"), "\(missing.err)")
        let noOut = try FlipbookCommand.run(["render", "hello", "--frames", "2", "--sheet", "s.png", "--report"], cwd: root)
        #expect(noOut.status == 2 && noOut.err.contains("--report needs --out"), "\(noOut.err)")
        #expect(!fm.fileExists(atPath: root + "/s.png"))
        // A report.html that is not Flipbook's is refused before anything is rendered.
        try fm.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        try "<p>mine</p>".write(toFile: root + "/mine/report.html", atomically: false, encoding: .utf8)
        let refused = try FlipbookCommand.run(["render", "hello", "--size", "32x18", "--frames", "2", "--out", "mine", "--report"], cwd: root)
        #expect(refused.status == 2 && refused.err.contains("report.html' already exists"), "\(refused.err)")
        #expect((try fm.contentsOfDirectory(atPath: root + "/mine")) == ["report.html"])
    }
}
}
