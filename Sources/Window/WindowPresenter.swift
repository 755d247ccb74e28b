import FrameLoop
import CSDL2
import Foundation
import Raster
import Render

/// How the window shows a CPU-rendered frame, chosen when the window opens (`choose`): a
/// renderer's streaming texture presented with vsync where SDL has a hardware-accelerated renderer,
/// the window surface where the only renderers draw on the CPU (Xvfb's llvmpipe);
/// `FLIPBOOK_PRESENT=surface|texture` overrides the choice. The HUD's panel and FLIPBOOK_STATS say
/// which is used and why.
///
/// - `surface`: the window's own framebuffer (`SDL_GetWindowSurface`): only the frame's damage
///   is converted into it (RGBA → the surface's format, `SDL_ConvertPixels`) and only those
///   rectangles are pushed to the screen (`SDL_UpdateWindowSurfaceRects`; on X11 an
///   `XShmPutImage` per rectangle). No renderer, no texture, no second full-frame copy. A frame
///   of another size than the surface (a forced `--scale`) is scaled into it whole by
///   `SDL_BlitScaled`. SDL would otherwise back the surface with an OpenGL texture when it can
///   (`SDL_HINT_FRAMEBUFFER_ACCELERATION`): under Xvfb that is Mesa's llvmpipe redrawing and
///   pushing the whole window every frame, 38 % of a core for the hello scene against 10 % with
///   the X11 framebuffer (BENCHMARKS.md, 2026-11-25), so the hint is set to 0 unless the user's
///   environment sets SDL_FRAMEBUFFER_ACCELERATION. The frame rate is kept by the loop's own
///   deadlines (no vsync on this path, so a real desktop may show tearing).
/// - `texture`: a renderer and a streaming RGBA32 texture (the frame's byte order): the damage is
///   uploaded (`SDL_UpdateTexture` per rectangle), then the texture is copied to the window and
///   presented with vsync (no tearing). On a GPU the copy and the present cost the CPU little;
///   through a software renderer every present re-draws and pushes the whole window on the CPU.
/// SDL forbids a renderer and the window surface on one window, so the choice is made once.
enum WindowPresenter {
    enum Kind: String { case surface, texture }

    /// What `probe()` found: the renderer SDL makes when only hardware-accelerated ones are asked for.
    struct Probe: Equatable {
        /// SDL's name for it (opengl, opengles2, …); nil when SDL made none.
        var renderer: String?
        /// The OpenGL driver's own name for the device (`glGetString(GL_RENDERER)`, e.g. "llvmpipe
        /// (LLVM 15.0.6, 256 bits)" or "Mesa Intel(R) UHD Graphics 620"); nil when not an OpenGL renderer or not known.
        var device: String?
        /// Why no renderer was asked for, when the display alone said none could be a GPU's (an X
        /// server without direct rendering, such as Xvfb); nil when SDL was asked.
        var skipped: String?
    }

    /// The path chosen and why, in a few words (the HUD's line and FLIPBOOK_STATS say it).
    struct Choice: Equatable {
        var kind: Kind
        var reason: String
    }

    /// The reason of a choice FLIPBOOK_PRESENT made.
    static let overrideReason = "FLIPBOOK_PRESENT"

    /// OpenGL drivers that draw on the CPU: Mesa's llvmpipe, softpipe and swrast, and the names
    /// other software rasterizers give ("Software Rasterizer"). Through one of them a texture
    /// present re-draws and pushes the whole window on the CPU every frame (about 4× the CPU of the
    /// window surface on Xvfb, BENCHMARKS.md 2026-11-25), and gives no vsync a user would see.
    static func isSoftware(device: String) -> Bool {
        let d = device.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { d.contains($0) }
    }

    /// Picks the present path: `requested` (FLIPBOOK_PRESENT's text, nil when unset) wins; unset, a
    /// texture when `probe` finds a hardware-accelerated renderer, the surface otherwise.
    ///
    /// SDL calls every OpenGL renderer accelerated, llvmpipe included, so the device's own name
    /// decides; an OpenGL renderer whose device name is not known counts as hardware (SDL said so).
    /// `probe` is called only when nothing is requested (it opens a hidden window).
    /// - Throws: `HostError` in one line when `requested` names neither path.
    static func choose(requested: String?, probe: () -> Probe) throws -> Choice {
        if let requested {
            guard let kind = Kind(rawValue: requested.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw HostError("FLIPBOOK_PRESENT '\(OneLine.escape(requested))' is neither 'surface' nor 'texture'")
            }
            return Choice(kind: kind, reason: overrideReason)
        }
        let found = probe()
        guard let renderer = found.renderer, renderer != "software" else { return Choice(kind: .surface, reason: found.skipped ?? "no accelerated renderer") }
        if let device = found.device, isSoftware(device: device) {
            return Choice(kind: .surface, reason: "\(renderer) is software: \(device.split(separator: " ").first.map(String.init) ?? device)")
        }
        return Choice(kind: .texture, reason: renderer + (found.device.map { ": \($0)" } ?? ""))
    }

