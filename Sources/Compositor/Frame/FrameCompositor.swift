import Foundation
import Layers
import Raster

/// Composites whole frames: only what changed since the frame it made last (damage), cut into
/// bands that a pool of worker threads composite at once, each with a `Compositor` of its own.
/// Bands are cut where the last frames' band times say the work is shared equally (`BandBalance`).
///
/// The frame bitmap is retained: it holds the last frame this compositor made, plus whatever was
/// drawn over it since (the caller names those pixels in `alsoDamaged`: overlays). A frame
/// composites the union of `FrameDamage` between the last snapshot and this one and those pixels;
/// anything untracked repaints the whole frame. Each band is composited with
/// `Compositor.composite(_:into:clip:)`, which gives every pixel inside its clip exactly the bytes
/// a whole-frame composite gives it, so neither damage nor threads change a frame's bytes
/// (FrameCompositorTests renders every scene each way and compares).
public final class FrameCompositor {
    /// Worker threads, the caller's included.
    public var threads: Int { pool.count }
    /// False: every frame is composited whole (the debug switch and the byte-comparison tests).
    public var tracksDamage = true
    /// True: `lastBandSeconds` records each band's thread CPU time (bench).
    public var measuresBands = false
    /// The rectangles the last frame composited (the whole frame when it was repainted).
    public private(set) var lastDamage: [PixelRect] = []
    /// True when the last frame was repainted whole.
    public private(set) var lastWasFull = true
    /// Of `lastDamage`, what the scene's own changes made (without the overlay pixels re-composited
    /// to erase them), merged; the whole frame when it was repainted. The damage flash tints this:
    /// tinting everything re-composited would tint its own last tint again, and the tint would
    /// grow along every path a layer moved.
    public private(set) var lastSceneDamage: [PixelRect] = []
    /// Frames composited on the caller's thread alone (not cut into bands), since this compositor
    /// was made (for tests and the bench).
    public private(set) var framesKeptTogether = 0
    /// Thread CPU seconds of each band of the last frame, when `measuresBands` is set.
    public private(set) var lastBandSeconds: [Double] = []
    /// Bands per worker a frame is cut into (more balance the load; each band walks the tree again
    /// and sets up every node it meets). Default 1: on two cores, 2 per thread gave
    /// transitions 1.23-1.27x and 1 gave 1.52-1.54x, countdown the same either way (BENCHMARKS.md,
    /// 2026-11-25).
    public var bandsPerThread = 1
    /// Bands a frame is cut into whatever the thread count (the bench's projection for more
    /// cores measures each band of a frame cut as for them); nil: `threads × bandsPerThread`.
    public var forcedBands: Int?
    /// Estimated CPU seconds of a frame's work below which it is not shared out. Default:
    /// `defaultSmallestSharedWork` (0.1 ms: about what handing a band to another thread and back
    /// costs on a VM), which makes a headless render as fast as it can be. The window raises it
    /// (`WindowHost`): there a frame only has to be ready by the next refresh, and sharing work
    /// that fits well within the refresh period shortens nothing the user sees while it costs
    /// CPU — a wake-up of the other thread and a second walk of the tree. A frame kept on one
    /// thread that took longer than this teaches the estimate (so work that grows heavier is
    /// shared again); frames that were cut always do.
    public var smallestSharedWork = FrameCompositor.defaultSmallestSharedWork
    /// The default `smallestSharedWork`: 0.1 ms.
    public static let defaultSmallestSharedWork = 100e-6

    private let pool: WorkerPool
    private var compositors: [Compositor]
    private var previous: RenderSnapshot?
    /// Where `previous`'s nodes land, when the last frame worked it out (the next frame's old placement).
    private var previousPlaces: FrameDamage.Placement?
    private var previousFrame: (id: ObjectIdentifier, width: Int, height: Int)?
    /// The pixels the last frame was composited within (`composite`'s `area`, clipped).
    private var previousArea: PixelRect?
    private let lock = NSLock()
    /// Where bands are cut, learnt from the CPU time of the last frames' bands.
    private var balance = BandBalance()

