import FlipbookTesting
import Raster

/// Golden-image checks for Flipbook's unit tests (raster, layers, views): the test kit's
/// `GoldenImage`, so there is one way to compare, record (`FLIPBOOK_RECORD`, `SnapshotRecordMode`)
/// and report, for our tests and users'. Scene tests use `SceneTester.assertSnapshot` directly.
public enum Snapshot {
    /// Compares `bitmap` with `__Snapshots__/<TestFile>/<name>.png`; nil on a match, else the failure.
    ///
    /// - Parameters:
    ///   - tolerance: the largest per-channel difference (0…255) accepted. Default 0.
    ///   - file: pass `#filePath` so the reference sits beside the test.
    public static func verify(_ bitmap: Bitmap, named name: String, tolerance: Int = 0,
                              file: String = #filePath) -> String? {
        GoldenImage.verify(bitmap, named: name, tolerance: tolerance, file: file)
    }
}
