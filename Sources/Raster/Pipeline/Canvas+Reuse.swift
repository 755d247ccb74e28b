extension Canvas {
    /// A canvas over `bitmap` that reuses `other`'s scratch (rasterizer cells, row buffers, gradient
    /// tables), so a caller drawing into many bitmaps allocates nothing once warm. Like copies,
    /// canvases sharing scratch must be used from one thread.
    public init(_ bitmap: Bitmap, reusingScratchOf other: Canvas) {
        self.bitmap = bitmap
        origin = (0, 0)
        clip = bitmap.bounds
        mask = nil
        scratch = other.scratch
    }
}
