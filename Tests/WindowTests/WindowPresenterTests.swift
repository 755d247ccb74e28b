import FrameLoop
import CSDL2
import Raster
@testable import Window
import Testing

/// The window surface's own conversion (WindowPresenter.swift) gives the bytes SDL's converter gives.
@Suite struct WindowPresenterTests {
    @Test(arguments: [SDL_PIXELFORMAT_XRGB8888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue])
    func swappingRedAndBlueIsWhatSDLConvertsTo(_ format: UInt32) {
        #expect(SurfacePresenter.swapsRedAndBlue(format))
        var rng = SystemRandomNumberGenerator()
        let count = 4099   // not a multiple of any vector width
        let src = (0..<count).map { _ in UInt32.random(in: .min ... .max, using: &rng) } + [0, 0xFFFF_FFFF, 0xFF00_00FF, 0x80FF_0000]
        var ours = [UInt32](repeating: 0, count: src.count), sdl = ours
        // Each instruction set's conversion (AVX2: a byte shuffle; portable: Swift SIMD) gives the same.
        var byPath: [[UInt32]] = []
        let previous = RasterKernels.forced
        defer { RasterKernels.forced = previous }
        for path in RasterKernels.Path.allCases {
            RasterKernels.forced = path
            var out = [UInt32](repeating: 0, count: src.count)
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBytes { SurfacePresenter.swapRedAndBlue(s.baseAddress!, into: $0.baseAddress!, count: s.count) }
            }
            byPath.append(out)
        }
        #expect(byPath.allSatisfy { $0 == byPath[0] })
        src.withUnsafeBufferPointer { s in
            ours.withUnsafeMutableBytes { SurfacePresenter.swapRedAndBlue(s.baseAddress!, into: $0.baseAddress!, count: s.count) }
            sdl.withUnsafeMutableBytes { d in
                #expect(SDL_ConvertPixels(Int32(s.count), 1, SDL_PIXELFORMAT_RGBA32.rawValue, s.baseAddress!, Int32(s.count * 4),
                                          format, d.baseAddress!, Int32(s.count * 4)) == 0)
            }
        }
        // XRGB8888 leaves its unused byte to the converter: compare the colour bytes only there.
        let mask: UInt32 = format == SDL_PIXELFORMAT_XRGB8888.rawValue ? 0x00FF_FFFF : 0xFFFF_FFFF
        let differing = zip(ours, sdl).filter { $0 & mask != $1 & mask }.count
        #expect(differing == 0)
        #expect(ours[count + 2] & 0x00FF_FFFF == 0x00FF_0000)   // opaque red (RGBA bytes FF 00 00 FF) reads 0x..FF0000
    }

    @Test func otherFormatsGoThroughSDL() {
        #expect(!SurfacePresenter.swapsRedAndBlue(SDL_PIXELFORMAT_RGB565.rawValue))
        #expect(!SurfacePresenter.swapsRedAndBlue(SDL_PIXELFORMAT_ABGR8888.rawValue))
        #expect(!SurfacePresenter.swapsRedAndBlue(SDL_PIXELFORMAT_RGB24.rawValue))
    }
}
