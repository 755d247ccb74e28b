import FrameLoop
import Raster
import RasterIO

/// Streams an APNG into a file: each frame is compressed when it arrives and written when the next
/// one gives its delay; the frame count in `acTL` is patched at the end.
///
/// Delays are exact fractions: frame k shows for (t[k+1] − t[k]) / rate seconds, reduced, so at
/// 60 fps every delay is 1/60 (delay_num 1, delay_den 60). Only a delay whose reduced fraction does
/// not fit APNG's 16-bit fields (irregular window frames) is rounded, to milliseconds, with the
/// rounding spread so the total stays exact to the millisecond.
public final class APNGWriter: AnimationWriter {
    private let file: Files.Appender
    private let clock: FrameClock
    private let level: Int32
    private var encoder: APNGEncoder?
    private var pending: (frame: APNGEncoder.Frame, start: Int64)?
    /// Frames written so far.
    public private(set) var frameCount: UInt32 = 0

    /// - Parameters:
    ///   - file: the staged file the APNG is streamed into.
    ///   - clock: the clock frame times are given in.
    ///   - level: zlib level (6: the default; a window recording uses 1 to keep up).
    public init(file: Files.Appender, clock: FrameClock, level: Int32 = 6) {
        self.file = file
        self.clock = clock
        self.level = level
    }

    /// Compresses `bitmap` now and writes the frame before it, whose delay `ticks` completes.
    /// - Throws: `HostError` when the frame cannot be encoded or the file cannot be written.
    public func add(_ bitmap: Bitmap, at ticks: Int64) throws {
        if encoder == nil {
            var e = APNGEncoder(width: bitmap.width, height: bitmap.height)
            e.level = level
            encoder = e
            try file.append(e.header())
        }
        let frame = try encoder!.encode(bitmap)
        try flush(until: ticks)
        pending = (frame, ticks)
    }

    /// Adds a frame compressed beforehand by `APNGEncoder.frame(_:after:level:)` from a `width` ×
    /// `height` picture, shown from `ticks`; frames come in order.
    public func add(_ frame: APNGEncoder.Frame, width: Int, height: Int, at ticks: Int64) throws {
        if encoder == nil {
            var e = APNGEncoder(width: width, height: height)
            e.level = level
            encoder = e
            try file.append(e.header())
        }
        guard encoder!.width == width, encoder!.height == height else {
            throw HostError("an APNG frame is \(width)x\(height), the animation \(encoder!.width)x\(encoder!.height)")
        }
        try flush(until: ticks)
        pending = (frame, ticks)
    }

    /// Writes the last frame with its delay up to `ticks` and the end of the file, and patches the
    /// frame count.
    /// - Throws: `HostError` when no frame was added or the file cannot be written.
    public func finish(endingAt ticks: Int64) throws {
        guard encoder != nil else { throw HostError("the APNG has no frame") }
        try flush(until: ticks)
        try file.append(APNGEncoder.trailer)
        try file.write(APNGEncoder.frameCountPatch(frames: frameCount), at: APNGEncoder.acTLDataOffset)
    }

    private func flush(until end: Int64) throws {
        guard let (frame, start) = pending else { return }
        pending = nil
        try file.append(encoder!.chunks(of: frame, delay: delay(from: start, to: end)))
        frameCount += 1
    }

    /// (end − start) / rate seconds as a 16-bit fraction.
    func delay(from start: Int64, to end: Int64) -> (numerator: UInt16, denominator: UInt16) {
        var n = max(0, end - start), d = clock.rate
        let g = Self.gcd(n, d)
        if g > 1 { n /= g; d /= g }
        if n <= 0xFFFF && d <= 0xFFFF { return (UInt16(n), UInt16(d)) }
        for perSecond: Int64 in [1000, 100, 10, 1] {
            let units = clock.units(end, perSecond: perSecond) - clock.units(start, perSecond: perSecond)
            if units <= 0xFFFF { return (UInt16(max(0, units)), UInt16(perSecond)) }
        }
        return (0xFFFF, 1)
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}

/// Streams a GIF: each frame is encoded when it arrives and written, with its delay filled in, when
/// the next one comes.
///
/// GIF delays are whole centiseconds. Frame k's delay is round(100·t[k+1]) − round(100·t[k]), so the
/// delays add up to the exact time (to the centisecond) and never drift: at 60 fps they run
/// 2, 1, 2, 2, 1, 2… (1.67 cs on average). Browsers show delays under 2 cs as 10 cs, so a GIF for a
/// web page plays right at 50 fps or less (`--fps 50`, or `--every 2` at 60 fps for 30 fps).
public final class GIFWriter: AnimationWriter {
    private let file: Files.Appender
    private let clock: FrameClock
    private var encoder: GIFEncoder?
    private var pending: (bytes: [UInt8], start: Int64)?
    /// Frames written so far.
    public private(set) var frameCount = 0

