import ArgumentParser
import Foundation

/// `WxH` with positive integers, e.g. 1280x720.
struct Size: CustomStringConvertible {
    var width: Int, height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w; height = h
    }
    /// `WxH`, as typed and as help shows the default.
    var description: String { "\(width)x\(height)" }
    static let standard = Size(argument: "1280x720")!

    /// `--size`'s parser: a message that says what is expected (ArgumentParser's own only says
    /// the value is invalid, and it quotes the value itself).
    static func parse(_ text: String) throws -> Size {
        guard let size = Size(argument: text) else {
            throw ValidationError("expected WxH in points, for example 1280x720")
        }
        return size
    }
}

/// A comma-separated list of times in seconds, `0,2.5,5`: `--at`'s parser.
func parseTimes(_ text: String) throws -> Times {
    guard let times = Times(argument: text) else {
        throw ValidationError("expected times in seconds separated by commas, for example 0,2.5,5")
    }
    return times
}

/// A comma-separated list of times in seconds: `0,2.5,5`.
struct Times {
    var values: [Double]
    init?(argument: String) {
        let vals = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !vals.isEmpty, vals.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        values = vals.map { $0! }
    }
}

/// `--appearance`: the light or the dark appearance a scene starts in.
enum Appearance: String, CustomStringConvertible {
    case light, dark
    /// As typed, and as help shows the default.
    var description: String { rawValue }

    /// `--appearance`'s parser, with a message that names the two choices.
    static func parse(_ text: String) throws -> Appearance {
        guard let a = Appearance(rawValue: text.lowercased()) else {
            throw ValidationError("expected light or dark")
        }
        return a
    }
}
