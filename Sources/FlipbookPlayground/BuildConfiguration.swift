import FrameLoop
import Foundation
import RasterIO

/// Whether this program was compiled in debug configuration, and the line that says so.
///
/// `#if DEBUG` is answered here, in FlipbookPlayground, on purpose: SwiftPM compiles a package's
/// dependencies in the configuration of the build it was asked for, so when a user runs
/// `swift run MyPlayground` (debug) this module is compiled with `-DDEBUG` and `-Onone` too,
/// together with Flipbook's raster, which is then 10–600× slower (BENCHMARKS.md has each case). A module compiled
/// once for every configuration could not tell.
enum BuildConfiguration {
    /// True in a debug build (`swift build`, `swift run` without `-c release`).
    static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The line a debug build shows on standard error at start and in the HUD.
    static let debugNote = "debug build: frames 10–600× slower — build with -c release"

    /// Prints `debugNote` on standard error (named by the program) in a debug build when `always`
    /// or when standard error is a terminal, once per process; a release build prints nothing.
    /// Scripts and tests that read a headless command's one-line errors from a pipe are not given
    /// a second line; a window and `bench`, where the slowness is what one sees, always say it
    /// (the window once its options were checked and SDL started, so a bad option or a display
    /// that cannot be opened is still one line). FLIPBOOK_DEBUG_NOTE=0 silences the line (the
    /// tests' runs of the binary set it, since they read its one-line errors); the HUD still shows it.
    static func announce(program: String, always: Bool) {
        guard isDebug, !announced, always || isatty(STDERR_FILENO) == 1,
              ProcessInfo.processInfo.environment["FLIPBOOK_DEBUG_NOTE"] != "0" else { return }
        announced = true
        Files.print("\(program): \(debugNote)", to: STDERR_FILENO)
    }
    nonisolated(unsafe) private static var announced = false

    /// The HUD's notes for a window: the debug line in a debug build, else none.
    static var hudNotes: [String] { isDebug ? [debugNote] : [] }
}