    /// Asks SDL for a hardware-accelerated renderer on a hidden window of its own (SDL forbids a
    /// renderer and the surface on one window, and an OpenGL renderer may recreate the window),
    /// notes its name and, for an OpenGL one, the device's, and closes both again. On an X server
    /// that offers no GPU rendering (`X11Errors.offersGPURendering`: Xvfb) nothing is asked:
    /// `window`'s display says so without loading an OpenGL driver.
    static func probe(beside window: OpaquePointer) -> Probe {
        if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11", let display = X11Errors.windowID(of: window)?.display,
           X11Errors.offersGPURendering(display) == false {
            return Probe(skipped: "no GPU rendering on this X server")
        }
        guard let w = SDL_CreateWindow("", 0, 0, 16, 16, SDL_WINDOW_HIDDEN.rawValue) else { return Probe() }
        defer { SDL_DestroyWindow(w) }
        guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue) else { return Probe() }
        defer { SDL_DestroyRenderer(r) }
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(r, &info) == 0, let name = info.name.map({ String(cString: $0) }) else { return Probe() }
        var device: String?
        // The renderer made its context current on this thread: glGetString answers for it.
        if name.hasPrefix("opengl"), let f = SDL_GL_GetProcAddress("glGetString") {
            typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
            let glRenderer: UInt32 = 0x1F01 // GL_RENDERER
            device = unsafeBitCast(f, to: GetString.self)(glRenderer).map { String(cString: $0) }
        }
        return Probe(renderer: name, device: device)
    }
}

/// Presents through the window surface (see `WindowPresenter`).
final class SurfacePresenter {
    private let window: OpaquePointer
    /// The surface the last frame went into: a new one (after a resize) holds nothing yet.
    private var lastSurface: UnsafeMutablePointer<SDL_Surface>?
    init?(window: OpaquePointer) {
        // Before the process's first window surface: SDL decides once. An environment variable of
        // the same name wins over this (SDL_SetHint's normal priority).
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_GetWindowSurface(window) != nil else { return nil }
        self.window = window
    }

    /// The surface's size in pixels (the window's).
    var outputSize: (Int, Int) {
        guard let s = SDL_GetWindowSurface(window) else { return (1, 1) }
        return (Int(s.pointee.w), Int(s.pointee.h))
    }

