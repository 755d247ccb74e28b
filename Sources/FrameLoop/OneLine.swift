/// Keeps every message on one line: user text echoed in a message has its control characters escaped.
public enum OneLine {
    /// `text` with control characters and line or paragraph separators written as escapes
    /// (`\n`, `\r`, `\t`, `\u{1B}`), so a scene name or file name with a newline cannot split a message.
    public static func escape(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isControl(s) { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(s) }
            }
        }
        return out
    }

    /// `'text'`, escaped as by `escape`: how messages echo what the user typed.
    public static func quote(_ text: String) -> String { "'" + escape(text) + "'" }

    /// True for C0 and C1 controls, DEL and the Unicode line and paragraph separators.
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// True when `text` has a character `isControl` names.
    public static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains(where: isControl) }
}
