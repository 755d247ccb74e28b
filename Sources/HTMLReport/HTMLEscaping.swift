/// Text made safe for the places a report page puts it: HTML text and attributes, and JSON inside a
/// `<script>` element.
///
/// Names in a page come from users (a layer named `<script>`, a folder with a quote in it), so
/// nothing is written into the page unescaped: text and attributes escape `& < > " '`; JSON for a
/// script escapes `<`, `>` and `&` as `\u003c`…, so no string can close the script element or open a
/// comment, and U+2028/U+2029, which older JavaScript parsers took for line ends.
public enum HTMLEscaping {
    /// `s` as HTML text or a quoted attribute value.
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `s` as a JSON string literal (quotes included) that is also safe inside `<script>`.
    public static func jsonString(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }

    /// A JSON number: the shortest form that reads back as `d`; `null` for NaN and infinities,
    /// which JSON has no words for.
    public static func jsonNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
