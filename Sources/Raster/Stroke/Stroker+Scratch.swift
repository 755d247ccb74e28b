#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `Stroker`'s working arrays (the polyline, its corners, tangent normals, chord normals and
/// lengths, one curve's points), kept per thread between `Path.stroked` calls.
///
/// Why: a stroker made its six arrays afresh for every call and freed them at its end; 1000 short
/// strokes a frame (particles, charts, dashes) paid 8 allocations and frees each beyond its
/// outline's two, about a tenth of a short stroke's instructions. The stroker swaps the arrays in
/// at its start and back at its end (no copy, no reference counting); their contents are rebuilt
/// by every stroke, only the capacity is reused. Arrays grown past `keptCapacity` are not kept (a
/// huge stroke's memory goes back when it ends), nor more than 16 subpaths. A call that finds the
/// thread's scratch in use (none can today: stroking calls nothing that strokes) makes its own
/// arrays, as before.
final class StrokerScratch {
    @exclusivity(unchecked) var pts: [Point] = []
    @exclusivity(unchecked) var isCorner: [Bool] = []
    @exclusivity(unchecked) var normalIn: [Point] = []
    @exclusivity(unchecked) var normalOut: [Point] = []
    @exclusivity(unchecked) var normals: [Point] = []
    @exclusivity(unchecked) var chordLengths: [Double] = []
    @exclusivity(unchecked) var curvePoints: [Point] = []
    /// The path's subpaths (`Path.collectSubpaths(into:)` reuses their segment arrays).
    @exclusivity(unchecked) var subpaths: [Subpath] = []
    /// Lent to a stroker right now.
    var inUse = false

    /// The most elements an array may hold room for and still be kept: 4096 (64 KiB of points).
    static let keptCapacity = 4096

    /// The calling thread's scratch, made on first use and freed when the thread ends; nil when it
    /// is lent out already.
    static func borrow() -> StrokerScratch? {
        let key = strokerScratchKey
        let scratch: StrokerScratch
        if let raw = pthread_getspecific(key) {
            scratch = Unmanaged<StrokerScratch>.fromOpaque(raw).takeUnretainedValue()
        } else {
            scratch = StrokerScratch()
            guard pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque()) == 0 else { return nil }
        }
        if scratch.inUse { return nil }
        scratch.inUse = true
        return scratch
    }
}

/// The thread-specific slot of `StrokerScratch.borrow()`; its destructor releases a thread's
/// scratch when the thread ends.
private let strokerScratchKey: pthread_key_t = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { raw in
        guard let raw = raw as UnsafeMutableRawPointer? else { return }
        Unmanaged<StrokerScratch>.fromOpaque(raw).release()
    }
    precondition(made == 0, "pthread_key_create failed")
    return key
}()

extension Stroker {
    /// Swaps this stroker's working arrays with `scratch`'s: once at the start of a stroke (taking
    /// the kept capacity) and once at its end (giving it back; see `StrokerScratch`).
    mutating func exchangeArrays(with scratch: StrokerScratch) {
        swap(&pts, &scratch.pts)
        swap(&isCorner, &scratch.isCorner)
        swap(&normalIn, &scratch.normalIn)
        swap(&normalOut, &scratch.normalOut)
        swap(&normals, &scratch.normals)
        swap(&chordLengths, &scratch.chordLengths)
        swap(&curvePoints, &scratch.curvePoints)
    }

    /// Gives the arrays (and `subpaths`, left empty) back to `scratch` at the end of a stroke,
    /// dropping any grown past `StrokerScratch.keptCapacity`, and frees the scratch for the next call.
    mutating func returnArrays(to scratch: StrokerScratch, subpaths: inout [Subpath]) {
        exchangeArrays(with: scratch)
        if subpaths.count <= 16 && subpaths.allSatisfy({ $0.segments.capacity <= StrokerScratch.keptCapacity }) {
            swap(&subpaths, &scratch.subpaths)
        }
        let limit = StrokerScratch.keptCapacity
        if scratch.pts.capacity > limit || scratch.isCorner.capacity > limit || scratch.normalIn.capacity > limit
            || scratch.normalOut.capacity > limit {
            scratch.pts = []; scratch.isCorner = []; scratch.normalIn = []; scratch.normalOut = []
        }
        if scratch.normals.capacity > limit || scratch.chordLengths.capacity > limit {
            scratch.normals = []; scratch.chordLengths = []
        }
        if scratch.curvePoints.capacity > limit { scratch.curvePoints = [] }
        scratch.inUse = false
    }
}
