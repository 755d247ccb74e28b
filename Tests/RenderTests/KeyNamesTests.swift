import CSDL2
import FrameLoop
import Testing

/// FrameLoop's key table (`KeyNames`, below SDL) names keys exactly as SDL 2 does, so every key
/// name a script accepted when SDL read it is still accepted, meaning the same key, and a
/// recording writes the same name for a key the window reports.
struct KeyNamesTests {
    /// Every scancode's name and every character code's name are SDL's.
    @Test func namesEveryCodeAsSDLDoes() {
        let scancodes = (0..<600).map { UInt32($0) | (1 << 30) }
        let characters = (0..<0x3000).map(UInt32.init) + [0x1F600, 0x10FFFF]
        for code in scancodes + characters {
            #expect(KeyNames.name(for: code) == String(cString: SDL_GetKeyName(SDL_Keycode(bitPattern: code))), "code 0x\(String(code, radix: 16))")
            let sdlScriptName: String = {
                let name = String(cString: SDL_GetKeyName(SDL_Keycode(bitPattern: code)))
                let oneWord = !name.isEmpty && !name.contains("#") && !name.unicodeScalars.contains { $0.properties.isWhitespace }
                if oneWord, KeyNames.hexCode(name) == nil, SDL_GetKeyFromName(name) == SDL_Keycode(bitPattern: code) { return name }
                return "0x" + String(code, radix: 16)
            }()
            #expect(KeyNames.scriptName(for: code) == sdlScriptName)
        }
    }

    /// Every name in SDL's table, in any case, and single characters read as SDL reads them.
    @Test func readsEveryNameAsSDLDoes() {
        var names: [String] = []
        for scancode in 0..<Int32(SDL_NUM_SCANCODES.rawValue) {
            let name = String(cString: SDL_GetScancodeName(SDL_Scancode(UInt32(scancode))))
            guard !name.isEmpty else { continue }
            names += [name, name.lowercased(), name.uppercased()]
        }
        names += ["a", "Z", "é", "€", "😀", "ab", "F13", "Keypad Enter", "keypad enter", "nope", "é!", "Left Shift"]
        for name in names {
            let sdl = UInt32(bitPattern: SDL_GetKeyFromName(name))
            #expect(KeyNames.code(for: name) == (sdl == 0 ? nil : sdl), "\(name)")
        }
    }
}
