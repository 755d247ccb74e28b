import FrameLoop
import Foundation
import Glibc
import RasterIO

/// The progress bar of a headless render on a terminal: frames done of the total, the rate and the
/// time left, redrawn in place on standard error at most ten times a second.
///
/// Standard error, so standard output keeps only the report lines a script may read; shown only when
/// standard error is a terminal (`isatty`) and `--quiet` is not given, and erased when the render
/// ends, fails or is interrupted (`RenderSignals` erases it before its line). The rate is wall time:
/// it describes the machine, never the render, which stays deterministic.
public final class RenderProgress {
    private let label: String
    private let fd: Int32
    private let started: Double
    private var lastDraw = -1.0
    /// True while a bar is on screen (read by the signal watcher to erase it).
    nonisolated(unsafe) static var showing: Int32 = -1

    /// A bar on `fd` when it is a terminal, else nil.
    public static func onTerminal(label: String, fd: Int32 = STDERR_FILENO) -> RenderProgress? {
        isatty(fd) == 1 ? RenderProgress(label: label, fd: fd) : nil
    }

    init(label: String, fd: Int32) {
        self.label = OneLine.escape(label)
        self.fd = fd
        started = Self.now()
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Redraws the bar after `done` of `total` frames (at most every 0.1 s, and at the end).
    public func update(done: Int, total: Int) {
        let t = Self.now()
        guard t - lastDraw >= 0.1 || done == total else { return }
        lastDraw = t
        let elapsed = t - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : .nan
        write(Self.line(label: label, done: done, total: total, rate: rate, secondsLeft: left, columns: columns()))
    }

    /// Erases the bar (before the report or an error).
    public func finish() {
        guard lastDraw >= 0 else { return }
        write("\r\u{1B}[K")
        Self.showing = -1
    }

    /// The bar's text, fitted to `columns`: `hello  [#####.....]  90/181  58.1 frames/s  1.6 s left`.
    static func line(label: String, done: Int, total: Int, rate: Double, secondsLeft: Double, columns: Int) -> String {
        let count = "\(done)/\(total)"
        let speed = String(format: "%.1f frames/s", rate)
        let eta = secondsLeft.isFinite ? (secondsLeft >= 60 ? String(format: "%d min %02d s left", Int(secondsLeft) / 60, Int(secondsLeft) % 60)
                                                            : String(format: "%.1f s left", secondsLeft)) : "…"
        let tail = "  \(count)  \(speed)  \(eta)"
        let barWidth = max(0, min(40, columns - 1 - label.count - tail.count - 4))
        let filled = total > 0 ? barWidth * done / total : 0
        let bar = barWidth >= 5 ? "  [" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]" : ""
        let text = label + bar + tail
        return "\r" + String(text.prefix(max(1, columns - 1))) + "\u{1B}[K"
    }

    private func columns() -> Int {
        var w = winsize()
        return ioctl(fd, UInt(TIOCGWINSZ), &w) == 0 && w.ws_col > 0 ? Int(w.ws_col) : 80
    }

    private func write(_ s: String) {
        Self.showing = fd
        let bytes = Array(s.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}
