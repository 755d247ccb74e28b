import FrameLoop
import CSDL2
import CSDL2Image
import CCodecs
import CZlib
import Foundation
import TestSupport
@testable import DevTools
@testable import Render
@testable import Window
import Raster
import RasterIO
import Scenes
import Testing

/// `render --apng/--gif/--webp/--mp4`: each file decodes (our own APNG reader below, SDL2_image for
/// GIF, libwebpdemux for WebP, ffprobe for MP4) to the kept frames with the fps's exact timing.
extension HeadlessRenderTests { @Suite struct RecordingTests {
    /// Renders countdown (its full-screen gradient changes every frame) at 96x54 into a fresh folder: PNG frames in `out/`, and the recordings asked for.
    static func render(frames: Int, fps: Double = 60, every: Int = 1, _ formats: [RecordingFormat]) throws -> (dir: String, result: HeadlessDriver.Result) {
        let dir = FlipbookCommand.tmp("rec")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var o = RenderOptions(sceneName: "countdown", width: 96, height: 54, frameCount: frames, outDirectory: dir + "/out")
        o.fps = fps
        o.dump = .every(every)
        o.recordings = formats.map { Recording($0, path: dir + "/anim." + ($0 == .apng ? "png" : $0.rawValue)) }
        return (dir, try HeadlessDriver.render(o, registry: SceneRegistry.all))
    }

    @Test(arguments: [(60.0, 1, 1, 60), (30, 2, 1, 15), (29.97, 1, 100, 2997)])
    func apngFramesAreThePNGDumpsWithExactDelays(fps: Double, every: Int, num: UInt16, den: UInt16) throws {
        let (dir, result) = try Self.render(frames: 24, fps: fps, every: every, [.apng])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let apng = try APNGReader(Array(try Data(contentsOf: URL(fileURLWithPath: result.recordings[0]))))
        #expect(apng.declaredFrames == result.frames.count && apng.frames.count == result.frames.count)
        for (i, frame) in apng.frames.enumerated() {
            #expect(frame.delay == (num, den), "frame \(i): \(frame.delay)")
            let png = try APNGReader(Array(try Data(contentsOf: URL(fileURLWithPath: result.frames[i]))))
            #expect(frame.rgba == png.frames[0].rgba, "frame \(i) differs from \(result.frames[i])")
        }
    }

    /// R in the window: a file named for the moment, in the format `run --record-as` chose, each
    /// frame held until the next one came (wall milliseconds); MP4 is refused up front.
    @Test(arguments: [RecordingFormat.apng, .gif])
    func theWindowRecordsInTheChosenFormat(_ format: RecordingFormat) throws {
        let dir = HeadlessRenderTests.tempDir("window-rec")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var clock = 0.0, said: [String] = []
        let recorder = WindowRecorder(format: format, now: { clock }, say: { said.append($0) })
        recorder.folder = dir
        let stage = Playground(registry: SceneRegistry.all, initial: nil)
        recorder.toggle()
        for (i, colour) in [0xFF0000FF, 0xFF00FF00, 0xFFFF0000, 0xFF808080].map(UInt32.init).enumerated() {
            let bitmap = try #require(Bitmap(width: 32, height: 24))
            bitmap.clear(colour)
            recorder.present(FinishedFrame(number: i, time: Double(i) / 60, bitmap: bitmap, stage: stage))
            clock += 0.05
        }
        recorder.toggle()
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        let ext = format == .apng ? "png" : "gif"
        #expect(files.count == 1 && files[0].hasPrefix("flipbook-") && files[0].hasSuffix("." + ext), "\(files)")
        #expect(said.last?.contains(": 4 frames, 0.2 s") == true, "\(said)")
        let path = dir + "/" + files[0]
        guard let anim = IMG_LoadAnimation(path) else { Issue.record("SDL2_image: \(String(cString: SDL_GetError()))"); return }
        defer { IMG_FreeAnimation(anim) }
        #expect(anim.pointee.w == 32 && anim.pointee.h == 24)
        if format == .gif {
            #expect(anim.pointee.count == 4)
            #expect(try Self.gifDelays(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) == [5, 5, 5, 5])
        }
        var o = WindowHost.Options()
        o.recordFormat = .mp4
        #expect(throws: HostError.self) { try o.validate() }
    }

