import Foundation
import Layers
import Raster
import RasterIO

/// Where a pixel's alpha is and whether colours are premultiplied by it (Core Graphics'
/// `CGImageAlphaInfo`, the same raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha (24-bit RGB; not drawable here).
    case none = 0
    /// Premultiplied, alpha after the colours (RGBA in big-endian order).
    case premultipliedLast = 1
    /// Premultiplied, alpha before the colours (ARGB in big-endian order).
    case premultipliedFirst = 2
    /// Straight alpha last (Core Graphics draws into neither straight layout either).
    case last = 3
    /// Straight alpha first.
    case first = 4
    /// An ignored byte after the colours: opaque.
    case noneSkipLast = 5
    /// An ignored byte before the colours: opaque.
    case noneSkipFirst = 6
    /// Alpha only, no colour (not drawable here).
    case alphaOnly = 7
}

/// A bitmap's layout bits (Core Graphics' `CGBitmapInfo`, the same bits): the alpha info in the low
/// five bits, float components, and the byte order of 16- or 32-bit pixels.
public struct CGBitmapInfo: OptionSet, Sendable {
    /// Core Graphics' bits.
    public let rawValue: UInt32
    /// Bits as Core Graphics gives them.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Components are floats (not drawable here).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The platform's default order, which for 32-bit pixels is big-endian.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit pixels, little-endian (not drawable here).
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit pixels, little-endian: premultipliedFirst is B, G, R, A in memory (iOS's own layout).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit pixels, big-endian (not drawable here).
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit pixels, big-endian: premultipliedLast is R, G, B, A in memory.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

extension CGContext {
    /// A bitmap context over `data` (Core Graphics' initializer): `width × height` pixels of 8-bit
    /// RGB components and an alpha or ignored byte, rows `bytesPerRow` apart, laid out as
    /// `bitmapInfo` says. Drawing shows in `data` at once, as in Core Graphics; `data` nil gives
    /// memory the context owns (zeroed; `data` gives it back). User space is Core Graphics' own:
    /// the origin at the bottom left, y up, one point a pixel.
    ///
    /// Supported: `premultipliedLast`, `premultipliedFirst`, `noneSkipLast`, `noneSkipFirst`,
    /// with the default, 32-bit big- or little-endian byte order (so RGBA, ABGR, ARGB and BGRA in
    /// memory). Everything else Core Graphics refuses too or Flipbook cannot draw (straight alpha,
    /// 16-bit or float components, 16-bit byte orders, no alpha byte, alpha only) gives nil and
    /// one reported line, as Core Graphics returns nil for an unsupported combination; so do
    /// sides outside 1…16384, `bytesPerRow` below `width × 4` (0 means `width × 4`) or above 262,144, and
    /// `bitsPerComponent` other than 8. The pixels already in `data` are what drawing starts from,
    /// and changes the caller makes between drawing calls are seen by the next one.
    /// - Complexity: each drawing call reads and writes all the pixels once (the layout is turned
    ///   into Flipbook's and back), plus the call's own drawing.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let order = info.intersection(.byteOrderMask)
        let rowBytes = bytesPerRow == 0 ? width &* 4 : bytesPerRow
        let sides = 1...Bitmap.maxDimension
        var problem: String?
        var layout: DataBacking.Layout?
        if !sides.contains(width) || !sides.contains(height) {
            problem = "sides must be 1...\(Bitmap.maxDimension) pixels"
        } else if bitsPerComponent != 8 {
            problem = "only 8 bits per component can be drawn"
        } else if info.contains(.floatComponents) {
            problem = "float components cannot be drawn"
        } else if let alpha, let l = DataBacking.Layout(alpha: alpha, order: order) {
            layout = l
            if rowBytes < width * 4 || rowBytes > Bitmap.maxDimension * 16 {
                problem = "bytesPerRow must be within width × 4 = \(width * 4) and \(Bitmap.maxDimension * 16)"
            }
        } else {
            problem = "unsupported parameter combination (alpha info \(alpha.map { "\($0)" } ?? "\(bitmapInfo & 0x1F)"), byte order \(order.rawValue >> 12)): 8-bit premultiplied or skipped alpha, first or last, in the default or a 32-bit order"
        }
        guard problem == nil, let layout else {
            CAEngine.current.report("CGContext(data:width: \(width), height: \(height), bitsPerComponent: \(bitsPerComponent), bytesPerRow: \(bytesPerRow), bitmapInfo: \(bitmapInfo)): \(problem ?? ""); no context")
            return nil
        }
        self.init(drawingInto: LayerDrawingContext(scale: 1, textRasterizer: FontLibrary.shared.rasterize))
        bitmapBacking = DataBacking(data: data, width: width, height: height, bytesPerRow: rowBytes, layout: layout, info: bitmapInfo, space: space)
    }

    /// The pixels of a context made with `init(data:…)`, everything drawn so far in them (the
    /// caller's memory, or the context's own); nil for other contexts, as Core Graphics answers.
    public var data: UnsafeMutableRawPointer? { (bitmapBacking as? DataBacking)?.data }
    /// Bytes from one row to the next of a context made with `init(data:…)`; 0 for others.
    public var bytesPerRow: Int { (bitmapBacking as? DataBacking)?.bytesPerRow ?? 0 }
    /// 8 for a context made with `init(data:…)`; 0 for others.
    public var bitsPerComponent: Int { bitmapBacking is DataBacking ? 8 : 0 }
    /// 32 for a context made with `init(data:…)`; 0 for others.
    public var bitsPerPixel: Int { bitmapBacking is DataBacking ? 32 : 0 }
    /// The layout bits a context made with `init(data:…)` was given; empty for others.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: (bitmapBacking as? DataBacking)?.info ?? 0) }
    /// Where the alpha is in a context made with `init(data:…)`; `.none` for others.
    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none }
    /// The colour space a context made with `init(data:…)` was given; nil for others.
    public var colorSpace: CGColorSpace? { (bitmapBacking as? DataBacking)?.space }
}

