/// The one error type for problems the user can fix: a bad option, a bad script line, a file that
/// cannot be written. Its description is one line (control characters escaped); the CLI prints it
/// after the program's name (`flipbook: `, `MyPlayground: `) and exits with status 2.
public struct HostError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, without the place.
    public let message: String
    /// The file the problem is in (an input script), if any.
    public let file: String?
    /// The 1-based line in `file`; 0 when no line is concerned.
    public let line: Int

    /// A problem not tied to a file or line; `message` is the whole line the user sees.
    public init(_ message: String) { self.message = message; file = nil; line = 0 }

    /// A problem at `file:line` (`line` 0: the file as a whole).
    public init(file: String, line: Int, message: String) { self.message = message; self.file = file; self.line = line }

    /// `file:line: message`, `file: message` or `message`, on one line.
    public var description: String {
        guard let file else { return OneLine.escape(message) }
        return OneLine.escape(line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)")
    }
}
