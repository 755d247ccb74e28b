import Raster

/// One of time travel's previews: a quarter-size picture of a live frame's stage area (each
/// pixel the rounded average of a 4 × 4 block, TimeMachine+Previews.swift), kept as horizontal
/// strips of `stripRows` rows that consecutive previews share where nothing changed between them.
///
/// A scene with a moving part (hello's card, a spinner) changes a few strips from one preview
/// to the next; the others are the last preview's own strips, not copies. So a preview costs
/// what its damage touched — the strips copied and the blocks averaged again, in time and in
/// bytes — instead of a copy of the whole picture (a 1280 × 690 stage: 22 strips of 10 KiB).
/// Until 2026-11-28 each preview was a whole bitmap copied from the last: a memmove of the
/// picture and, until the byte budget filled, fresh pages for it every second frame (5–7 % of
/// the window's CPU in the light scenes).
final class TravelPreview {
    /// Rows of blocks per strip (32 rows of the frame).
    static let stripRows = 8
    /// The picture's size in blocks: a quarter of the stage area's each way, at least 1.
    let width: Int, height: Int
    /// Strip k holds the picture's rows k × `stripRows` ..< min(`height`, (k + 1) × `stripRows`)
    /// from its own row 0; the last strip's rows past `height` are unused. Shared with other
    /// previews: never written once the preview is stored.
    let strips: [PreviewStrip]

    init(width: Int, height: Int, strips: [PreviewStrip]) {
        self.width = width
        self.height = height
        self.strips = strips
    }

    /// Strips a picture `height` blocks high is cut into.
    static func stripCount(height: Int) -> Int { (max(1, height) + stripRows - 1) / stripRows }

    /// The block at column `x`, row `y` (premultiplied RGBA, as the frame's pixels).
    subscript(x: Int, y: Int) -> UInt32 {
        strips[y / Self.stripRows].bitmap[x, y % Self.stripRows]
    }

    /// Row `y`'s first block (`width` of them).
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        let b = strips[y / Self.stripRows].bitmap
        return b.pixels + (y % Self.stripRows) * b.stride
    }
}

/// A strip of a preview's rows (`TravelPreview.stripRows` high), held by every stored preview
/// it is the same in; `users` counts them, so its bytes count once against the budget and it
/// becomes a spare when the last one is dropped.
final class PreviewStrip {
    let bitmap: Bitmap
    /// Stored previews holding this strip.
    var users = 0
    /// The bytes it takes.
    var bytes: Int { bitmap.stride * bitmap.height * 4 }

    init(bitmap: Bitmap) { self.bitmap = bitmap }
}