/// The pixels behind `CGContext(data:…)`: the memory in the caller's layout, a premultiplied
/// RGBA8 bitmap the recording plays into, and the player that plays each new op once.
final class DataBacking: CGBitmapBacking {
    /// Which byte of a pixel holds red, green, blue and alpha; nil alpha: an ignored byte (opaque).
    struct Layout {
        var r: Int, g: Int, b: Int, a: Int
        var skipsAlpha: Bool

        /// The layout of a supported combination; nil for the others.
        init?(alpha: CGImageAlphaInfo, order: CGBitmapInfo) {
            let little: Bool
            switch order {
            case .byteOrderDefault, .byteOrder32Big: little = false
            case .byteOrder32Little: little = true
            default: return nil
            }
            switch alpha {
            case .premultipliedLast, .noneSkipLast: (r, g, b, a) = little ? (3, 2, 1, 0) : (0, 1, 2, 3)
            case .premultipliedFirst, .noneSkipFirst: (r, g, b, a) = little ? (2, 1, 0, 3) : (1, 2, 3, 0)
            default: return nil
            }
            skipsAlpha = alpha == .noneSkipLast || alpha == .noneSkipFirst
        }
    }

    let data: UnsafeMutableRawPointer
    private let owned: Bool
    let width: Int, height: Int, bytesPerRow: Int
    let layout: Layout
    let info: UInt32
    let space: CGColorSpace
    private let bitmap: Bitmap
    private let player: DisplayList.Player
    var pixelWidth: Int { width }
    var pixelHeight: Int { height }
    /// Core Graphics' bitmap contexts have y up.
    var flipsVertically: Bool { true }

    init(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int, layout: Layout, info: UInt32, space: CGColorSpace) {
        if let data {
            self.data = data
            owned = false
        } else {
            self.data = .allocate(byteCount: bytesPerRow * height, alignment: 16)
            self.data.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
            owned = true
        }
        self.width = width; self.height = height; self.bytesPerRow = bytesPerRow
        self.layout = layout; self.info = info; self.space = space
        bitmap = Bitmap(width: width, height: height)!   // sides checked by the initializer
        // Base space (y up) → pixels (row 0 at the top).
        player = DisplayList.Player(target: .init(bitmap: bitmap, clip: bitmap.bounds),
                                    transform: Transform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height)), scratch: Canvas(bitmap))
    }
    deinit { if owned { data.deallocate() } }

    /// Plays what was recorded since the last op: the memory is read (the caller may have
    /// changed it), drawn over, written back.
    func contextDidDraw(_ context: CGContext) {
        guard let list = context.recording, player.played < list.ops.count else { return }
        readMemory()
        player.play(list)
        writeMemory()
    }

    func makeImage(of context: CGContext) -> CGImage? {
        contextDidDraw(context)
        readMemory()
        guard let copy = Bitmap(width: width, height: height) else { return nil }
        for y in 0..<height { copy.row(y).baseAddress!.update(from: bitmap.row(y).baseAddress!, count: width) }
        return CGImage(bitmap: copy)
    }

    /// The memory's pixels into the bitmap (colours above their alpha cut to it).
    private func readMemory() {
        let l = layout
        for y in 0..<height {
            let src = (data + y * bytesPerRow).assumingMemoryBound(to: UInt8.self), dst = bitmap.row(y)
            for x in 0..<width {
                let p = src + 4 * x
                let a = l.skipsAlpha ? 255 : UInt32(p[l.a])
                dst[x] = Pixel.pack(r: min(UInt32(p[l.r]), a), g: min(UInt32(p[l.g]), a), b: min(UInt32(p[l.b]), a), a: a)
            }
        }
    }

    /// The bitmap's pixels into the memory, in its layout (an ignored alpha byte written 255).
    private func writeMemory() {
        let l = layout
        for y in 0..<height {
            let src = bitmap.row(y), dst = (data + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let v = src[x], p = dst + 4 * x
                p[l.r] = UInt8(Pixel.r(v)); p[l.g] = UInt8(Pixel.g(v)); p[l.b] = UInt8(Pixel.b(v))
                p[l.a] = l.skipsAlpha ? 255 : UInt8(Pixel.a(v))
            }
        }
    }
}
