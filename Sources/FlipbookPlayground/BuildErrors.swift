import Foundation

/// The errors of a failed `swift build`, read from swiftc's (and the linker driver's) output lines
/// `FILE:LINE:COLUMN: error: MESSAGE`, for `watch` to show over the running window and print.
struct BuildError: Equatable, Codable {
    /// The file as the compiler named it (absolute, as SwiftPM passes sources).
    var file: String
    /// 1-based line and column.
    var line: Int, column: Int
    /// The message after `error: `.
    var message: String

    /// The errors in `output`, in order, each once (swiftc repeats an error for every file the
    /// module's compile job covers, and prints the source line and caret under it, which are
    /// skipped). Warnings and notes are left out.
    static func parse(_ output: String) -> [BuildError] {
        var found: [BuildError] = []
        for raw in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let error = parse(line: String(raw)), !found.contains(error) else { continue }
            found.append(error)
        }
        return found
    }

    /// One `FILE:LINE:COLUMN: error: MESSAGE` line, or nil. The file may itself hold colons; the
    /// line and column are the last two numbers before `: error: `.
    static func parse(line: String) -> BuildError? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        let head = line[..<marker.lowerBound]
        let parts = head.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]), l > 0, c > 0 else { return nil }
        let file = parts.dropLast(2).joined(separator: ":").trimmingCharacters(in: .whitespaces)
        guard !file.isEmpty else { return nil }
        return BuildError(file: file, line: l, column: c, message: String(line[marker.upperBound...]))
    }

    /// `file:line:column: message`, with `file` relative to `root` when inside it.
    func heading(relativeTo root: String) -> String {
        let shown = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        return "\(shown):\(line):\(column): \(message)"
    }

    /// Up to `context` lines of source on each side of the error's line, numbered, and a caret
    /// under its column; [] when the file cannot be read.
    func excerpt(context: Int = 2) -> [String] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return [] }
        let first = max(1, line - context), last = min(lines.count, line + context)
        let width = String(last).count
        var out: [String] = []
        for n in first...last {
            let number = String(repeating: " ", count: width - String(n).count) + String(n)
            out.append("\(number) | \(lines[n - 1].replacingOccurrences(of: "\t", with: "    "))")
            if n == line { out.append(String(repeating: " ", count: width) + " | " + String(repeating: " ", count: max(0, column - 1)) + "^") }
        }
        return out
    }

    /// What the window's overlay shows for `errors`: a title, then each error's heading and, for
    /// the first `excerpts`, its source (at most `maxLines` lines in all).
    static func overlayLines(_ errors: [BuildError], root: String, excerpts: Int = 2, maxLines: Int = 24) -> [String] {
        guard !errors.isEmpty else { return [] }
        var lines = ["build failed: \(errors.count) error\(errors.count == 1 ? "" : "s") — the last good build keeps running"]
        for (i, e) in errors.enumerated() {
            lines.append(e.heading(relativeTo: root))
            if i < excerpts { lines += e.excerpt() }
        }
        return Array(lines.prefix(maxLines))
    }
}
