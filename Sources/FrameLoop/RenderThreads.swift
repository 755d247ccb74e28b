import Foundation

/// How many threads composite a frame: `--threads N`, else FLIPBOOK_THREADS, else one per core (at
/// most `maxDefault`). Bands give every frame the bytes one thread gives it
/// (FrameDriver+DamageTests compares every scene frame by frame, and the goldens pass on 1, 2 and
/// 3 threads), so the count changes speed only.
public enum RenderThreads {
    /// Most threads accepted.
    public static let max = 64

    /// Most threads the default takes: beyond about 16 bands, each band's own walk of the tree
    /// costs more than the band saves (`flipbook bench --filter threads` projects 8 and 16 cores).
    public static let maxDefault = 16

    /// FLIPBOOK_THREADS when set to a whole number in 1…64, else the active cores (1…`maxDefault`).
    /// (A malformed value is reported by `resolve` where the command line reads it.)
    public static var `default`: Int {
        if let text = ProcessInfo.processInfo.environment["FLIPBOOK_THREADS"], let n = try? parse(text, from: "FLIPBOOK_THREADS") { return n }
        return Swift.max(1, Swift.min(maxDefault, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The count to use: `option` (`--threads N`) when given, else FLIPBOOK_THREADS when set, else
    /// `otherwise` (default: `default`, one per core); an error in one line when either is not a
    /// whole number in 1…64.
    public static func resolve(option: Int?, otherwise: Int? = nil) throws -> Int {
        if let option { return try parse(String(option), from: "--threads") }
        if let text = ProcessInfo.processInfo.environment["FLIPBOOK_THREADS"] { return try parse(text, from: "FLIPBOOK_THREADS") }
        return otherwise ?? `default`
    }

    /// `text` as a thread count, or an error naming `source` in one line.
    public static func parse(_ text: String, from source: String) throws -> Int {
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)), (1...max).contains(n) else {
            throw HostError("\(source) '\(OneLine.escape(text))' is not a thread count in 1…\(max)")
        }
        return n
    }
}
