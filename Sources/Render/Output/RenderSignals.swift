import Foundation
import Glibc
import Raster
import RasterIO

/// SIGINT, SIGTERM and SIGHUP during a headless render: the staged files go, the exit status is
/// 128 + the signal (130, 143, 129) and one line says what happened.
///
/// The handler only writes the signal's number into a pipe (async-signal-safe); a watcher thread
/// reads it, takes `RenderOutput`'s lock, so a file being written or linked is finished first and no
/// new one is started, removes what the active render created and exits with `_exit`. The frame loop
/// needs no checks of its own, and a signal mid-frame is handled at once.
public enum RenderSignals {
    /// Installs the handlers and starts the watcher; later calls do nothing. Only for `render`: the
    /// window lets SDL turn Ctrl-C into a quit event instead.
    public static func install() {
        guard signalPipeWrite < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        signalPipeWrite = fds[1]
        let readEnd = fds[0]
        let watcher = Thread {
            var signo: UInt8 = 0
            while read(readEnd, &signo, 1) != 1 {}
            interrupted(by: Int32(signo))
        }
        watcher.name = "flipbook signals"
        watcher.start()
        for s in [SIGINT, SIGTERM, SIGHUP] {
            // A signal ignored on entry stays ignored (nohup, `cmd &` in a script); a blocked one, as a
            // parent's mask may leave it (Foundation's Process does), is unblocked.
            var old = sigaction()
            if sigaction(s, nil, &old) == 0, unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }
            signal(s, forwardSignal)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, s)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    static func name(_ signo: Int32) -> String {
        switch signo {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signo)"
        }
    }

    /// Cleans up and exits; runs on the watcher thread and never returns.
    static func interrupted(by signo: Int32) -> Never {
        RenderOutput.mutex.lock() // held until _exit: the render thread changes nothing more
        let cleaned = RenderOutput.active != nil
        RenderOutput.active?.abandon()
        let what = cleaned ? "; the partial render was removed and nothing else was changed" : ""
        if RenderProgress.showing >= 0 { Files.print("\r\u{1B}[K", to: RenderProgress.showing, newline: false) }
        Files.print("\(ProgramName.current): interrupted by \(name(signo))\(what)", to: STDERR_FILENO)
        _exit(128 + signo)
    }
}

/// The pipe's write end for the handler; set once before the handlers are installed.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

private func forwardSignal(_ signo: Int32) {
    var b = UInt8(truncatingIfNeeded: signo)
    _ = write(signalPipeWrite, &b, 1)
}