    /// A writer into `file` timing frames by `clock`.
    public init(file: Files.Appender, clock: FrameClock) {
        self.file = file
        self.clock = clock
    }

    /// Quantizes and compresses `bitmap` now and writes the frame before it, whose delay `ticks`
    /// completes.
    /// - Throws: `HostError` for sides over 65535 pixels, a changed size or a failed write.
    public func add(_ bitmap: Bitmap, at ticks: Int64) throws {
        if encoder == nil {
            guard bitmap.width <= 0xFFFF, bitmap.height <= 0xFFFF else { throw HostError("a GIF is at most 65535 pixels per side") }
            encoder = GIFEncoder(width: bitmap.width, height: bitmap.height)
            try file.append(encoder!.header())
        }
        let bytes = try encoder!.frame(bitmap, delay: 0)
        try flush(until: ticks)
        pending = (bytes, ticks)
    }

    /// Writes the last frame with its delay up to `ticks` and the GIF's trailer.
    /// - Throws: `HostError` when no frame was added or the file cannot be written.
    public func finish(endingAt ticks: Int64) throws {
        guard encoder != nil else { throw HostError("the GIF has no frame") }
        try flush(until: ticks)
        try file.append(GIFEncoder.trailer)
    }

    private func flush(until end: Int64) throws {
        guard let (frameBytes, start) = pending else { return }
        var bytes = frameBytes
        pending = nil
        let cs = UInt16(clamping: clock.units(end, perSecond: 100) - clock.units(start, perSecond: 100))
        bytes[4] = UInt8(cs & 0xFF); bytes[5] = UInt8(cs >> 8) // the graphic control extension's delay
        try file.append(bytes)
        frameCount += 1
    }
}

/// An animated WebP through libwebp (`WebPAnimation`): frames at millisecond timestamps, each the
/// rounded exact time (so durations add up exactly, to the millisecond); the file is written whole
/// at the end (libwebp assembles it in memory).
public final class WebPWriter: AnimationWriter {
    private let file: Files.Appender
    private let clock: FrameClock
    private var animation: WebPAnimation?

    /// A writer into `file` timing frames by `clock`; libwebp is opened with the first frame.
    public init(file: Files.Appender, clock: FrameClock) {
        self.file = file
        self.clock = clock
    }

    /// Adds `bitmap` at `ticks` (rounded to milliseconds) to the animation libwebp assembles.
    /// - Throws: `HostError` naming the package to install when libwebp is missing, or libwebp's error.
    public func add(_ bitmap: Bitmap, at ticks: Int64) throws {
        do {
            if animation == nil { animation = try WebPAnimation(width: bitmap.width, height: bitmap.height) }
            try animation!.add(bitmap, at: Int(clock.units(ticks, perSecond: 1000)))
        } catch let e as WebPAnimation.Failure { throw HostError("--webp: \(e.description)") }
    }

    /// Ends the last frame at `ticks` and writes the whole file.
    /// - Throws: `HostError` when no frame was added, libwebp fails or the file cannot be written.
    public func finish(endingAt ticks: Int64) throws {
        guard let animation else { throw HostError("the WebP has no frame") }
        do { try file.append(try animation.finish(endingAt: Int(clock.units(ticks, perSecond: 1000)))) } catch let e as WebPAnimation.Failure {
            throw HostError("--webp: \(e.description)")
        }
    }
}
