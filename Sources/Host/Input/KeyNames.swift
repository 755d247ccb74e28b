import CSDL2
import Flipbook

/// Key names in scripts and their SDL keycodes.
package enum KeyNames {
    /// Short names scripts may use besides SDL's own ("Return", "Escape", "A", …); `minus` and
    /// `equals` are time travel's back and forward keys (`-` and `=` in SDL's names).
    static let aliases: [String: String] = [
        "enter": "Return", "esc": "Escape", "period": ".", "dot": ".", "space": "Space", "comma": ",",
        "minus": "-", "equals": "=",
    ]

    /// SDL's name for a script key name, or nil when SDL does not know the key.
    /// A keycode written in hex (`0x4000004f`), how a recording names a key whose SDL name has a
    /// space or `#` in it or does not name it back.
    static func hexCode(_ name: String) -> SDL_Keycode? {
        guard name.lowercased().hasPrefix("0x"), let v = Int32(name.dropFirst(2), radix: 16), v != 0 else { return nil }
        return SDL_Keycode(v)
    }

    static func sdlName(for name: String) -> String? {
        if let code = hexCode(name) { return String(cString: SDL_GetKeyName(code)) }
        let sdl = aliases[name.lowercased()] ?? name
        return SDL_GetKeyFromName(sdl) == SDL_Keycode(SDLK_UNKNOWN.rawValue) ? nil : sdl
    }

    static func keycode(for name: String) -> SDL_Keycode? {
        if let code = hexCode(name) { return code }
        guard let sdl = sdlName(for: name) else { return nil }
        return SDL_GetKeyFromName(sdl)
    }

    /// The name a recording writes for a keycode: SDL's own when it is one word that names the key
    /// back, else the hex code.
    static func scriptName(for code: SDL_Keycode) -> String {
        let name = String(cString: SDL_GetKeyName(code))
        let oneWord = !name.isEmpty && !name.contains("#") && !name.unicodeScalars.contains { $0.properties.isWhitespace }
        if oneWord, hexCode(name) == nil, SDL_GetKeyFromName(name) == code { return name }
        return "0x" + String(UInt32(bitPattern: code), radix: 16)
    }

    /// The playground's key for a script key name (`space`, `enter`, `a`, SDL's names), or nil
    /// when SDL does not know it: what a script's `key` line presses (FlipbookTesting uses it).
    package static func inputKey(named name: String) -> InputEvent.Key? {
        keycode(for: name).map(key(for:))
    }

    /// The playground's key for an SDL keycode.
    static func key(for code: SDL_Keycode) -> InputEvent.Key {
        switch code {
        case SDL_Keycode(SDLK_UP.rawValue): .up
        case SDL_Keycode(SDLK_DOWN.rawValue): .down
        case SDL_Keycode(SDLK_LEFT.rawValue): .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): .right
        case SDL_Keycode(SDLK_RETURN.rawValue), SDL_Keycode(SDLK_KP_ENTER.rawValue): .enter
        case SDL_Keycode(SDLK_ESCAPE.rawValue): .escape
        case SDL_Keycode(SDLK_SPACE.rawValue): .space
        case SDL_Keycode(SDLK_TAB.rawValue): .tab
        case SDL_Keycode(SDLK_BACKSPACE.rawValue): .backspace
        case 33...126: .character(Character(UnicodeScalar(UInt8(code))))
        default: .named(String(cString: SDL_GetKeyName(code)))
        }
    }
}