    /// - Parameter threads: workers, the caller's thread included (1: everything on the caller's
    ///   thread, as a plain `Compositor`); clamped to 1…64.
    public init(threads: Int = 1) {
        pool = WorkerPool(count: threads)
        compositors = (0..<pool.count).map { _ in Compositor() }
    }

    /// The next frame is composited whole (the bitmap was changed behind this compositor's back).
    public func invalidate() { previous = nil; previousPlaces = nil }

    /// Composites `snapshot` into `bitmap` and returns the rectangles it changed.
    /// - Parameters:
    ///   - alsoDamaged: pixels of `bitmap` changed since this compositor's last frame
    ///     (overlays drawn over it), or nil when that is not known: then the whole frame is redrawn.
    ///   - area: the only pixels of `bitmap` to composite (nil: all of them). The rest belong to
    ///     someone else — the window's docked tools, which paint their room opaque every frame
    ///     (`FrameOverlay.paintsDockedRoom`) — and are never written: not by a repaint, not where
    ///     the scene's layers reach past the stage. A frame with another area than the last one is
    ///     composited whole (within it).
    public func composite(_ snapshot: RenderSnapshot, into bitmap: Bitmap, alsoDamaged: [PixelRect]?, within area: PixelRect? = nil) -> [PixelRect] {
        let frame = area.map { $0.intersection(bitmap.bounds) } ?? bitmap.bounds
        var rects: [PixelRect]? = nil
        var sceneRects: [PixelRect] = []
        var places: FrameDamage.Placement? = nil
        if tracksDamage, let previous, let previousFrame, previousFrame == (ObjectIdentifier(bitmap), bitmap.width, bitmap.height),
           previousArea == frame, let extra = alsoDamaged {
            let found = FrameDamage.between(previous, snapshot, frame: frame, oldPlaces: previousPlaces)
            places = found.newPlaces
            if let scene = found.rects {
                rects = FrameDamage.merged(scene + extra.map { $0.intersection(frame) })
                sceneRects = FrameDamage.merged(scene)
            }
        }
        previousPlaces = places
        // Damage over most of the frame costs more in bands than one full pass.
        if let r = rects, r.reduce(0, { $0 + $1.width * $1.height }) * 4 > frame.width * frame.height * 3 { rects = nil }
        lastWasFull = rects == nil
        let work = rects ?? [frame]
        lastSceneDamage = rects == nil ? [frame] : sceneRects
        previous = snapshot
        previousFrame = (ObjectIdentifier(bitmap), bitmap.width, bitmap.height)
        previousArea = frame
        lastDamage = work
        render(snapshot, into: bitmap, work)
        return work
    }

    /// What the compositors could not do in the frames since the last call (see
    /// `Compositor.takeFailures`), emptied; the caller reports them on its thread.
    public func takeFailures() -> [String] { compositors.flatMap { $0.takeFailures() } }

