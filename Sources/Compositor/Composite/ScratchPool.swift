import Raster

/// A scratch image the compositor reuses between frames: bitmaps for isolated groups, A8 masks.
protocol ScratchImage: AnyObject {
    var width: Int { get }
    var height: Int { get }
    init?(width: Int, height: Int)
    /// Back to all zeros (transparent, uncovered).
    func zero()
}

extension Bitmap: ScratchImage { func zero() { clear() } }
extension Mask: ScratchImage { func zero() { clear() } }

/// Scratch images kept between frames, so isolated groups and masks allocate nothing per frame.
/// Owned by one compositor (never shared between threads).
struct ScratchPool<Image: ScratchImage> {
    private var free: [Image] = []
    /// A zeroed image of the size, reused when one is free; nil for an empty or oversized request.
    mutating func take(width: Int, height: Int) -> Image? {
        guard width >= 1, height >= 1 else { return nil }
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            let image = free.remove(at: i)
            image.zero()
            return image
        }
        return Image(width: width, height: height)
    }
    mutating func give(back image: Image) {
        free.append(image)
        if free.count > 8 { free.removeFirst() }
    }
    /// Drops free images of more than `pixels` pixels: after the frame shrinks (a window made small
    /// again) the big scratch of the large frame is let go instead of staying resident.
    mutating func trim(toPixels pixels: Int) {
        free.removeAll { $0.width * $0.height > pixels }
    }
    /// Images kept for reuse (tests).
    var freeCount: Int { free.count }
}
