import Foundation

/// The running program's name, which starts the one-line messages Flipbook writes on standard
/// error (`Examples: …` in a user's playground, `flipbook: …` in the shipped program), as command
/// line tools name themselves.
public enum ProgramName {
    /// The last path component of the command the program was started by; "flipbook" when there
    /// is none.
    public static let current: String = {
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        return name.isEmpty ? "flipbook" : name
    }()
}