    /// Composites `rects` (disjoint) of `snapshot` into `bitmap` on the pool.
    private func render(_ snapshot: RenderSnapshot, into bitmap: Bitmap, _ rects: [PixelRect]) {
        var count = forcedBands ?? (pool.count == 1 ? 1 : pool.count * max(1, bandsPerThread))
        // Work estimated shorter than handing a band to another thread and back (tens of µs on a
        // VM) stays on this thread: small damage (a spinner, a cursor) is not worth a wake-up.
        var kept = false
        if forcedBands == nil, count > 1, let cost = balance.estimatedSeconds(rects, height: bitmap.height),
           cost < smallestSharedWork { count = 1; kept = true }
        let bands = balance.bands(rects, count: count, height: bitmap.height)
        // Faces a flip or curl shows are drawn whole; once for all the bands, not once per band.
        let faces = bands.count > 1 ? prepareFaces(of: snapshot) : [:]
        if !faces.isEmpty { for c in compositors { c.prepared = faces } }
        defer { if !faces.isEmpty { for c in compositors { c.prepared = [:] } } }
        // Each band's CPU time teaches `balance` where to cut the next frame and what it costs,
        // learnt from frames that were cut: a band also pays a walk of the tree whatever its size,
        // which spread over the few pixels of small damage would make those rows look dear.
        // (Several damage rectangles on one thread are not a cut: nothing is learnt, unless the
        // work kept on this thread took longer than it was estimated to — then the tree walk is
        // small beside it, and an estimate left too low would keep heavy work on one thread.)
        let cut = count > 1 && bands.count > 1
        let measuring = measuresBands || cut || kept
        var seconds = Array(repeating: 0.0, count: measuring ? bands.count : 0)
        seconds.withUnsafeMutableBufferPointer { out in
            // Work kept together (one band, or several small rectangles): the workers are not woken.
            forEach(bands.count, onPool: cut) { worker, i in
                let t0 = measuring ? WorkerPool.threadCPUSeconds() : 0
                compositors[worker].composite(snapshot, into: bitmap, clip: bands[i])
                if measuring { out[i] = WorkerPool.threadCPUSeconds() - t0 }
            }
        }
        if cut || (kept && seconds.reduce(0, +) >= smallestSharedWork) { balance.record(bands, seconds: seconds, height: bitmap.height) }
        if !cut && bands.count > 0 { framesKeptTogether += 1 }
        lastBandSeconds = measuresBands ? seconds : []
    }

    /// The frame's prepared flip and curl faces, made on the pool: made one after another on the
    /// caller's thread while the others waited, they were 8 % of the transitions scene's two-thread
    /// frame. A curl costs more than the rest of its face together (a ray through the leaf per
    /// pixel), and one curl per worker left a worker idle while another finished its curl
    /// (BENCHMARKS.md): each curl's rows are shared out in strips of `curlStripRows`, all shaded
    /// before any outline is smoothed (which reads the rows either side). Which compositor or
    /// thread makes a face or a row does not change its pixels.
    private func prepareFaces(of snapshot: RenderSnapshot) -> [Int: PreparedFace] {
        let wanted = Compositor.faceNodes(of: snapshot)
        guard !wanted.isEmpty else { return [:] }
        var started = [StartedFace?](repeating: nil, count: wanted.count)
        started.withUnsafeMutableBufferPointer { out in
            forEach(wanted.count, onPool: wanted.count > 1) { worker, k in
                out[k] = compositors[worker].startedFace(of: snapshot, node: wanted[k])
            }
        }
        let curls = started.compactMap { $0?.curl }
        var strips: [(curl: Int, rows: Range<Int>)] = []
        for (c, work) in curls.enumerated() {
            for top in stride(from: 0, to: work.height, by: Self.curlStripRows) {
                strips.append((c, top..<min(work.height, top + Self.curlStripRows)))
            }
        }
        if !strips.isEmpty {
            forEach(strips.count, onPool: strips.count > 1) { _, s in curls[strips[s].curl].shade(rows: strips[s].rows) }
            forEach(strips.count, onPool: strips.count > 1) { _, s in curls[strips[s].curl].smoothEdges(rows: strips[s].rows) }
        }
        var faces: [Int: PreparedFace] = [:]
        for (i, face) in zip(wanted, started) { faces[i] = face?.prepared }
        return faces
    }

    /// Rows of a curled page per strip shared out (about 10 µs of a 120-pixel-wide card).
    static let curlStripRows = 8

    /// Calls `body(worker, item)` once for every item in 0..<`count`: the pool's workers (or the
    /// caller's thread alone, when `onPool` is false) take the items in order from one counter,
    /// so a slow item holds up only the worker that took it. Worker w uses `compositors[w]`.
    private func forEach(_ count: Int, onPool: Bool, _ body: (_ worker: Int, _ item: Int) -> Void) {
        var next = 0
        func work(_ worker: Int) {
            while true {
                lock.lock()
                let item = next
                next += 1
                lock.unlock()
                guard item < count else { return }
                body(worker, item)
            }
        }
        if onPool { pool.run(work) } else { work(0) }
    }
}
