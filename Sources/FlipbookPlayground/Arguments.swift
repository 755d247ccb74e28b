import ArgumentParser
import Foundation

/// `WxH` with positive integers, e.g. 1280x720.
struct Size: ExpressibleByArgument {
    var width: Int, height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w; height = h
    }
    static var defaultValueDescription: String { "1280x720" }
    static let standard = Size(argument: "1280x720")!
}

/// A comma-separated list of times in seconds: `0,2.5,5`.
struct Times: ExpressibleByArgument {
    var values: [Double]
    init?(argument: String) {
        let vals = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !vals.isEmpty, vals.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        values = vals.map { $0! }
    }
}
