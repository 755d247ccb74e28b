import Foundation

/// A self-contained HTML page of frames and values: a scrubbable player (slider, play/pause, the
/// frame's number and time), a contact sheet of the same frames, plots of values over time with the
/// animations that moved them marked, and optionally the frames side by side.
///
/// `flipbook report` makes one of a render's folder; the test kit one of a failed golden image
/// (expected, actual and diff side by side). One file: the styles and the script are inline,
/// images are `data:` URIs or paths relative to the page, and its Content-Security-Policy lets
/// it load nothing else (no network, no external script or style). The frames and values are one
/// JSON block the inline script reads; every name in it is escaped for `<script>` (HTMLEscaping),
/// and the script sets names as text, never as markup, so a layer named `<script>` stays text.
public struct ReportPage: Sendable {
    /// An image the page shows.
    public enum Image: Equatable, Sendable {
        /// PNG bytes, embedded as a `data:image/png;base64,` URI.
        case png([UInt8])
        /// A path relative to the page (the page must stay beside it).
        case file(String)

        /// The `src` the page gives it.
        var source: String {
            switch self {
            case .png(let bytes): "data:image/png;base64," + Data(bytes).base64EncodedString()
            case .file(let path): path.split(separator: "/", omittingEmptySubsequences: false).map { Self.encode(String($0)) }.joined(separator: "/")
            }
        }

