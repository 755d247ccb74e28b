import Dispatch
import FrameLoop
import Foundation
import Raster
import Render

/// A window recording's frames encoded off the frame's thread, so R does not cost the window its
/// frame rate (#37 item 5).
///
/// The window hands each frame over as a copy (its own bitmap is drawn into again next frame).
/// APNG frames are compressed on `workers` threads at once — each frame on its own, from it and
/// the frame before (`APNGEncoder.frame(_:after:level:)`) — and written in order as they finish;
/// GIF and WebP writers keep state from frame to frame, so their frames go through one thread in
/// order. At most `limit` frames are handed over and not yet written: when the encoders fall that
/// far behind, `submit` waits for one (the recording keeps every frame and memory stays bounded:
/// `limit` copies of a frame). An error stops the pipeline; the recorder hears it at the next
/// frame or at `finish`.
final class RecordingPipeline: @unchecked Sendable {
    /// How the frames are encoded.
    enum Encoding {
        /// Compressed in parallel, written in order by the APNG writer.
        case apng(APNGWriter, level: Int32, fast: Bool = true)
        /// Handed to the writer one at a time, in order, on one thread.
        case inOrder(AnimationWriter)
    }

    private let encoding: Encoding
    private let queues: [DispatchQueue]
    /// The most frames handed over and not yet written.
    let limit: Int
    private let cond = NSCondition()
    // Guarded by `cond`.
    private var waiting = 0
    private var nextSequence = 0, nextToWrite = 0
    private var done: [Int: (frame: APNGEncoder.Frame, width: Int, height: Int, ticks: Int64)] = [:]
    private var error: (any Error)?
    /// The most frames that were handed over and not yet written at once (a test and the
    /// benchmark read it).
    private(set) var peakWaiting = 0
    /// The frame before the next one (APNG compares each frame with it); main thread only.
    private var previous: Bitmap?

    /// A pipeline for `encoding` with `workers` threads (APNG; the others use one) and room for
    /// `limit` frames (at least the workers' count plus one).
    init(_ encoding: Encoding, workers: Int = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)), limit: Int? = nil) {
        self.encoding = encoding
        let n: Int
        if case .apng = encoding { n = max(1, workers) } else { n = 1 }
        queues = (0..<n).map { DispatchQueue(label: "flipbook.recording.\($0)", qos: .utility) }
        self.limit = max(n + 1, limit ?? 2 * n + 2)
    }

    /// The first error an encoder or the file met, if any.
    var failure: (any Error)? { cond.lock(); defer { cond.unlock() }; return error }

    /// Hands `bitmap` (copied) over to be shown from `ticks`; waits while `limit` frames are
    /// waiting. Does nothing once the pipeline failed.
    func submit(_ bitmap: Bitmap, at ticks: Int64) {
        guard let copy = bitmap.copy(of: bitmap.bounds) else {
            fail(HostError("a \(bitmap.width)x\(bitmap.height) frame could not be copied for the recording"))
            return
        }
        cond.lock()
        while waiting >= limit && error == nil { cond.wait() }
        if error != nil { cond.unlock(); return }
        waiting += 1
        peakWaiting = max(peakWaiting, waiting)
        let sequence = nextSequence
        nextSequence += 1
        cond.unlock()
        let before = previous
        previous = copy
        switch encoding {
        case .apng(_, let level, let fast):
            queues[sequence % queues.count].async { [self] in
                do {
                    let frame = try APNGEncoder.frame(copy, after: before, level: level, fast: fast)
                    finished(sequence, (frame, copy.width, copy.height, ticks))
                } catch {
                    fail(error)
                }
            }
        case .inOrder(let writer):
            queues[0].async { [self] in
                if failure != nil { return }
                do {
                    try writer.add(copy, at: ticks)
                    cond.lock(); waiting -= 1; nextToWrite += 1; cond.broadcast(); cond.unlock()
                } catch {
                    fail(error)
                }
            }
        }
    }

    /// Waits until every frame handed over is written (or the pipeline failed), then ends the
    /// file at `ticks`.
    func finish(endingAt ticks: Int64) throws {
        cond.lock()
        while nextToWrite < nextSequence && error == nil { cond.wait() }
        let failed = error
        cond.unlock()
        if let failed { throw failed }
        switch encoding {
        case .apng(let writer, _, _): try writer.finish(endingAt: ticks)
        case .inOrder(let writer): try writer.finish(endingAt: ticks)
        }
    }

    /// Waits for the encoders to stop after a failure or when the recording is dropped.
    func drain() {
        for q in queues { q.sync {} }
    }

    /// Keeps a compressed APNG frame and writes every frame that is next in order.
    private func finished(_ sequence: Int, _ result: (frame: APNGEncoder.Frame, width: Int, height: Int, ticks: Int64)) {
        guard case .apng(let writer, _, _) = encoding else { return }
        cond.lock()
        defer { cond.broadcast(); cond.unlock() }
        if error != nil { return }
        done[sequence] = result
        // Written under the lock, so frames reach the file one at a time and in order.
        while let next = done.removeValue(forKey: nextToWrite) {
            do {
                try writer.add(next.frame, width: next.width, height: next.height, at: next.ticks)
            } catch {
                self.error = error
                done.removeAll()
                return
            }
            nextToWrite += 1
            waiting -= 1
        }
    }

    private func fail(_ failure: any Error) {
        cond.lock()
        if error == nil { error = failure }
        done.removeAll()
        cond.broadcast()
        cond.unlock()
    }
}
