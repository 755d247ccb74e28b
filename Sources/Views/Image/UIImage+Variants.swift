import Foundation
import Layers
import Raster
import RasterIO

extension UIImage {
    /// Which way the stored pixels are turned to be shown (UIKit's `UIImage.Orientation`, the same
    /// raw values; EXIF 1…8 in the order up, upMirrored, down, downMirrored, leftMirrored, right,
    /// rightMirrored, left).
    public enum Orientation: Int, Sendable {
        /// As stored.
        case up = 0
        /// Turned half a turn.
        case down = 1
        /// Turned a quarter turn counter-clockwise.
        case left = 2
        /// Turned a quarter turn clockwise.
        case right = 3
        /// Mirrored left to right.
        case upMirrored = 4
        /// Mirrored top to bottom.
        case downMirrored = 5
        /// Mirrored across the main diagonal (transposed).
        case leftMirrored = 6
        /// Mirrored across the other diagonal.
        case rightMirrored = 7
    }

    /// How an image is drawn (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable {
        /// As the context wants: `.alwaysOriginal` here.
        case automatic = 0
        /// The image's own colours.
        case alwaysOriginal = 1
        /// A stencil: its alpha in the image view's `tintColor`.
        case alwaysTemplate = 2
    }

    /// How the middle of a resizable image fills the space (UIKit's `UIImage.ResizingMode`).
    public enum ResizingMode: Int, Sendable {
        /// Repeated at its size.
        case tile = 0
        /// Stretched.
        case stretch = 1
    }

    /// An image of `cgImage`'s pixels shown turned by `orientation` (UIKit's initializer).
    ///
    /// Flipbook turns the pixels once here, so `cgImage` is the upright image (UIKit keeps the
    /// stored pixels and turns them when drawing): `size`, image views, `draw(in:)` and
    /// `pngData()` all see the image as shown, and `imageOrientation` still says how it was stored.
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: orientation == .up ? cgImage : CGImage(bitmap: cgImage.bitmap.oriented(orientation)), scale: scale)
        imageOrientation = orientation
    }

    /// The image in PNG or JPEG `data` (UIKit's initializer), at `scale` pixels per point; nil
    /// when the bytes are neither, damaged, or of a size past 16384 pixels a side.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let bitmap = try? PNG.decode([UInt8](data), name: "data") else { return nil }
        self.init(cgImage: CGImage(bitmap: bitmap), scale: scale)
    }

    /// The image as PNG bytes (RGBA, 8 bits a channel); nil without pixels. Colours of partly
    /// transparent pixels are un-premultiplied, so they can differ by rounding when read back.
    public func pngData() -> Data? {
        guard let cgImage, let bytes = try? PNG.encode(cgImage.bitmap) else { return nil }
        return Data(bytes)
    }

    /// The image as baseline JPEG bytes at `compressionQuality` (0…1, mapped to libjpeg's 1…100;
    /// NaN: 0.75). JPEG has no alpha: transparent parts come out black, as UIKit's. Nil without pixels.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let cgImage else { return nil }
        let q = compressionQuality.isNaN ? 0.75 : max(0, min(1, compressionQuality))
        guard let bytes = try? JPEG.encode(cgImage.bitmap, quality: max(1, Int((q * 100).rounded()))) else { return nil }
        return Data(bytes)
    }

    /// The same pixels drawn as `renderingMode` says (UIKit's method): `.alwaysTemplate` makes
    /// an image view show the image's alpha in its `tintColor`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = variant()
        copy.renderingMode = renderingMode
        return copy
    }

    /// The same pixels, stretched in nine parts when drawn larger (UIKit's method): the corners
    /// (`capInsets`, points) keep their size, the edges stretch along one axis and the middle
    /// along both. Insets that overlap are shrunk in proportion to fit the image.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode = .tile) -> UIImage {
        let copy = variant()
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        copy.capInsets = UIEdgeInsets(top: clean(capInsets.top), left: clean(capInsets.left), bottom: clean(capInsets.bottom),
                                      right: clean(capInsets.right))
        copy.resizingMode = resizingMode
        copy.isResizable = true
        return copy
    }

    /// A copy that shares the pixels and carries the same drawing settings.
    func variant() -> UIImage {
        let copy = cgImage.map { UIImage(cgImage: $0, scale: scale) } ?? UIImage(cgImage: CGImage(bitmap: Bitmap(width: 1, height: 1)!), scale: scale)
        copy.imageOrientation = imageOrientation
        copy.renderingMode = renderingMode
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        copy.isResizable = isResizable
        copy.symbolName = symbolName
        copy.symbolConfiguration = symbolConfiguration
        return copy
    }
}

extension CGImage {
    /// The part of the image inside `rect` (pixels; cut to the image), as Core Graphics'
    /// `cropping(to:)`; nil when nothing of the image is inside. Copies the pixels.
    public func cropping(to rect: CGRect) -> CGImage? {
        let s = rect.standardized
        guard s.minX.isFinite, s.minY.isFinite, s.width.isFinite, s.height.isFinite else { return nil }
        let r = s.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1, let out = bitmap.cropped(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
        else { return nil }
        return CGImage(bitmap: out)
    }
    /// Bits per colour component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: 32 (premultiplied RGBA).
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row of pixels.
    public var bytesPerRow: Int { bitmap.stride * 4 }
}

extension Bitmap {
    /// A copy of the pixels in `width × height` from (x, y), which the caller keeps inside.
    func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Bitmap? {
        guard x >= 0, y >= 0, x + w <= width, y + h <= height, let out = Bitmap(width: w, height: h) else { return nil }
        for r in 0..<h { out.row(r).baseAddress!.update(from: pixels + (y + r) * stride + x, count: w) }
        return out
    }

    /// The pixels turned as `orientation` says they are shown.
    /// - Complexity: O(pixels).
    func oriented(_ orientation: UIImage.Orientation) -> Bitmap {
        let w = width, h = height
        let swaps = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
        let out = Bitmap(width: swaps ? h : w, height: swaps ? w : h)!   // the same sides, maybe swapped
        for y in 0..<out.height {
            let row = out.row(y)
            for x in 0..<out.width {
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (w - 1 - x, y)
                case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                case .downMirrored: (sx, sy) = (x, h - 1 - y)
                case .right: (sx, sy) = (y, h - 1 - x)
                case .left: (sx, sy) = (w - 1 - y, x)
                case .leftMirrored: (sx, sy) = (y, x)
                case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                }
                row[x] = self[sx, sy]
            }
        }
        return out
    }

    /// The alpha of every pixel in `color` (premultiplied): a template image tinted.
    /// - Complexity: O(pixels).
    func tinted(_ color: Color) -> Bitmap {
        let out = Bitmap(width: width, height: height)!   // the same valid sides
        let c = color.clamped
        let table = (0..<256).map { Color(r: c.r, g: c.g, b: c.b, a: c.a * Double($0) / 255).premultipliedPixel }
        for y in 0..<height {
            let src = row(y), dst = out.row(y)
            for x in 0..<width { dst[x] = table[Int(src[x] >> 24)] }
        }
        return out
    }
}
