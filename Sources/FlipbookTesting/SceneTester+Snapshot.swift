import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Golden frames: the last drawn frame against a reference PNG beside the test file.
extension SceneTester {
    /// Compares the last drawn frame with `__Snapshots__/<TestFile>/<name>.png`; nil when it
    /// matches, otherwise why not (see `GoldenImage.verify`).
    ///
    /// - Parameters:
    ///   - name: the reference's name. Default: the test function's name and the frame number,
    ///     `<test>.<frame>` (`theBallLands.90`).
    ///   - tolerance: the largest per-channel difference accepted (0…255). Default: 0. Keep 0 for
    ///     opaque frames; blending of translucent edges may need a few levels across machines.
    ///   - record: when to write the reference. Default: `FLIPBOOK_RECORD` (`SnapshotRecordMode`).
    ///   - filePath: the test file; the references sit beside it. Default: the caller's.
    ///   - function: the test's name, for the default reference name. Default: the caller's.
    public func verifySnapshot(named name: String? = nil, tolerance: Int = 0, record: SnapshotRecordMode = .environment,
                               filePath: String = #filePath, function: String = #function) -> String? {
        GoldenImage.verify(bitmap, named: name ?? Self.defaultName(function: function, frame: frame), tolerance: tolerance,
                           record: record, file: filePath)
    }

    /// Checks the last drawn frame against its golden PNG and records a test failure (Swift
    /// Testing's `Issue.record` inside a `@Test`, otherwise `XCTFail`) when it differs, when its
    /// reference is missing (recorded then, by default) or when the record mode wrote it.
    ///
    /// On a mismatch `<name>.actual.png` and `<name>.diff.png` are written beside the reference.
    /// Parameters as `verifySnapshot`.
    public func assertSnapshot(named name: String? = nil, tolerance: Int = 0, record: SnapshotRecordMode = .environment,
                               fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                               column: UInt = #column, function: String = #function) {
        guard let message = verifySnapshot(named: name, tolerance: tolerance, record: record,
                                           filePath: "\(filePath)", function: function) else { return }
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
                fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("\(filePath):\(line): error: \(message)")
        #endif
    }

    /// `theBallLands()` at frame 90 → `theBallLands.90`; XCTest's `testBallLands` stays as it is.
    static func defaultName(function: String, frame: Int) -> String {
        let base = function.split(separator: "(").first.map(String.init) ?? function
        return "\(base.isEmpty ? "snapshot" : base).\(frame)"
    }
}
