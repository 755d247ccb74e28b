import FrameLoop
import Foundation
import Glibc
import Raster
import RasterIO

/// An MP4 (H.264, yuv420p, CRF 18) made by the ffmpeg program: frames are piped to it as raw RGBA at
/// a constant rate, and it writes into the staged file Flipbook created (handed over as its
/// descriptor 3, so ffmpeg never makes a name of its own and a stopped render leaves nothing).
///
/// Why a program: H.264 encoders (x264, GPL) are not for linking into a library users embed;
/// piping to ffmpeg keeps Flipbook's licence and build as they are, and Debian's ffmpeg has x264.
/// An odd width or height is padded by one black pixel (yuv420p needs even sides).
public final class MP4Writer: AnimationWriter {
    private let file: Files.Appender
    private let rate: (frames: Int64, seconds: Int64)
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var errors: Int32 = -1
    private var size = (0, 0)

    /// The ffmpeg on the PATH, if any.
    public static func ffmpegPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// - Parameters:
    ///   - file: the staged file ffmpeg writes the MP4 into.
    ///   - rate: frames per second as a fraction (frames / seconds); frames come at a constant rate.
    public init(file: Files.Appender, rate: (frames: Int64, seconds: Int64)) {
        self.file = file
        self.rate = rate
    }

    deinit {
        if input >= 0 { close(input) }
        if errors >= 0 { close(errors) }
        if pid > 0 { kill(pid, SIGKILL); var s: Int32 = 0; waitpid(pid, &s, 0) }
    }

    /// Starts ffmpeg with the first frame (its size fixes the video's), then pipes `bitmap` to it as
    /// raw RGBA.
    /// - Throws: `HostError` when ffmpeg is missing or stopped (with its last message), or the frame
    /// size changed.
    public func add(_ bitmap: Bitmap, at ticks: Int64) throws {
        if pid == 0 { try start(width: bitmap.width, height: bitmap.height) }
        guard (bitmap.width, bitmap.height) == size else { throw HostError("--mp4: the frame size changed") }
        let rgba = PNG.straightRGBA(bitmap)
        let e = rgba.withUnsafeBytes { raw -> Int32 in
            var done = 0
            while done < raw.count {
                let n = write(input, raw.baseAddress! + done, raw.count - done)
                if n < 0 { if errno == EINTR { continue }; return errno }
                done += n
            }
            return 0
        }
        if e != 0 { throw HostError("--mp4: ffmpeg stopped: \(try stopFFmpeg())") }
    }

    /// Closes ffmpeg's input and waits for it to finish the file.
    /// - Throws: `HostError` with ffmpeg's last message when no frame was added or ffmpeg failed.
    public func finish(endingAt ticks: Int64) throws {
        guard pid != 0 else { throw HostError("the MP4 has no frame") }
        let message = try stopFFmpeg()
        if !message.isEmpty { throw HostError("--mp4: ffmpeg failed: \(message)") }
    }

    /// Closes ffmpeg's input, waits for it and returns "" when it succeeded, else its last error line.
    private func stopFFmpeg() throws -> String {
        close(input); input = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = -1
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(errors, &buf, buf.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        close(errors); errors = -1
        let exited = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
        if exited { return "" }
        let last = String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map(String.init)
        return OneLine.escape(last ?? "exit status \((status >> 8) & 0xFF)")
    }

    private func start(width: Int, height: Int) throws {
        guard let ffmpeg = Self.ffmpegPath() else { throw HostError("--mp4 needs the ffmpeg program on the PATH: apt-get install ffmpeg") }
        guard file.descriptor >= 0 else { throw HostError("--mp4: the output was closed") }
        size = (width, height)
        signal(SIGPIPE, SIG_IGN) // a failed ffmpeg is an error from write, not a killed flipbook
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        // Close-on-exec from the start: ffmpeg must not inherit the write end of its own input
        // (it would never see the end of it); dup2 onto 0, 1, 2 and 3 clears the flag there.
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw HostError("--mp4: cannot make a pipe: \(Files.reason(errno))") }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let args = [ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error",
                     "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", "\(rate.frames)/\(rate.seconds)",
                     "-i", "pipe:0", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                     "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", "file:/dev/fd/3"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, file.descriptor, 3)
        let argv = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, ffmpeg, &actions, nil, argv, environ)
        close(toChild[0]); close(fromChild[1])
        guard r == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw HostError("--mp4: cannot start ffmpeg: \(Files.reason(r))")
        }
        pid = child
        input = toChild[1]
        errors = fromChild[0]
    }
}
