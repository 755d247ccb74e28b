import Foundation

/// How many threads composite a frame: `--threads N`, else FLIPBOOK_THREADS, else 1.
///
/// Not yet one per core (the default): bands give every scene's frames the bytes
/// one thread gives them at 320×180 (FrameDriver+DamageTests), but the cities golden at 640×360,
/// t = 0.5 s, still differs at 122 pixels by one level whenever the frame is cut at row 180
/// (any band count from 4 to 8), not yet traced (docs/ARCHITECTURE.md, Threads).
public enum RenderThreads {
    /// Most threads accepted.
    public static let max = 64

    /// FLIPBOOK_THREADS when set to a whole number in 1…64, else 1.
    /// (A malformed value is reported by `resolve` where the command line reads it.)
    public static var `default`: Int {
        if let text = ProcessInfo.processInfo.environment["FLIPBOOK_THREADS"], let n = try? parse(text, from: "FLIPBOOK_THREADS") { return n }
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