    /// R's pipeline compresses APNG frames on several threads and writes them in order: the file
    /// is byte for byte the one the writer makes on one thread (opaque frames: unchanged ones, a
    /// part changed, all changed), and no more than `limit` frames ever wait.
    @Test func theRecordingPipelineWritesWhatOneThreadWrites() throws {
        let dir = HeadlessRenderTests.tempDir("pipeline")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var frames: [Bitmap] = []
        for i in 0..<40 {
            let b = try #require(Bitmap(width: 61, height: 37))
            b.clear(0xFF102030)
            if i % 7 != 3 {   // every 7th frame repeats the one before
                for y in (i % 11)..<min(37, i % 11 + 9) { for x in (i * 3 % 50)..<(i * 3 % 50 + 11) { b.pixels[y * b.stride + x] = 0xFF000000 | UInt32(i * 6151 + x * 31 + y) } }
            }
            if i > 0 && i % 7 == 3 { frames.append(frames[i - 1]); continue }
            frames.append(b)
        }
        func file(_ name: String, _ write: (APNGWriter) throws -> Void) throws -> Data {
            let path = dir + "/" + name
            let appender = try Files.withCName(path) { try Files.Appender(path: $0, name: name) }
            let writer = APNGWriter(file: appender, clock: FrameClock(rate: 1000), level: 1)
            try write(writer)
            try appender.finish()
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let serial = try file("serial.png") { w in
            for (i, f) in frames.enumerated() { try w.add(f, at: Int64(i * 17)) }
            try w.finish(endingAt: 40 * 17)
        }
        var peak = 0
        let parallel = try file("parallel.png") { w in
            let pipeline = RecordingPipeline(.apng(w, level: 1, fast: false), workers: 3, limit: 4)
            for (i, f) in frames.enumerated() { pipeline.submit(f, at: Int64(i * 17)) }
            try pipeline.finish(endingAt: 40 * 17)
            peak = pipeline.peakWaiting
            #expect(pipeline.limit == 4)
        }
        #expect(parallel == serial && parallel.count > 1000)
        #expect(peak >= 1 && peak <= 4)
        // With libdeflate (the window's default, where the machine has it) the bytes differ but
        // every frame decodes to the same pixels and delays.
        let fast = try file("fast.png") { w in
            let pipeline = RecordingPipeline(.apng(w, level: 1), workers: 2, limit: 3)
            for (i, f) in frames.enumerated() { pipeline.submit(f, at: Int64(i * 17)) }
            try pipeline.finish(endingAt: 40 * 17)
        }
        let a = try APNGReader(Array(serial)), b = try APNGReader(Array(fast))
        #expect(a.frames.count == 40 && b.frames.count == 40)
        for (x, y) in zip(a.frames, b.frames) { #expect(x.rgba == y.rgba && x.delay == y.delay) }
        #expect((fast != serial) == (flipbook_libdeflate_available() != 0))
    }

    /// A pipeline that fails (a frame of another size) says so at the next frame and at finish,
    /// writes nothing more and never hangs.
    @Test func aFailedRecordingPipelineStopsAndSaysWhy() throws {
        let dir = HeadlessRenderTests.tempDir("pipeline-fail")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let appender = try Files.withCName(dir + "/x.png") { try Files.Appender(path: $0, name: "x.png") }
        let pipeline = RecordingPipeline(.apng(APNGWriter(file: appender, clock: FrameClock(rate: 1000)), level: 1), workers: 2, limit: 3)
        pipeline.submit(try #require(Bitmap(width: 8, height: 8)), at: 0)
        pipeline.submit(try #require(Bitmap(width: 9, height: 8)), at: 10)
        for t in 2..<20 { pipeline.submit(try #require(Bitmap(width: 8, height: 8)), at: Int64(t * 10)) }
        #expect(throws: HostError.self) { try pipeline.finish(endingAt: 500) }
        #expect(pipeline.failure != nil)
        pipeline.drain()
        try? appender.finish()
    }

    /// R never replaces a file: a name taken (by anything) gets a number; and a folder it cannot
    /// write into is one line, nothing written, and the window goes on.
    @Test func theWindowRecordingNeverReplacesAFileAndAFailedOneWritesNothing() throws {
        let dir = HeadlessRenderTests.tempDir("window-rec-safe")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stage = Playground(registry: SceneRegistry.all, initial: nil)
        func record(into folder: String) -> [String] {
            var said: [String] = []
            let recorder = WindowRecorder(format: .gif, now: { 0 }, say: { said.append($0) })
            recorder.folder = folder
            recorder.toggle()
            let bitmap = Bitmap(width: 8, height: 8)!
            recorder.present(FinishedFrame(number: 0, time: 0, bitmap: bitmap, stage: stage))
            recorder.toggle()
            return said
        }
        // Names for the next seconds are taken by files Flipbook did not write.
        var t = time(nil)
        var taken: [String: Data] = [:]
        for s in 0..<5 {
            var when = t + s, parts = tm()
            localtime_r(&when, &parts)
            let name = String(format: "flipbook-%04d%02d%02d-%02d%02d%02d.gif", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                              parts.tm_hour, parts.tm_min, parts.tm_sec)
            taken[name] = Data("not Flipbook's \(s)".utf8)
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: taken[name]))
        }
        t = 0
        _ = record(into: dir)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == 6, "\(files)")
        for (name, bytes) in taken { #expect(FileManager.default.contents(atPath: dir + "/" + name) == bytes) }
        #expect(files.contains { $0.hasSuffix("-2.gif") })
        // A folder that cannot be written: one line, nothing left anywhere.
        let said = record(into: "/proc/flipbook-cannot-write-here")
        #expect(!said.isEmpty && said.allSatisfy { $0.hasPrefix("cannot record") }, "\(said)")  // R twice: two tries, two lines
    }

    @Test func gifDecodesToEveryFrameWithDelaysThatAddUpExactly() throws {
        let (dir, result) = try Self.render(frames: 31, [.gif])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let anim = IMG_LoadAnimation(result.recordings[0]) else { Issue.record("SDL2_image: \(String(cString: SDL_GetError()))"); return }
        defer { IMG_FreeAnimation(anim) }
        #expect(anim.pointee.count == 31 && anim.pointee.w == 96 && anim.pointee.h == 54)
        // SDL2_image reads delays under 2 cs as 10 cs, as browsers do: the file's own delays are read
        // from its graphic control extensions. 1/60 s is 1.67 cs: delays of 1 and 2 cs whose running
        // sum is the exact time, rounded.
        let delays = try Self.gifDelays(Array(try Data(contentsOf: URL(fileURLWithPath: result.recordings[0]))))
        #expect(delays.count == 31)
        var total = 0
        for (i, cs) in delays.enumerated() {
            #expect(cs == 1 || cs == 2, "frame \(i): \(cs) cs")
            total += cs
            #expect(total == Int((Double(i + 1) * 100 / 60).rounded()), "after frame \(i): \(total) cs")
        }
        // Colours survive quantization closely (gradients and anti-aliased text: more than 256 colours).
        let png = try PNG.read(result.frames[15])
        let s = try #require(SDL_ConvertSurfaceFormat(anim.pointee.frames[15], SDL_PIXELFORMAT_RGBA32.rawValue, 0))
        defer { SDL_FreeSurface(s) }
        let px = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var worst = 0
        for y in 0..<54 { for x in 0..<96 {
            let p = png.row(y)[x], q = px + y * Int(s.pointee.pitch) + x * 4
            worst = max(worst, abs(Int(Raster.Pixel.r(p)) - Int(q[0])), abs(Int(Raster.Pixel.g(p)) - Int(q[1])), abs(Int(Raster.Pixel.b(p)) - Int(q[2])))
        } }
        #expect(worst <= 24, "largest channel error \(worst)")
    }

    /// Each frame's delay in centiseconds, walking the GIF's blocks.
    static func gifDelays(_ b: [UInt8]) throws -> [Int] {
        guard b.count > 13, String(decoding: b[0..<6], as: UTF8.self) == "GIF89a" else { throw HostError("not a GIF89a") }
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0)
        var delays: [Int] = []
        func skipSubBlocks() { while i < b.count && b[i] != 0 { i += Int(b[i]) + 1 }; i += 1 }
        while i < b.count {
            switch b[i] {
            case 0x21:
                if b[i + 1] == 0xF9 { delays.append(Int(b[i + 4]) | Int(b[i + 5]) << 8) }
                i += 2
                skipSubBlocks()
            case 0x2C:
                let packed = b[i + 9]
                i += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1 // + LZW minimum code size
                skipSubBlocks()
            case 0x3B: return delays
            default: throw HostError("unexpected block 0x\(String(b[i], radix: 16)) at \(i)")
            }
        }
        throw HostError("no trailer")
    }

    @Test func webpIsLosslessWithMillisecondTimesThatAddUpExactly() throws {
        if let reason = WebPAnimation.encoderUnavailableReason() {
            Issue.record("skipped: libwebp is missing (\(reason))"); return
        }
        let (dir, result) = try Self.render(frames: 20, [.webp])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = try WebPAnimation.decode(Array(try Data(contentsOf: URL(fileURLWithPath: result.recordings[0]))))
        // libwebp folds a frame equal to the one before into its duration: each decoded frame covers
        // the rendered frames that start before it ends, and its pixels are each of theirs exactly.
        #expect(frames.count >= 2 && frames.last?.endMilliseconds == Int((20.0 * 1000 / 60).rounded()))
        var k = 0
        for (i, f) in frames.enumerated() {
            var covered = 0
            while k < 20 && Int((Double(k) * 1000 / 60).rounded()) < f.endMilliseconds {
                let png = try APNGReader(Array(try Data(contentsOf: URL(fileURLWithPath: result.frames[k]))))
                #expect(f.rgba == png.frames[0].rgba, "WebP frame \(i) is not frame \(k)'s pixels")
                k += 1; covered += 1
            }
            #expect(covered >= 1, "WebP frame \(i) ends at \(f.endMilliseconds) ms, at no frame's boundary")
        }
        #expect(k == 20)
    }

    @Test func mp4HasEveryFrameAtTheFPS() throws {
        guard MP4Writer.ffmpegPath() != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else {
            Issue.record("skipped: ffmpeg/ffprobe are not installed (apt-get install ffmpeg)"); return
        }
        let (dir, result) = try Self.render(frames: 15, fps: 30, [.mp4])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = FlipbookCommand.process(["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,r_frame_rate,width,height",
                                          "-of", "compact", result.recordings[0]], executable: "/usr/bin/ffprobe")
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.contains("nb_read_frames=15") && text.contains("r_frame_rate=30/1") && text.contains("width=96"), "\(text)")
    }

    @Test func aRecordingAloneNeedsNoOutFolderAndExistingFilesAreRefused() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let ok = try FlipbookCommand.run(["render", "hello", "--frames", "3", "--size", "32x18", "--apng", "a.png", "--gif", "a.gif"], cwd: box.cwd)
        #expect(ok.status == 0 && ok.out.contains("recording: ") && !ok.out.contains("wrote"), "\(ok)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.cwd).sorted() == ["a.gif", "a.png", "keep.txt"])
        try OutputSafetyTests.expectRefusal(["--apng", "keep.txt"], "'keep.txt' already exists", in: box)
        try OutputSafetyTests.expectRefusal(["--gif", "x.gif", "--apng", "x.gif"], "--apng and --gif name the same file", in: box)
        try OutputSafetyTests.expectRefusal(["--mp4", "x.mp4", "--at", "0"], "--mp4 needs evenly spaced frames", in: box)
        let nothing = try FlipbookCommand.run(["render", "hello", "--frames", "3"], cwd: box.cwd)
        #expect(nothing.status == 2 && nothing.err.contains("nothing to write"), "\(nothing)")
    }

    @Test func aMissingFFmpegIsOneLineNamingThePackage() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let before = box.snapshot()
        let p = FlipbookCommand.process(["render", "hello", "--frames", "3", "--out", "o", "--mp4", "a.mp4"], cwd: box.cwd,
                                         extraEnvironment: ["PATH": box.root])
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2 && e.split(separator: "\n").count == 1 && e.contains("apt-get install ffmpeg"), "\(e)")
        #expect(box.snapshot() == before)
    }

