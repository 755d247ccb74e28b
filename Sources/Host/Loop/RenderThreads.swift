import Foundation

/// How many threads composite a frame: `--threads N`, else FLIPBOOK_THREADS, else 1 (one per core
/// once bands are byte-exact in every scene: the cities scene still differs at a few pixels).
public enum RenderThreads {
    /// Most threads accepted.
    public static let max = 64

    /// FLIPBOOK_THREADS when set to a whole number in 1…64, else 1.
    /// (A malformed value is reported by `validated` where the command line reads it.)
    public static var `default`: Int {
        if let text = ProcessInfo.processInfo.environment["FLIPBOOK_THREADS"], let n = try? parse(text, from: "FLIPBOOK_THREADS") { return n }
        // One thread until bands are byte-exact in every scene (see docs/ARCHITECTURE.md).
        return 1
    }

    /// The count to use: `option` (`--threads N`) when given, else FLIPBOOK_THREADS when set, else
    /// `default`; an error in one line when either is not a whole number in 1…64.
    public static func resolve(option: Int?) throws -> Int {
        if let option { return try parse(String(option), from: "--threads") }
        if let text = ProcessInfo.processInfo.environment["FLIPBOOK_THREADS"] { return try parse(text, from: "FLIPBOOK_THREADS") }
        return `default`
    }

    /// `text` as a thread count, or an error naming `source` in one line.
    public static func parse(_ text: String, from source: String) throws -> Int {
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)), (1...max).contains(n) else {
            throw HostError("\(source) '\(OneLine.escape(text))' is not a thread count in 1…\(max)")
        }
        return n
    }
}
