import FrameLoop

/// A JSON value as a trace line holds it, objects in the order written (a trace lists layers in
/// tree order, which the report keeps), read by a small parser that names the column of an error.
enum TraceJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TraceJSON])
    case object([(String, TraceJSON)])

    static func == (a: TraceJSON, b: TraceJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    /// The member `key` of an object (the first of equal keys), or nil.
    subscript(key: String) -> TraceJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// A number, or nil (JSON's null for NaN included).
    var number: Double? { if case .number(let d) = self { d } else { nil } }
    /// A string, or nil.
    var string: String? { if case .string(let s) = self { s } else { nil } }

    /// Parses one line: a single JSON value with nothing after it but spaces.
    /// - Throws: the problem and its column (1-based), as text.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> TraceJSON {
        var p = Parser(bytes: bytes, at: bytes.startIndex, depth: 0)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        guard p.at == bytes.endIndex else { throw p.error("unexpected text after the value") }
        return v
    }

    struct ParseError: Error { let message: String }

    private struct Parser {
        let bytes: ArraySlice<UInt8>
        var at: Int
        var depth: Int

        func error(_ what: String) -> ParseError { ParseError(message: "\(what) at column \(at - bytes.startIndex + 1)") }

        mutating func skipSpace() {
            while at < bytes.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[at]) { at += 1 }
        }

        mutating func expect(_ word: String) throws(ParseError) {
            for b in word.utf8 {
                guard at < bytes.endIndex, bytes[at] == b else { throw error("expected \(word)") }
                at += 1
            }
        }

        mutating func value() throws(ParseError) -> TraceJSON {
            guard at < bytes.endIndex else { throw error("unexpected end of line") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try container(close: UInt8(ascii: "}"), object: true)
            case UInt8(ascii: "["): return try container(close: UInt8(ascii: "]"), object: false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func container(close: UInt8, object: Bool) throws(ParseError) -> TraceJSON {
            depth += 1
            guard depth <= 64 else { throw error("nested more than 64 deep") }
            defer { depth -= 1 }
            at += 1
            var members: [(String, TraceJSON)] = [], items: [TraceJSON] = []
            skipSpace()
            if at < bytes.endIndex, bytes[at] == close { at += 1; return object ? .object([]) : .array([]) }
            while true {
                skipSpace()
                if object {
                    guard at < bytes.endIndex, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                    let key = try string()
                    skipSpace()
                    guard at < bytes.endIndex, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    at += 1
                    skipSpace()
                    members.append((key, try value()))
                } else {
                    items.append(try value())
                }
                skipSpace()
                guard at < bytes.endIndex else { throw error("unexpected end of line") }
                if bytes[at] == close { at += 1; break }
                guard bytes[at] == UInt8(ascii: ",") else { throw error(object ? "expected ',' or '}'" : "expected ',' or ']'") }
                at += 1
            }
            return object ? .object(members) : .array(items)
        }

        mutating func string() throws(ParseError) -> String {
            at += 1
            var out: [UInt8] = []
            while at < bytes.endIndex {
                let b = bytes[at]
                at += 1
                switch b {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard at < bytes.endIndex else { throw error("unfinished escape") }
                    let e = bytes[at]
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), at + 1 < bytes.endIndex, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                            at += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate") }
                        out += Array(String(Character(scalar)).utf8)
                    default: throw error("unknown escape")
                    }
                default:
                    guard b >= 0x20 else { throw error("a control character in a string") }
                    out.append(b)
                }
            }
            throw error("unfinished string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard at < bytes.endIndex, let d = Self.hexDigit(bytes[at]) else { throw error("expected four hex digits") }
                v = v * 16 + d
                at += 1
            }
            return v
        }

        static func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = at
            while at < bytes.endIndex, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            guard at > start, let d = Double(String(decoding: bytes[start..<at], as: UTF8.self)), d.isFinite else {
                at = start
                throw error("expected a value")
            }
            return d
        }
    }
}