    @Test func theProgressBarShowsOnATerminalOnly() throws {
        let box = try OutputSafetyTests.Sandbox()
        defer { box.remove() }
        let args = "render hello --frames 30 --size 32x18 --apng"
        // `script` gives the render a terminal (a pty) for its standard streams.
        let tty = try RenderInterruptTests.shell("script -qec '\"$FB\" \(args) t.png' /dev/null", cwd: box.cwd)
        let shown = String(decoding: tty.out, as: UTF8.self)
        #expect(tty.status == 0 && shown.contains("30/30") && shown.contains("frames/s") && shown.contains("\r"), "\(shown)")
        let quiet = try RenderInterruptTests.shell("script -qec '\"$FB\" \(args) q.png --quiet' /dev/null", cwd: box.cwd)
        #expect(quiet.status == 0 && quiet.out.isEmpty, "\(String(decoding: quiet.out, as: UTF8.self))")
        let piped = try RenderInterruptTests.shell("exec \"$FB\" \(args) p.png", cwd: box.cwd)
        #expect(piped.status == 0 && !String(decoding: piped.err, as: UTF8.self).contains("frames/s"))
        #expect(String(decoding: piped.out, as: UTF8.self) == "recording: \(box.cwd)/p.png\n")
    }

    @Test func spreadRoundingKeepsTheTotalExact() {
        let c = FrameClock(rate: 60)
        let cs = (0..<600).map { c.units(Int64($0 + 1), perSecond: 100) - c.units(Int64($0), perSecond: 100) }
        #expect(cs.reduce(0, +) == 1000 && Set(cs) == [1, 2])
        var o = RenderOptions(sceneName: "x", width: 1, height: 1, frameCount: 1, outDirectory: nil)
        for (fps, fraction) in [(60.0, (Int64(60), Int64(1))), (29.97, (2997, 100)), (23.976, (2997, 125)), (1000, (1000, 1))] {
            o.fps = fps
            #expect(o.fpsFraction == fraction, "\(fps): \(o.fpsFraction)")
        }
    }
}

