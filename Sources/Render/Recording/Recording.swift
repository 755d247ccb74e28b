import FrameLoop
import Foundation
import Raster
import RasterIO

/// An animated file a render writes of its kept frames: `--apng`, `--gif`, `--webp`, `--mp4`.
public struct Recording: Equatable {
    /// The file's format.
    public var format: RecordingFormat
    /// The file's path as given (checked and made absolute by `OutputPaths`).
    public var path: String
    /// A recording of `format` into `path`.
    public init(_ format: RecordingFormat, path: String) { self.format = format; self.path = path }
}

/// The recording formats and what each needs (README: "Recording" says why these encoders).
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// Lossless, written by Flipbook (APNG.swift); needs nothing optional.
    case apng
    /// 256 colours per frame, written by Flipbook (GIF.swift); needs nothing optional.
    case gif
    /// Lossless animated WebP through libwebp, opened at run time (Debian package libwebpmux3).
    case webp
    /// H.264 through the ffmpeg program on the PATH (Debian package ffmpeg).
    case mp4

    /// The command-line option that asks for this format, e.g. `--gif`.
    public var option: String { "--" + rawValue }
    /// An example file name for messages, e.g. `anim.gif` (`anim.png` for APNG).
    public var example: String { rawValue == "apng" ? "anim.png" : "anim." + rawValue }

    /// Throws one line naming what to install when the format's encoder is missing, or why the
    /// size does not fit the format.
    public func checkAvailable(width: Int, height: Int) throws {
        switch self {
        case .apng, .gif: return
        case .webp:
            if let reason = WebPAnimation.encoderUnavailableReason() { throw HostError("--webp needs libwebp: \(reason)") }
            guard width <= 16383, height <= 16383 else { throw HostError("--webp: \(width)x\(height) is above WebP's 16383 pixels per side") }
        case .mp4:
            guard MP4Writer.ffmpegPath() != nil else {
                throw HostError("--mp4 needs the ffmpeg program on the PATH: apt-get install ffmpeg")
            }
        }
    }
}

/// Times of a recording's frames as whole ticks of a fixed rate: frame timing stays exact in integers.
public struct FrameClock: Equatable {
    /// Ticks per second.
    public let rate: Int64
    /// A clock of `rate` ticks per second (a render uses its fps as a fraction, so frame times are exact).
    public init(rate: Int64) { self.rate = rate }

    /// `ticks` in units of `perSecond` (100 for GIF centiseconds, 1000 for WebP milliseconds),
    /// rounded: a frame's duration is the difference of its end and start so rounded, so the
    /// durations add up to the exact total (each is off by less than one unit, never drifting).
    public func units(_ ticks: Int64, perSecond: Int64) -> Int64 {
        let n = ticks * perSecond
        return (2 * n + rate) / (2 * rate) // round half up, ticks ≥ 0
    }
}

/// Something that encodes frames into one animated file as they come.
public protocol AnimationWriter: AnyObject {
    /// Adds a frame shown from `ticks` (of the writer's `FrameClock`); times increase.
    func add(_ bitmap: Bitmap, at ticks: Int64) throws
    /// Ends the last frame at `ticks` and completes the file (it is then ready to be put in place).
    func finish(endingAt ticks: Int64) throws
}
