/// The keyboard's key names by USB HID usage (the scancode): SDL 2's table, the names a script's
/// `key` line and a recording write for keys that type no character (`F1`, `Left Shift`,
/// `Keypad Enter`, `Return`…). Index i is scancode i; "" where a scancode has no name.
extension KeyNames {
    static let scancodeNames: [String] = {
        var names = [String](repeating: "", count: 512)
        for (first, run) in runs {
            for (i, name) in run.enumerated() { names[first + i] = name }
        }
        return names
    }()

    /// Runs of consecutive scancodes: the first one and the names from it on. A name's first
    /// scancode is the one it looks up (`Return` is 40 and 158).
    private static let runs: [(Int, [String])] = [
        (4, ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U",
            "V", "W", "X", "Y", "Z", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Return", "Escape",
            "Backspace", "Tab", "Space", "-", "=", "[", "]", "\\", "#", ";", "'", "`", ",", ".", "/", "CapsLock",
            "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "PrintScreen", "ScrollLock",
            "Pause", "Insert", "Home", "PageUp", "Delete", "End", "PageDown", "Right", "Left", "Down", "Up",
            "Numlock", "Keypad /", "Keypad *", "Keypad -", "Keypad +", "Keypad Enter", "Keypad 1", "Keypad 2",
            "Keypad 3", "Keypad 4", "Keypad 5", "Keypad 6", "Keypad 7", "Keypad 8", "Keypad 9", "Keypad 0",
            "Keypad ."]),
        (101, ["Application", "Power", "Keypad =", "F13", "F14", "F15", "F16", "F17", "F18", "F19", "F20", "F21",
            "F22", "F23", "F24", "Execute", "Help", "Menu", "Select", "Stop", "Again", "Undo", "Cut", "Copy",
            "Paste", "Find", "Mute", "VolumeUp", "VolumeDown"]),
        (133, ["Keypad ,", "Keypad = (AS400)"]),
        (153, ["AltErase", "SysReq", "Cancel", "Clear", "Prior", "Return", "Separator", "Out", "Oper",
            "Clear / Again", "CrSel", "ExSel"]),
        (176, ["Keypad 00", "Keypad 000", "ThousandsSeparator", "DecimalSeparator", "CurrencyUnit",
            "CurrencySubUnit", "Keypad (", "Keypad )", "Keypad {", "Keypad }", "Keypad Tab", "Keypad Backspace",
            "Keypad A", "Keypad B", "Keypad C", "Keypad D", "Keypad E", "Keypad F", "Keypad XOR", "Keypad ^",
            "Keypad %", "Keypad <", "Keypad >", "Keypad &", "Keypad &&", "Keypad |", "Keypad ||", "Keypad :",
            "Keypad #", "Keypad Space", "Keypad @", "Keypad !", "Keypad MemStore", "Keypad MemRecall",
            "Keypad MemClear", "Keypad MemAdd", "Keypad MemSubtract", "Keypad MemMultiply", "Keypad MemDivide",
            "Keypad +/-", "Keypad Clear", "Keypad ClearEntry", "Keypad Binary", "Keypad Octal", "Keypad Decimal",
            "Keypad Hexadecimal"]),
        (224, ["Left Ctrl", "Left Shift", "Left Alt", "Left GUI", "Right Ctrl", "Right Shift", "Right Alt",
            "Right GUI"]),
        (257, ["ModeSwitch", "AudioNext", "AudioPrev", "AudioStop", "AudioPlay", "AudioMute", "MediaSelect", "WWW",
            "Mail", "Calculator", "Computer", "AC Search", "AC Home", "AC Back", "AC Forward", "AC Stop",
            "AC Refresh", "AC Bookmarks", "BrightnessDown", "BrightnessUp", "DisplaySwitch", "KBDIllumToggle",
            "KBDIllumDown", "KBDIllumUp", "Eject", "Sleep", "App1", "App2", "AudioRewind", "AudioFastForward",
            "SoftLeft", "SoftRight", "Call", "EndCall"]),
    ]
}