/// A small PNG/APNG reader for the tests: chunks with their CRCs checked, zlib through `uncompress`,
/// the five filters, 8-bit RGBA only; each APNG frame composited with blend "source".
struct APNGReader {
    struct Frame { var rgba: [UInt8]; var delay: (UInt16, UInt16) }
    var width = 0, height = 0
    var declaredFrames = 0
    var frames: [Frame] = []

    init(_ b: [UInt8]) throws {
        guard b.count > 8, Array(b[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw HostError("not a PNG") }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func u16(_ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
        var canvas: [UInt8] = []
        var region = (x: 0, y: 0, w: 0, h: 0), delay: (UInt16, UInt16) = (0, 0)
        var data: [UInt8] = []
        var sequence = 0
        func flush() throws {
            guard !data.isEmpty else { return }
            let rows = try Self.unfilter(Self.inflate(data, size: (region.w * 4 + 1) * region.h), width: region.w, height: region.h)
            for y in 0..<region.h {
                let dst = ((region.y + y) * width + region.x) * 4
                canvas.replaceSubrange(dst..<(dst + region.w * 4), with: rows[(y * region.w * 4)..<((y + 1) * region.w * 4)])
            }
            frames.append(Frame(rgba: canvas, delay: delay))
            data = []
        }
        var i = 8
        while i + 12 <= b.count {
            let length = u32(i), type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self), d = i + 8
            let crc = b[(i + 4)..<(d + length)].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, uInt($0.count)) } ?? 0
            guard UInt32(u32(d + length)) == UInt32(truncatingIfNeeded: crc) else { throw HostError("bad CRC in \(type)") }
            switch type {
            case "IHDR":
                width = u32(d); height = u32(d + 4)
                guard b[d + 8] == 8, b[d + 9] == 6, b[d + 12] == 0 else { throw HostError("only 8-bit RGBA, not interlaced") }
                canvas = [UInt8](repeating: 0, count: width * height * 4)
                region = (0, 0, width, height)
            case "acTL": declaredFrames = u32(d)
            case "fcTL":
                try flush()
                guard u32(d) == sequence else { throw HostError("fcTL out of sequence") }
                sequence += 1
                region = (u32(d + 12), u32(d + 16), u32(d + 4), u32(d + 8))
                delay = (u16(d + 20), u16(d + 22))
                guard b[d + 24] == 0, b[d + 25] == 0 else { throw HostError("expected dispose none, blend source") }
            case "IDAT": data += b[d..<(d + length)]
            case "fdAT":
                guard u32(d) == sequence else { throw HostError("fdAT out of sequence") }
                sequence += 1
                data += b[(d + 4)..<(d + length)]
            case "IEND": try flush(); return
            default: break
            }
            i = d + length + 4
        }
        throw HostError("no IEND")
    }

    static func inflate(_ z: [UInt8], size: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var n = uLongf(size)
        let r = out.withUnsafeMutableBufferPointer { o in z.withUnsafeBufferPointer { uncompress(o.baseAddress, &n, $0.baseAddress, uLong($0.count)) } }
        guard r == Z_OK, Int(n) == size else { throw HostError("zlib: \(r), \(n) of \(size) bytes") }
        return out
    }

    static func unfilter(_ raw: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let n = width * 4
        var out = [UInt8](repeating: 0, count: n * height)
        for y in 0..<height {
            let f = raw[y * (n + 1)]
            for i in 0..<n {
                let x = Int(raw[y * (n + 1) + 1 + i])
                let a = i >= 4 ? Int(out[y * n + i - 4]) : 0, b = y > 0 ? Int(out[(y - 1) * n + i]) : 0
                let c = i >= 4 && y > 0 ? Int(out[(y - 1) * n + i - 4]) : 0
                let pred: Int
                switch f {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw HostError("filter \(f)")
                }
                out[y * n + i] = UInt8(truncatingIfNeeded: x + pred)
            }
        }
        return out
    }
}
}
