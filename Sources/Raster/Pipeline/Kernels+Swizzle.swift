internal import CRasterKernels

extension RasterKernels {
    /// Writes `count` pixels of `src` to `dst` with red and blue swapped (the X11 window surface's
    /// XRGB8888 byte order) with the AVX2 byte shuffle, where that is the path in use.
    /// - Returns: false when the portable path is in use and the caller must convert (nothing written).
    public static func swapRedAndBlue(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int) -> Bool {
        guard avx2 else { return false }
        #if arch(x86_64)
        if count > 0 { fb_swap_red_blue_avx2(src, dst, count) }
        return true
        #else
        return false
        #endif
    }
}
