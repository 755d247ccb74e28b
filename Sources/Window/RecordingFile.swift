import FrameLoop
import Render
import Foundation
import Glibc
import RasterIO

/// The file `flipbook run --record-input FILE` writes when the window closes, with a render's file
/// rules: the name is checked before the window opens (a new file in an existing writable folder;
/// anything that exists is refused, never replaced), the text is written whole into a hidden file
/// beside it and given its name with `link`, which never replaces; a failed save leaves nothing.
public struct RecordingFile {
    /// The checked path the recording will have.
    public let path: String

    /// Checks `path` now, before the window opens.
    /// - Throws: `HostError` when the file exists (never replaced), the folder is missing or not
    /// writable, or the name is unusable.
    public init(path: String) throws {
        self.path = try OutputPaths.target(path, option: "--record-input", example: "session.script", out: "", frames: [])
    }

    /// Writes `text` and puts it in place.
    public func save(_ text: String) throws {
        let staged = OutputPaths.stagingName(in: Files.split(path).parent)
        do {
            try Files.withCName(staged) { try Files.write(Array(text.utf8), to: $0, name: staged) }
        } catch let e as Files.Failure {
            throw HostError("cannot write the input recording \(OneLine.quote(path)): \(Files.reason(e.code))")
        }
        defer { _ = Files.withCName(staged) { unlink($0) } }
        if Files.withCName(staged, { s in Files.withCName(path) { link(s, $0) } }) == 0 { return }
        let e = errno
        if e == EEXIST || Files.exists(path) {
            throw OutputPaths.existing(path, advice: "it appeared while the window was open; the recording was not written")
        }
        // File systems without hard links: the name was free a moment ago.
        guard [EPERM, EOPNOTSUPP, ENOSYS, EXDEV, EMLINK].contains(e),
              Files.withCName(staged, { s in Files.withCName(path) { rename(s, $0) } }) == 0 else {
            throw HostError("cannot put the input recording \(OneLine.quote(path)) in place: \(Files.reason(e))")
        }
    }
}
