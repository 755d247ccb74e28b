import Foundation

/// The `flipbook` executable as the command-line, render and window tests run it.
public enum FlipbookCommand {
    /// The `flipbook` executable the tests run: FLIPBOOK_BINARY, else the one built beside the tests.
    public static var binary: String {
        // FLIPBOOK_BINARY runs these tests against another build (e.g. an older one, to see them fail).
        if let b = ProcessInfo.processInfo.environment["FLIPBOOK_BINARY"], !b.isEmpty { return b }
        // Tests run from the build folder's test bundle; the executable sits beside it.
        let dir = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [dir.appendingPathComponent("flipbook").path,
                          dir.deletingLastPathComponent().appendingPathComponent("flipbook").path,
                          FileManager.default.currentDirectoryPath + "/.build/debug/flipbook"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return ".build/debug/flipbook"
    }

    /// A process of `executable` (the flipbook binary by default) with no display in its
    /// environment, so no test opens a window.
    public static func process(_ args: [String], executable: String = binary, cwd: String? = nil, extraEnvironment: [String: String] = [:]) -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil
        // A debug binary's line saying so would come before the one-line errors the tests read.
        env["FLIPBOOK_DEBUG_NOTE"] = "0"
        env.merge(extraEnvironment) { $1 }
        p.environment = env
        return p
    }

    /// Runs `flipbook` with `args` (no display) and waits: its status and what it printed.
    public static func run(_ args: [String], cwd: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = process(args, cwd: cwd)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// A fresh path in the temporary folder for test `name` (nothing is created).
    public static func tmp(_ name: String) -> String { NSTemporaryDirectory() + "fbcli-\(name)-\(getpid())-\(Int.random(in: 0...999_999))" }
}