        /// A path segment with what a URL reads specially (`%`, `#`, `?`, spaces, non-ASCII) percent-encoded.
        static func encode(_ s: String) -> String {
            var out = ""
            for b in s.utf8 {
                let c = Character(Unicode.Scalar(b))
                if b < 0x80, c.isLetter || c.isNumber || "-._~!$&'()*+,;=:@".contains(c) { out.append(c) } else {
                    let hex = String(b, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return out
        }
    }

    /// One frame of the player and the contact sheet.
    public struct Frame: Equatable, Sendable {
        /// The image.
        public var image: Image
        /// What the player calls it ("frame 12", "expected").
        public var label: String
        /// Its media time in seconds, when known (the plots' cursor follows it).
        public var time: Double?
        /// A frame `label` at `time` showing `image`.
        public init(image: Image, label: String, time: Double?) {
            self.image = image
            self.label = label
            self.time = time
        }
    }

    /// One line of a plot: a value at each of the page's `times`, nil where it has none.
    public struct Series: Equatable, Sendable {
        /// The component's name (`x`, `width`, `m41`; the key itself for a single number).
        public var name: String
        /// One value per entry of `ReportPage.times`.
        public var values: [Double?]
        /// A series `name` with `values`.
        public init(name: String, values: [Double?]) {
            self.name = name
            self.values = values
        }
    }

    /// An animation marked on a plot: its span, shaded, and its curve's name.
    public struct Mark: Equatable, Sendable {
        /// The key it was added under.
        public var key: String
        /// The key path it animates, when it names one.
        public var keyPath: String?
        /// The animation's class.
        public var kind: String
        /// Its curve's name (`easeInEaseOut`, `cubic-bezier(…)`, `spring(…)`).
        public var timing: String
        /// When it begins, in seconds of media time.
        public var begin: Double
        /// When it ends (or was removed); nil: not within the page's times.
        public var end: Double?
        /// A mark of the animation `key` from `begin` to `end`.
        public init(key: String, keyPath: String?, kind: String, timing: String, begin: Double, end: Double?) {
            self.key = key
            self.keyPath = keyPath
            self.kind = kind
            self.timing = timing
            self.begin = begin
            self.end = end
        }
    }

    /// One plot: the changing components of one value, and the animations on its key path.
    public struct Chart: Equatable, Sendable {
        /// The value's key (`position`, `opacity`).
        public var key: String
        /// Its changing components, each a line.
        public var series: [Series]
        /// Components that kept one value, as text (`y = 300`).
        public var steady: [String]
        /// The animations whose key path starts with `key`.
        public var marks: [Mark]
        /// A plot of `key`.
        public init(key: String, series: [Series], steady: [String] = [], marks: [Mark] = []) {
            self.key = key
            self.series = series
            self.steady = steady
            self.marks = marks
        }
    }

    /// A layer's plots, under its name.
    public struct LayerPlots: Equatable, Sendable {
        /// The layer's name.
        public var layer: String
        /// One per value that changed.
        public var charts: [Chart]
        /// Values that never changed, as text (`opacity 1`).
        public var steady: [String]
        /// The plots of the layer `layer`.
        public init(layer: String, charts: [Chart], steady: [String] = []) {
            self.layer = layer
            self.charts = charts
            self.steady = steady
        }
    }

    /// The page's title (the scene, the folder or the golden image's name).
    public var title: String
    /// Lines under the title: sizes, counts, where things came from.
    public var facts: [String] = []
    /// The frames, in order.
    public var frames: [Frame] = []
    /// Show every frame side by side at the top (a failed golden's expected, actual and diff). Default: false.
    public var sideBySide = false
    /// Show the contact sheet of the frames. Default: true.
    public var showsSheet = true
    /// The plots' time axis: the media time of each value, ascending.
    public var times: [Double] = []
    /// Every traced layer's plots, in trace order.
    public var layers: [LayerPlots] = []
    /// Said under the plots, as text (why there are none, what was left out).
    public var plotNote: String?

    /// An empty page titled `title`.
    public init(title: String) { self.title = title }

    /// The page's HTML, signed (see `ReportPage.sign`).
    /// - Complexity: O(size of the images and values).
    public func html() -> String {
        var body = "<header><h1>" + HTMLEscaping.text(title) + "</h1>"
        for fact in facts { body += "<p class=\"fact\">" + HTMLEscaping.text(fact) + "</p>" }
        body += "</header>\n"
        if sideBySide { body += "<section id=\"side-by-side\"><h2>Side by side</h2><div id=\"side-grid\"></div></section>\n" }
        body += """
            <div class="top"><section id="player"><h2>Frames</h2>
            <div class="stage"><img id="frame-image" alt=""></div>
            <div class="controls"><button id="play" type="button">Play</button>
            <input id="frame-slider" type="range" min="0" max="\(max(0, frames.count - 1))" value="0" step="1" aria-label="frame">
            <span id="frame-number"></span><span id="frame-time"></span></div>
            <p class="hint">Drag the slider or use ← → and space.</p></section>

            """
        // The plots beside the player (below it on a narrow window), where their cursor is read; the sheet under both.
        if !layers.isEmpty || plotNote != nil {
            body += "<section id=\"plots\"><h2>Presentation values over time</h2>"
            if let plotNote { body += "<p class=\"note\">" + HTMLEscaping.text(plotNote) + "</p>" }
            body += "<div id=\"plot-list\"></div></section>"
        }
        body += "</div>\n"
        if showsSheet { body += "<section id=\"sheet\"><h2>Contact sheet</h2><div id=\"sheet-grid\"></div></section>\n" }
        let page = """
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="Flipbook">
            <title>\(HTMLEscaping.text(title))</title>
            <style>\(Self.style)</style></head>
            <body\(sideBySide ? " class=\"compare\"" : "")>
            \(body)<script type="application/json" id="flipbook-data">\(dataJSON())</script>
            <script>\(Self.script)</script>
            </body></html>

            """
        return Self.sign(page)
    }

    /// The policy the page declares: images from itself, its folder and `data:` URIs; its inline
    /// style and script; nothing else, so it cannot reach the network.
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self' data: file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// The JSON the page's script reads (see the type's comment for the escaping).
    func dataJSON() -> String {
        var j = "{\"frames\":["
        for (i, f) in frames.enumerated() {
            if i > 0 { j += "," }
            // A data: URI is base64 (letters, digits, + / =) after an ASCII prefix: nothing in it
            // to escape, and escaping it scalar by scalar was most of the time a large page took.
            let src = if case .png = f.image { "\"" + f.image.source + "\"" } else { HTMLEscaping.jsonString(f.image.source) }
            j += "{\"src\":" + src + ",\"label\":" + HTMLEscaping.jsonString(f.label)
                + ",\"time\":" + (f.time.map(HTMLEscaping.jsonNumber) ?? "null") + "}"
        }
        j += "],\"sideBySide\":\(sideBySide),\"sheet\":\(showsSheet),\"times\":[" + times.map(HTMLEscaping.jsonNumber).joined(separator: ",")
        j += "],\"layers\":["
        for (i, l) in layers.enumerated() {
            if i > 0 { j += "," }
            j += "{\"name\":" + HTMLEscaping.jsonString(l.layer) + ",\"steady\":" + Self.strings(l.steady) + ",\"charts\":["
            for (k, c) in l.charts.enumerated() {
                if k > 0 { j += "," }
                j += "{\"key\":" + HTMLEscaping.jsonString(c.key) + ",\"steady\":" + Self.strings(c.steady) + ",\"series\":["
                j += c.series.map { s in
                    "{\"name\":" + HTMLEscaping.jsonString(s.name) + ",\"values\":["
                        + s.values.map { $0.map(HTMLEscaping.jsonNumber) ?? "null" }.joined(separator: ",") + "]}"
                }.joined(separator: ",")
                j += "],\"marks\":["
                j += c.marks.map { m in
                    "{\"key\":" + HTMLEscaping.jsonString(m.key) + ",\"keyPath\":" + (m.keyPath.map(HTMLEscaping.jsonString) ?? "null")
                        + ",\"kind\":" + HTMLEscaping.jsonString(m.kind) + ",\"timing\":" + HTMLEscaping.jsonString(m.timing)
                        + ",\"begin\":" + HTMLEscaping.jsonNumber(m.begin) + ",\"end\":" + (m.end.map(HTMLEscaping.jsonNumber) ?? "null") + "}"
                }.joined(separator: ",")
                j += "]}"
            }
            j += "]}"
        }
        return j + "]}"
    }

    private static func strings(_ list: [String]) -> String { "[" + list.map(HTMLEscaping.jsonString).joined(separator: ",") + "]" }
}
