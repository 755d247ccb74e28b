import FrameLoop
import RasterIO

/// Script files: read byte for byte by name (`Files`), checked as UTF-8, then parsed.
extension InputScript {
    /// Reads and parses a script file; the name is used byte for byte (see `Files`).
    ///
    /// Line ends may be LF, CRLF or CR, and a UTF-8 byte-order mark is skipped. Text that is not
    /// UTF-8 is refused naming the first line that is not.
    public static func load(path: String) throws -> InputScript {
        let data: [UInt8]
        do { data = try Files.read(path, limit: maxFileSize) } catch let e as Files.Failure {
            throw ParseError(file: path, line: 0, message: "cannot read the input script: \(e.description)")
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            var line = 1, start = bytes.startIndex, i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                if b == 0x0A || b == 0x0D {
                    if String(validating: bytes[start..<i], as: UTF8.self) == nil { break }
                    if b == 0x0D, i + 1 < bytes.endIndex, bytes[i + 1] == 0x0A { i += 1 }
                    line += 1; start = i + 1
                }
                i += 1
            }
            throw ParseError(file: path, line: line, message: "not UTF-8 text; save the script as UTF-8")
        }
        return try parse(text, file: path)
    }
}
