import Flipbook

/// Key names in scripts and Flipbook's key codes, below SDL: what an input script's `key` line
/// accepts, what a recording writes for a key, and the playground's key for each.
///
/// A code has SDL 2's keycode value, so a hex code in a recording means the same key in the window:
/// a key that types a character is its Unicode scalar (lowercase for letters), any other key its
/// USB HID usage (scancode, `KeyNames+Table.swift`) with bit 30 set. Names follow SDL's
/// `SDL_GetKeyFromName` and `SDL_GetKeyName` exactly (Render's SDLSession maps SDL's keycodes through
/// these): one character names itself, longer names are the scancode table's, compared ASCII
/// case-insensitively, the lowest scancode winning.
package enum KeyNames {
    /// Bit 30: a code that is a scancode, not a character (SDL's `SDLK_SCANCODE_MASK`).
    static let scancodeBit: UInt32 = 1 << 30

    /// The keys whose names are words but whose codes are characters: code → scancode (Return,
    /// Escape, Backspace, Tab, Space, Delete).
    private static let characterKeys: [UInt32: Int] = [0x0D: 40, 0x1B: 41, 0x08: 42, 0x09: 43, 0x20: 44, 0x7F: 76]

    /// Short names scripts may use besides the table's ("Return", "Escape", "A", …); `minus` and
    /// `equals` are time travel's back and forward keys (`-` and `=` in the table).
    static let aliases: [String: String] = [
        "enter": "Return", "esc": "Escape", "period": ".", "dot": ".", "space": "Space", "comma": ",",
        "minus": "-", "equals": "=",
    ]

    /// Each name of the table (ASCII lowercased) and its code; the lowest scancode of a name wins.
    private static let codesByName: [String: UInt32] = {
        var codes: [String: UInt32] = [:]
        for (scancode, name) in scancodeNames.enumerated() where name.utf8.count > 1 {
            let lower = asciiLowercased(name)
            if codes[lower] == nil { codes[lower] = characterKeys.first { $0.value == scancode }?.key ?? UInt32(scancode) | scancodeBit }
        }
        return codes
    }()

    /// A keycode written in hex (`0x4000004f`), how a recording names a key whose name has a
    /// space or `#` in it or does not name it back; nil for anything else and for 0.
    package static func hexCode(_ name: String) -> UInt32? {
        guard name.lowercased().hasPrefix("0x"), let v = Int32(name.dropFirst(2), radix: 16), v != 0 else { return nil }
        return UInt32(bitPattern: v)
    }

    /// The code a script key name means (a hex code, an alias, one character or a table name),
    /// or nil when no key has that name.
    package static func code(for name: String) -> UInt32? {
        if let code = hexCode(name) { return code }
        return codeFromName(aliases[name.lowercased()] ?? name)
    }

    /// `SDL_GetKeyFromName`: one character is its own code (A–Z lowercased); a longer name is the
    /// table's (whose names are ASCII: one starting with a non-ASCII character names nothing).
    private static func codeFromName(_ name: String) -> UInt32? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return nil }
        if first >= 0xC0 || bytes.count == 1 {
            guard name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first else { return nil }
            let v = scalar.value
            return (0x41...0x5A).contains(v) ? v + 32 : v
        }
        return codesByName[asciiLowercased(name)]
    }

    /// `SDL_GetKeyName`: a scancode code's table name ("" for none), a word for the keys of
    /// `characterKeys`, else the character (letters in upper case).
    package static func name(for code: UInt32) -> String {
        if code & scancodeBit != 0 {
            let scancode = Int(code & ~scancodeBit)
            return scancode < scancodeNames.count ? scancodeNames[scancode] : ""
        }
        if let scancode = characterKeys[code] { return scancodeNames[scancode] }
        let c = (0x61...0x7A).contains(code) ? code - 32 : code
        return String(decoding: utf8(c), as: UTF8.self)
    }

    /// SDL's UCS-4 to UTF-8, byte for byte (surrogates and values past U+10FFFF included, which
    /// decoding then repairs as SDL's callers' `String(cString:)` did).
    private static func utf8(_ c: UInt32) -> [UInt8] {
        switch c {
        case 0: []
        case ...0x7F: [UInt8(c)]
        case ...0x7FF: [0xC0 | UInt8(c >> 6), 0x80 | UInt8(c & 0x3F)]
        case ...0xFFFF: [0xE0 | UInt8(c >> 12), 0x80 | UInt8((c >> 6) & 0x3F), 0x80 | UInt8(c & 0x3F)]
        default: [0xF0 | UInt8((c >> 18) & 0x07), 0x80 | UInt8((c >> 12) & 0x3F), 0x80 | UInt8((c >> 6) & 0x3F), 0x80 | UInt8(c & 0x3F)]
        }
    }

    /// The name a recording writes for a code: the key's own name when it is one word that names
    /// the key back, else the hex code.
    package static func scriptName(for code: UInt32) -> String {
        let name = name(for: code)
        let oneWord = !name.isEmpty && !name.contains("#") && !name.unicodeScalars.contains { $0.properties.isWhitespace }
        if oneWord, hexCode(name) == nil, codeFromName(name) == code { return name }
        return "0x" + String(code, radix: 16)
    }

    /// The playground's key for a script key name (`space`, `enter`, `a`, the table's names), or
    /// nil when no key has that name: what a script's `key` line presses (FlipbookTesting uses it).
    package static func inputKey(named name: String) -> InputEvent.Key? {
        code(for: name).map(key(for:))
    }

    /// The playground's key for a code.
    package static func key(for code: UInt32) -> InputEvent.Key {
        switch code {
        case 0x4000_0052: .up
        case 0x4000_0051: .down
        case 0x4000_0050: .left
        case 0x4000_004F: .right
        case 0x0D, 0x4000_0058: .enter // Return, Keypad Enter
        case 0x1B: .escape
        case 0x20: .space
        case 0x09: .tab
        case 0x08: .backspace
        case 33...126: .character(Character(UnicodeScalar(UInt8(code))))
        default: .named(name(for: code))
        }
    }

    /// ASCII letters lowercased, every other byte kept (SDL compares names with `SDL_strcasecmp`).
    private static func asciiLowercased(_ s: String) -> String {
        String(decoding: s.utf8.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