    /// Copies `damage` of `bitmap` (nil: all of it) into the window surface and shows it.
    func present(_ bitmap: Bitmap, damage: [PixelRect]?) {
        // Fetched per frame: SDL makes a new surface after a resize.
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format else { return }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        guard w == bitmap.width, h == bitmap.height else { return presentScaled(bitmap, into: surface) }
        let fresh = surface != lastSurface
        lastSurface = surface
        let rects = (fresh ? [bitmap.bounds] : damage ?? [bitmap.bounds]).map { $0.intersection(bitmap.bounds) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return }
        let locked = SDL_MUSTLOCK(surface) && SDL_LockSurface(surface) == 0
        let pitch = Int(surface.pointee.pitch), bpp = Int(format.pointee.BytesPerPixel)
        let dst = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let swapsRB = Self.swapsRedAndBlue(format.pointee.format)
        for r in rects {
            let src = bitmap.pixels + r.y0 * bitmap.stride + r.x0
            let out = dst + r.y0 * pitch + r.x0 * bpp
            if swapsRB {
                for y in 0..<r.height {
                    Self.swapRedAndBlue(src + y * bitmap.stride, into: UnsafeMutableRawPointer(out + y * pitch), count: r.width)
                }
            } else {
                SDL_ConvertPixels(Int32(r.width), Int32(r.height), SDL_PIXELFORMAT_RGBA32.rawValue, UnsafeRawPointer(src), Int32(bitmap.stride * 4),
                                  format.pointee.format, out, Int32(pitch))
            }
        }
        if locked { SDL_UnlockSurface(surface) }
        var sdlRects = rects.map { SDL_Rect(x: Int32($0.x0), y: Int32($0.y0), w: Int32($0.width), h: Int32($0.height)) }
        SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count))
    }

    /// True for the 32-bit formats whose pixel, read as a `UInt32`, is ours with red and blue
    /// swapped (X11's usual XRGB8888 and ARGB8888): those are converted here, a shift and two masks
    /// a pixel, which the compiler vectorizes. SDL_ConvertPixels' general path took a fifth of the
    /// window's CPU at 60 fps (BENCHMARKS.md, 2026-11-25); any other format still goes through it.
    static func swapsRedAndBlue(_ format: UInt32) -> Bool {
        format == SDL_PIXELFORMAT_XRGB8888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// Our RGBA32 pixels (little-endian `0xAABBGGRR`) as `0xAARRGGBB`; the alpha byte is kept
    /// (XRGB8888 ignores it).
    static func swapRedAndBlue(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutableRawPointer, count: Int) {
        // A byte shuffle where the CPU has AVX2 (half the time of the loop below, which is SSE2).
        if RasterKernels.swapRedAndBlue(src, into: dst.assumingMemoryBound(to: UInt32.self), count: count) { return }
        let from = UnsafeRawPointer(src)
        var i = 0
        while i + 8 <= count {   // eight pixels a step in vector registers
            let p = from.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<UInt32>.self)
            let q = (p & 0xFF00_FF00) | (p &>> 16 & 0xFF) | (p & 0xFF) &<< 16
            dst.storeBytes(of: q, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            i += 8
        }
        let out = dst.assumingMemoryBound(to: UInt32.self)
        while i < count {
            let p = src[i]
            out[i] = (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
            i += 1
        }
    }

    private func presentScaled(_ bitmap: Bitmap, into surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let source = SDL_CreateRGBSurfaceWithFormatFrom(bitmap.pixels, Int32(bitmap.width), Int32(bitmap.height), 32,
                                                              Int32(bitmap.stride * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else { return }
        defer { SDL_FreeSurface(source) }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        SDL_UpperBlitScaled(source, nil, surface, nil)
        SDL_UpdateWindowSurface(window)
    }
}

/// `SDL_MUSTLOCK` (a macro SDL's Swift import does not bring).
private func SDL_MUSTLOCK(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool { s.pointee.flags & UInt32(SDL_RLEACCEL) != 0 }

/// Presents through a renderer and a streaming texture (see `WindowPresenter`).
final class TexturePresenter {
    let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)
    /// The renderer's name (software, opengl, opengles2…).
    let name: String

    init?(window: OpaquePointer) {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let r = SDL_CreateRenderer(window, -1, accelerated) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else { return nil }
        renderer = r
        var info = SDL_RendererInfo()
        name = SDL_GetRendererInfo(r, &info) == 0 && info.name != nil ? String(cString: info.name) : "?"
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
    }

    var outputSize: (Int, Int) {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return (Int(pw), Int(ph))
    }

    /// Uploads `damage` of `bitmap` (nil: all of it) and presents the whole texture.
    func present(_ bitmap: Bitmap, damage: [PixelRect]?) {
        var rects = damage
        if texture == nil || textureSize != (bitmap.width, bitmap.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(bitmap.width), Int32(bitmap.height))
            textureSize = (bitmap.width, bitmap.height)
            rects = nil // a new texture holds nothing yet
        }
        guard let texture else { return }
        upload(bitmap, rects, to: texture)
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }

    func upload(_ bitmap: Bitmap, _ rects: [PixelRect]?, to texture: OpaquePointer) {
        guard let rects else {
            SDL_UpdateTexture(texture, nil, bitmap.pixels, Int32(bitmap.stride * 4))
            return
        }
        for r in rects where !r.isEmpty {
            var area = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height))
            SDL_UpdateTexture(texture, &area, bitmap.pixels + r.y0 * bitmap.stride + r.x0, Int32(bitmap.stride * 4))
        }
    }

    /// `count` full-frame texture updates of `bitmap`, in seconds each (FLIPBOOK_STATS and tests).
    func measureUpload(_ bitmap: Bitmap, count: Int, now: () -> Double) -> [Double] {
        present(bitmap, damage: nil)
        guard let texture else { return [] }
        return (0..<count).map { _ in
            let t0 = now()
            SDL_UpdateTexture(texture, nil, bitmap.pixels, Int32(bitmap.stride * 4))
            return now() - t0
        }
    }
}
